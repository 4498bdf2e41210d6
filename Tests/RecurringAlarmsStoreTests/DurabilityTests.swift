import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The durability promise checked through the store's system-call seam: the calls themselves,
/// in order, and what a crash or power loss between any two of them would leave on disk.
@Suite("Durability through the system-call seam")
struct DurabilityTests {
    static let old = AlarmBook(rules: [rule("wake", at: "07:30")])
    static let new = AlarmBook(rules: [rule("wake", at: "07:30"), rule("gym", days: .weekends, at: "09:00")])

    #if canImport(Darwin)
        /// Apple systems flush with `F_FULLFSYNC`: `fsync` there only reaches the drive's cache.
        static let fullSync = true
    #else
        static let fullSync = false
    #endif

    /// The paths a save of `<folder>/alarms.json` touches.
    struct Scene {
        let folder: String, book: String, lock: String, temporary: String

        init(folder: String, book: String) {
            self.folder = folder
            self.book = book
            lock = book + ".lock"
            temporary = book + ".tmp"
        }

        /// A folder with the old book saved in it.
        init(_ folder: URL) throws {
            self.init(folder: folder.path, book: folder.appending(path: "alarms.json").path)
            try JSONFileStore(path: book).save(DurabilityTests.old)
        }
    }

    @Test("a save makes exactly these calls: lock, read, create the temporary O_EXCL|O_NOFOLLOW, write, flush, rename, flush the folder")
    func saveSequence() throws {
        try withTemporaryFolder { folder throws in
            let scene = try Scene(folder)
            let log = SystemCallLog()
            try log.store(URL(fileURLWithPath: scene.book)).save(Self.new)
            let expected: [SystemCallEvent] = [
                .open(path: scene.lock, flags: O_RDWR | O_CREAT | O_NOFOLLOW),
                .lock(path: scene.lock, exclusive: true),
                .open(path: scene.book, flags: O_RDONLY | O_NONBLOCK),   // a new store checks the old file before replacing it
                .open(path: scene.temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW),
                .setMode(path: scene.temporary, mode: 0o600),
                .write(path: scene.temporary, count: Self.new.jsonData.count),
                .sync(path: scene.temporary, full: Self.fullSync),
                .rename(from: scene.temporary, to: scene.book),
                .open(path: scene.folder, flags: O_RDONLY | O_DIRECTORY),
                .sync(path: scene.folder, full: Self.fullSync)
            ]
            #expect(log.events == expected, "\n\(log.events.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test("an update that changes the book reads once and writes with the same sequence, all under one lock")
    func updateSequence() throws {
        try withTemporaryFolder { folder throws in
            let scene = try Scene(folder)
            let log = SystemCallLog()
            try log.store(URL(fileURLWithPath: scene.book)).update { book in book = Self.new }
            let sync = Self.fullSync ? "F_FULLFSYNC" : "fsync"
            #expect(
                log.events.map(\.description) == [
                    "open \(scene.lock) O_RDWR|O_CREAT|O_NOFOLLOW", "lock \(scene.lock) exclusive",
                    "open \(scene.book) O_RDONLY|O_NONBLOCK",
                    "open \(scene.temporary) O_WRONLY|O_CREAT|O_EXCL|O_NOFOLLOW", "chmod \(scene.temporary) 600",
                    "write \(scene.temporary) \(Self.new.jsonData.count) bytes", "\(sync) \(scene.temporary)",
                    "rename \(scene.temporary) -> \(scene.book)", "open \(scene.folder) O_RDONLY|O_DIRECTORY", "\(sync) \(scene.folder)"
                ])
        }
    }

    /// What a power loss right before `events[cut]` (or after the last one) leaves as the book,
    /// in a model where a file's data is durable only once the file is flushed and a rename
    /// only once its folder is flushed (what POSIX promises; ext4 and APFS can lose either).
    enum Survivor: Equatable { case old, new, torn }

    static func survivor(of events: [SystemCallEvent], cut: Int, scene: Scene) -> Survivor {
        var temporaryDurable = false
        var renamed = false
        var temporaryDurableAtRename = false
        var renameDurable = false
        var bookWrittenInPlace = false
        for event in events.prefix(cut) {
            switch event {
            case .open(let path, let flags) where path == scene.book && flags & O_ACCMODE != O_RDONLY: bookWrittenInPlace = true
            case .write(let path, _) where path == scene.book: bookWrittenInPlace = true
            case .write(let path, _) where path == scene.temporary: temporaryDurable = false
            case .sync(let path, _) where path == scene.temporary: temporaryDurable = true
            case .rename(let from, let to) where from == scene.temporary && to == scene.book:
                renamed = true
                temporaryDurableAtRename = temporaryDurable
            case .sync(let path, _) where path == scene.folder && renamed: renameDurable = true
            default: break
            }
        }
        if bookWrittenInPlace { return .torn }
        guard renameDurable else { return .old }
        return temporaryDurableAtRename ? .new : .torn
    }

    @Test("a power loss before any call of a save leaves the old book or the new one, and once save returns, the new one")
    func powerLossAnywhere() throws {
        try withTemporaryFolder { folder throws in
            let scene = try Scene(folder)
            let log = SystemCallLog()
            try log.store(URL(fileURLWithPath: scene.book)).save(Self.new)
            let events = log.events
            for cut in 0..<events.count {
                #expect(
                    Self.survivor(of: events, cut: cut, scene: scene) != .torn,
                    "a power loss before '\(events[cut])' tears the book")
            }
            // The save has returned: from now on the new book must survive a power loss.
            #expect(Self.survivor(of: events, cut: events.count, scene: scene) == .new)
        }
    }

