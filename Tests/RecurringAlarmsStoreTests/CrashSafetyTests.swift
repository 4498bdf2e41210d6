import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Crash safety and concurrent processes")
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

    @Test("a writer killed with SIGKILL at random moments, 40 times, leaves the old book or the new one, never a torn file")
    func killedWriter() throws {
        let helper = try #require(StressHelper.path, StressHelper.notFound)
        var random = SplitMix64(seed: 0x5EED_0006)
        var books = RandomBooks(seed: 0x5EED_0007)
        // Two books of different sizes, so a torn or half-written file could not pass for either.
        // Saving the larger one spends most of its time writing and flushing the temporary
        // file, so many kills land in the middle of a write.
        let small = AlarmBook(rules: [rule("wake", at: "07:30")], snoozes: [Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00",
                                                                                  instant: Date(timeIntervalSince1970: 1_796_110_740))])
        let large = AlarmBook(rules: (0..<300).map { books.rule(number: $0) })
        try withTemporaryFolder { folder throws in
            let bookA = folder.appending(path: "a.json").path, bookB = folder.appending(path: "b.json").path
            try JSONFileStore(path: bookA).save(small)
            try JSONFileStore(path: bookB).save(large)
            let target = JSONFileStore(url: folder.appending(path: "alarms.json"))
            var seen: Set<Int> = []
            var killedMidWrite = 0
            for round in 0..<40 {
                let ready = folder.appending(path: "ready-\(round)").path
                let child = try ChildProcess.spawn(helper, ["alternate", target.path, bookA, bookB, ready])
                let started = Self.waitForFile(ready)
                if round.isMultiple(of: 2) {
                    // Any moment of the loop.
                    usleep(UInt32.random(in: 0...50_000, using: &random))
                } else {
                    // A moment while a new version is being written: the temporary file exists
                    // from its creation to the rename (the first save of the round renamed away
                    // any leftover before `ready` appeared).
                    _ = Self.waitForFile(target.path + ".tmp", timeout: 2)
                    usleep(UInt32.random(in: 0...2_000, using: &random))
                }
                child.send(SIGKILL)
                #expect(child.wait() == .signaled(SIGKILL), "round \(round): the writer ended before it was killed")
                try #require(started, "round \(round): the writer never became ready")
                if FileManager.default.fileExists(atPath: target.path + ".tmp") { killedMidWrite += 1 }
                let loaded = try JSONFileStore(url: target.url).load()
                #expect(loaded == small || loaded == large, "round \(round): the file is neither book")
                seen.insert(loaded == small ? 0 : 1)
            }
            // Both outcomes occur, and some kills land while a new version is being written.
            #expect(seen == [0, 1])
            #expect(killedMidWrite > 0)
            // The leftover temporary file does not get in the way of the next save.
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
