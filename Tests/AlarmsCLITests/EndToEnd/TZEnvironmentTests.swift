import Foundation
import Testing

/// The binary reads `TZ` from its real environment as the C library does: the sign of a POSIX
/// offset, the `:` and path forms, and a usage error for what it cannot read.
@Suite("the alarms binary reads TZ as the C library does", .tags(.endToEnd))
struct TZEnvironmentTests {
    static let wake = #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"]}]}"#

    // From Mon 2026-11-30T22:00:00Z the floating Tuesday 07:30 rings on the device zone's clock.
    @Test(
        "a POSIX offset, a ':' name and a zoneinfo path each give their zone",
        arguments: [
            ("UTC+5", "Etc/GMT+5", "2026-12-01T07:30:00-05:00"), ("GMT-3", "Etc/GMT-3", "2026-12-01T07:30:00+03:00"),
            (":Europe/Berlin", "Europe/Berlin", "2026-12-01T07:30:00+01:00"),
            ("/usr/share/zoneinfo/Europe/Berlin", "Europe/Berlin", "2026-12-01T07:30:00+01:00")
        ])
    func readable(tz: String, zone: String, at: String) throws {
        try withTemporaryFolder { folder in
            let file = folder.appending(path: "wake.json").path
            try Data(Self.wake.utf8).write(to: URL(fileURLWithPath: file))
            let output = try AlarmsBinary.run(
                ["next", "--rules", file, "--count", "1", "--now", "2026-11-30T22:00:00Z", "--format", "json"], timeZone: tz)
            #expect(output.exitCode == 0, "\(output.standardError)")
            let json = try jsonObject(output.standardOutput)
            #expect(json["timeZone"] as? String == zone)
            #expect((json["fires"] as? [[String: Any]])?.first?["at"] as? String == at)
        }
    }

    @Test("a TZ it cannot read is a usage error, exit 64, naming $TZ", arguments: ["Europe/Berlni", "CET-1CEST,M3.5.0,M10.5.0/3"])
    func unreadable(tz: String) throws {
        let output = try AlarmsBinary.run(["next", "--rules", "Docs/Examples/alarms.json", "--now", "2026-11-30T22:00:00Z"], timeZone: tz)
        #expect(output.exitCode == 64)
        #expect(output.standardOutput == "")
        #expect(output.standardError.hasPrefix("error: invalid value for $TZ: '\(tz)'"), "\(output.standardError)")
        #expect(output.standardError.contains("'--time-zone IANA'"))
    }
}