    @Test("the power-loss model tells a missing file flush, a missing folder flush and an overwrite in place from the real sequence")
    func modelCatchesTheMutants() {
        let scene = Scene(folder: "/d", book: "/d/a.json")
        let good: [SystemCallEvent] = [
            .write(path: scene.temporary, count: 9), .sync(path: scene.temporary, full: false),
            .rename(from: scene.temporary, to: scene.book), .sync(path: scene.folder, full: false)
        ]
        #expect(Self.survivor(of: good, cut: 4, scene: scene) == .new)
        let noFileFlush = good.filter { $0 != .sync(path: scene.temporary, full: false) }
        #expect(Self.survivor(of: noFileFlush, cut: noFileFlush.count, scene: scene) == .torn)
        #expect(Self.survivor(of: Array(good.dropLast()), cut: 3, scene: scene) == .old)
        #expect(
            Self.survivor(
                of: [.open(path: scene.book, flags: O_WRONLY | O_TRUNC), .write(path: scene.book, count: 9)],
                cut: 1, scene: scene) == .torn)
    }

    @Test("before every call of a save, the book on disk is byte for byte the old book or the new one, never a torn file")
    func neverTornOnDisk() throws {
        try withTemporaryFolder { folder throws in
            let scene = try Scene(folder)
            let oldBytes = contents(of: scene.book)
            let newBytes = [UInt8](Self.new.jsonData)
            let snapshots = Locked<[[UInt8]?]>([])
            let log = SystemCallLog { _ in snapshots.withLock { $0.append(contents(of: scene.book)) } }
            try log.store(URL(fileURLWithPath: scene.book)).save(Self.new)
            snapshots.withLock { $0.append(contents(of: scene.book)) }
            let all = snapshots.withLock { $0 }
            #expect(all.count == log.events.count + 1)
            for (index, bytes) in all.enumerated() {
                #expect(
                    bytes == oldBytes || bytes == newBytes, "before call \(index) the book is \(bytes?.count ?? -1) bytes, neither book")
            }
            #expect(all.first == oldBytes && all.last == newBytes)
        }
    }

    @Test("a leftover temporary file, even a symbolic link, is removed (never followed) and the temporary created afresh")
    func staleTemporarySequence() throws {
        try withTemporaryFolder { folder throws in
            let scene = try Scene(folder)
            let elsewhere = folder.appending(path: "elsewhere").path
            try writeFile(elsewhere, Data("keep".utf8))
            #expect(symlink(elsewhere, scene.temporary) == 0)
            let log = SystemCallLog()
            try log.store(URL(fileURLWithPath: scene.book)).save(Self.new)
            let create = SystemCallEvent.open(path: scene.temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
            let writing = log.events.drop { $0 != create }
            #expect(Array(writing.prefix(3)) == [create, .remove(path: scene.temporary), create])
            #expect(contents(of: elsewhere) == Array("keep".utf8))
            #expect(try JSONFileStore(path: scene.book).load() == Self.new)
        }
    }
}
