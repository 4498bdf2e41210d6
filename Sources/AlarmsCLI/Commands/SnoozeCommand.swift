import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms snooze FIRE_ID --minutes N`: ring once more, N minutes after now.
enum SnoozeCommand: CLICommand {
    static let name = "snooze"
    static let summary = "Ring a fire again some minutes from now."
    static let usage = "alarms snooze FIRE_ID [--minutes N] [--store PATH] [--now TIME] [--time-zone IANA] [--format table|json]"
    static let options: [OptionSpec] =
        [
            .value("minutes", "N", "Minutes from now, 1...1440. Default: 9, as the iOS Clock app.")
        ] + CommonOptions.editTime + [CommonOptions.format]
    static let discussion = """
        FIRE_ID is the id 'alarms plan' and 'alarms next --format json' print, such as wake@2026-12-01T07:30:00. \
        A rule keeps one snooze: snoozing again, or snoozing the snooze (an id ending in +snooze), moves it. \
        Only a fire that rang in the last 7 days can be snoozed: an occurrence of the rule, by the checks 'alarms explain' shows.
        """

    /// How long after a fire rang it can still be snoozed: a week, as a notification that is
    /// still on the lock screen. An older id, or a fire that has not rung yet, is refused.
    static let window: TimeInterval = 7 * 86_400

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let fireID = try invocation.requiredPositional("FIRE_ID", example: "alarms snooze wake@2026-12-01T07:30:00 --minutes 9")
        let minutes = try invocation.integer("minutes", range: 1...1_440, default: 9)
        let format = try invocation.format()
        guard let parsed = FireID(parsing: fireID) else {
            throw invocation.usageError(
                "invalid fire id '\(fireID.truncatedForDisplay)'",
                hint: "expected RULE@YYYY-MM-DDTHH:MM:SS, as 'alarms plan' prints, such as wake@2026-12-01T07:30:00")
        }
        // The fire id is read as explain reads it (a FireID), so both accept and refuse the same ids.
        let request = ExplainRequest(fireID: parsed)
        let context = try invocation.timeContext()
        let until = Date(timeIntervalSince1970: context.now.timeIntervalSince1970.rounded(.down) + Double(minutes * 60))
        let (snoozed, book) = try invocation.updateBook { book throws -> (String, AlarmBook) in
            let snoozed = try occurrence(fireID, request: request, in: book, context: context)
            try book.snooze(fireID: snoozed, until: until)
            book.pruneExpired(now: context.now)
            return (snoozed, book)
        }
        let rule = book.rules.first { $0.id == request.ruleID }!
        let snoozeFire = book.snoozeFires(deviceTimeZone: context.timeZone).first { $0.ruleID == rule.id }
        if format == .json {
            return try invocation.changeDocument(
                name, changed: true, rule: rule.id, in: book, context: context,
                detail: .snooze(of: snoozed, until: until, fire: snoozeFire))
        }
        guard let fire = snoozeFire else {
            return TextWrap.sentence(
                "Snoozed \(snoozed) until \(WallClock.text(until, in: context.timeZone)) \(context.timeZone.ianaName), "
                    + "but rule \(RuleText.name(rule)) is off, so it will not ring unless turned on.")
        }
        return TextWrap.sentence(
            "Snoozed \(snoozed): rings again \(WallClock.fire(fire, deviceTimeZone: context.timeZone)), "
                + "\(RelativeTime.describe(from: context.now, to: fire.instant)), as \(fire.id).")
    }

    /// The id of the fire to snooze, checked against the book: the rule's pending snooze, or an
    /// occurrence of the rule (by explain's checks: the rule has that time, the date passes every
    /// check but "enabled", the time exists that day) that rang within ``window`` before now.
    /// - Throws: a failure saying why the id names nothing that rang.
    static func occurrence(_ fireID: String, request: ExplainRequest, in book: AlarmBook, context: TimeContext) throws(CLIError) -> String {
        let shown = fireID.truncatedForDisplay
        if request.isSnooze {
            // The snooze fire of a disabled rule is left out of snoozeFires; it can still be moved.
            var probe = book
            for index in probe.rules.indices where probe.rules[index].id == request.ruleID { probe.rules[index].isEnabled = true }
            let pending = probe.snoozeFires(deviceTimeZone: context.timeZone).first { $0.ruleID == request.ruleID }
            if pending?.id == fireID { return fireID }
            if !book.rules.contains(where: { $0.id == request.ruleID }) { throw book.unknownRuleError(request.ruleID).cliError }
            throw .failure(
                "'\(shown)' is not the pending snooze of rule '\(request.ruleID)'",
                hint: pending.map { "its snooze is \($0.id)" } ?? "the rule has no pending snooze; snooze the fire that rang")
        }
        let rule = try request.rule(in: book, target: fireID)
        let explanation: FireExplanation
        do throws(AlarmRulesError) {
            explanation = try FireExplanation(rule: rule, date: request.date, deviceTimeZone: context.timeZone)
        } catch {
            // Unreachable for a book the store loaded (it checks every rule), kept as an error, not a trap.
            throw .failure(messages: RuleFileLoader.messages(for: error, path: "the alarm book"), hint: nil)
        }
        let hint = "'alarms explain \(shown)' shows the checks; snooze a fire id that 'alarms plan' printed"
        // A disabled rule's fire may have rung before it was turned off; the snooze then waits for it.
        if let failed = explanation.checks.first(where: { !$0.passed && $0.name != .enabled }) {
            throw .failure("'\(shown)' is not an occurrence of rule '\(rule.id)': \(failed.detail)", hint: hint)
        }
        guard let resolution = explanation.times.first(where: { $0.local.time == request.time }), let fire = resolution.fire else {
            throw .failure("'\(shown)' is not an occurrence of rule '\(rule.id)': there is no fire at that time that day", hint: hint)
        }
        let rang = "\(WallClock.fire(fire, deviceTimeZone: context.timeZone))"
        if fire.instant > context.now {
            throw .failure(
                "'\(shown)' has not rung yet: it rings \(rang)",
                hint: "a snooze follows a fire that rang; 'alarms skip-next \(rule.id)' skips the next one")
        }
        if context.now.timeIntervalSince(fire.instant) > window {
            throw .failure(
                "'\(shown)' rang \(rang), more than \(Int(window / 86_400)) days before now",
                hint: "a fire can be snoozed for \(Int(window / 86_400)) days after it rang")
        }
        return fire.id
    }
}
