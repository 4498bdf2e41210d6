import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// The guide's Berlin spring-forward tests (Docs/Testing.md). Expected values by hand: on
// 2026-03-29 Berlin's clocks go from 02:00 CET (+01:00) to 03:00 CEST (+02:00), so a 02:30
// floating alarm that night is read with the offset before the gap (the shift policy) and
// rings at 01:30Z, which the clock shows as 03:30; every later time is at +02:00.

// snippet:begin spring-forward
@Suite("Berlin's spring-forward")
struct BerlinSpringForwardTests {
    let berlin: TimeZone
    let rules: AlarmRuleSet
    /// Saturday noon, the day before the clocks go forward.
    let now: Date

    init() throws {
        berlin = try zone("Europe/Berlin")
        rules = try AlarmRuleSet(rules: [
            AlarmRule(id: "night", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 2, minute: 30)!]),
            AlarmRule(id: "wake", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 7, minute: 30)!])
        ])
        now = try instant("2026-03-28T12:00:00+01:00")
    }

    @Test("the 02:30 the clocks skip rings at 03:30 CEST; 07:30 stays 07:30, an hour sooner in UTC")
    func twoDaysAcrossTheChange() {
        let planned = plan(rules, now: now, options: PlanOptions(deviceTimeZone: berlin, horizon: 2 * 86_400))
        expectPlan(
            planned,
            matches: """
                Plan
                now: 2026-03-28T12:00:00+01:00
                device zone: Europe/Berlin
                cap: 64
                horizon end: 2026-03-30T13:00:00+02:00
                covered until: the horizon
                time-zone database: 2025b
                fires: 4
                  2026-03-29T03:30:00+02:00 night@2026-03-29T02:30:00 gap-shifted floating
                  2026-03-29T07:30:00+02:00 wake@2026-03-29T07:30:00 floating
                  2026-03-30T02:30:00+02:00 night@2026-03-30T02:30:00 floating
                  2026-03-30T07:30:00+02:00 wake@2026-03-30T07:30:00 floating
                """)
    }

    @Test("under the hybrid strategy 07:30 repeats, and 02:30, which meets the gap, stays one-shot")
    func hybrid() throws {
        let planned = try hybridPlan(rules.rules, now: now, options: PlanOptions(deviceTimeZone: berlin, horizon: 2 * 86_400))
        expectGolden(planned, file: "berlin-spring-forward-hybrid.golden")
    }
}
// snippet:end
