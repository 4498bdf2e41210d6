import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms snooze FIRE_ID --minutes N`: ring once more, N minutes after now.
enum SnoozeCommand: CLICommand {
    static let name = "snooze"
    static let summary = "Ring a fire again some minutes from now."
    static let usage = "alarms snooze FIRE_ID [--minutes N] [--store PATH] [--now TIME] [--time-zone IANA]"
    static let options: [OptionSpec] = [
        .value("minutes", "N", "Minutes from now, 1...1440. Default: 9, as the iOS Clock app."),
    ] + CommonOptions.editTime
    static let discussion = """
        FIRE_ID is the id 'alarms plan' and 'alarms next --format json' print, such as wake@2026-12-01T07:30:00. \
        A rule keeps one snooze: snoozing again, or snoozing the snooze (an id ending in +snooze), moves it.
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let fireID = try invocation.requiredPositional("FIRE_ID", example: "alarms snooze wake@2026-12-01T07:30:00 --minutes 9")
        let minutes = try invocation.integer("minutes", range: 1...1_440, default: 9)
        try checkFireID(fireID, invocation: invocation)
        let context = try invocation.timeContext()
        let until = Date(timeIntervalSince1970: context.now.timeIntervalSince1970.rounded(.down) + Double(minutes * 60))
        let book = try invocation.updateBook { book throws -> AlarmBook in
            let ruleID = String(fireID.prefix { $0 != "@" })
            if !book.rules.contains(where: { $0.id == ruleID }) { throw book.unknownRuleError(ruleID) }
            try book.snooze(fireID: fireID, until: until)
            book.pruneExpired(now: context.now)
            return book
        }
        let ruleID = String(fireID.prefix { $0 != "@" })
        let rule = book.rules.first { $0.id == ruleID }!
        guard let fire = book.snoozeFires(deviceTimeZone: context.timeZone).first(where: { $0.ruleID == ruleID }) else {
            return TextWrap.sentence("Snoozed \(fireID) until \(WallClock.text(until, in: context.timeZone)) \(context.timeZone.ianaName), "
                                     + "but rule \(RuleText.name(rule)) is off, so it will not ring unless turned on.")
        }
        return TextWrap.sentence("Snoozed \(fireID): rings again \(WallClock.fire(fire, deviceTimeZone: context.timeZone)), "
                                  + "\(RelativeTime.describe(from: context.now, to: fire.instant)), as \(fire.id).")
    }

    /// A fire id is `RULE@YYYY-MM-DDTHH:MM:SS`, optionally with `+snooze`.
    static func checkFireID(_ fireID: String, invocation: CommandInvocation) throws(CLIError) {
        let hint = "expected RULE@YYYY-MM-DDTHH:MM:SS, as 'alarms plan' prints, such as wake@2026-12-01T07:30:00"
        guard let at = fireID.firstIndex(of: "@"), at != fireID.startIndex else {
            throw invocation.usageError("invalid fire id '\(fireID.truncatedForDisplay)'", hint: hint)
        }
        var local = String(fireID[fireID.index(after: at)...])
        if local.hasSuffix(Fire.snoozeSuffix) { local.removeLast(Fire.snoozeSuffix.count) }
        guard LocalDateTime(parsing: local) != nil else {
            throw invocation.usageError("invalid fire id '\(fireID.truncatedForDisplay)'", hint: hint)
        }
    }
}
