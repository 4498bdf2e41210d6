import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms edit ID …`: change some fields of a rule, keeping the others.
enum EditCommand: CLICommand {
    static let name = "edit"
    static let summary = "Change an alarm's days, date, times, zone or label."
    static let usage =
        "alarms edit ID [--days DAYS | --date DATE] [--at TIMES] [--rule-zone IANA|floating] [--every-weeks N] [--start DATE|none] [--end DATE|none] [--label TEXT] [--gap shift|skip] [--overlap first|last] [--store PATH] [--now TIME] [--format table|json]"
    static let options: [OptionSpec] =
        RuleFlags.options + [RuleFlags.replacedTimeZone, CommonOptions.store, CommonOptions.now, CommonOptions.format]
    static let discussion = """
        Only the options given change. --days makes a one-shot weekly, --date makes a weekly rule a one-shot; \
        'none' removes a start or end date, '' removes the label, and --rule-zone floating makes the rule follow the device. \
        Skipped dates, skip-next requests and snoozes are kept.

        Examples:
          alarms edit wake --at 06:45
          alarms edit wake --days mon,tue,thu --label "Early shift"
          alarms edit standup --rule-zone floating
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let id = try invocation.requiredPositional("ID", example: "alarms edit wake --at 06:45")
        let flags = try RuleFlags(invocation)
        guard !flags.isEmpty else {
            throw invocation.usageError(
                "nothing to change for '\(id.truncatedForDisplay)'",
                hint: "give at least one of --days, --date, --at, --rule-zone, --every-weeks, --start, --end, --label, --gap, --overlap")
        }
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let (before, after, book) = try invocation.updateBook { book throws -> (AlarmRule, AlarmRule, AlarmBook) in
            guard let index = book.rules.firstIndex(where: { $0.id == id }) else { throw book.unknownRuleError(id) }
            let before = book.rules[index]
            let after = try flags.applied(to: before, invocation: invocation)
            if let error = RuleFlags.problems(of: after, command: name, invocation: invocation) { throw error }
            try PastDate.refuseOneShot(after, flags: flags, context: context)
            book.rules[index] = after
            book.pruneExpired(now: context.now)
            return (before, after, book)
        }
        if format == .json { return try invocation.changeDocument(name, changed: before != after, rule: id, in: book, context: context) }
        if before == after {
            return TextWrap.sentence("Rule \(RuleText.name(after)) already has these settings; nothing changed.")
        }
        return TextWrap.sentence("Updated \(RuleText.name(after)): \(RuleText.summary(after)).")
            + RuleText.nextLine(of: id, in: book, context: context)
    }
}
