import Foundation
import RecurringAlarms

extension AlarmBookError {
    /// The error as an `error:` line and a hint for people at a terminal, quoting what they
    /// typed. The library's own ``description`` speaks to app developers.
    var cliError: CLIError {
        switch self {
        case .unknownRule(let id, let suggestion):
            return .failure(
                "no rule has id '\(id.truncatedForDisplay)'",
                hint: suggestion.map { "did you mean '\($0)'?" } ?? "'alarms list' shows the rule ids")
        case .nothingToSkip(let ruleID, let after, let through):
            let days = Int(through.timeIntervalSince(after) / 86_400)
            return .failure(
                "rule '\(ruleID)' has no occurrence to skip in the next \(days) days",
                hint: "it is disabled, has ended, or its one date has passed")
        case .invalidFireID(let text):
            return .failure(
                "invalid fire id '\(text.truncatedForDisplay)'",
                hint: "expected RULE@YYYY-MM-DDTHH:MM:SS, as 'alarms plan' prints, such as wake@2026-12-01T07:30:00")
        case .invalidRule(let problems):
            // Unreachable for a book the store loaded (it checks every rule); kept as an error, not a trap.
            return .failure(messages: problems.map(\.terminalText), hint: "nothing was written")
        }
    }
}
