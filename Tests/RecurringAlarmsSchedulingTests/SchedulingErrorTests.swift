import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// A failed refresh reads well in app code (`localizedDescription`) and keeps the store's typed error.
@Suite("SchedulingError")
struct SchedulingErrorTests {
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z (Tue)

    @Test("a store failure keeps the store's typed error and reads as its message")
    func storeFailure() async throws {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: UnreadableStore(), center: center, clock: .constant(Self.now), timeZone: .constant(Zones.berlin))
        let error = try #require(await #expect(throws: SchedulingError.self) { try await scheduler.refresh() })
        guard case .store(let operation, let underlying) = error else {
            Issue.record("expected a store failure, got \(error)")
            return
        }
        #expect(operation == "load the alarm book")
        #expect(underlying == .permissionDenied(path: "/books/alarms.json", operation: "read"))
        #expect(!underlying.isUnreadableBook)
        #expect(
            (error as any Error).localizedDescription == "refresh: the store could not load the alarm book: "
                + "cannot read '/books/alarms.json': permission denied; check the owner and mode of the file and of its folder")
    }

    @Test("the recovery suggestion is the store's")
    func storeSuggestion() {
        let error: any Error = SchedulingError.store(operation: "load the alarm book", underlying: .empty(path: "/books/alarms.json"))
        #expect(
            (error as NSError).localizedRecoverySuggestion
                == "call recoverUnreadableBook(now:) to move the stored book aside and start an empty one; the old file is kept for inspection"
        )
    }

    @Test("a center failure reads as its message; a center error with no suggestion gives none")
    func centerFailure() async throws {
        let store = InMemoryStore(AlarmBook(rules: [weekly("wake", times: ["07:30"])]))
        let scheduler = AlarmScheduler(store: store, center: FailingCenter(), clock: .constant(Self.now), timeZone: .constant(Zones.berlin))
        let error = try #require(await #expect(throws: SchedulingError.self) { try await scheduler.refresh() })
        #expect(
            (error as any Error).localizedDescription
                == "refresh: the notification center could not add requests: notifications are not allowed")
        #expect(error.recoverySuggestion == nil)
    }

    @Test("a center error that is a LocalizedError lends its suggestion")
    func centerSuggestion() {
        struct Denied: LocalizedError {
            var errorDescription: String? { "notifications are off" }
            var recoverySuggestion: String? { "turn them on in Settings › Notifications" }
        }
        let error = SchedulingError.center(operation: "add requests", underlying: Denied())
        #expect(error.recoverySuggestion == "turn them on in Settings › Notifications")
    }

    @Test("a refresh cancelled before it started says so and that nothing changed, with no suggestion")
    func cancelled() {
        let error = SchedulingError.cancelled
        #expect((error as any Error).localizedDescription == "refresh: cancelled before it started; nothing was read or changed")
        #expect(error.recoverySuggestion == nil)
    }

    /// A store whose `update` throws an error of its own, which the `AlarmStore` contract does not allow.
    struct OffContractStore: AlarmStore {
        struct QuotaExceeded: Error, CustomStringConvertible {
            var description: String { "quota exceeded" }
        }

        func load() throws(AlarmStoreError) -> AlarmBook { AlarmBook(rules: [weekly("wake", times: ["07:30"])]) }
        func save(_ book: AlarmBook) throws(AlarmStoreError) {}
        func update<Result>(_ body: (inout AlarmBook) throws -> Result) throws -> Result { throw QuotaExceeded() }
    }

    @Test("a store that throws its own error from update is still reported as a store failure, naming the store")
    func offContractStore() async throws {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: OffContractStore(), center: center, clock: .constant(Self.now), timeZone: .constant(Zones.berlin))
        let error = try #require(await #expect(throws: SchedulingError.self) { try await scheduler.refresh() })
        #expect(
            error.localizedDescription == "refresh: the store could not record the applied plan: "
                + "cannot update the alarm book 'OffContractStore': quota exceeded (errno 0)")
    }
}
