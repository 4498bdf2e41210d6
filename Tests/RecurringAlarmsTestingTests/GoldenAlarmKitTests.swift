import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import RecurringAlarmsTesting
import Testing

@Suite("Golden text of an AlarmKit refresh")
struct GoldenAlarmKitTests {
    @Test("an AlarmKit refresh lists its repeating alarms and the limit it learned; a notification refresh has neither line")
    func alarmKitLines() async throws {
        // Monday 2026-06-01 00:00 CEST. By hand, soonest first: the 09:00 JST stand-up of
        // 1 June (00:00Z), the daily 07:30 (05:30Z), the stand-up of 2 June; the device holds
        // three, so the fourth is refused and 3 is learned.
        let book = AlarmBook(rules: [
            weeklyRule("wake", days: .daily, times: ["07:30"]),
            weeklyRule("standup", days: .weekdays, times: ["09:00"], zone: Zones.tokyo)
        ])
        let clock = ManualClock(now: at(1_780_264_800))
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedAlarmCenter(limit: 3, clock: clock, deviceTimeZone: zone)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(book), alarmCenter: center, clock: .manual(clock), timeZone: .manual(zone))
        let text = try await scheduler.refresh().goldenText
        #expect(text.contains("\nrepeating alarms: 1\n  wake#daily-07:30:00\n"))
        #expect(text.contains("\nlearned alarm limit: 3\n"))
        #expect(text.contains("\nadded: 3\n  standup@2026-06-01T09:00:00\n  standup@2026-06-02T09:00:00\n  wake#daily-07:30:00\n"))

        let notifications = AlarmScheduler(
            store: InMemoryStore(book),
            center: SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: zone),
            clock: .manual(clock), timeZone: .manual(zone))
        let plain = try await notifications.refresh().goldenText
        #expect(!plain.contains("repeating alarms") && !plain.contains("learned alarm limit"))
    }
}
