import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore

/// The guide's simulated-center sample, inside a function with the book and zone it assumes.
func simulateFirstDay(book: AlarmBook, newYork: TimeZone) async throws -> [SimulatedNotificationCenter.Delivery] {
    // snippet:begin testing-without-a-device
    let start = Date(timeIntervalSince1970: 1_771_545_600)   // 2026-02-20T00:00:00Z
    let center = SimulatedNotificationCenter(eviction: .keepLastAdded, now: start, deviceTimeZone: newYork)
    let scheduler = AlarmScheduler(
        store: InMemoryStore(book), center: center,
        clock: .constant(start), timeZone: .constant(newYork))
    let report = try await scheduler.refresh()
    await center.advance(to: start.addingTimeInterval(86_400))
    let rang = await center.deliveries   // what rang on the first day, and when
    // snippet:end
    _ = report
    return rang
}
