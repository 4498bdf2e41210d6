import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Crash safety and concurrent processes", .tags(.endToEnd))
struct CrashSafetyTests {
    /// Waits (polling, bounded) until `path` exists; the wall clock only bounds the wait.
    static func waitForFile(_ path: String, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if access(path, F_OK) == 0 { return true }
            usleep(100)
        }
        return false
    }

    /// Where a save is stopped, and which book a later load must find.
    static let crashPoints: [(point: String, survivor: String)] = [
        ("after-write", "old"),   // the temporary file is written, not yet flushed
        ("before-rename", "old"),   // the temporary file is flushed; the rename is next
        ("after-rename", "new")   // the new book is in place; the folder is not yet flushed
    ]

    @Test(
        "a writer killed at each named point of a save leaves the book it must: the old one before the rename, the new one after",
        arguments: crashPoints)
    func killedAtNamedPoint(point: String, survivor: String) throws {
        let helper = try #require(StressHelper.path, StressHelper.notFound)
        let old = AlarmBook(rules: [rule("wake", at: "07:30")])
        var books = RandomBooks(seed: 0x5EED_0008)
        let new = AlarmBook(rules: (0..<50).map { books.rule(number: $0) })
        try withTemporaryFolder { folder throws in
            let source = folder.appending(path: "new-book.json").path
            try JSONFileStore(path: source).save(new)
            let target = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try target.save(old)
            let ready = folder.appending(path: "ready").path
            let child = try ChildProcess.spawn(helper, ["crash-at", point, target.path, source, ready])
            let reached = Self.waitForFile(ready)
            child.send(SIGKILL)
            #expect(child.wait() == .signaled(SIGKILL), "the writer ended before it was killed")
            try #require(reached, "the writer never reached '\(point)'")
            // Never torn: the bytes are exactly one book's, and it is the one this point must leave.
            let bytes = contents(of: target.path)
            #expect(bytes == [UInt8](old.jsonData) || bytes == [UInt8](new.jsonData), "the file is neither book")
            #expect(try JSONFileStore(url: target.url).load() == (survivor == "old" ? old : new))
            // Killed before the rename, the temporary file is left behind; the next save clears it.
            #expect(FileManager.default.fileExists(atPath: target.path + ".tmp") == (survivor == "old"))
            try JSONFileStore(url: target.url).save(old)
            #expect(try target.load() == old)
            #expect(!FileManager.default.fileExists(atPath: target.path + ".tmp"))
        }
    }

    @Test("a writer killed with SIGKILL at random moments, 40 times, leaves the old book or the new one, never a torn file")
    func killedWriter() throws {
        let helper = try #require(StressHelper.path, StressHelper.notFound)
        var random = SplitMix64(seed: 0x5EED_0006)
        var books = RandomBooks(seed: 0x5EED_0007)
        // Two books of different sizes, so a torn or half-written file could not pass for either.
        // Where each kill lands is left to chance and not asserted: the named points above
        // are hit deterministically.
        let small = AlarmBook(
            rules: [rule("wake", at: "07:30")],
            snoozes: [
                Snooze(
                    ruleID: "wake", fireID: "wake@2026-12-01T07:30:00",
                    instant: Date(timeIntervalSince1970: 1_796_110_740))
            ])
        let large = AlarmBook(rules: (0..<300).map { books.rule(number: $0) })
        try withTemporaryFolder { folder throws in
            let bookA = folder.appending(path: "a.json").path
            let bookB = folder.appending(path: "b.json").path
            try JSONFileStore(path: bookA).save(small)
            try JSONFileStore(path: bookB).save(large)
            let target = JSONFileStore(url: folder.appending(path: "alarms.json"))
            for round in 0..<40 {
                let ready = folder.appending(path: "ready-\(round)").path
                let child = try ChildProcess.spawn(helper, ["alternate", target.path, bookA, bookB, ready])
                let started = Self.waitForFile(ready)
                usleep(UInt32.random(in: 0...50_000, using: &random))
                child.send(SIGKILL)
                #expect(child.wait() == .signaled(SIGKILL), "round \(round): the writer ended before it was killed")
                try #require(started, "round \(round): the writer never became ready")
                let bytes = contents(of: target.path)
                #expect(bytes == [UInt8](small.jsonData) || bytes == [UInt8](large.jsonData), "round \(round): the file is neither book")
                let loaded = try JSONFileStore(url: target.url).load()
                #expect(loaded == small || loaded == large, "round \(round): the file is neither book")
            }
            // A leftover temporary file does not get in the way of the next save.
            try target.save(small)
            #expect(try target.load() == small)
        }
    }

    @Test("two processes each running 200 updates on one file lose none of them")
    func noLostUpdates() throws {
        let helper = try #require(StressHelper.path, StressHelper.notFound)
        try withTemporaryFolder { folder throws in
            let path = folder.appending(path: "alarms.json").path
            let children = try (0..<2).map { _ in try ChildProcess.spawn(helper, ["increment", path, "200"]) }
            for child in children { #expect(child.wait() == .exited(0)) }
            let book = try JSONFileStore(path: path).load()
            #expect(book.rules.map(\.id) == ["counter"])
            #expect(book.rules.first?.label == "400")
        }
    }
}
