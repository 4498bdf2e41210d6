import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A held lock: the store waits a bounded time, says so once, and gives up with a clear error.
/// The lock is held through a separate open file, which `flock` treats like another process;
/// the stress helper holds it from a real child process too.
@Suite("Waiting for a lock another process holds")
struct LockWaitTests {
    static let book = AlarmBook(rules: [rule("wake", at: "07:30")])

    @Test(
        "every call gives up with lockTimeout naming the lock file when a writer holds it, and changes nothing",
        arguments: ["load", "plan", "save", "update", "recover"])
    func givesUp(operation: String) throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appending(path: "b.json").path
            try JSONFileStore(path: path).save(Self.book)
            let holder = try holdLock(path + ".lock")
            defer { close(holder) }
            let notices = Notices()
            let store = JSONFileStore(path: path, lockWait: LockWaitPolicy(timeout: 0.2, noticeAfter: 0) { notices.record($0) })
            let error = storeError {
                switch operation {
                case "load": _ = try store.load()
                case "plan": _ = try store.plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.berlin))
                case "save": try store.save(AlarmBook())
                case "update": try store.update { book in book = AlarmBook() }
                default: _ = try store.recoverUnreadableBook(now: december1)
                }
            }
            #expect(error == .lockTimeout(path: path + ".lock", seconds: 0.2))
            #expect(notices.recorded == [path + ".lock"])
            #expect(contents(of: path) == [UInt8](Self.book.jsonData))
        }
    }

    @Test("the timeout message says what happened, for how long, and what to do")
    func message() {
        let error = AlarmStoreError.lockTimeout(path: "/data/b.json.lock", seconds: 10)
        #expect(
            error.description == "gave up after 10 s waiting for another process holding the lock on '/data/b.json.lock'; "
                + "nothing was read or written. Let that process finish (it may be stuck), or wait longer (LockWaitPolicy.timeout)")
        #expect(error.path == "/data/b.json.lock" && !error.isUnreadableBook)
        #expect(AlarmStoreError.lockTimeout(path: "p", seconds: 0.25).description.hasPrefix("gave up after 0.25 s waiting"))
    }

    @Test("a call that is waiting takes the lock as soon as the holder lets go, after telling onWait once")
    func holderLetsGo() throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appending(path: "b.json").path
            let holder = try holdLock(path + ".lock")
            // The holder lets go from inside the notice, so the wait ends without any timing.
            let notices = Notices { close(holder) }
            let store = JSONFileStore(path: path, lockWait: LockWaitPolicy(timeout: 60, noticeAfter: 0) { notices.record($0) })
            try store.save(Self.book)
            #expect(notices.recorded == [path + ".lock"])
            #expect(try store.load() == Self.book)
        }
    }

    @Test("readers share the lock: a held shared lock neither delays load nor calls onWait")
    func readersShare() throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appending(path: "b.json").path
            try JSONFileStore(path: path).save(Self.book)
            let reader = try holdLock(path + ".lock", exclusive: false)
            defer { close(reader) }
            let notices = Notices()
            let store = JSONFileStore(path: path, lockWait: LockWaitPolicy(timeout: 0, noticeAfter: 0) { notices.record($0) })
            #expect(try store.load() == Self.book)
            #expect(notices.recorded.isEmpty)
            // A writer, though, must wait for the reader.
            #expect(storeError { try store.save(AlarmBook()) } == .lockTimeout(path: path + ".lock", seconds: 0))
        }
    }

    @Test("a timeout of 0 (or below, or NaN) tries once; a free lock is taken at once", arguments: [0, -5, Double.nan])
    func zeroTimeout(timeout: Double) throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appending(path: "b.json").path
            let store = JSONFileStore(path: path, lockWait: LockWaitPolicy(timeout: timeout))
            try store.save(Self.book)
            #expect(try store.load() == Self.book)
            let holder = try holdLock(path + ".lock")
            defer { close(holder) }
            #expect(storeError { try store.save(AlarmBook()) }.map(caseName) == "lockTimeout")
        }
    }

    @Test("the default waits 10 seconds and tells no one")
    func defaults() {
        let policy = JSONFileStore(path: "/nowhere/b.json").lockWait
        #expect(policy.timeout == 10 && LockWaitPolicy.defaultTimeout == 10)
        #expect(policy.noticeAfter == 1 && policy.onWait == nil)
    }

    @Test("a lock held by another process is waited for and reported the same way", .tags(.endToEnd))
    func childProcessHolds() throws {
        let helper = try #require(StressHelper.path, StressHelper.notFound)
        try withTemporaryFolder { folder throws in
            let path = folder.appending(path: "b.json").path
            try JSONFileStore(path: path).save(Self.book)
            let ready = folder.appending(path: "ready").path
            let child = try ChildProcess.spawn(helper, ["hold", path, ready])
            guard CrashSafetyTests.waitForFile(ready) else {
                child.send(SIGKILL)
                _ = child.wait()
                Issue.record("the helper never took the lock")
                return
            }
            let notices = Notices()
            let store = JSONFileStore(path: path, lockWait: LockWaitPolicy(timeout: 0.1, noticeAfter: 0) { notices.record($0) })
            #expect(storeError { try store.update { book in book = AlarmBook() } } == .lockTimeout(path: path + ".lock", seconds: 0.1))
            #expect(notices.recorded == [path + ".lock"])
            child.send(SIGKILL)
            // A process that dies releases its lock with it.
            #expect(child.wait() == .signaled(SIGKILL))
            try store.update { book in book = AlarmBook() }
            #expect(try store.load() == AlarmBook())
        }
    }

    @Test("update holds the lock from its read to its write: inside the body no one else can lock, after it anyone can")
    func updateHoldsTheLock() throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appending(path: "b.json").path
            try JSONFileStore(path: path).save(Self.book)
            let other = JSONFileStore(path: path, lockWait: LockWaitPolicy(timeout: 0))
            let inside = try JSONFileStore(path: path).update { book -> (save: AlarmStoreError?, load: AlarmStoreError?, flock: Bool) in
                book.rules[0].label = "mine"
                let probe = open(path + ".lock", O_RDONLY)
                defer { close(probe) }
                return (
                    storeError { try other.save(AlarmBook()) }, storeError { _ = try other.load() },
                    flock(probe, LOCK_SH | LOCK_NB) == 0
                )
            }
            #expect(inside.save == .lockTimeout(path: path + ".lock", seconds: 0))
            #expect(inside.load == .lockTimeout(path: path + ".lock", seconds: 0))
            #expect(!inside.flock)
            #expect(try other.load().rules[0].label == "mine")
            try other.save(Self.book)
        }
    }
}
