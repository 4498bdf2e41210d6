import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// `print(report)` is one readable line, not a dump of every request id. Expected strings are
/// worked out by hand: a daily 07:30 rule in Berlin (+01:00), refreshed at 2026-12-01T00:00:00Z.
@Suite("Refresh report description")
struct RefreshReportDescriptionTests {
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z (Tue), 01:00 in Berlin

    @Test("a refresh under the cap: counts, fires and slots, coverage to the horizon")
    func underTheCap() async throws {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [weekly("wake", times: ["07:30"])])), center: center,
            clock: .constant(Self.now), timeZone: .constant(Zones.berlin), options: SchedulerOptions(strategy: .rolling))
        let report = try await scheduler.refresh()
        // 07:30 on Dec 1 … 7; Dec 8 07:30 is past the 7-day horizon (Dec 8 01:00).
        #expect(
            report.description == "Refresh at Tue 2026-12-01 01:00 Europe/Berlin: 7 added, 0 removed, 0 replaced, 0 unchanged "
                + "(7 fires, 64 slots); covered until the horizon, Tue 2026-12-08 01:00")
    }

    @Test("a refresh at the cap names the coverage end, the app's own requests and the reminder")
    func atTheCap() async throws {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        await center.add([
            NotificationRequest(
                identifier: "promo", trigger: .zoned(wall("2026-12-20T10:00:00"), Zones.berlin),
                content: NotificationContent(title: "", body: ""))
        ])
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [weekly("wake", times: ["07:30"])])), center: center,
            clock: .constant(Self.now), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(cap: 4, reminder: RefreshReminder(), strategy: .rolling))
        let report = try await scheduler.refresh()
        // 4 slots less the app's own request leave 3: the reminder takes the last, so Dec 1 and 2
        // fit and the Dec 3 07:30 fire is the coverage end, where the reminder rings.
        #expect(
            report.description == "Refresh at Tue 2026-12-01 01:00 Europe/Berlin: 3 added, 0 removed, 0 replaced, 0 unchanged "
                + "(2 fires, 3 slots); covered until Thu 2026-12-03 07:30, short of the horizon Tue 2026-12-08 01:00; "
                + "1 other pending request; reminder at Thu 2026-12-03 07:30")
    }
}
