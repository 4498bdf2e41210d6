import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

@Suite("Recovering from an unreadable file")
struct RecoveryTests {
    static let now = Date(timeIntervalSince1970: 1_796_110_200)   // 2026-12-01T07:30:00Z
    static let garbage = Array(#"{"version": 1, "rules": [{"id": "wa"#.utf8)

    @Test("recovery moves the file aside under a timestamped name and the store starts empty")
    func movesAside() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try writeFile(store.path, Data(Self.garbage))
            let moved = try #require(try store.recoverUnreadableBook(now: Self.now))
            #expect(moved.path == store.path + ".corrupt-20261201T073000Z")
            #expect(contents(of: moved.path) == Self.garbage)
            #expect(!FileManager.default.fileExists(atPath: store.path))
            #expect(try store.load() == AlarmBook())
            let book = AlarmBook(rules: [rule("wake", at: "07:30")])
            try store.save(book)
            #expect(try store.load() == book)
        }
    }

    @Test("a second recovery in the same second does not overwrite the first")
    func freeName() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try writeFile(store.path, Data(Self.garbage))
            let first = try store.recoverUnreadableBook(now: Self.now)
            try writeFile(store.path, Data())
            let second = try store.recoverUnreadableBook(now: Self.now)
            #expect(second?.path == store.path + ".corrupt-20261201T073000Z-2")
            #expect(first.map { contents(of: $0.path) } == Self.garbage)
            #expect(second.map { contents(of: $0.path) } == [])
        }
    }

    @Test("a file from a newer release can be moved aside too")
    func newerVersion() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try writeFile(store.path, Data(#"{"version": 2}"#.utf8))
            #expect(try store.recoverUnreadableBook(now: Self.now) != nil)
            #expect(try store.load() == AlarmBook())
        }
    }

    @Test("a readable or missing file is left alone")
    func nothingToRecover() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            #expect(try store.recoverUnreadableBook(now: Self.now) == nil)
            let book = AlarmBook(rules: [rule("wake", at: "07:30")])
            try store.save(book)
            #expect(try store.recoverUnreadableBook(now: Self.now) == nil)
            #expect(try store.load() == book)
        }
    }

    @Test("a folder in place of the file is an I/O problem, not something recovery moves")
    func systemErrorsAreNotRecovered() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: false)
            #expect(storeError { _ = try store.recoverUnreadableBook(now: Self.now) }.map(caseName) == "io")
            #expect(FileManager.default.fileExists(atPath: store.path))
        }
    }
}
