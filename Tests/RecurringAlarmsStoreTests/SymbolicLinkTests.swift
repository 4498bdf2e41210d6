import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Symbolic links around the store")
struct SymbolicLinkTests {
    static let book = AlarmBook(rules: [rule("wake", at: "07:30")])
    static let changed = AlarmBook(rules: [rule("wake", at: "07:30"), rule("x", days: .monday, at: "07:00")])

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// `<folder>/data/t.json` holding `book`, and `<folder>/links/` for links to it.
    static func scene(_ folder: URL) throws -> (target: String, links: URL) {
        let data = folder.appending(path: "data")
        let links = folder.appending(path: "links")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        let target = data.appending(path: "t.json").path
        try JSONFileStore(path: target).save(book)
        return (target, links)
    }

    @Test(
        "a save through a link replaces the file it points to, in that file's folder, and the link stays a link",
        arguments: [false, true])
    func saveWritesThrough(relative: Bool) throws {
        try withTemporaryFolder { folder throws in
            let (target, links) = try Self.scene(folder)
            let link = links.appending(path: "l.json").path
            #expect(symlink(relative ? "../data/t.json" : target, link) == 0)
            let store = JSONFileStore(path: link)
            #expect(try store.load() == Self.book)
            try store.update { book in book = Self.changed }
            #expect(Self.isLink(link))
            #expect(try JSONFileStore(path: target).load() == Self.changed)
            // The lock and the temporary file live beside the target, never beside the link.
            #expect(try FileManager.default.contentsOfDirectory(atPath: links.path) == ["l.json"])
            #expect(Self.exists(target + ".lock") && !Self.exists(target + ".tmp"))
        }
    }

    @Test("a chain of links is followed to the book at its end")
    func chainOfLinks() throws {
        try withTemporaryFolder { folder throws in
            let (target, links) = try Self.scene(folder)
            let first = links.appending(path: "first.json").path
            let second = links.appending(path: "second.json").path
            #expect(symlink(target, second) == 0 && symlink("second.json", first) == 0)
            try JSONFileStore(path: first).save(Self.changed)
            #expect(Self.isLink(first) && Self.isLink(second))
            #expect(try JSONFileStore(path: target).load() == Self.changed)
        }
    }

    @Test("a dangling link is an empty book, and the first save creates the file it names, through the link")
    func danglingLink() throws {
        try withTemporaryFolder { folder throws in
            let link = folder.appending(path: "l.json").path
            let target = folder.appending(path: "new.json").path
            #expect(symlink("new.json", link) == 0)
            let store = JSONFileStore(path: link)
            #expect(try store.load() == AlarmBook())
            #expect(!Self.exists(target))
            try store.update { book in book = Self.book }
            #expect(Self.isLink(link))
            #expect(try JSONFileStore(path: target).load() == Self.book)
        }
    }

    @Test("two links to one book share one lock: while one holds it, the other waits")
    func linksShareTheLock() throws {
        try withTemporaryFolder { folder throws in
            let (target, links) = try Self.scene(folder)
            let first = links.appending(path: "a.json").path
            let second = links.appending(path: "b.json").path
            #expect(symlink(target, first) == 0 && symlink(target, second) == 0)
            let other = JSONFileStore(path: second, lockWait: LockWaitPolicy(timeout: 0))
            let error = try JSONFileStore(path: first).update { _ in storeError { try other.save(Self.changed) } }
            #expect(error == .lockTimeout(path: target + ".lock", seconds: 0))
            #expect(try JSONFileStore(path: target).load() == Self.book)
        }
    }

    @Test("a link loop is reported with its path, and nothing is created")
    func linkLoop() throws {
        try withTemporaryFolder { folder throws in
            let a = folder.appending(path: "a.json").path
            let b = folder.appending(path: "b.json").path
            #expect(symlink(b, a) == 0 && symlink(a, b) == 0)
            let error = storeError { try JSONFileStore(path: a).save(Self.book) }
            #expect(error.map(caseName) == "io")
            #expect(error?.path == a)
            #expect(error?.description.contains("a loop") == true)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.json", "b.json"])
        }
    }

    @Test("a lock file that is a symbolic link is refused, never followed: nothing is created where it points")
    func symlinkedLockFile() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "b.json"))
            let anywhere = folder.appending(path: "anywhere").path
            #expect(symlink(anywhere, store.path + ".lock") == 0)
            let error = storeError { try store.save(Self.book) }
            #expect(error.map(caseName) == "io")
            #expect(error?.path == store.path + ".lock")
            #expect(error?.description.contains("it is a symbolic link, which the store does not follow; remove it") == true)
            // Reading needs no lock and creates nothing either.
            #expect(try store.load() == AlarmBook())
            #expect(!Self.exists(anywhere) && !Self.exists(store.path))
        }
    }

    @Test("a stale temporary file that is a symbolic link is removed, and the file it points to is left alone")
    func symlinkedTemporaryFile() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "b.json"))
            try store.save(Self.book)
            let elsewhere = folder.appending(path: "elsewhere").path
            try writeFile(elsewhere, Data("keep".utf8))
            #expect(symlink(elsewhere, store.path + ".tmp") == 0)
            try JSONFileStore(url: store.url).save(Self.changed)
            #expect(try store.load() == Self.changed)
            #expect(contents(of: elsewhere) == Array("keep".utf8))
            #expect(!Self.exists(store.path + ".tmp"))
        }
    }

    @Test("a temporary name the store cannot remove (a folder) is named in the error, with what to do")
    func unremovableTemporary() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "b.json"))
            try store.save(Self.book)
            try FileManager.default.createDirectory(atPath: store.path + ".tmp", withIntermediateDirectories: false)
            let error = storeError { try store.save(Self.changed) }
            #expect(error?.path == store.path + ".tmp")
            #expect(error?.description.hasPrefix("cannot remove the stale temporary file '\(store.path).tmp'") == true)
            #expect(error?.description.contains("it is left from an interrupted save: remove it by hand") == true)
            #expect(try store.load() == Self.book)
        }
    }

    @Test("recovery through a link moves the file it points to aside, beside itself, and keeps the link")
    func recoveryThroughALink() throws {
        try withTemporaryFolder { folder throws in
            let (target, links) = try Self.scene(folder)
            try writeFile(target, Data("{\"version\": 1, \"rules\": [".utf8))
            let link = links.appending(path: "l.json").path
            #expect(symlink(target, link) == 0)
            let store = JSONFileStore(path: link)
            let now = Date(timeIntervalSince1970: 1_796_110_200)   // 2026-12-01T07:30:00Z
            let moved = try #require(try store.recoverUnreadableBook(now: now))
            #expect(moved.path == target + ".corrupt-20261201T073000Z")
            #expect(Self.isLink(link) && !Self.exists(target))
            try store.save(Self.book)
            #expect(try JSONFileStore(path: target).load() == Self.book)
        }
    }
}
