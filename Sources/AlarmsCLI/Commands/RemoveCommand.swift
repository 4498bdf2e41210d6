import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms remove ID`: delete a rule, with its snoozes and skip-next requests.
enum RemoveCommand: CLICommand {
    static let name = "remove"
    static let summary = "Remove an alarm, with its snooze and skip-next dates."
    static let usage = "alarms remove ID [--store PATH] [--now TIME] [--format table|json]"
    static let options: [OptionSpec] = CommonOptions.editWithoutTime + [CommonOptions.format]

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let id = try invocation.requiredPositional("ID", example: "alarms remove wake")
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let (removed, state) = try invocation.updateBook { book throws -> (AlarmRule, RuleDocument) in
            guard let index = book.rules.firstIndex(where: { $0.id == id }) else { throw book.unknownRuleError(id) }
            // The rule as the book held it, skip-next dates and snooze included, for --format json.
            let state = RuleDocument(book.rules[index], in: book, deviceTimeZone: context.timeZone)
            let rule = book.rules.remove(at: index)
            // Drops the removed rule's snoozes and skip-next dates, so a new rule with the same id starts clean.
            book.pruneExpired(now: context.now)
            return (rule, state)
        }
        if format == .json {
            return ChangeDocument(
                command: name, file: try invocation.storeLocation().path, changed: true, rule: state, detail: .none, next: nil
            ).terminalText
        }
        return TextWrap.sentence("Removed \(RuleText.name(removed)).")
    }
}
