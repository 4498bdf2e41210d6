import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's lock between real processes: the binary writes its waiting note to standard
/// error while it waits, and edits from many processes at once all land.
@Suite("the alarms binary and other processes' locks", .tags(.endToEnd))
struct ProcessLockTests {
    @Test("the real binary prints the note while it waits, then gives up")
    func binaryNotesAndGivesUp() throws {
        let store = try TemporaryStore(Fixtures.book)
        let holder = try holdLock(store.path + ".lock")
        defer { close(holder) }
        let output = try AlarmsBinary.run(
            ["list", "--lock-timeout", "1.5"], timeZone: "Europe/Berlin", extraEnvironment: ["ALARMS_STORE": store.path])
        #expect(output.exitCode == 1)
        #expect(
            output.standardError == "note: waiting for another process holding the lock on '\(store.path).lock'\n"
                + "error: gave up after 1.5 s waiting for another process holding the lock on '\(store.path).lock'\n"
                + StoreLockAndLinkTests.hint(store.path + ".lock"))
    }

    @Test("edits from many processes at once all land: the store's update is atomic")
    func concurrentEdits() async throws {
        let store = try TemporaryStore(#"{"version": 1, "rules": []}"#)
        let path = store.path
        let codes = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<12 {
                group.addTask {
                    try AlarmsBinary.run(["add", "r\(index)", "--days", "mon", "--at", "07:00", "--store", path]).exitCode
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(codes == Array(repeating: 0, count: 12))
        let rules = try #require(try store.json()["rules"] as? [[String: Any]])
        #expect(Set(rules.compactMap { $0["id"] as? String }) == Set((0..<12).map { "r\($0)" }))
    }
}
