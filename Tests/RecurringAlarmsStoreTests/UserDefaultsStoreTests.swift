import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

@Suite("UserDefaults store")
struct UserDefaultsStoreTests {
    static let book = AlarmBook(rules: [rule("wake", at: "07:30")])
    static let now = Date(timeIntervalSince1970: 1_796_110_200)  // 2026-12-01T07:30:00Z

    @Test("nothing stored loads as an empty book; a save stores the book file's bytes")
    func savesTheFileBytes() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            #expect(try store.load() == AlarmBook())
            try store.save(Self.book)
            #expect(UserDefaults(suiteName: suite)?.data(forKey: UserDefaultsStore.defaultKey) == Self.book.jsonData)
            #expect(try UserDefaultsStore(suiteName: suite)?.load() == Self.book)
        }
    }

    @Test("updates apply in order and return the body's result")
    func update() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite, key: "book"))
            try store.save(Self.book)
            let skipped = try store.update { book in
                try book.skipNext(ruleID: "wake", now: december1, deviceTimeZone: Zones.tokyo)
            }
            #expect(skipped.id == "wake@2026-12-02T07:30:00")
            #expect(try store.load().skippedOccurrences.map(\.date.description) == ["2026-12-02"])
        }
    }

    @Test("updates from many threads are all applied")
    func threads() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            try store.save(AlarmBook(rules: [rule("counter", at: "06:00")]))
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<50 {
                    try? store.update { book in book.rules[0].label = String((Int(book.rules[0].label ?? "") ?? 0) + 1) }
                }
            }
            #expect(try store.load().rules[0].label == "200")
        }
    }

    @Test("unreadable stored data is reported, never overwritten, and can be moved aside")
    func unreadableData() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            let defaults = try #require(UserDefaults(suiteName: suite))
            let garbage = Data(#"{"version": 1, "rules": [}"#.utf8)
            defaults.set(garbage, forKey: UserDefaultsStore.defaultKey)
            let expected = AlarmStoreError.malformedJSON(path: "userdefaults:\(suite)/RecurringAlarms.book", line: 1, column: 26,
                                                         message: "expected a value, found '}'")
            #expect(storeError { _ = try store.load() } == expected)
            #expect(storeError { try store.save(Self.book) } == expected)
            #expect(storeError { try store.update { book in book = Self.book } } == expected)
            #expect(defaults.data(forKey: UserDefaultsStore.defaultKey) == garbage)

            let aside = try store.recoverUnreadableBook(now: Self.now)
            #expect(aside == "RecurringAlarms.book.corrupt-20261201T073000Z")
            #expect(defaults.data(forKey: try #require(aside)) == garbage)
            #expect(try store.load() == AlarmBook())
            #expect(try store.recoverUnreadableBook(now: Self.now) == nil)
        }
    }

    @Test("a value that is not data is reported as invalid")
    func wrongType() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            UserDefaults(suiteName: suite)?.set(42, forKey: UserDefaultsStore.defaultKey)
            #expect(storeError { _ = try store.load() }.map(caseName) == "invalid")
        }
    }

    @Test("a book with problems is refused and nothing is stored")
    func invalidBook() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            let error = storeError { try store.save(AlarmBook(rules: [rule("bad id!", at: "07:30")])) }
            #expect(error.map(caseName) == "invalidBook")
            #expect(UserDefaults(suiteName: suite)?.object(forKey: UserDefaultsStore.defaultKey) == nil)
        }
    }
}
