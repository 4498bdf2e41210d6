import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// The guide's New York fall-back test (Docs/Testing.md). Expected values by hand: on
// 2026-11-01 New York's clocks go from 02:00 EDT (-04:00) back to 01:00 EST (-05:00), so
// 01:30 happens twice, at 05:30Z and at 06:30Z; the overlap policy picks one, and 07:30 that
// morning is at -05:00 (12:30Z).

// snippet:begin fall-back
@Suite("New York's fall-back")
struct NewYorkFallBackTests {
    @Test("a 01:30 alarm rings once, at the first 01:30 (EDT), unless its rule asks for the second (EST)")
    func overlap() throws {
        let newYork = try zone("America/New_York")
        let half = TimeOfDay(hour: 1, minute: 30)!
        let rules = try AlarmRuleSet(rules: [
            AlarmRule(id: "late", repeats: .weekly(days: .daily), times: [half]),
            AlarmRule(id: "late-second", repeats: .weekly(days: .daily), times: [half], overlapPolicy: .last),
            AlarmRule(id: "wake", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 7, minute: 30)!])
        ])
        let now = try instant("2026-10-31T12:00:00-04:00")
        let planned = plan(rules, now: now, options: PlanOptions(deviceTimeZone: newYork, horizon: 86_400))
        expectPlan(
            planned,
            matches: """
                Plan
                now: 2026-10-31T12:00:00-04:00
                device zone: America/New_York
                cap: 64
                horizon end: 2026-11-01T11:00:00-05:00
                covered until: the horizon
                time-zone database: 2025b
                fires: 3
                  2026-11-01T01:30:00-04:00 late@2026-11-01T01:30:00 overlap-first floating
                  2026-11-01T01:30:00-05:00 late-second@2026-11-01T01:30:00 overlap-last floating
                  2026-11-01T07:30:00-05:00 wake@2026-11-01T07:30:00 floating
                """)
        // The literals say the same: the second 01:30 is an hour after the first.
        #expect(planned.fires[1].instant == (try wallTime("2026-11-01T01:30:00", in: newYork, overlap: .last)))
        #expect(planned.fires[1].instant.timeIntervalSince(planned.fires[0].instant) == 3600)
    }
}
// snippet:end
