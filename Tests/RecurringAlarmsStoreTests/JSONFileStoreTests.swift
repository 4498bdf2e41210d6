import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("JSON file store")
struct JSONFileStoreTests {
    static let book = AlarmBook(rules: [rule("wake", at: "07:30")])

    static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    @Test("a missing file loads as an empty book and creates nothing")
    func missingFile() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            #expect(try store.load() == AlarmBook())
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test("a file in a folder that does not exist loads as an empty book; saving names the missing folder")
    func missingFolder() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "nowhere/alarms.json"))
            #expect(try store.load() == AlarmBook())
            let error = storeError { try store.save(Self.book) }
            #expect(
                error
                    == .io(
                        path: store.path + ".lock", operation: "create the lock file", code: ENOENT,
                        reason: "its folder does not exist; create the folder first"))
        }
    }

    @Test("a save writes the book's JSON with mode 0600, whatever the old file's mode")
    func modeAndContent() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try writeFile(store.path, Self.book.jsonData, permissions: 0o644)
            try store.save(Self.book)
            #expect(contents(of: store.path) == [UInt8](Self.book.jsonData))
            #expect(try #require(Self.status(store.path)).st_mode & 0o777 == 0o600)
            #expect(try #require(Self.status(store.path + ".lock")).st_mode & 0o777 == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["alarms.json", "alarms.json.lock"])
        }
    }

    @Test("a leftover temporary file from a crash is ignored by load and replaced by the next save")
    func leftoverTemporaryFile() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try store.save(Self.book)
            try writeFile(store.path + ".tmp", Data("{\"version\": 1, \"ru".utf8))
            #expect(try store.load() == Self.book)
            var changed = Self.book
            changed.rules[0].label = "Wake up"
            try store.save(changed)
            #expect(try store.load() == changed)
            #expect(!FileManager.default.fileExists(atPath: store.path + ".tmp"))
        }
    }

    @Test("a book with problems is refused before anything is touched")
    func invalidBookRefused() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            let invalid = AlarmBook(rules: [rule("wake", at: "07:30"), rule("wake", at: "08:00")])
            let error = storeError { try store.save(invalid) }
            #expect(error.map(caseName) == "invalidBook")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test("an update that changes nothing, or whose body throws, writes nothing")
    func updateWritesOnlyChanges() throws {
        struct Cancelled: Error {}
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try store.save(Self.book)
            let before = try #require(Self.status(store.path))
            let count = try store.update { book in book.rules.count }
            #expect(count == 1)
            #expect(throws: Cancelled.self) {
                try store.update { book in
                    book.rules.removeAll()
                    throw Cancelled()
                }
            }
            let after = try #require(Self.status(store.path))
            #expect(after.st_ino == before.st_ino)
            #expect(try store.load() == Self.book)
        }
    }

    @Test("an update on a missing file starts from an empty book and creates the file")
    func updateCreates() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try store.update { book in book.rules.append(rule("wake", at: "07:30")) }
            #expect(try JSONFileStore(url: store.url).load() == Self.book)
        }
    }

    @Test("a save refuses a file that another writer replaced with garbage after this store read it", arguments: [true, false])
    func knownGoodIsNotFooled(replaceByRename: Bool) throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try store.save(Self.book)
            _ = try store.load()
            let garbage = Data("{\"version\": 1, \"rules\": [".utf8)
            if replaceByRename {
                try garbage.write(to: folder.appending(path: "other"))
                try FileManager.default.removeItem(atPath: store.path)
                try FileManager.default.moveItem(atPath: folder.appending(path: "other").path, toPath: store.path)
            } else {
                let handle = try #require(FileHandle(forWritingAtPath: store.path))
                try handle.truncate(atOffset: 0)
                try handle.write(contentsOf: garbage)
                try handle.close()
            }
            #expect(storeError { try store.save(Self.book) }.map(caseName) == "truncated")
            #expect(contents(of: store.path) == [UInt8](garbage))
        }
    }

    @Test("updates from many threads through separate store values are all applied")
    func threadsDoNotLoseUpdates() throws {
        try withTemporaryFolder { folder throws in
            let url = folder.appending(path: "alarms.json")
            try JSONFileStore(url: url).save(AlarmBook(rules: [rule("counter", at: "06:00")]))
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let store = JSONFileStore(url: url)
                for _ in 0..<25 {
                    try? store.update { book in book.rules[0].label = String((Int(book.rules[0].label ?? "") ?? 0) + 1) }
                }
            }
            #expect(try JSONFileStore(url: url).load().rules[0].label == "100")
        }
    }

    @Test("a URL that is not a file URL is an error on every call, not a trap")
    func notAFileURL() throws {
        let store = JSONFileStore(url: try #require(URL(string: "https://example.com/alarms.json")))
        let expected = AlarmStoreError.io(
            path: "https://example.com/alarms.json", operation: "open", code: EINVAL,
            reason: "not a file URL; give a file URL such as URL(fileURLWithPath:)")
        #expect(storeError { _ = try store.load() } == expected)
        #expect(storeError { try store.save(Self.book) } == expected)
    }

    @Test("a relative path resolves against the current folder")
    func relativePath() {
        let store = JSONFileStore(path: "alarms.json")
        #expect(store.path == FileManager.default.currentDirectoryPath + "/alarms.json")
    }
}
