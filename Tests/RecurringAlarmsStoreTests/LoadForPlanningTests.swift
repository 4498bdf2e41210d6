import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import RecurringAlarmsTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `JSONFileStore.plan(now:options:)` and `loadForPlanning()`: the stored book compiled
/// straight from the file's bytes plans what the loaded book plans, and every file that cannot
/// be loaded fails in exactly the way `load()` fails.
@Suite("Loading the stored book for planning")
struct LoadForPlanningTests {
    @Test("books with state, written by the store, plan from their bytes what the loaded book plans")
    func plansWhatTheLoadedBookPlans() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            withSeeds(0..<60) { generator in
                let (book, made) = StatefulBooks.draw(using: &generator)
                try store.save(book)
                guard case .compiled(let compiled) = try store.loadForPlanning() else {
                    Issue.record("the book the store wrote was not compiled from its bytes")
                    return
                }
                // It kept the file's bytes: the labels of its enabled rules decode from them.
                let labels = Dictionary(
                    uniqueKeysWithValues: book.rules.filter(\.isEnabled).compactMap { rule in rule.label.map { (rule.id, $0) } })
                #expect(compiled.labels(ofRules: book.rules.map(\.id)) == labels)
                #expect(compiled.ruleCount == book.rules.count)
                let loaded = try store.load()
                #expect(loaded == book)
                for planning in StatefulBooks.plannings(after: made) {
                    for options in StatefulBooks.options(in: planning.zone) {
                        let fromBytes = try store.plan(now: planning.now, options: options)
                        let fromBook = try loaded.plan(now: planning.now, options: options)
                        #expect(fromBytes == fromBook)
                        #expect(fromBytes.fires.map(\.id) == fromBook.fires.map(\.id))
                        #expect(fromBytes.fires.map(\.utcOffsetSeconds) == fromBook.fires.map(\.utcOffsetSeconds))
                        #expect(fromBytes.coveredUntil == fromBook.coveredUntil)
                    }
                }
            }
        }
    }

    @Test("a missing file plans an empty book")
    func missingFile() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            guard case .book(let book) = try store.loadForPlanning() else {
                Issue.record("a missing file was compiled")
                return
            }
            #expect(book == AlarmBook())
            #expect(try store.plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.berlin)).fires.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: store.path))
        }
    }

    @Test("a valid file the compiler leaves to the full reader is read in full")
    func fullReaderFallback() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            // An escaped key is valid JSON that the direct reader leaves to the full reader.
            let text = #"{"version": 1, "rules": [{"\u0069d": "wake", "days": ["mon"], "times": ["07:30"]}]}"#
            try writeFile(store.path, Data(text.utf8))
            guard case .book(let book) = try store.loadForPlanning() else {
                Issue.record("a file with an escaped key was compiled")
                return
            }
            #expect(book == (try store.load()))
            // Mon 2026-12-07 07:30 in Berlin (UTC+1) is 06:30Z.
            let plan = try store.plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.berlin))
            #expect(plan.fires.map { epoch($0.instant) } == [1_796_625_000])
        }
    }

    /// Files that cannot be loaded: those of ``UnreadableContent``, and a book whose state has
    /// a problem (which the compiler leaves to the full reader to report).
    static let unreadable: [UnreadableContent] =
        UnreadableContent.all + [
            UnreadableContent(
                name: "a snooze of an invalid rule id",
                bytes: Array(
                    #"{"version": 1, "rules": [], "snoozes": [{"rule": "no such!", "fire": "x", "at": "2026-12-01T07:39:00Z"}]}"#.utf8),
                expected: "invalid")
        ]

    @Test("every unreadable file gives the error load gives", arguments: unreadable)
    func sameErrors(content: UnreadableContent) throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try writeFile(store.path, Data(content.bytes))
            let expected = try #require(storeError { _ = try store.load() })
            #expect(caseName(expected) == content.expected)
            #expect(storeError { _ = try store.loadForPlanning() } == expected)
            #expect(storeError { _ = try store.plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.berlin)) } == expected)
            #expect(contents(of: store.path) == content.bytes)
        }
    }

    @Test("a folder, a FIFO or a file under a plain file in place of the book gives the error load gives")
    func sameSystemErrors() throws {
        try withTemporaryFolder { folder throws in
            let directory = JSONFileStore(url: folder.appending(path: "folder.json"))
            try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: false)
            let fifo = JSONFileStore(url: folder.appending(path: "fifo.json"))
            #expect(mkfifo(fifo.path, 0o600) == 0)
            try writeFile(folder.appending(path: "plain").path, Data("keep me".utf8))
            let underFile = JSONFileStore(url: folder.appending(path: "plain").appending(path: "alarms.json"))
            for store in [directory, fifo, underFile] {
                let expected = try #require(storeError { _ = try store.load() })
                #expect(caseName(expected) == "io")
                #expect(storeError { _ = try store.loadForPlanning() } == expected)
                #expect(storeError { _ = try store.plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.berlin)) } == expected)
            }
        }
    }

    @Test("loading for planning makes the system calls load makes: the same shared lock, and a save after it reads nothing again")
    func sameSystemCalls() throws {
        try withTemporaryFolder { folder throws in
            let url = folder.appending(path: "alarms.json")
            let book = AlarmBook(
                rules: [rule("wake", at: "07:30")], skippedOccurrences: [SkippedOccurrence(ruleID: "wake", date: day("2026-12-02"))])
            try JSONFileStore(url: url).save(book)
            let loading = SystemCallLog()
            let store = loading.store(url)
            _ = try store.load()
            try store.save(book)
            let planning = SystemCallLog()
            let planningStore = planning.store(url)
            guard case .compiled = try planningStore.loadForPlanning() else {
                Issue.record("the book was not compiled from its bytes")
                return
            }
            try planningStore.save(book)
            #expect(planning.events == loading.events)
            #expect(loading.events.contains(.lock(path: store.path + ".lock", exclusive: false)))
        }
    }
}
