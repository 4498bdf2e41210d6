import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

@Suite("Alarm book round trips")
struct AlarmBookRoundTripTests {
    @Test("randomized books read back equal from their JSON, and write the same bytes again")
    func jsonRoundTrip() throws {
        var books = RandomBooks(seed: 0x5EED_0001)
        for _ in 0..<300 {
            let book = books.book()
            #expect(book.validationProblems() == [])
            let data = book.jsonData
            let read = try AlarmBook(jsonData: data)
            #expect(read == book)
            #expect(read.jsonData == data)
        }
    }

    @Test("randomized books survive Codable through JSONEncoder and JSONDecoder")
    func codableRoundTrip() throws {
        var books = RandomBooks(seed: 0x5EED_0002)
        for _ in 0..<100 {
            let book = books.book()
            let decoded = try JSONDecoder().decode(AlarmBook.self, from: JSONEncoder().encode(book))
            #expect(decoded == book)
        }
    }

    @Test("randomized books survive every store")
    func storeRoundTrip() throws {
        var books = RandomBooks(seed: 0x5EED_0003)
        try withTemporaryFolder { folder throws in
            try withDefaultsSuite { suite throws in
                let stores: [any AlarmStore] = [
                    JSONFileStore(url: folder.appending(path: "alarms.json")),
                    UserDefaultsStore(suiteName: suite)!,
                    InMemoryStore()
                ]
                for _ in 0..<40 {
                    let book = books.book()
                    for store in stores {
                        try store.save(book)
                        #expect(try store.load() == book, "\(type(of: store))")
                    }
                }
            }
        }
    }

    @Test("a 2,000-rule book round-trips through the file store")
    func largeBook() throws {
        var books = RandomBooks(seed: 0x5EED_0004)
        let book = AlarmBook(rules: (0..<2_000).map { books.rule(number: $0) })
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try store.save(book)
            #expect(try JSONFileStore(url: store.url).load() == book)
        }
    }

    @Test("an applied plan from Tokyo before 1888, whose offset has seconds, reads back after a save")
    func appliedPlanWithLocalMeanTime() throws {
        // Found by fuzzing (Tests/Fuzz, target book): the writer stamps applied instants with
        // the zone's offset, here local mean time +09:18:59, which the reader used to reject.
        let instant = Date(timeIntervalSince1970: -5_364_662_400)   // 1800-01-01T00:00:00Z
        let applied = AppliedPlan(
            appliedAt: instant, deviceTimeZone: Zones.tokyo, coveredUntil: instant,
            fires: [AppliedFire(id: "wake@1800-01-01T09:18:59", instant: instant)])
        let book = AlarmBook(rules: [rule("wake", at: "07:30")], applied: applied)
        let data = book.jsonData
        #expect(String(decoding: data, as: UTF8.self).contains(#""coveredUntil": "1800-01-01T09:18:59+09:18:59""#))
        #expect(try AlarmBook(jsonData: data) == book)
    }

    @Test("fractions of a second are dropped when state is recorded, so what is stored is what reads back")
    func wholeSeconds() throws {
        let instant = Date(timeIntervalSince1970: 1_796_110_740.75)   // 2026-12-01T07:39:00.75Z
        let snooze = Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: instant)
        #expect(snooze.instant == Date(timeIntervalSince1970: 1_796_110_740))
        #expect(AppliedFire(id: "wake@x", instant: instant).instant == snooze.instant)
        let applied = AppliedPlan(appliedAt: instant, deviceTimeZone: Zones.london, coveredUntil: instant, fires: [])
        #expect(applied.appliedAt == snooze.instant && applied.coveredUntil == snooze.instant)
    }
}
