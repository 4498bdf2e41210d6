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
        "a --now whose window leaves years 0001 to 9999 is a usage error naming the value and the zone's range",
        arguments: [
            ("9999-12-31T23:59:59+14:00", "Pacific/Kiritimati", [String](), "0001-01-01T00:00:00 to 9998-12-30T23:59:59"),
            ("0001-01-01T00:00:00+14:00", "Pacific/Kiritimati", [], "0001-01-01T00:00:00 to 9998-12-30T23:59:59"),
            ("9999-06-01T00:00:00Z", "UTC", [], "0001-01-01T00:00:00 to 9998-12-30T23:59:59"),
            ("0001-01-01T00:00:00+00:01", "UTC", [], "0001-01-01T00:00:00 to 9998-12-30T23:59:59"),
            // 0001-01-01 00:00 at +14:00 is 0000-12-31T10:00:00Z, before the first instant.
            ("0001-01-01T00:00:00", "Etc/GMT-14", [], "0001-01-01T14:00:00 to 9998-12-30T23:59:59"),
            // 9998-12-30 23:59:59 at -12:00 is 9998-12-31T11:59:59Z: its window ends in the year 10000 in UTC.
            ("9998-12-30T23:59:59", "Etc/GMT+12", ["--fill-cap"], "0001-01-01T00:00:00 to 9998-12-30T11:59:59")
        ])
    func windowOutsideTheYears(now: String, zone: String, options: [String], range: String) async throws {
        let output = try await AlarmsProcess.run(
            [
                "plan", "--rules", "Docs/Examples/alarms.json", "--now", now, "--time-zone", zone,
                "--format", "json"
            ] + options, timeZone: "UTC")
        #expect(output.exitCode == 64)
        #expect(output.standardOutput == "")
        #expect(
            output.standardError.hasPrefix(
                "error: invalid value for '--now': '\(now)' puts the 366-day planning window outside the years 0001 to 9999\n"
                    + "hint: use a time from \(range) on the clock of \(zone)\n"), "\(output.standardError)")
    }

    // Local --now values are read on the zone's clock; one a second before the first is written
    // with an offset, as its wall time is in the year 0000 there.
    @Test(
        "the first and last accepted --now of a zone plan without error; a second beyond is refused",
        arguments: [
            ("UTC", "0001-01-01T00:00:00", "9998-12-30T23:59:59", "0001-01-01T00:00:00+00:00:01", "9998-12-31T00:00:00"),
            ("Etc/GMT-14", "0001-01-01T14:00:00", "9998-12-30T23:59:59", "0001-01-01T13:59:59", "9998-12-31T00:00:00"),
            ("Etc/GMT+12", "0001-01-01T00:00:00", "9998-12-30T11:59:59", "0001-01-01T00:00:00-11:59:59", "9998-12-30T12:00:00")
        ])
    func windowAtTheEnds(zone: String, first: String, last: String, before: String, after: String) async throws {
        for (now, accepted) in [(first, true), (last, true), (before, false), (after, false)] {
            let output = try await AlarmsProcess.run(
                ["plan", "--rules", "Docs/Examples/alarms.json", "--now", now, "--time-zone", zone, "--fill-cap", "--format", "json"],
                timeZone: "UTC")
            #expect(output.exitCode == (accepted ? 0 : 64), "\(zone) \(now): \(output.standardError)")
        }
    }

    static let lastFriday =
        #"{"version": 1, "rules": [{"id": "w", "days": ["fri"], "times": ["09:00", "13:00"], "end": "9999-12-31", "timeZone": "Etc/GMT+12"}]}"#

    // 9999-12-31 is a Friday. 09:00 at -12:00 that day is 9999-12-31T21:00:00Z, inside the last
    // window; 13:00 is 10000-01-01T01:00:00Z, past the last instant, so no plan holds it.
    @Test("plan, explain and export agree on a weekly rule's last day west of UTC in 9999")
    func lastDayAgrees() async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appending(path: "w.json").path
        try Data(Self.lastFriday.utf8).write(to: URL(fileURLWithPath: rules))
        let planned = try await AlarmsProcess.run(
            [
                "plan", "--rules", rules, "--now", "9998-12-30T11:59:59", "--time-zone", "Etc/GMT+12", "--fill-cap", "--cap", "200",
                "--format", "json"
            ])
        #expect(planned.exitCode == 0, "\(planned.standardError)")
        let fires = try #require(try jsonObject(planned.standardOutput)["fires"] as? [[String: Any]])
        #expect(fires.suffix(3).map { $0["id"] as? String } == ["w@9999-12-24T09:00:00", "w@9999-12-24T13:00:00", "w@9999-12-31T09:00:00"])
        #expect(fires.last?["at"] as? String == "9999-12-31T09:00:00-12:00")

        let explained = try await AlarmsProcess.run(["explain", "w@9999-12-31T13:00:00", "--rules", rules, "--now", Fixtures.now])
        #expect(explained.exitCode == 0, "\(explained.standardError)")
        #expect(
            explained.standardOutput.contains("(after\n  9999-12-31T23:59:59Z); no plan holds that instant"), "\(explained.standardOutput)")
        #expect(explained.standardOutput.contains("  no fire at this time that day\n"))

        let exported = try await AlarmsProcess.run(["export", "--rules", rules, "--now", Fixtures.now])
        #expect(exported.exitCode == 0, "\(exported.standardError)")
        #expect(exported.standardOutput.contains("RRULE:FREQ=WEEKLY;UNTIL=99991231T235959Z;BYDAY=FR;BYHOUR=9,13;BYMINUTE=0\r\n"))
        // What export writes reads back as the same rule, end date included: UNTIL at the last
        // instant UTC can write covers the 13:00 past it (it was read as ending between times).
        let file = folder.appending(path: "w.ics").path
        try Data(exported.standardOutput.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try await AlarmsProcess.run(["import", file, "--dry-run"])
        #expect(imported.exitCode == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains(#""end": "9999-12-31""#), "\(imported.standardOutput)")
    }

    @Test("explain says a one-shot fire before the first instant does not fire, with its own wall time")
    func firstDayEastExplained() async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appending(path: "e.json").path
        try Data(
            #"{"version": 1, "rules": [{"id": "e", "date": "0001-01-01", "times": ["13:00"], "timeZone": "Etc/GMT-14"}]}"#.utf8
        ).write(to: URL(fileURLWithPath: rules))
        let explained = try await AlarmsProcess.run(
            ["explain", "e@0001-01-01T13:00:00", "--rules", rules, "--now", Fixtures.now, "--format", "json"])
        #expect(explained.exitCode == 0, "\(explained.standardError)")
        let times = try #require(try jsonObject(explained.standardOutput)["times"] as? [[String: Any]])
        #expect(times.first?["fire"] is NSNull)
        #expect(
            (times.first?["summary"] as? String)?.hasPrefix(
                "13:00 occurs once in Etc/GMT-14: 13:00 +14:00 (before 0001-01-01T00:00:00Z); no plan holds") == true)
    }
}
