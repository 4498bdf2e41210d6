import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// One clock that a test moves, read by the scheduler and followed by the simulated center.
@Suite("Manual clock")
struct ManualClockTests {
    static let start = at(1_796_083_200)   // 2026-12-01T00:00:00Z (Tue), 01:00 in Berlin

    @Test("the clock reads its start until it is advanced, then the sum of the moves")
    func advances() async {
        let clock = ManualClock(now: Self.start)
        #expect(clock.now == Self.start)
        await clock.advance(by: 90)
        await clock.advance(by: 3600)
        #expect(clock.now == at(1_796_086_890))   // 2026-12-01T01:01:30Z
        await clock.advance(to: at(1_796_090_400))   // 2026-12-01T02:00:00Z
        #expect(clock.now == at(1_796_090_400))
    }

    @Test("time never moves back or off the calendar: an earlier moment, a negative, NaN or infinite interval leave the clock where it is")
    func neverBack() async {
        let clock = ManualClock(now: Self.start)
        await clock.advance(to: at(1_796_000_000))
        await clock.advance(to: .distantPast)
        await clock.advance(by: -60)
        await clock.advance(by: .nan)
        await clock.advance(by: .infinity)
        await clock.advance(to: Date(timeIntervalSinceReferenceDate: .infinity))
        #expect(clock.now == Self.start)
    }

    @Test("one scheduler sees the clock move between refreshes")
    func schedulerReadsTheClock() async throws {
        let clock = ManualClock(now: Self.start)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [weekly("wake", times: ["07:30"])])), center: center,
            clock: .manual(clock), timeZone: .constant(Zones.berlin), options: SchedulerOptions(strategy: .rolling))
        #expect(try await scheduler.refresh().now == Self.start)
        await clock.advance(by: 8 * hour)
        let later = try await scheduler.refresh()
        #expect(later.now == at(1_796_112_000))   // 2026-12-01T08:00:00Z, 09:00 in Berlin
        #expect(later.plan.fires.first?.id == "wake@2026-12-02T07:30:00")
    }

    @Test("a center made with the clock delivers what comes due as the clock advances")
    func centerFollows() async throws {
        // The guide's and ManualClock's example.
        let clock = ManualClock(now: Self.start)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [weekly("wake", times: ["07:30"])])), center: center,
            clock: .manual(clock), timeZone: .constant(Zones.berlin), options: SchedulerOptions(strategy: .rolling))
        try await scheduler.refresh()
        #expect(await center.now == Self.start)

        await clock.advance(by: 8 * hour)   // 09:00 in Berlin
        #expect(await center.now == at(1_796_112_000))   // 2026-12-01T08:00:00Z
        let rang = await center.deliveries
        #expect(rang.map(\.identifier) == ["wake@2026-12-01T07:30:00"])
        #expect(rang.map(\.instant) == [at(1_796_106_600)])   // 2026-12-01T06:30:00Z, 07:30 in Berlin

        let report = try await scheduler.refresh()
        #expect(report.now == at(1_796_112_000))
        #expect(report.removed.isEmpty)   // the 07:30 request had rung, so nothing was left to remove
    }

    @Test("a center that is gone does not keep the clock from advancing")
    func centerGone() async {
        let clock = ManualClock(now: Self.start)
        do { _ = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: Zones.berlin) }
        await clock.advance(by: hour)
        #expect(clock.now == at(1_796_086_800))   // 2026-12-01T01:00:00Z
    }
}
