import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// Every expected text below was written by hand from the rules, the zones' 2026 transitions
// (Berlin: 29 March 02:00 CET → 03:00 CEST, 25 October 03:00 CEST → 02:00 CET; New York:
// 1 November 02:00 EDT → 01:00 EST) and the format's description, then compared.

/// 2026-03-28T12:00:00+01:00, the Saturday before Berlin springs forward.
let berlinSaturdayNoon = Date(timeIntervalSince1970: 1_774_695_600)

/// Daily 02:30 in Berlin, planned for two days from ``berlinSaturdayNoon``: the first fire is
/// shifted out of the spring-forward gap to 03:30 CEST.
func berlinPlan() throws -> Plan {
    let wake = weeklyRule("wake", days: .daily, times: ["02:30"], zone: Zones.berlin)
    return try plan(
        [wake], now: berlinSaturdayNoon, options: PlanOptions(deviceTimeZone: Zones.berlin, cap: 64, horizon: 2 * 86_400))
}

/// ``berlinPlan()``'s golden, written by hand.
let berlinGolden = """
    Plan
    now: 2026-03-28T12:00:00+01:00
    device zone: Europe/Berlin
    cap: 64
    horizon end: 2026-03-30T13:00:00+02:00
    covered until: the horizon
    time-zone database: \(GoldenLines.databaseVersion)
    fires: 2
      2026-03-29T03:30:00+02:00 wake@2026-03-29T02:30:00 gap-shifted
      2026-03-30T02:30:00+02:00 wake@2026-03-30T02:30:00
    """

@Suite("Golden text forms")
struct GoldenTextTests {
    @Test("a plan lists its header and every fire with its instant, id and adjustment")
    func planText() throws {
        #expect(try berlinPlan().goldenText == berlinGolden)
    }

    @Test("a fire in another zone, a floating fire and a capped plan say so")
    func planFlags() {
        // 2026-03-30T05:00:00Z: 07:00 in Berlin, 01:00 in New York.
        let instant = Date(timeIntervalSince1970: 1_774_846_800)
        let floating = Fire(
            ruleID: "gym", instant: instant, local: wall("2026-03-30T07:00"), timeZone: Zones.berlin,
            utcOffsetSeconds: 7200, adjustment: .none, isFloating: true)
        let newYork = Fire(
            ruleID: "call", instant: instant, local: wall("2026-03-30T01:00"), timeZone: Zones.newYork,
            utcOffsetSeconds: -14_400, adjustment: .none, isSnooze: true)
        let plan = Plan(
            now: berlinSaturdayNoon, deviceTimeZone: Zones.berlin, cap: 2, fires: [newYork, floating],
            horizonEnd: berlinSaturdayNoon.addingTimeInterval(7 * 86_400), coveredUntil: instant, isTruncated: true)
        #expect(
            plan.goldenText == """
                Plan
                now: 2026-03-28T12:00:00+01:00
                device zone: Europe/Berlin
                cap: 2
                horizon end: 2026-04-04T13:00:00+02:00
                covered until: 2026-03-30T07:00:00+02:00 (cap reached)
                time-zone database: \(GoldenLines.databaseVersion)
                fires: 2
                  2026-03-30T01:00:00-04:00 call@2026-03-30T01:00:00+snooze in America/New_York
                  2026-03-30T07:00:00+02:00 gym@2026-03-30T07:00:00 floating
                """)
    }

    @Test("a hybrid plan lists its repeating slots, then its one-shot fires")
    func hybridText() {
        let fire = Fire(
            ruleID: "nap", instant: Date(timeIntervalSince1970: 1_774_747_800), local: wall("2026-03-29T02:30"),
            timeZone: Zones.berlin, utcOffsetSeconds: 7200, adjustment: .gapShifted)
        let oneShot = Plan(
            now: berlinSaturdayNoon, deviceTimeZone: Zones.berlin, cap: 64, fires: [fire],
            horizonEnd: berlinSaturdayNoon.addingTimeInterval(86_400), coveredUntil: berlinSaturdayNoon.addingTimeInterval(86_400),
            isTruncated: false)
        let hybrid = HybridPlan(
            repeating: [
                RepeatingAlarm(ruleID: "wake", weekdays: .tuesday, time: clock("07:30")),
                RepeatingAlarm(ruleID: "walk", weekdays: .daily, time: clock("18:00"))
            ], oneShot: oneShot)
        #expect(
            hybrid.goldenText == """
                HybridPlan
                now: 2026-03-28T12:00:00+01:00
                device zone: Europe/Berlin
                cap: 64
                horizon end: 2026-03-29T13:00:00+02:00
                covered until: the horizon
                time-zone database: \(GoldenLines.databaseVersion)
                repeating: 2
                  wake#weekly-tue-07:30:00
                  walk#daily-18:00:00
                one-shot fires: 1
                  2026-03-29T03:30:00+02:00 nap@2026-03-29T02:30:00 gap-shifted
                """)
    }

    @Test("clock-change warnings read one a line: the wall time, the change, and what fires instead")
    func warningsText() throws {
        let schedule = try AlarmSchedule(rules: [
            weeklyRule("wake", days: .daily, times: ["02:30"], zone: Zones.berlin),
            weeklyRule("nap", days: .daily, times: ["02:15"], zone: Zones.berlin, gap: .skip),
            weeklyRule("late", days: .sunday, times: ["01:30"], zone: Zones.newYork)
        ])
        // Through 2026-11-02T00:00:00Z: both Berlin changes and New York's fall back.
        let warnings = schedule.clockChangeWarnings(
            after: berlinSaturdayNoon, through: Date(timeIntervalSince1970: 1_793_577_600), deviceTimeZone: Zones.berlin)
        #expect(
            warnings.goldenText == """
                ClockChangeWarnings
                time-zone database: \(GoldenLines.databaseVersion)
                warnings: 5
                  nap@2026-03-29T02:15:00 gap 1 h in Europe/Berlin: skipped
                  wake@2026-03-29T02:30:00 gap 1 h in Europe/Berlin: fires 2026-03-29T03:30:00+02:00 gap-shifted
                  nap@2026-10-25T02:15:00 overlap 1 h in Europe/Berlin: fires 2026-10-25T02:15:00+02:00 overlap-first
                  wake@2026-10-25T02:30:00 overlap 1 h in Europe/Berlin: fires 2026-10-25T02:30:00+02:00 overlap-first
                  late@2026-11-01T01:30:00 overlap 1 h in America/New_York: fires 2026-11-01T01:30:00-04:00 overlap-first
                """)
    }
}
