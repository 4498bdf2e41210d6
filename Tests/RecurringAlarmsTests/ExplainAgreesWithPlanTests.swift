import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// Seeded randomized checks that `explain` (``FireExplanation``) tells the truth about `plan`:
/// its verdict and the fires it names for a date are exactly the fires the expansion plans for
/// that date, and the checks it reports as failing are the ones an independent reading of the
/// rule (``ReferenceExpansion``'s weekday and week arithmetic) says fail.
///
/// Scenarios are the property suite's (``PropertyTests/scenario(seed:)``): rules drawn around
/// DST and base-offset changes with both gap and overlap policies, every-N-weeks with start,
/// ends, skips, one-shot and disabled rules. Each rule is explained on every date from three
/// days before to three after the scenario's `now`, and on its own start, end, one-shot and
/// skipped dates. A failure names its seed, rule and date.
@Suite("Explain agrees with plan")
struct ExplainAgreesWithPlanTests {
    /// The checks that fail for `rule` on `date`, worked out without the engine: weekday from
    /// the day number (1970-01-01 was a Thursday), weeks between Mondays, dates compared as day numbers.
    static func expectedFailures(_ rule: AlarmRule, on date: LocalDate) -> Set<FireExplanation.Check.Name> {
        let day = ReferenceExpansion.dayNumber(date)
        var failed: Set<FireExplanation.Check.Name> = []
        if !rule.isEnabled { failed.insert(.enabled) }
        switch rule.repeats {
        case .once(let once):
            if day != ReferenceExpansion.dayNumber(once) { failed.insert(.date) }
        case .weekly(let days, let everyWeeks, let start, let end):
            if !days.contains(ReferenceExpansion.weekday(ofDay: day)) { failed.insert(.weekday) }
            if let start, day < ReferenceExpansion.dayNumber(start) { failed.insert(.start) }
            if let end, day > ReferenceExpansion.dayNumber(end) { failed.insert(.end) }
            if everyWeeks > 1, let start {
                let weeks =
                    (ReferenceExpansion.monday(ofDay: day) - ReferenceExpansion.monday(ofDay: ReferenceExpansion.dayNumber(start))) / 7
                if weeks % everyWeeks != 0 { failed.insert(.everyWeeks) }
            }
        }
        if rule.skippedDates.contains(date) { failed.insert(.skip) }
        return failed
    }

    /// The checks `explain` lists for `rule`, in order.
    static func expectedNames(_ rule: AlarmRule) -> [FireExplanation.Check.Name] {
        switch rule.repeats {
        case .once: return [.enabled, .date, .skip]
        case .weekly(_, let everyWeeks, let start, let end):
            return [.enabled, .weekday] + (start == nil ? [] : [.start]) + (end == nil ? [] : [.end])
                + (everyWeeks > 1 && start != nil ? [.everyWeeks] : []) + [.skip]
        }
    }

    /// The dates a rule is explained on: a week around `center`, plus the dates the rule names.
    static func dates(for rule: AlarmRule, around center: LocalDate) -> [LocalDate] {
        var dates = Set((-3...3).map { center.adding(days: $0) })
        switch rule.repeats {
        case .once(let date): dates.insert(date)
        case .weekly(_, _, let start, let end):
            if let start { dates.formUnion([start.adding(days: -1), start]) }
            if let end { dates.formUnion([end, end.adding(days: 1)]) }
        }
        dates.formUnion(rule.skippedDates)
        return dates.sorted()
    }

