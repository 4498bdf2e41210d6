import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

@Suite("UserDefaults store")
struct UserDefaultsStoreTests {
    static let book = AlarmBook(rules: [rule("wake", at: "07:30")])
    static let now = Date(timeIntervalSince1970: 1_796_110_200)   // 2026-12-01T07:30:00Z

    @Test("nothing stored loads as an empty book; a save stores the book file's bytes")
    func savesTheFileBytes() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            #expect(try store.load() == AlarmBook())
            try store.save(Self.book)
            #expect(testDefaults(suite).data(forKey: UserDefaultsStore.defaultKey) == Self.book.jsonData)
            #expect(try UserDefaultsStore(suiteName: suite)?.load() == Self.book)
        }
    }

    @Test("a save and an update are in the suite's file when they return")
    func writesReachTheFile() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            try store.save(Self.book)
            #expect(try storedInFile(suite) == Self.book.jsonData)
            try store.update { book in book.rules[0].label = "Wake up" }
            var changed = Self.book
            changed.rules[0].label = "Wake up"
            #expect(try storedInFile(suite) == changed.jsonData)
        }
    }

    /// swift-corelibs-foundation's `synchronize()` writes every changed suite of the process
    /// and reports failure when any one fails.
    @Test("a save succeeds when another suite of the process cannot be written")
    func anotherSuiteFails() throws {
        try withDefaultsSuite { suite throws in
            try withDefaultsSuite { blocked throws in
                let store = try #require(UserDefaultsStore(suiteName: suite))
                try FileManager.default.createDirectory(atPath: testSuiteFile(blocked), withIntermediateDirectories: false)
                defer {
                    // Let the blocked suite's change be written (as no file), so it fails no later test's save.
                    try? FileManager.default.removeItem(atPath: testSuiteFile(blocked))
                    testDefaults(blocked).removeObject(forKey: "pending")
                    _ = testDefaults(blocked).synchronize()
                }
                testDefaults(blocked).set(1, forKey: "pending")
                #expect(testDefaults(blocked).synchronize() == false)

                try store.save(Self.book)
                #expect(try storedInFile(suite) == Self.book.jsonData)
                #expect(try store.load() == Self.book)
            }
        }
    }

    @Test("the example in Docs/Store.md plans Wednesday's 07:30 after Tuesday's has passed")
    func guideExample() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            let now = Date(timeIntervalSince1970: 1_796_110_320)   // 2026-12-01T07:32:00Z, a Tuesday
            try store.update { book in
                book.rules.append(AlarmRule(id: "wake", repeats: .weekly(days: .weekdays), times: [TimeOfDay(hour: 7, minute: 30)!]))
            }
            let plan = try store.load().plan(now: now, options: PlanOptions(deviceTimeZone: Zones.london))
            #expect(plan.fires.first?.id == "wake@2026-12-02T07:30:00")
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

    /// The one promise the store makes about concurrency: within one process, no update is lost.
    @Test("two store values updating one suite from many threads of one process lose nothing")
    func threads() throws {
        try withDefaultsSuite { suite throws in
            let stores = [try #require(UserDefaultsStore(suiteName: suite)), try #require(UserDefaultsStore(suiteName: suite))]
            try stores[0].save(AlarmBook(rules: [rule("counter", at: "06:00")]))
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for _ in 0..<50 {
                    try? stores[thread % 2].update { book in book.rules[0].label = String((Int(book.rules[0].label ?? "") ?? 0) + 1) }
                }
            }
            #expect(try stores[1].load().rules[0].label == "200")
            let onDisk = try #require(try storedInFile(suite))
            #expect(try AlarmBook(jsonData: onDisk).rules[0].label == "200")
        }
    }

    @Test("unreadable stored data is reported, never overwritten, and can be moved aside")
    func unreadableData() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            let defaults = testDefaults(suite)
            let garbage = Data(#"{"version": 1, "rules": [}"#.utf8)
            defaults.set(garbage, forKey: UserDefaultsStore.defaultKey)
            let expected = AlarmStoreError.malformedJSON(
                path: "userdefaults:\(suite)/RecurringAlarms.book", line: 1, column: 26,
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
            #expect(try storedInFile(suite, key: "RecurringAlarms.book.corrupt-20261201T073000Z") == garbage)
        }
    }

    /// What a person may have stored under the key by mistake, and how the error names it.
    static let wrongValues: [(value: any Sendable, kind: String)] = [
        (42, "a number"), (4.5, "a number"), (true, "a boolean"), ("wake", "a string"),
        (Date(timeIntervalSince1970: 0), "a date"), ([1, 2] as [Int], "an array"), (["rules": 1] as [String: Int], "a dictionary")
    ]

    @Test("a value that is not data is reported as invalid, naming its kind as people write it", arguments: wrongValues)
    func wrongType(value: any Sendable, kind: String) throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            testDefaults(suite).set(value, forKey: UserDefaultsStore.defaultKey)
            let problem = ValidationProblem(
                ruleID: nil, ruleNumber: nil, field: "(stored value)", value: kind,
                message: "is not data; expected the bytes of a book file, as save(_:) stores them")
            #expect(storeError { _ = try store.load() } == .invalid(path: store.path, problems: [problem]))
            #expect(
                problem.description == "(stored value): \(kind) is not data; expected the bytes of a book file, as save(_:) stores them")
        }
    }

    @Test("a book with problems is refused and nothing is stored")
    func invalidBook() throws {
        try withDefaultsSuite { suite throws in
            let store = try #require(UserDefaultsStore(suiteName: suite))
            let error = storeError { try store.save(AlarmBook(rules: [rule("bad id!", at: "07:30")])) }
            #expect(error.map(caseName) == "invalidBook")
            #expect(testDefaults(suite).object(forKey: UserDefaultsStore.defaultKey) == nil)
            #expect(!FileManager.default.fileExists(atPath: testSuiteFile(suite)))
        }
    }

    @Test(
        "suite names that would leave the preferences folder or name a shared domain are refused",
        arguments: ["", "/", "../escape", "a/b", "/tmp/alarms", "..", "a..b", "nul\0byte", "NSGlobalDomain"])
    func refusedSuiteNames(name: String) {
        #expect(UserDefaultsStore(suiteName: name) == nil)
    }

    @Test(
        "reverse-DNS, app-group and other plain suite names are accepted",
        arguments: ["com.example.alarms", "group.com.example.alarms", "alarms", ".alarms", "my alarms", "アラーム"])
    func acceptedSuiteNames(name: String) {
        #expect(UserDefaultsStore(suiteName: name)?.suiteName == name)
    }

    /// The value under `key` in the suite's property-list file, read from disk, not through `UserDefaults`.
    private func storedInFile(_ suite: String, key: String = UserDefaultsStore.defaultKey) throws -> Data? {
        let file = try #require(FileManager.default.contents(atPath: testSuiteFile(suite)), "no file at \(testSuiteFile(suite))")
        let suiteValues = try #require(try PropertyListSerialization.propertyList(from: file, format: nil) as? [String: Any])
        return suiteValues[key] as? Data
    }
}
