import Foundation
import Testing

@testable import AlarmsCLI

/// `TZ` is read as the C library reads it: a POSIX offset is west-positive (`UTC+5` is five
/// hours behind UTC), a zone file may be named by its path (in any zoneinfo directory, with or
/// without a leading `:`), and what cannot be read is a usage error naming `$TZ`, never UTC in
/// silence. With `TZ` unset, the system zone is the one `/etc/localtime` holds, as a link or a
/// copy. Run in process; the zone files are fakes in a temporary folder (only their paths and
/// bytes matter: the tool names a zone file, it never parses one).
@Suite("the device zone from TZ and the system zone")
struct TZVariableTests {
    static let wake = #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"]}]}"#

    /// `next` from Mon 2026-11-30T22:00:00Z with `environment`: the device zone named in the
    /// JSON, and the first floating 07:30 (a Tuesday on every clock here).
    static func next(
        environment: [String: String], system: SystemZone = .given(.gmt), options: [String] = []
    ) async throws -> (result: CommandResult, zone: String?, at: String?) {
        try await withTemporaryFolder { folder in
            let rules = folder.appending(path: "wake.json").path
            try Data(Self.wake.utf8).write(to: URL(fileURLWithPath: rules))
            let result = await CommandLineTool.run(
                ["next", "--rules", rules, "--count", "1", "--now", "2026-11-30T22:00:00Z", "--format", "json"] + options,
                environment: environment, systemTimeZone: system, clock: { Date(timeIntervalSince1970: 0) })
            guard result.exitCode == 0 else { return (result, nil, nil) }
            let json = try jsonObject(result.standardOutput)
            let fires = json["fires"] as? [[String: Any]]
            return (result, json["timeZone"] as? String, fires?.first?["at"] as? String)
        }
    }

    @Test(
        "a TZ the C library reads gives that zone, named in the output",
        arguments: [
            // POSIX offsets count west: UTC+5 is five hours behind UTC, the IANA zone Etc/GMT+5.
            ("UTC+5", "Etc/GMT+5", "2026-12-01T07:30:00-05:00"),
            ("GMT-3", "Etc/GMT-3", "2026-12-01T07:30:00+03:00"),
            ("EST5", "Etc/GMT+5", "2026-12-01T07:30:00-05:00"),
            ("<-03>3", "Etc/GMT+3", "2026-12-01T07:30:00-03:00"),
            // Tue 07:30 at +14:00 is Mon 17:30Z, before now: the next Tuesday's.
            ("<+14>-14:00", "Etc/GMT-14", "2026-12-08T07:30:00+14:00"),
            ("UTC0", "UTC", "2026-12-01T07:30:00Z"),
            ("UTC+0", "UTC", "2026-12-01T07:30:00Z"),
            ("", "UTC", "2026-12-01T07:30:00Z"),
            // IANA names, as glibc reads their files first: EST5EDT is a zone, not a POSIX string.
            ("GMT0", "GMT0", "2026-12-01T07:30:00Z"),
            ("EST5EDT", "EST5EDT", "2026-12-01T07:30:00-05:00"),
            (":Europe/Berlin", "Europe/Berlin", "2026-12-01T07:30:00+01:00"),
            // Paths into the zoneinfo directories of Linux, macOS and NixOS, posix/ included.
            ("/usr/share/zoneinfo/Europe/Berlin", "Europe/Berlin", "2026-12-01T07:30:00+01:00"),
            (":/usr/share/zoneinfo/posix/Asia/Tokyo", "Asia/Tokyo", "2026-12-01T07:30:00+09:00"),
            ("/var/db/timezone/zoneinfo/Asia/Tokyo", "Asia/Tokyo", "2026-12-01T07:30:00+09:00"),
            ("/usr/lib/zoneinfo/America/New_York", "America/New_York", "2026-12-01T07:30:00-05:00"),
            ("/etc/zoneinfo/Etc/GMT-3", "Etc/GMT-3", "2026-12-01T07:30:00+03:00")
        ])
    func readable(tz: String, zone: String, at: String) async throws {
        let run = try await Self.next(environment: ["TZ": tz])
        #expect(run.result.exitCode == 0, "\(run.result.standardError)")
        #expect(run.zone == zone)
        #expect(run.at == at)
    }

