import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms remove ID`: delete a rule, with its snoozes and skip-next requests.
enum RemoveCommand: CLICommand {
    static let name = "remove"
    static let summary = "Remove an alarm, with its snooze and skip-next dates."
    static let usage = "alarms remove ID [--store PATH] [--now TIME]"
    static let options: [OptionSpec] = CommonOptions.editWithoutTime

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let id = try invocation.requiredPositional("ID", example: "alarms remove wake")
        let context = try invocation.timeContext()
        let removed = try invocation.updateBook { book throws -> AlarmRule in
            guard let index = book.rules.firstIndex(where: { $0.id == id }) else { throw book.unknownRuleError(id) }
            let rule = book.rules.remove(at: index)
            // Drops the removed rule's snoozes and skip-next dates, so a new rule with the same id starts clean.
            book.pruneExpired(now: context.now)
            return rule
        }
        return TextWrap.sentence("Removed \(RuleText.name(removed)).")
    }
}
