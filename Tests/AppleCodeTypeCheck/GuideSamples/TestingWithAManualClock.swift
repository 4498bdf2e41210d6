import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore

/// The guide's manual-clock sample, inside a function with the book and zone it assumes.
func ringFirstMorning(book: AlarmBook, berlin: TimeZone) async throws -> [SimulatedNotificationCenter.Delivery] {
    // snippet:begin testing-with-a-manual-clock
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_796_083_200))   // 2026-12-01T00:00:00Z
    let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: berlin)
    let scheduler = AlarmScheduler(
        store: InMemoryStore(book), center: center,
        clock: .manual(clock), timeZone: .constant(berlin))
    try await scheduler.refresh()   // plans from 01:00 in Berlin
    await clock.advance(by: 8 * 3600)   // 09:00: the center delivers what came due
    let rang = await center.deliveries   // the 07:30 alarm, at 06:30 UTC
    try await scheduler.refresh()   // plans from 09:00
    // snippet:end
    return rang
}
