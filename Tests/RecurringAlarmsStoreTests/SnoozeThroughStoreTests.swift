import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

/// Snooze boundaries checked a second way: through a file store round trip, with a rule fixed
/// to another zone than the device's, and through pruning, independently of the planning
/// tests in `SnoozePlanningTests`.
@Suite("Snoozes kept in a file store")
struct SnoozeThroughStoreTests {
    /// `standup` rings at 09:00 New York time on weekdays; the device is in Tokyo.
    static let rules = [rule("standup", at: "09:00", zone: Zones.newYork)]
    static let rang = "standup@2026-12-01T09:00:00"   // 2026-12-01T14:00:00Z
    static let first = Date(timeIntervalSince1970: 1_796_134_200)   // 2026-12-01T14:10:00Z = 09:10 EST
    static let second = Date(timeIntervalSince1970: 1_796_134_800)   // 2026-12-01T14:20:00Z = 09:20 EST
    static let third = Date(timeIntervalSince1970: 1_796_135_400)   // 2026-12-01T14:30:00Z = 09:30 EST

    static func plannedIDs(_ book: AlarmBook, now: Date) throws -> [String] {
        try book.plan(now: now, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 2)).fires.map(\.id)
    }

    @Test("a snooze stored and read back is not planned at exactly its instant, is planned one second before, and is pruned at it")
    func snoozeAtNow() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try store.update { book in
                book = AlarmBook(rules: Self.rules)
                try book.snooze(fireID: Self.rang, until: Self.first)
            }
            var book = try store.load()
            #expect(
                try Self.plannedIDs(book, now: Self.first.addingTimeInterval(-1)) == [
                    "standup@2026-12-01T09:10:00+snooze", "standup@2026-12-02T09:00:00"
                ])
            #expect(try Self.plannedIDs(book, now: Self.first) == ["standup@2026-12-02T09:00:00", "standup@2026-12-03T09:00:00"])
            // At its instant the snooze is ringing: pruning drops it, a second earlier keeps it.
            var earlier = book
            #expect(earlier.pruneExpired(now: Self.first.addingTimeInterval(-1)) == 0)
            #expect(book.pruneExpired(now: Self.first) == 1 && book.snoozes.isEmpty)
        }
    }

    @Test("snoozing the snooze, twice, through the store keeps the id of the occurrence that rang")
    func resnoozeKeepsTheOriginal() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try store.save(AlarmBook(rules: Self.rules))
            try store.update { book in try book.snooze(fireID: Self.rang, until: Self.first) }
            // The snooze rings as "standup@…09:10:00+snooze"; the user snoozes that notification.
            try store.update { book in try book.snooze(fireID: "standup@2026-12-01T09:10:00+snooze", until: Self.second) }
            try store.update { book in try book.snooze(fireID: "standup@2026-12-01T09:20:00+snooze", until: Self.third) }
            let book = try store.load()
            #expect(book.snoozes == [Snooze(ruleID: "standup", fireID: Self.rang, instant: Self.third)])
            #expect(try Self.plannedIDs(book, now: Self.second) == ["standup@2026-12-01T09:30:00+snooze", "standup@2026-12-02T09:00:00"])
        }
    }

    @Test("snoozing the original occurrence again moves the one snooze and keeps its id")
    func snoozeTheOriginalAgain() throws {
        var book = AlarmBook(rules: Self.rules)
        try book.snooze(fireID: Self.rang, until: Self.first)
        try book.snooze(fireID: Self.rang, until: Self.second)
        #expect(book.snoozes == [Snooze(ruleID: "standup", fireID: Self.rang, instant: Self.second)])
    }
}
