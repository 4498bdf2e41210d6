import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// Rules in words, for `list` and the confirmations of edits.
enum RuleText {
    /// `daily`, `weekdays`, `weekends`, or the day names in rule-file order: `mon tue thu`.
    static func days(_ days: WeekdaySet) -> String {
        switch days {
        case .daily: "daily"
        case .weekdays: "weekdays"
        case .weekends: "weekends"
        default: days.names.joined(separator: " ")
        }
    }

    /// `07:30 21:00`.
    static func times(_ rule: AlarmRule) -> String {
        rule.times.map(\.shortDescription).joined(separator: " ")
    }

    /// `floating`, or the fixed zone's id.
    static func zone(_ rule: AlarmRule) -> String {
        switch rule.timeZone {
        case .floating: "floating"
        case .fixed(let zone): zone.ianaName
        }
    }

    /// The DAYS OR DATE cell: `weekdays`, `once 2026-12-05`.
    static func when(_ rule: AlarmRule) -> String {
        switch rule.repeats {
        case .weekly(let days, _, _, _): self.days(days)
        case .once(let date): "once \(date)"
        }
    }

    /// The details that do not fit a table row: every-N-weeks, start, end, skips, skip-next,
    /// a pending snooze and the non-default DST policies.
    static func details(_ rule: AlarmRule, book: AlarmBook, deviceTimeZone: TimeZone) -> [String] {
        var details: [String] = []
        if case .weekly(_, let everyWeeks, let start, let end) = rule.repeats {
            if everyWeeks > 1 {
                details.append("every \(everyWeeks) weeks" + (start.map { " from \($0)" } ?? ""))
            } else if let start {
                details.append("from \(start)")
            }
            if let end { details.append("until \(end)") }
        }
        if !rule.skippedDates.isEmpty {
            details.append("skips " + rule.skippedDates.sorted().map(\.description).joined(separator: ", "))
        }
        let skipNext = book.skippedOccurrences.filter { $0.ruleID == rule.id }.map(\.date).sorted()
        if !skipNext.isEmpty { details.append("skip-next " + skipNext.map(\.description).joined(separator: ", ")) }
        for snooze in book.snoozes where snooze.ruleID == rule.id {
            details.append("snoozed until \(WallClock.named(snooze.instant, in: deviceTimeZone))")
        }
        if rule.gapPolicy != .shift { details.append("gap: \(rule.gapPolicy.rawValue)") }
        if rule.overlapPolicy != .first { details.append("overlap: \(rule.overlapPolicy.rawValue)") }
        return details
    }

    /// One sentence: `weekdays at 07:30, floating` or `once on Sat 2026-12-05 at 05:45, Europe/London`.
    static func summary(_ rule: AlarmRule) -> String {
        var text: String
        switch rule.repeats {
        case .weekly(let days, let everyWeeks, let start, let end):
            text = "\(self.days(days)) at \(times(rule))"
            if everyWeeks > 1 { text += ", every \(everyWeeks) weeks" }
            if let start { text += ", from \(start)" }
            if let end { text += ", until \(end)" }
        case .once(let date):
            text = "once on \(WallClock.date(date)) at \(times(rule))"
        }
        text += ", " + zone(rule)
        if rule.gapPolicy != .shift { text += ", gap: \(rule.gapPolicy.rawValue)" }
        if rule.overlapPolicy != .first { text += ", overlap: \(rule.overlapPolicy.rawValue)" }
        if !rule.isEnabled { text += ", disabled" }
        return text
    }

    /// `'wake' (Wake up)`.
    static func name(_ rule: AlarmRule) -> String {
        "'\(rule.id)'" + (rule.label.map { " (\($0.printable))" } ?? "")
    }

    /// The next fire of `rule` in `book` after `now`, looking up to a year ahead, with its
    /// snooze and skip-next dates.
    static func nextFire(of ruleID: String, in book: AlarmBook, now: Date, deviceTimeZone: TimeZone) -> Fire? {
        var single = book
        single.rules = book.rules.filter { $0.id == ruleID }
        let options = PlanOptions(deviceTimeZone: deviceTimeZone, cap: 1, horizon: PlanOptions.maximumHorizon)
        // The book was just read or saved by the store, which checks its rules: this does not throw.
        return (try? single.plan(now: now, options: options))?.fires.first
    }

    /// `Next: Tue 2026-12-01 07:30 Europe/Berlin, in 30 min.`, or why there is none.
    static func nextLine(of ruleID: String, in book: AlarmBook, context: TimeContext) -> String {
        guard let rule = book.rules.first(where: { $0.id == ruleID }) else { return "" }
        guard rule.isEnabled else { return "It does not ring while disabled.\n" }
        guard let fire = nextFire(of: ruleID, in: book, now: context.now, deviceTimeZone: context.timeZone) else {
            return "It does not ring in the next \(Int(PlanOptions.maximumHorizon / 86_400)) days.\n"
        }
        let line =
            "Next: \(WallClock.fire(fire, deviceTimeZone: context.timeZone))\(fire.isSnooze ? " (snooze)" : ""), "
            + "\(RelativeTime.describe(from: context.now, to: fire.instant))."
        return TextWrap.paragraph(line, indent: 6)
    }
}