    /// A rule whose times meet at a clock change in `transition`'s zone: one inside the wall
    /// times the change skips or repeats, and the one a whole change later, which a shifted gap
    /// time lands on (in Apia, whose 2011 change skipped a day, the same time on the next day).
    /// Its dates, days and policies are drawn at random around the change.
    static func collisionRule(at transition: ZoneTransition, using rng: inout RuleGenerator) -> (AlarmRule, LocalDate) {
        let zone = transition.zone
        let before = zone.secondsFromGMT(for: at(transition.epochSeconds - 1))
        let after = zone.secondsFromGMT(for: at(transition.epochSeconds))
        let change = abs(after - before)
        let affected = transition.epochSeconds + min(before, after) + Int.random(in: 0..<change, using: &rng)
        let times = Set([affected, affected + change].map { TimeOfDay(secondsSinceMidnight: ((($0 % 86_400) + 86_400) % 86_400))! })
        let date = LocalDate(daysSinceEpoch: Int64(ReferenceExpansion.floorDivide(affected, 86_400)))
        func near() -> LocalDate { date.adding(days: Int.random(in: -8...0, using: &rng)) }
        let repeats: Recurrence
        if rng.chance(1, in: 5) {
            repeats = .once(date.adding(days: Int.random(in: -1...1, using: &rng)))
        } else {
            let everyWeeks = rng.chance(1, in: 3) ? Int.random(in: 2...3, using: &rng) : 1
            let mask = rng.chance(1, in: 2) ? 0x7F : UInt8.random(in: 1...0x7F, using: &rng)
            repeats = .weekly(
                days: WeekdaySet(rawValue: mask), everyWeeks: everyWeeks,
                start: everyWeeks > 1 || rng.chance(1, in: 3) ? near() : nil,
                end: rng.chance(1, in: 4) ? date.adding(days: Int.random(in: 0...3, using: &rng)) : nil)
        }
        let rule = AlarmRule(
            id: "collide", isEnabled: !rng.chance(1, in: 8), repeats: repeats, times: Array(times),
            timeZone: .fixed(zone), skippedDates: rng.chance(1, in: 4) ? [date.adding(days: Int.random(in: -1...1, using: &rng))] : [],
            gapPolicy: rng.chance(1, in: 4) ? .skip : .shift, overlapPolicy: rng.chance(1, in: 2) ? .last : .first)
        return (rule, date)
    }

    struct Tally {
        var explained = 0, eligible = 0, adjusted = 0, dropped = 0
    }

    /// Explains `rule` on `date` and compares the verdict, the failing checks and the fires with
    /// the independent reading and with the planned fires of that date.
    static func compare(_ rule: AlarmRule, on date: LocalDate, device: TimeZone, seed: UInt64, tally: inout Tally) throws {
        let context = "seed \(seed), rule \(rule.json.jsonText), date \(date), device \(device.identifier)"
        let explanation = try FireExplanation(rule: rule, date: date, deviceTimeZone: device)
        tally.explained += 1

        // Reasons: the checks listed, and which fail, read independently from the rule.
        #expect(explanation.checks.map(\.name) == expectedNames(rule), "\(context)")
        let failures = expectedFailures(rule, on: date)
        #expect(Set(explanation.checks.filter { !$0.passed }.map(\.name)) == failures, "\(context)")
        #expect(explanation.isEligible == failures.isEmpty, "\(context)")

        // Fires: every instant of the date's wall times lies within 15 h of the date (no offset
        // exceeds ±14 h, and a shifted time is read with a real offset). The plan is the rule's
        // enabled copy's, so a disabled rule's explanation is checked too.
        var enabled = rule
        enabled.isEnabled = true
        let midnight = Double(ReferenceExpansion.dayNumber(date) * 86_400)
        let planned = try AlarmSchedule(rules: [enabled])
            .fires(
                after: Date(timeIntervalSince1970: midnight - 15 * 3600), through: Date(timeIntervalSince1970: midnight + 39 * 3600),
                deviceTimeZone: device
            )
            .filter { $0.local.date == date }
        let datePasses = failures.subtracting([.enabled]).isEmpty
        let explainedFires = datePasses ? explanation.times.compactMap(\.fire) : []
        #expect(explainedFires.map(PropertyTests.line) == planned.map(PropertyTests.line), "\(context)")
        if datePasses {
            tally.eligible += 1
            tally.adjusted += explainedFires.filter { $0.adjustment != .none }.count
            tally.dropped += explanation.times.filter { $0.ringingInstead != nil }.count
        }
    }

    @Test("explain's verdict, failing checks and fires for a date are what plan does on that date", arguments: 0..<4)
    func explainMatchesPlan(batch: Int) throws {
        var tally = Tally()
        for index in 0..<UInt64(40) {
            let seed = 300_000 + UInt64(batch) * 1000 + index
            let scenario = PropertyTests.scenario(seed: seed)
            let device = scenario.options.deviceTimeZone
            let center = LocalDate(daysSinceEpoch: Int64((scenario.now.timeIntervalSince1970 / 86_400).rounded(.down)))
            for rule in scenario.rules {
                for date in Self.dates(for: rule, around: center) {
                    try Self.compare(rule, on: date, device: device, seed: seed, tally: &tally)
                }
            }
            var rng = RuleGenerator(seed: seed)
            let (collision, changeDate) = Self.collisionRule(at: rng.element(of: Zones.transitions), using: &rng)
            for date in Self.dates(for: collision, around: changeDate) {
                try Self.compare(collision, on: date, device: device, seed: seed, tally: &tally)
            }
        }
        // The draw must reach the cases that matter, or the comparison proves little.
        #expect(tally.explained > 1000 && tally.eligible > 200 && tally.adjusted > 20 && tally.dropped > 0, "\(tally)")
    }
}
