import Foundation
import RecurringAlarms
import RecurringAlarmsTesting

/// Valid books with every kind of runtime state that planning applies, drawn near the 2026
/// clock changes of zones with much DST: what the tests of planning a book compiled straight
/// from its bytes compare with planning the book itself.
package enum StatefulBooks {
    /// New York (an hour, at 02:00 local), Lord Howe (30 minutes) and Berlin (an hour, at 01:00 UTC).
    package static let zones = [Zones.newYork, Zones.lordHowe, Zones.berlin]

    /// The spring-forward and fall-back of each of ``zones`` in 2026.
    package static let transitions = zones.flatMap { ZoneTransition.transitions(in: $0, year: 2026) }

    /// A book made at the returned instant, near one of ``transitions``, with the kit's state
    /// (skip-next on about a third of the enabled rules, up to two live snoozes) and more that
    /// a valid file can hold: a snooze that has already rung, snoozes and skips of a disabled
    /// rule and of a rule not in the book, a skip-next of a date the rule already skips, and
    /// often the applied plan. Like every valid book, it has at most one snooze per rule and
    /// each skip-next date of a rule once.
    package static func draw(using generator: inout RuleGenerator) -> (book: AlarmBook, made: Date) {
        let transition = generator.element(of: transitions)
        let deviceZone = generator.element(of: zones)
        let made = generator.instant(near: LocalDateTime(instant: transition.instant, utcOffsetSeconds: 0).date)
        var book = generator.book(now: made, deviceTimeZone: deviceZone, maximumRules: 8, hotspot: transition)
        let ruleIDs = book.rules.map(\.id) + ["gone"]
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            let ruleID = generator.element(of: ruleIDs)
            let minutes = Double(Int.random(in: -90...90, using: &generator))
            guard !book.snoozes.contains(where: { $0.ruleID == ruleID }) else { continue }
            book.snoozes.append(
                Snooze(ruleID: ruleID, fireID: "\(ruleID)@2026-01-01T07:30:00", instant: made.addingTimeInterval(minutes * 60)))
        }
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            let ruleID = generator.element(of: ruleIDs)
            let date = LocalDateTime(instant: made, utcOffsetSeconds: 0).date.adding(days: Int.random(in: -1...8, using: &generator))
            let skip = SkippedOccurrence(ruleID: ruleID, date: date)
            if !book.skippedOccurrences.contains(skip) { book.skippedOccurrences.append(skip) }
        }
        if let rule = generator.pick(book.rules.filter { !$0.skippedDates.isEmpty }), let date = rule.skippedDates.min() {
            let skip = SkippedOccurrence(ruleID: rule.id, date: date)
            if !book.skippedOccurrences.contains(skip) { book.skippedOccurrences.append(skip) }
        }
        if generator.chance(2, in: 3), let plan = try? book.plan(now: made, options: PlanOptions(deviceTimeZone: deviceZone)) {
            book.applied = AppliedPlan(plan, appliedAt: made, alarmLimit: generator.chance(1, in: 2) ? 64 : nil)
        }
        return (book, made)
    }

    /// Where and when a book made at `made` is planned: in each of ``zones``, then, 50 minutes
    /// later (some snoozes have rung) and two days later (every snooze has).
    package static func plannings(after made: Date) -> [(now: Date, zone: TimeZone)] {
        [0, 50 * 60, 2 * 86_400].flatMap { (seconds: TimeInterval) in
            zones.map { (made.addingTimeInterval(seconds), $0) }
        }
    }

    /// The plans compared: a week under a cap no book reaches, and a cap of 3, so that snoozes
    /// compete for places and ``Plan/coveredUntil`` ends before the week does.
    package static func options(in zone: TimeZone) -> [PlanOptions] {
        [PlanOptions(deviceTimeZone: zone, cap: 500, horizon: 7 * 86_400), PlanOptions(deviceTimeZone: zone, cap: 3)]
    }
}
