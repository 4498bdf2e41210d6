import Foundation
import RecurringAlarms

/// `alarms explain --format json`: the checks a date passed or failed, and for each time how
/// it resolves, with its fire in the shared fire shape.
struct ExplainDocument: JSONDocument {
    let explanation: FireExplanation
    /// The times explained: all of the rule's, or the one a fire id names.
    let times: [FireExplanation.TimeResolution]
    /// Whether the date is a skip-next date of the book.
    let skipNext: Bool

    var json: JSONValue {
        .object([
            ("rule", .string(explanation.ruleID)), ("date", .string(explanation.date.description)),
            ("timeZone", .string(explanation.timeZone.ianaName)), ("floating", .bool(explanation.isFloating)),
            ("eligible", .bool(explanation.isEligible)), ("skipNext", .bool(skipNext)),
            (
                "checks",
                .array(
                    explanation.checks.map { check in
                        .object([("name", .string(check.name.rawValue)), ("passed", .bool(check.passed)), ("detail", .string(check.detail))]
                        )
                    })
            ),
            (
                "times",
                .array(
                    times.map { time in
                        let resolution: String
                        switch time.resolution {
                        case .unique: resolution = "unique"
                        case .gap: resolution = "gap"
                        case .overlap: resolution = "overlap"
                        }
                        let fire: JSONValue = explanation.isEligible ? (time.fire.map { $0.jsonObject() } ?? .null) : .null
                        return .object([
                            ("local", .string(time.local.description)), ("resolution", .string(resolution)),
                            ("fire", fire), ("summary", .string(time.summary))
                        ])
                    })
            )
        ])
    }
}