    static let hint = "hint: set TZ to an IANA zone, such as TZ=Europe/Berlin, or pass '--time-zone IANA'\n"

    @Test(
        "a TZ that cannot be read is a usage error naming $TZ and suggesting --time-zone",
        arguments: [
            (
                "Europe/Berlni",
                "error: invalid value for $TZ: 'Europe/Berlni' is not a known IANA time zone, zone file or POSIX offset\n"
                    + "hint: did you mean 'Europe/Berlin'? Or pass '--time-zone IANA'\n"
            ),
            (
                "CET-1CEST,M3.5.0,M10.5.0/3",
                "error: invalid value for $TZ: 'CET-1CEST,M3.5.0,M10.5.0/3' is a POSIX rule with daylight-saving time, which alarms does not evaluate\n"
                    + hint
            ),
            (
                "EST5EDT,M3.2.0,M11.1.0",
                "error: invalid value for $TZ: 'EST5EDT,M3.2.0,M11.1.0' is a POSIX rule with daylight-saving time, which alarms does not evaluate\n"
                    + hint
            ),
            (
                "<+0530>-5:30",
                "error: invalid value for $TZ: '<+0530>-5:30' is the fixed offset +05:30, which no IANA zone names\n" + hint
            ),
            ("UTC+13", "error: invalid value for $TZ: 'UTC+13' is the fixed offset -13:00, which no IANA zone names\n" + hint),
            (
                "/usr/share/zoneinfo/right/Europe/Berlin",
                "error: invalid value for $TZ: '/usr/share/zoneinfo/right/Europe/Berlin' is a leap-second ('right/') zone, whose clock alarms does not keep\n"
                    + hint
            ),
            ("/nonexistent/zone", "error: invalid value for $TZ: '/nonexistent/zone' does not exist\n" + hint),
            (":", ""),
            (
                "Nowhere/Atlantis",
                "error: invalid value for $TZ: 'Nowhere/Atlantis' is not a known IANA time zone, zone file or POSIX offset\n"
            )
        ])
    func unreadable(tz: String, error: String) async throws {
        guard !error.isEmpty else { return }   // ':' is the system zone: tested with the files below
        let run = try await Self.next(environment: ["TZ": tz])
        #expect(run.result.exitCode == 64)
        #expect(run.result.standardOutput == "")
        #expect(run.result.standardError.hasPrefix(error), "\(run.result.standardError)")
        #expect(run.result.standardError.contains("See 'alarms next --help'."))
        // --time-zone wins over TZ, as it always does.
        let overridden = try await Self.next(environment: ["TZ": tz], options: ["--time-zone", "Asia/Tokyo"])
        #expect(overridden.zone == "Asia/Tokyo", "\(overridden.result.standardError)")
    }

