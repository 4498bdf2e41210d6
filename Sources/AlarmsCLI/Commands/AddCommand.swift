import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms add ID …`: a new rule in the alarm book.
enum AddCommand: CLICommand {
    static let name = "add"
    static let summary = "Add an alarm: weekly on some days, or once."
    static let usage =
        "alarms add ID (--days DAYS | --date DATE) --at TIMES [--rule-zone IANA|floating] [--every-weeks N --start DATE] [--end DATE] [--label TEXT] [--gap shift|skip] [--overlap first|last] [--store PATH] [--now TIME] [--format table|json]"
    static let options: [OptionSpec] =
        RuleFlags.options + [RuleFlags.replacedTimeZone, CommonOptions.store, CommonOptions.now, CommonOptions.format]
    static let discussion = """
        With neither --days nor --date the alarm rings once, on the next date at which its times are still ahead \
        (as an alarm that never repeats in the iOS Clock app), on the clock of its zone. \
        --rule-zone is the rule's zone; the device's zone, which floating rules follow, comes from $TZ \
        (--time-zone, the device's zone elsewhere, is not an option of add).

        Examples:
          alarms add wake --days weekdays --at 07:30 --label "Wake up"
          alarms add standup --days mon,wed,fri --at 09:00 --rule-zone Asia/Tokyo
          alarms add bins --days wed --at 20:00 --every-weeks 2 --start 2026-12-02
          alarms add nap --at 14:30
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let id = try invocation.requiredPositional("ID", example: "alarms add wake --days weekdays --at 07:30")
        let flags = try RuleFlags(invocation)
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let rule = try flags.newRule(id: id, context: context, invocation: invocation)
        if let error = RuleFlags.problems(of: rule, command: name, invocation: invocation) { throw error }
        try PastDate.refuseOneShot(rule, flags: flags, context: context)
        let book = try invocation.updateBook { book throws(CLIError) -> AlarmBook in
            if book.rules.contains(where: { $0.id == rule.id }) {
                throw .failure("rule '\(rule.id)' already exists", hint: "change it with 'alarms edit \(rule.id) …', or pick another id")
            }
            book.rules.append(rule)
            book.pruneExpired(now: context.now)
            return book
        }
        if format == .json { return try invocation.changeDocument(name, changed: true, rule: rule.id, in: book, context: context) }
        return TextWrap.sentence("Added \(RuleText.name(rule)): \(RuleText.summary(rule)).")
            + RuleText.nextLine(of: rule.id, in: book, context: context)
    }
}
