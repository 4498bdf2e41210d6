import AlarmsCLI
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `completions --list-rule-ids` runs on TAB, so it never waits for the book's lock: while
/// another process holds it, the lookup gives up at once and completes nothing.
@Suite("completion lookups")
struct CompletionLookupTests {
    @Test("with the lock held, the rule ids lookup prints nothing at once, whatever the lock timeout says")
    func neverWaits() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let holder = try holdLock(store.path + ".lock")
        defer { close(holder) }
        let notices = Notices()
        // A wait of a second would have said so; 2 s gives that note time to come.
        let result = await CommandLineTool.run(
            ["completions", "--list-rule-ids", "--store", store.path], environment: ["TZ": "UTC", "ALARMS_LOCK_TIMEOUT": "2"],
            clock: { Date(timeIntervalSince1970: 0) }, notice: { notices.record($0) })
        #expect(notices.recorded == [])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "")
    }

    @Test("with the lock free, the lookup lists the ids even when ALARMS_LOCK_TIMEOUT is not a number")
    func listsWhenFree() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let result = await CommandLineTool.run(
            ["completions", "--list-rule-ids", "--store", store.path], environment: ["TZ": "UTC", "ALARMS_LOCK_TIMEOUT": "soon"],
            clock: { Date(timeIntervalSince1970: 0) })
        #expect(result.standardOutput == "wake\nstandup\nbins\ngym\nflight\n")
    }
}
