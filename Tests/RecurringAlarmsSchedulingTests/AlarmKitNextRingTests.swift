import AlarmsTestSupport
import Foundation
import RecurringAlarms
import Testing

@testable import RecurringAlarmsScheduling

// The next ring of each repeating alarm, which orders an AlarmKit refresh's requests: the
// first fire at the alarm's time among its rule's 7 × 24 soonest fires in the next 8 days,
// else `now`. The tests below were written when the rules were planned together in batches;
// they hold for any way of finding it.

/// The next ring by its definition: the alarm's rule planned alone, for every alarm.
private func nextRingPlannedAlone(of alarm: RepeatingAlarm, rule: AlarmRule?, now: Date, deviceTimeZone: TimeZone) -> Date {
    let week = PlanOptions(deviceTimeZone: deviceTimeZone, cap: 7 * 24, horizon: 8 * 86_400)
    guard let rule, let fires = try? RecurringAlarms.plan([rule], now: now, options: week).fires else { return now }
    return fires.first { $0.local.time == alarm.time }?.instant ?? now
}

/// The repeating alarm of `rule` at `time`.
private func alarm(_ rule: AlarmRule, at time: String) -> RepeatingAlarm {
    guard case .weekly(let days, _, _, _) = rule.repeats else { fatalError("\(rule.id) is not weekly") }
    return RepeatingAlarm(ruleID: rule.id, weekdays: days, time: clock(time))
}

/// The rules by id, as the refresh looks them up.
private func byID(_ rules: [AlarmRule]) -> [String: AlarmRule] {
    Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
}

@Suite("Scheduler on AlarmKit: repeating alarms' next rings")
struct AlarmKitNextRingTests {
    /// Saturday 2026-03-28 12:00 CET in Berlin; the clocks go forward on Sunday at 02:00.
    let saturday = at(1_774_695_600)   // 2026-03-28T11:00:00Z

