import AlarmsCLI
import Foundation
import Testing

/// What the caller of the tool's entry point passes in instead of the tool reading it from the
/// process: the system zone (the device zone is `--time-zone`, else `TZ`, else that zone; the
/// tool never reads `TimeZone.current`, and reads `/etc/localtime` only when the caller asks it
/// to) and the standard input `-` reads. So an in-process run answers the same on every
/// machine, and never reads the test runner's own input.
@Suite("the system zone and standard input passed to the tool")
struct CallerInputTests {
    static let rules =
        #"{"version": 1, "rules": [{"id": "a", "days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "times": ["07:30"]}]}"#

    // 2026-11-30T21:00:00Z is Tue 2026-12-01 02:45 in Kathmandu (UTC+5:45, no DST), Mon 22:00 in
    // Berlin (UTC+1 in winter) and Tue 06:00 in Tokyo (UTC+9); a floating 07:30 comes next.
    @Test(
        "with neither --time-zone nor TZ, the passed zone is the device zone; an empty TZ is UTC, as the C library reads it",
        arguments: [
            ([String: String](), [String](), "Tue 2026-12-01 02:45 Asia/Kathmandu", "07:30  in 4 h 45 min"),
            (["TZ": ":"], [], "Tue 2026-12-01 02:45 Asia/Kathmandu", "07:30  in 4 h 45 min"),
            (["TZ": ""], [], "Mon 2026-11-30 21:00 UTC", "07:30  in 10 h 30 min"),
            (["TZ": "Europe/Berlin"], [], "Mon 2026-11-30 22:00 Europe/Berlin", "07:30  in 9 h 30 min"),
            (["TZ": "Europe/Berlin"], ["--time-zone", "Asia/Tokyo"], "Tue 2026-12-01 06:00 Asia/Tokyo", "07:30  in 1 h 30 min")
        ])
    func systemZoneIsTheLastFallback(environment: [String: String], options: [String], header: String, first: String) async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "r.json").path
        try Data(Self.rules.utf8).write(to: URL(fileURLWithPath: file))
        let result = await CommandLineTool.run(
            ["next", "--rules", file, "--count", "1", "--now", "2026-11-30T21:00:00Z"] + options,
            environment: environment, systemTimeZone: .given(Zones.kathmandu),
            clock: { Date(timeIntervalSince1970: 0) })
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Next alarms after \(header)\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("\n  \(first)  a"), "\(result.standardOutput)")
    }

    @Test("'-' reads the standard input the caller passes, named <stdin>, for validate and --rules")
    func standardInput() async throws {
        let validate = try await AlarmsProcess.run(["validate", "-", "--now", Fixtures.now], standardInput: Data(Self.rules.utf8))
        #expect(validate.exitCode == 0, "\(validate.standardError)")
        #expect(validate.standardOutput == "<stdin>: 1 rule, valid, no warnings.\n")
        let list = try await AlarmsProcess.run(["list", "--rules", "-", "--format", "json"], standardInput: Data(Self.rules.utf8))
        #expect(list.exitCode == 0, "\(list.standardError)")
        let rules = try #require(try jsonObject(list.standardOutput)["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["a"])
        let nothing = try await AlarmsProcess.run(["plan", "--rules", "-"])
        #expect(nothing.exitCode == 1)
        #expect(
            nothing.standardError.hasPrefix("error: <stdin>:1:1: malformed JSON: expected a value, found end of input"),
            "\(nothing.standardError)")
    }
}
