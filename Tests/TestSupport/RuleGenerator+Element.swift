import RecurringAlarmsTesting

extension RuleGenerator {
    /// One element of a test's own non-empty list. The kit's `pick(_:)` answers `nil` for an
    /// empty one (no public API traps); a test's literal list is never empty.
    package mutating func element<Element>(of elements: [Element]) -> Element {
        guard let element = pick(elements) else { preconditionFailure("a test picked from an empty list") }
        return element
    }
}
