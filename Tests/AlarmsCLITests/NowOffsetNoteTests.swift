import AlarmsCLI
import Foundation
import Testing

/// A `--now` with an offset the device zone does not have then is read as the instant it names,
/// and a note on standard error says which time that is on the device's clock. Offsets checked
/// by hand: Europe/Berlin is UTC+1 in winter (to 2027-03-28) and UTC+2 in summer; Asia/Tokyo is
/// UTC+9 all year.
@Suite("alarms: a --now whose offset is not the device zone's")
struct NowOffsetNoteTests {
    static let rule = #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"]}]}"#

    func plan(_ now: String, zone: String = "Europe/Berlin", command: [String] = ["plan", "--rules", "-"]) async throws -> CommandResult {
        try await AlarmsProcess.run(command + ["--now", now, "--time-zone", zone], standardInput: Data(Self.rule.utf8))
    }

    @Test("+02:00 on a Berlin device in winter is an hour earlier on its clock: the note names that time and the local form")
    func summerOffsetInWinter() async throws {
        // 2026-11-30T22:00:00+02:00 is 20:00Z, 21:00 CET.
        let output = try await plan("2026-11-30T22:00:00+02:00")
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.hasPrefix("Plan at Mon 2026-11-30 21:00 Europe/Berlin, cap 64\n"))
        #expect(
            output.standardError
                == "note: '--now 2026-11-30T22:00:00+02:00' is Mon 2026-11-30 21:00 Europe/Berlin (UTC+01:00) on the device's clock;"
                + " for 22:00 on that clock, write '--now 2026-11-30T22:00:00'\n")
        // The local form it suggests is the wall time meant, with no note.
        let local = try await plan("2026-11-30T22:00:00")
        #expect(local.standardOutput.hasPrefix("Plan at Mon 2026-11-30 22:00 Europe/Berlin, cap 64\n"))
        #expect(local.standardError == "")
    }

    @Test("an offset the device zone has at that instant, Z, and a local time give no note")
    func noNote() async throws {
        for now in [
            "2026-11-30T22:00:00+01:00", "2026-06-30T22:00:00+02:00", "2026-11-30T21:00:00Z", "2026-11-30T21:00:00z", "2026-11-30T22:00"
        ] {
            let output = try await plan(now)
            #expect(output.exitCode == 0)
            #expect(output.standardError == "", "\(now)")
        }
    }

    @Test("the note follows the device's offset at that instant, on a device west and east of the offset given")
    func otherDevices() async throws {
        // 2026-11-30T22:00:00+01:00 is 21:00Z: 06:00 the next day in Tokyo (+09:00).
        let tokyo = try await plan("2026-11-30T22:00:00+01:00", zone: "Asia/Tokyo")
        #expect(
            tokyo.standardError
                == "note: '--now 2026-11-30T22:00:00+01:00' is Tue 2026-12-01 06:00 Asia/Tokyo (UTC+09:00) on the device's clock;"
                + " for 22:00 on that clock, write '--now 2026-11-30T22:00:00'\n")
        // On a UTC device the offset is named UTC.
        let utc = try await plan("2026-11-30T22:00:00+01:00", zone: "UTC")
        #expect(
            utc.standardError
                == "note: '--now 2026-11-30T22:00:00+01:00' is Mon 2026-11-30 21:00 UTC (UTC) on the device's clock;"
                + " for 22:00 on that clock, write '--now 2026-11-30T22:00:00'\n")
    }

    @Test("the note reaches standard error beside JSON too, and never standard output")
    func besideJSON() async throws {
        let output = try await plan("2026-11-30T22:00:00+02:00", command: ["plan", "--rules", "-", "--format", "json"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.hasPrefix("{\n"))
        #expect(output.standardError.hasPrefix("note: '--now 2026-11-30T22:00:00+02:00' is Mon 2026-11-30 21:00 Europe/Berlin"))
    }

    @Test("a command that shows no time (remove, disable) takes no device zone and gives no note")
    func commandsWithoutTimes() async throws {
        let store = try TemporaryStore(Self.rule)
        let output = try await store.run(["disable", "wake", "--now", "2026-11-30T22:00:00+02:00"])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
    }
}