    @Test("a rule with many times does not hide another rule's next ring")
    func crowdedPlan() {
        // 60 times a day, every 15 minutes from 06:00 to 20:45: planned with the Friday rule
        // under one cap of 2 × 168, Saturday's 35 left (12:15 on), Sunday to Thursday's 300 and
        // Friday's 06:00 would fill it, and Friday's 07:00 would be past the cut.
        let busy = weeklyRule(
            "busy", times: stride(from: 6 * 60, to: 21 * 60, by: 15).map { String(format: "%02d:%02d", $0 / 60, $0 % 60) })
        let friday = weeklyRule("friday", days: [.friday], times: ["07:00"])
        let alarms = [alarm(busy, at: "06:00"), alarm(busy, at: "12:00"), alarm(friday, at: "07:00"), alarm(busy, at: "05:00")]

        let next = AlarmKitBackend.nextInstants(of: alarms, rules: byID([busy, friday]), now: saturday, deviceTimeZone: Zones.berlin)

        #expect(
            next == [
                at(1_774_756_800),   // 2026-03-29T04:00:00Z: Sunday 06:00 CEST
                at(1_774_778_400),   // 2026-03-29T10:00:00Z: Sunday 12:00 CEST (Saturday's is now, not after it)
                at(1_775_192_400),   // 2026-04-03T05:00:00Z: Friday 07:00 CEST
                saturday   // not one of busy's times: no such fire
            ])
    }

    @Test("an alarm whose rule is missing, disabled or refused by the engine rings at now; the others are unaffected")
    func fallsBackToNow() {
        let daily = weeklyRule("daily", times: ["23:30"])
        let off = weeklyRule("off", times: ["13:00"], enabled: false)
        // Every second week needs a start date: the engine refuses the rule.
        let invalid = weeklyRule("invalid", days: [.sunday], times: ["07:00"], everyWeeks: 2)
        let alarms = [
            alarm(daily, at: "23:30"), alarm(off, at: "13:00"), alarm(invalid, at: "07:00"),
            RepeatingAlarm(ruleID: "gone", weekdays: .daily, time: clock("08:00"))
        ]

        let next = AlarmKitBackend.nextInstants(
            of: alarms, rules: byID([daily, off, invalid]), now: saturday, deviceTimeZone: Zones.berlin)

        #expect(next == [at(1_774_737_000), saturday, saturday, saturday])   // 2026-03-28T22:30:00Z: today 23:30 CET
    }

    @Test("more rules than one plan's cap can hold each find their next ring")
    func batches() {
        // 168 fires per rule and a cap of at most 1,000,000: 5,952 rules a plan. One more
        // makes a second batch. Rule i rings daily at i × 14 seconds past midnight UTC; at
        // noon, those after noon ring today and the others tomorrow.
        let noon = at(1_774_699_200)   // 2026-03-28T12:00:00Z
        let midnight = 1_774_656_000   // 2026-03-28T00:00:00Z
        let rules = (0...5_952).map { index in
            AlarmRule(id: "r\(index)", repeats: .weekly(days: .daily), times: [TimeOfDay(secondsSinceMidnight: index * 14)!])
        }
        let alarms = rules.map { RepeatingAlarm(ruleID: $0.id, weekdays: .daily, time: $0.times[0]) }

        let next = AlarmKitBackend.nextInstants(of: alarms, rules: byID(rules), now: noon, deviceTimeZone: Zones.utc)

        let expected = (0...5_952).map { index in at(midnight + index * 14 + (index * 14 > 43_200 ? 0 : 86_400)) }
        #expect(next.count == expected.count)
        #expect(next == expected)
    }

    @Test("for random rules near offset changes, each alarm's next ring is what planning its rule alone finds", arguments: 1...16)
    func matchesEachRulePlannedAlone(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let transition = Zones.transitions[Int.random(in: 0..<Zones.transitions.count, using: &rng)]
        let now = transition.instant.addingTimeInterval(TimeInterval(Int.random(in: -3 * 86_400...86_400, using: &rng)))
        var rules: [AlarmRule] = []
        var alarms: [RepeatingAlarm] = []
        for index in 0..<Int.random(in: 1...12, using: &rng) {
            let days = WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &rng))
            // Now and then hundreds of times, more fires than a rule's share of the plan.
            let count = [1, 2, 3, 4, 30, 250][Int.random(in: 0..<6, using: &rng)]
            let times = Set(
                (0..<count).map { _ in
                    TimeOfDay(secondsSinceMidnight: 60 * Int.random(in: 0..<1_440, using: &rng) + (rng.next() % 8 == 0 ? 30 : 0))!
                }
            ).sorted()
            // Now and then every second week with no start, which the engine refuses.
            let refused = rng.next() % 30 == 0
            let everyWeeks = refused || rng.next() % 6 == 0 ? 2 : 1
            let start = everyWeeks == 2 && !refused ? day("2026-01-05") : nil
            let rule = AlarmRule(
                id: "r\(index)", isEnabled: rng.next() % 8 != 0,
                repeats: .weekly(days: days, everyWeeks: everyWeeks, start: start, end: rng.next() % 6 == 0 ? day("2026-12-01") : nil),
                times: times, timeZone: rng.next() % 5 == 0 ? .fixed(Zones.tokyo) : .floating,
                gapPolicy: rng.next() % 2 == 0 ? .shift : .skip, overlapPolicy: rng.next() % 2 == 0 ? .first : .last)
            rules.append(rule)
            for time in times where rng.next() % 3 != 0 {
                alarms.append(RepeatingAlarm(ruleID: rule.id, weekdays: days, time: time))
            }
            if rng.next() % 4 == 0 { alarms.append(RepeatingAlarm(ruleID: rule.id, weekdays: days, time: clock("12:34"))) }
        }
        alarms.append(RepeatingAlarm(ruleID: "gone", weekdays: .daily, time: clock("07:00")))
        alarms.shuffle(using: &rng)
        let rulesByID = byID(rules)

        let next = AlarmKitBackend.nextInstants(of: alarms, rules: rulesByID, now: now, deviceTimeZone: transition.zone)

        let alone = alarms.map { nextRingPlannedAlone(of: $0, rule: rulesByID[$0.ruleID], now: now, deviceTimeZone: transition.zone) }
        #expect(next == alone, "seed \(seed), \(transition)")
    }
}