    @Test(
        "a command that takes no --time-zone does not suggest it, and a bad TZ changes nothing",
        arguments: [["add", "tea", "--days", "mon", "--at", "16:00"], ["remove", "wake"], ["disable", "wake"]])
    func noTimeZoneOption(arguments: [String]) async throws {
        let store = try TemporaryStore(Self.wake)
        let before = store.bytes
        let result = try await store.run(arguments + ["--now", "2026-11-30T22:00:00Z"], timeZone: "Europe/Berlni")
        #expect(result.exitCode == 64)
        #expect(
            result.standardError.hasPrefix(
                "error: invalid value for $TZ: 'Europe/Berlni' is not a known IANA time zone, zone file or POSIX offset\n"
                    + "hint: did you mean 'Europe/Berlin'?\n"), "\(result.standardError)")
        #expect(store.bytes == before)
    }

    /// A fake zoneinfo directory: three zones whose files hold distinct bytes.
    static func zoneinfo(in folder: URL) throws -> String {
        let directory = folder.appending(path: "zoneinfo").path
        for (name, bytes) in [("UTC", "TZif fake UTC"), ("Europe/Berlin", "TZif fake Berlin"), ("Asia/Tokyo", "TZif fake Tokyo")] {
            let path = directory + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
        }
        return directory
    }

    @Test("a TZ path to a link into the zone directory or to a copy of a zone file names its zone")
    func paths() async throws {
        try await withTemporaryFolder { folder in
            let directory = try Self.zoneinfo(in: folder)
            let system = SystemZone.given(.gmt, zoneDirectories: [directory])
            let link = folder.appending(path: "link").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory + "/Asia/Tokyo")
            #expect(try await Self.next(environment: ["TZ": link], system: system).zone == "Asia/Tokyo")
            let copy = folder.appending(path: "copy").path
            try Data("TZif fake Berlin".utf8).write(to: URL(fileURLWithPath: copy))
            #expect(try await Self.next(environment: ["TZ": copy], system: system).zone == "Europe/Berlin")
            #expect(try await Self.next(environment: ["TZ": ":" + copy], system: system).zone == "Europe/Berlin")
            let other = folder.appending(path: "other").path
            try Data("TZif of nowhere".utf8).write(to: URL(fileURLWithPath: other))
            let unnamed = try await Self.next(environment: ["TZ": other], system: system)
            #expect(unnamed.result.exitCode == 64)
            // The value is cut to a short display width; the directory is not.
            #expect(unnamed.result.standardError.hasPrefix("error: invalid value for $TZ: '/"))
            #expect(
                unnamed.result.standardError.contains(
                    "' is not a link into a zoneinfo directory and matches no zone file in \(directory)\n" + Self.hint),
                "\(unnamed.result.standardError)")
        }
    }

    @Test("a TZ name relative to TZDIR is read there, as glibc reads it")
    func tzdir() async throws {
        try await withTemporaryFolder { folder in
            let directory = try Self.zoneinfo(in: folder)
            try FileManager.default.createSymbolicLink(atPath: directory + "/home", withDestinationPath: "Asia/Tokyo")
            let elsewhere = folder.appending(path: "elsewhere").path
            try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
            let system = SystemZone.given(.gmt, zoneDirectories: [elsewhere])
            #expect(try await Self.next(environment: ["TZ": "home"], system: system).result.exitCode == 64)
            #expect(try await Self.next(environment: ["TZ": "home", "TZDIR": directory], system: system).zone == "Asia/Tokyo")
        }
    }

    @Test(
        "with TZ unset or ':', the system zone is the one /etc/localtime holds, named in the output",
        arguments: ["link", "relative link", "copy", "missing", "unmatched"])
    func localtime(kind: String) async throws {
        try await withTemporaryFolder { folder in
            let directory = try Self.zoneinfo(in: folder)
            let localtime = folder.appending(path: "localtime").path
            switch kind {
            case "link": try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: directory + "/Asia/Tokyo")
            case "relative link": try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: "zoneinfo/Asia/Tokyo")
            case "copy": try Data("TZif fake Tokyo".utf8).write(to: URL(fileURLWithPath: localtime))
            case "unmatched": try Data("TZif of nowhere".utf8).write(to: URL(fileURLWithPath: localtime))
            default: break
            }
            let system = SystemZone.reading(localtime: localtime, zoneDirectories: [directory])
            for environment in [[:], ["TZ": ":"]] {
                let run = try await Self.next(environment: environment, system: system)
                switch kind {
                case "missing":
                    // No /etc/localtime: UTC, as the C library reads it, and named so.
                    #expect(run.zone == "UTC", "\(run.result.standardError)")
                case "unmatched":
                    #expect(run.result.exitCode == 64)
                    #expect(
                        run.result.standardError.hasPrefix(
                            "error: cannot tell the system time zone: \(localtime) is not a link into a zoneinfo directory and matches no zone file in \(directory)\n"
                                + Self.hint), "\(run.result.standardError)")
                default:
                    #expect(run.zone == "Asia/Tokyo", "\(kind): \(run.result.standardError)")
                    #expect(run.at == "2026-12-01T07:30:00+09:00")
                }
            }
        }
    }

    @Test("the table names the zone TZ gave")
    func namedInTheTable() async throws {
        try await withTemporaryFolder { folder in
            let rules = folder.appending(path: "wake.json").path
            try Data(Self.wake.utf8).write(to: URL(fileURLWithPath: rules))
            let result = await CommandLineTool.run(
                ["plan", "--rules", rules, "--now", "2026-11-30T22:00:00Z"], environment: ["TZ": "UTC+5"],
                clock: { Date(timeIntervalSince1970: 0) })
            #expect(result.standardOutput.hasPrefix("Plan at Mon 2026-11-30 17:00 Etc/GMT+5, cap 64\n"), "\(result.standardOutput)")
        }
    }
}
