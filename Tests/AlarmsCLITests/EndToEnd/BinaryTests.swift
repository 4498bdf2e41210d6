import Foundation
import RecurringAlarms
import Testing

/// The real `alarms` binary: what only a process shows. `main.swift` reads the arguments and
/// the environment as bytes, reads the system zone and the clock, writes both streams and
/// exits with the tool's code. Everything else is tested in process.
@Suite("the alarms binary, end to end", .tags(.endToEnd))
struct BinaryTests {
    @Test(
        "the process exits 0 after help, 64 after a usage error and 1 after a failure, with each stream written",
        arguments: [
            (["--version"], Int32(0), PackageVersion.current + "\n", ""),
            (["lsit"], Int32(64), "", "error: unknown command 'lsit'\nhint: did you mean 'list'?\nSee 'alarms --help'.\n"),
            (
                ["next", "--store", "/dev/null"], Int32(1), "",
                "error: cannot read '/dev/null': it is not a regular file (a device, FIFO or socket) (errno 22)\n"
            )
        ])
    func exitStatus(_ arguments: [String], _ status: Int32, _ output: String, _ error: String) throws {
        let run = try AlarmsBinary.run(arguments)
        #expect(run.exitCode == status)
        #expect(run.standardOutput == output)
        #expect(run.standardError == error)
    }

    static let daily =
        #"{"version": 1, "rules": [{"id": "a", "days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "times": ["07:30"]}]}"#

    @Test("TZ from the environment is the device zone: a floating 07:30 rings on Tokyo's clock")
    func zoneFromTheEnvironment() throws {
        try withTemporaryFolder { folder in
            let file = folder.appending(path: "r.json").path
            try Data(Self.daily.utf8).write(to: URL(fileURLWithPath: file))
            // 2026-11-30T21:00:00Z is Tue 2026-12-01 06:00 in Tokyo (UTC+9 all year).
            let output = try AlarmsBinary.run(
                ["next", "--rules", file, "--count", "1", "--now", "2026-11-30T21:00:00Z"], timeZone: "Asia/Tokyo")
            #expect(output.exitCode == 0, "\(output.standardError)")
            #expect(
                output.standardOutput.hasPrefix(
                    "Next alarms after Tue 2026-12-01 06:00 Asia/Tokyo\n\nTue 2026-12-01\n  07:30  in 1 h 30 min  a"),
                "\(output.standardOutput)")
        }
    }

    @Test("with TZ unset, the binary reads the system zone from /etc/localtime and names it")
    func systemZone() throws {
        // The machine's zone, as a process without TZ reads it; the test depends on its name
        // only, not on which zone it is.
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime")
        let system = try #require(link.range(of: "zoneinfo/").map { String(link[$0.upperBound...]) }, "/etc/localtime -> \(link)")
        try withTemporaryFolder { folder in
            let file = folder.appending(path: "r.json").path
            try Data(Self.daily.utf8).write(to: URL(fileURLWithPath: file))
            let output = try AlarmsBinary.runShell(#"unset TZ; "$A" next --rules "\#(file)" --count 1 --now 2026-11-30T21:00:00Z"#)
            #expect(output.exitCode == 0, "\(output.standardError)")
            let header = try #require(output.standardOutput.split(separator: "\n").first)
            #expect(header.hasPrefix("Next alarms after ") && header.hasSuffix(" \(system)"), "\(header)")
        }
    }
}
