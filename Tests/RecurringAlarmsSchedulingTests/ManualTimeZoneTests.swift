import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// One device zone that a test moves, read by the scheduler and followed by the simulated center.
@Suite("Manual time zone")
struct ManualTimeZoneTests {
    static let start = at(1_796_083_200)   // 2026-12-01T00:00:00Z (Tue), 01:00 in Berlin, 19:00 the day before in New York

    @Test("the zone reads its start until changed, then the last change")
    func changes() async {
        let zone = ManualTimeZone(Zones.berlin)
        #expect(zone.current.identifier == "Europe/Berlin")
        await zone.change(to: Zones.tokyo)
        await zone.change(to: Zones.newYork)
        #expect(zone.current.identifier == "America/New_York")
        #expect(TimeZoneProvider.manual(zone).current().identifier == "America/New_York")
    }

    @Test("the scheduler plans floating rules for the zone at each refresh")
    func schedulerReadsTheZone() async throws {
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [weekly("wake", times: ["07:30"])])), center: center,
            clock: .constant(Self.start), timeZone: .manual(zone), options: SchedulerOptions(strategy: .rolling))
        // 07:30 on 2026-12-01 in Berlin (+01:00) is 06:30Z.
        #expect(try await scheduler.refresh().plan.fires.first?.instant == at(1_796_106_600))
        await zone.change(to: Zones.newYork)
        let moved = try await scheduler.refresh()
        #expect(moved.deviceTimeZone.identifier == "America/New_York")
        // Now is 19:00 on 2026-11-30 in New York; the next 07:30 there (-05:00) is 2026-12-01T12:30:00Z.
        #expect(moved.plan.fires.first?.instant == at(1_796_128_200))
    }

    @Test("a center made with the zone moves its pending floating requests at each change, without a refresh")
    func centerFollows() async throws {
        let clock = ManualClock(now: Self.start)
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: zone)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [weekly("wake", times: ["07:30"])])), center: center,
            clock: .manual(clock), timeZone: .manual(zone), options: SchedulerOptions(strategy: .rolling))
        try await scheduler.refresh()
        #expect(await center.pending().first?.fireDate == at(1_796_106_600))   // 2026-12-01T06:30:00Z
        await zone.change(to: Zones.newYork)
        #expect(await center.deviceTimeZone.identifier == "America/New_York")
        #expect(await center.pending().first?.fireDate == at(1_796_128_200))   // 07:30 in New York, 12:30Z
        await clock.advance(by: 13 * hour)   // 13:00Z, past 07:30 in New York
        #expect(await center.deliveries.map(\.deviceTimeZone) == ["America/New_York"])
    }
}
