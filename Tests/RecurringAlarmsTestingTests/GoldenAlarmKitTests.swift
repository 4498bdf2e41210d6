import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import RecurringAlarmsTesting
import Testing

@Suite("Golden text of an AlarmKit plan and refresh")
struct GoldenAlarmKitTests {
    /// A daily 07:30 floating, and a weekday 09:00 stand-up fixed to Tokyo.
    static let book = AlarmBook(rules: [
        weeklyRule("wake", days: .daily, times: ["07:30"]),
        weeklyRule("standup", days: .weekdays, times: ["09:00"], zone: Zones.tokyo)
    ])

    /// ``book``'s scheduler on AlarmKit, on a Berlin device that holds 3 alarms, at Monday
    /// 2026-06-01 00:00 CEST; the clock and zone, for a second scheduler on the same device.
    static func alarmKitScheduler() -> (scheduler: AlarmScheduler, clock: ManualClock, zone: ManualTimeZone) {
        let clock = ManualClock(now: at(1_780_264_800))
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedAlarmCenter(limit: 3, clock: clock, deviceTimeZone: zone)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(book), alarmCenter: center, clock: .manual(clock), timeZone: .manual(zone))
        return (scheduler, clock, zone)
    }

    @Test("an AlarmKit refresh lists its repeating alarms and the limit it learned; a notification refresh has neither line")
    func alarmKitLines() async throws {
        // Monday 2026-06-01 00:00 CEST. By hand, soonest first: the 09:00 JST stand-up of
        // 1 June (00:00Z), the daily 07:30 (05:30Z), the stand-up of 2 June; the device holds
        // three, so the fourth is refused and 3 is learned.
        let (scheduler, clock, zone) = Self.alarmKitScheduler()
        let text = try await scheduler.refresh().goldenText
        #expect(text.contains("\nrepeating alarms: 1\n  wake#daily-07:30:00\n"))
        #expect(text.contains("\nlearned alarm limit: 3\n"))
        #expect(text.contains("\nadded: 3\n  standup@2026-06-01T09:00:00\n  standup@2026-06-02T09:00:00\n  wake#daily-07:30:00\n"))

        let notifications = AlarmScheduler(
            store: InMemoryStore(Self.book),
            center: SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: zone),
            clock: .manual(clock), timeZone: .manual(zone))
        let plain = try await notifications.refresh().goldenText
        #expect(!plain.contains("repeating alarms") && !plain.contains("learned alarm limit"))
    }

    @Test("an AlarmKit refresh's golden, whole: the repeating alarm, the alarms the device took, the limit it taught, the fires held")
    func alarmKitRefreshGolden() async throws {
        // Monday 2026-06-01 00:00 CEST (2026-05-31T22:00:00Z). By hand: the daily 07:30 repeats
        // as one alarm; the Tokyo stand-up (09:00 JST, 02:00 CEST) stays one-shot and fills the
        // other 63 places of the plan. Soonest first, the device takes the stand-up of 1 June,
        // the 07:30 alarm and the stand-up of 2 June, and refuses the third stand-up: the plan
        // then holds two fires, is covered until that stand-up (3 June 02:00 CEST), and the
        // device's limit of 3 is learned. The window is the hybrid plan's, 366 days.
        expectGolden(
            try await Self.alarmKitScheduler().scheduler.refresh(),
            matches: """
                RefreshReport
                now: 2026-06-01T00:00:00+02:00
                device zone: Europe/Berlin
                cap: 63
                horizon end: 2027-06-02T00:00:00+02:00
                covered until: 2026-06-03T02:00:00+02:00 (cap reached)
                time-zone database: \(GoldenLines.databaseVersion)
                slots: 64
                foreign pending: 0
                reminder: none
                added: 3
                  standup@2026-06-01T09:00:00
                  standup@2026-06-02T09:00:00
                  wake#daily-07:30:00
                removed: 0
                replaced: 0
                unchanged: 0
                repeating: 0
                repeating alarms: 1
                  wake#daily-07:30:00
                learned alarm limit: 3
                fires: 2
                  2026-06-01T09:00:00+09:00 standup@2026-06-01T09:00:00 in Asia/Tokyo
                  2026-06-02T09:00:00+09:00 standup@2026-06-02T09:00:00 in Asia/Tokyo
                """)
    }

    @Test("an AlarmKit plan's golden lists each repeating time as one alarm on its weekdays, the time in the gap as one-shot fires")
    func alarmKitPlanGolden() throws {
        // Monday 2026-03-23 00:00 CET; Berlin springs forward on Sunday the 29th (02:00 → 03:00).
        // By hand, per time: "early" repeats at 06:00 every day, while its 02:30 meets the gap
        // and stays one-shot (two fires in two days); "wake" repeats at 07:30 on its five
        // weekdays as one alarm. The one-shot plan has the cap less the two alarms.
        let rules = [
            weeklyRule("early", days: .daily, times: ["02:30", "06:00"]), weeklyRule("wake", days: .weekdays, times: ["07:30"])
        ]
        let now = try instant("2026-03-23T00:00:00+01:00")
        let options = PlanOptions(deviceTimeZone: Zones.berlin, horizon: 2 * 86_400)
        expectGolden(
            try hybridPlan(rules, now: now, options: options, repeating: .perTime),
            matches: """
                HybridPlan
                now: 2026-03-23T00:00:00+01:00
                device zone: Europe/Berlin
                cap: 62
                horizon end: 2026-03-25T00:00:00+01:00
                covered until: the horizon
                time-zone database: \(GoldenLines.databaseVersion)
                repeating: 2
                  early#daily-06:00:00
                  wake#weekly-mon+tue+wed+thu+fri-07:30:00
                one-shot fires: 2
                  2026-03-23T02:30:00+01:00 early@2026-03-23T02:30:00 floating
                  2026-03-24T02:30:00+01:00 early@2026-03-24T02:30:00 floating
                """)
        // Per weekday (notifications) "early" repeats whole or not at all, and its 02:30 keeps
        // it one-shot; "wake" would need five alarms for the two fires the window holds.
        let notifications = try hybridPlan(rules, now: now, options: options)
        #expect(notifications.repeating.isEmpty)
        #expect(notifications.oneShot.fires.map(\.ruleID) == ["early", "early", "wake", "early", "early", "wake"])
    }
}
