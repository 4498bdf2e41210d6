import Foundation

/// The message and hint that apps show: `localizedDescription` reads ``description``
/// instead of "The operation could not be completed".
///
/// ```swift
/// do {
///     try book.snooze(fireID: "wkae@2026-12-01T07:30:00", until: later)
/// } catch {
///     error.localizedDescription   // "no rule has id 'wkae'; did you mean 'wake'?"
///     error.recoverySuggestion     // "use the id of a rule in the book (AlarmBook.rules)"
/// }
/// ```
extension AlarmBookError: LocalizedError {
    /// ``description``: what is wrong, naming the rule id or fire id at fault.
    public var errorDescription: String? { description }

    /// What to do about it.
    public var recoverySuggestion: String? {
        switch self {
        case .unknownRule:
            "use the id of a rule in the book (AlarmBook.rules)"
        case .nothingToSkip:
            "turn the rule on, or change its end or date, before skipping its next occurrence"
        case .invalidFireID:
            "pass a fire id as planned (Fire.id, or FireID.description), such as 'wake@2026-12-01T07:30:00'"
        case .invalidRule:
            "fix the problems listed, or load the book again from its store"
        }
    }
}
