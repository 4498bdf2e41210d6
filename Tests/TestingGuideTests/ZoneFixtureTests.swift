import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// The guide's zone-fixture test (Docs/Testing.md): one invariant checked in every kind of
// daylight-saving change the kit's fixtures hold. By the shift policy (Docs/Semantics.md), a
// wall time the clocks skip is read with the offset before the change, so the first skipped
// minute itself rings at the very instant of the change, however long the gap.

// snippet:begin zone-fixtures
/// The zones of the kit's fixtures that change their clocks, from 30-minute and 45-minute
/// steps to the southern hemisphere and midnight.
let zonesWithDST =
    ZoneFixture.thirtyMinuteDST + ZoneFixture.fortyFiveMinuteOffset + ZoneFixture.southernHemisphere
    + ZoneFixture.midnightTransitions + ZoneFixture.everyday

@Suite("Spring-forward in every fixture zone")
struct SpringForwardEverywhereTests {
    @Test("an alarm at the first skipped minute rings at the instant the clocks go forward", arguments: zonesWithDST)
    func firstSkippedMinute(_ fixture: ZoneFixture) throws {
        let change = try #require(fixture.springForward(in: 2026), "\(fixture) has no spring-forward in 2026")
        let skipped = change.skippedOrRepeated.lowerBound
        let rules = try AlarmRuleSet(rules: [
            AlarmRule(id: "edge", repeats: .weekly(days: .daily), times: [skipped.time])
        ])
        let options = PlanOptions(deviceTimeZone: fixture.zone, horizon: 2 * 3600)
        let planned = plan(rules, now: change.instant.addingTimeInterval(-3600), options: options)

        let fire = try #require(planned.fires.first)
        #expect(fire.instant == change.instant)
        #expect(fire.adjustment == .gapShifted)
        #expect(fire.local == skipped)
    }
}
// snippet:end
