import Foundation
import Testing

/// Zones are IANA identifiers echoed as given, and a `--now` whose window leaves years
/// 0001–9999 is a usage error. Run in process with TZ pinned.
@Suite("alarms: zone names and the calendar's ends")
struct ZoneAndWindowTests {
    static let utcRule = #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"], "timeZone": "UTC"}]}"#

    @Test("--time-zone UTC and a rule in UTC say UTC in the table, the JSON and the stored rule, never GMT")
    func utcIsEchoed() async throws {
        let store = try TemporaryStore(Self.utcRule)
        let json = try await store.run(["plan", "--now", "2026-12-01T00:00:00Z", "--time-zone", "UTC", "--format", "json"], timeZone: "UTC")
        #expect(json.exitCode == 0)
        #expect(json.standardOutput.contains(#""timeZone": "UTC""#))
        #expect(!json.standardOutput.contains("GMT"))
        let table = try await store.run(["plan", "--now", "2026-12-01T00:00:00Z", "--time-zone", "UTC"], timeZone: "UTC")
        #expect(table.exitCode == 0)
        #expect(table.standardOutput.contains("Plan at Tue 2026-12-01 00:00 UTC"))
        #expect(!table.standardOutput.contains("GMT"))

        let added = try await store.run(
            ["add", "tea", "--days", "mon", "--at", "16:00", "--rule-zone", "UTC", "--now", "2026-12-01T00:00:00Z"],
            timeZone: "UTC")
        #expect(added.exitCode == 0)
        #expect(!added.standardOutput.contains("GMT"))
        #expect(store.text.contains(#""timeZone": "UTC""#) && !store.text.contains("GMT"))
    }

    @Test("--time-zone GMT stays GMT")
    func gmtIsEchoed() async throws {
        let store = try TemporaryStore(Self.utcRule)
        let json = try await store.run(["plan", "--now", "2026-12-01T00:00:00Z", "--time-zone", "GMT", "--format", "json"], timeZone: "UTC")
        #expect(json.exitCode == 0)
        #expect(json.standardOutput.contains(#""timeZone": "GMT""#))
        #expect(json.standardOutput.contains(#""timeZone": "UTC""#))   // the rule's own zone, as its file says
    }

    @Test(
        "UTC's other names (Etc/UCT, UCT, Etc/UTC, Zulu) are echoed as written, in output and after an edit",
        arguments: ["Etc/UCT", "UCT", "Etc/UTC", "Zulu"])
    func utcAliasesAreEchoed(name: String) async throws {
        let store = try TemporaryStore(
            #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"], "timeZone": "\#(name)"}]}"#)
        let json = try await store.run(
            ["plan", "--now", "2026-12-01T00:00:00Z", "--time-zone", name, "--format", "json"], timeZone: "UTC")
        #expect(json.exitCode == 0, "\(json.standardError)")
        #expect(json.standardOutput.contains(#""timeZone": "\#(name)""#))
        #expect(!json.standardOutput.contains(#""timeZone": "UTC""#), "\(json.standardOutput)")
        let table = try await store.run(["list", "--time-zone", name], timeZone: "UTC")
        #expect(table.standardOutput.contains(name), "\(table.standardOutput)")
        let added = try await store.run(
            ["add", "tea", "--days", "mon", "--at", "16:00", "--rule-zone", name, "--now", "2026-12-01T00:00:00Z"],
            timeZone: "UTC")
        #expect(added.exitCode == 0, "\(added.standardError)")
        #expect(store.text.contains(#""timeZone": "\#(name)", "days": ["tue"]"#) || store.text.contains(#""timeZone": "\#(name)""#))
        #expect(!store.text.contains(#""timeZone": "UTC""#), "\(store.text)")
        #expect(!store.text.contains("Factory"), "\(store.text)")
    }

    @Test("offset zones are usage errors naming the value", arguments: ["UTC+5", "GMT+0530"])
    func offsetZones(zone: String) async throws {
        let store = try TemporaryStore(Self.utcRule)
        let planned = try await store.run(["plan", "--now", "2026-12-01T00:00:00Z", "--time-zone", zone], timeZone: "UTC")
        #expect(planned.exitCode == 64)
        #expect(planned.standardError.contains("'\(zone)' is not a known IANA time zone"))
        let added = try await store.run(["add", "tea", "--days", "mon", "--at", "16:00", "--rule-zone", zone], timeZone: "UTC")
        #expect(added.exitCode == 64)
        #expect(!store.text.contains("tea"))
    }

    @Test(
        "a --now whose window leaves years 0001 to 9999 is a usage error naming the value and the range",
        arguments: [
            ("9999-12-31T23:59:59+14:00", "Pacific/Kiritimati"), ("0001-01-01T00:00:00+14:00", "Pacific/Kiritimati"),
            ("9999-06-01T00:00:00Z", "UTC"), ("0001-01-01T00:00:00+00:01", "UTC")
        ])
    func windowOutsideTheYears(now: String, zone: String) async throws {
        let output = try await AlarmsProcess.run(
            [
                "plan", "--rules", "Docs/Examples/alarms.json", "--now", now, "--time-zone", zone,
                "--format", "json"
            ], timeZone: "UTC")
        #expect(output.exitCode == 64)
        #expect(output.standardOutput == "")
        #expect(output.standardError.contains("invalid value for '--now': '\(now)'"))
        #expect(output.standardError.contains("0001-01-01T00:00:00 to 9998-12-30T23:59:59"))
    }

    @Test("the last and first accepted --now plan without error")
    func windowAtTheEnds() async throws {
        for now in ["9998-12-30T23:59:59Z", "0001-01-01T00:00:00Z"] {
            let output = try await AlarmsProcess.run(
                [
                    "plan", "--rules", "Docs/Examples/alarms.json", "--now", now, "--time-zone", "UTC",
                    "--format", "json"
                ], timeZone: "UTC")
            #expect(output.exitCode == 0, "\(now): \(output.standardError)")
        }
    }
}
