import AlarmsCLI
import Foundation
import RecurringAlarms
import Testing

/// `alarms export`: the rules as an `.ics` document or as RRULE lines, warnings on standard error.
///
/// The fixed clock is Monday 2026-11-30 21:00Z (22:00 in Berlin, the device zone of
/// ``TemporaryStore/run(_:timeZone:extraEnvironment:)``), so `--from` defaults to 2026-11-30.
@Suite("alarms export")
struct ExportCommandTests {
    @Test("--format rrule prints per event '# ID', DTSTART, RRULE and EXDATE lines, blocks separated by a blank line")
    func rruleLayout() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(["export", "--format", "rrule"])
        #expect(output.exitCode == 0)
        // Hand-checked: the first weekday and Saturday on or after Monday 2026-11-30 (Berlin);
        // standup, in Tokyo, where it is Tuesday 12-01 06:00, on or after 12-01: Wednesday
        // 12-02 (Monday 11-30 09:00 JST was 00:00Z, already past); bins starts Wednesday
        // 2026-12-02 and skips 12-30; the flight is a one-shot on 12-05.
        let blocks = [
            "# wake\nDTSTART:20261130T073000\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=7;BYMINUTE=30\n",
            "# standup\nDTSTART;TZID=Asia/Tokyo:20261202T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;BYHOUR=9;BYMINUTE=0\n",
            "# bins\nDTSTART:20261202T200000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;BYHOUR=20;BYMINUTE=0;WKST=MO\nEXDATE:20261230T200000\n",
            "# gym\nDTSTART:20261205T100000\nRRULE:FREQ=WEEKLY;BYDAY=SA;BYHOUR=10;BYMINUTE=0\n",
            "# flight\nDTSTART;TZID=Europe/London:20261205T054500\n"
        ]
        #expect(output.standardOutput == blocks.joined(separator: "\n"))
        #expect(
            output.standardError
                == "warning: rule 'gym': gap policy 'skip' has no RFC 5545 form: calendar apps ring a time that falls in a "
                + "spring-forward gap one gap length later (X-RECURRINGALARMS-GAP:SKIP keeps the policy for import)\n")
    }

    @Test("--format ics (the default) prints the whole document with CRLF line ends and DTSTAMP from --now")
    func icsDocument() async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "rules.json")
        try Data(
            #"{"version": 1, "rules": [{"id": "tea", "label": "Tea, then; rest", "days": ["sun"], "times": ["16:00"]}]}"#.utf8
        ).write(to: file)
        let output = try await AlarmsProcess.run(
            ["export", "--rules", file.path, "--from", "2026-12-01", "--now", "2026-11-30T08:09:10Z"], timeZone: "Asia/Tokyo")
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // The first Sunday on or after Tuesday 2026-12-01 is 2026-12-06.
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//RecurringAlarms//RecurringAlarms \(PackageVersion.current)//EN",
            "CALSCALE:GREGORIAN",
            "BEGIN:VEVENT", "UID:tea", "DTSTAMP:20261130T080910Z", "DTSTART:20261206T160000",
            "RRULE:FREQ=WEEKLY;BYDAY=SU;BYHOUR=16;BYMINUTE=0", #"SUMMARY:Tea\, then\; rest"#,
            "BEGIN:VALARM", "ACTION:DISPLAY", #"DESCRIPTION:Tea\, then\; rest"#, "TRIGGER:PT0S", "END:VALARM",
            "END:VEVENT", "END:VCALENDAR"
        ]
        #expect(output.standardOutput == lines.map { $0 + "\r\n" }.joined())
    }

    @Test("a rule whose times are not one hours x minutes grid is several blocks, ID~1, ID~2, in rrule format")
    func splitRuleBlocks() async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "rules.json")
        try Data(
            #"{"version": 1, "rules": [{"id": "pills", "days": ["mon"], "times": ["20:30", "07:00", "08:30"], "skip": ["2026-12-07"]}]}"#
                .utf8
        ).write(to: file)
        let output = try await AlarmsProcess.run(["export", "--rules", file.path, "--format", "rrule", "--from", "2026-12-01"])
        #expect(output.exitCode == 0)
        // Monday 2026-12-07 is the first Monday on or after 12-01, and skipped: DTSTART and EXDATE.
        #expect(
            output.standardOutput == """
                # pills~1
                DTSTART:20261207T070000
                RRULE:FREQ=WEEKLY;BYDAY=MO;BYHOUR=7;BYMINUTE=0
                EXDATE:20261207T070000

                # pills~2
                DTSTART:20261207T083000
                RRULE:FREQ=WEEKLY;BYDAY=MO;BYHOUR=8,20;BYMINUTE=30
                EXDATE:20261207T083000
                EXDATE:20261207T203000

                """)
    }

    @Test("--from defaults to today in the device zone")
    func fromDefaultsToToday() async throws {
        let store = try TemporaryStore(Fixtures.book)
        // 2026-11-30T21:00Z is still Monday 11-30 in New York (16:00) but Tuesday 12-01 in Tokyo (06:00).
        let newYork = try await store.run(["export", "--format", "rrule"], timeZone: "America/New_York")
        let tokyo = try await store.run(["export", "--format", "rrule"], timeZone: "Asia/Tokyo")
        #expect(newYork.standardOutput.contains("# wake\nDTSTART:20261130T073000\n"))
        #expect(tokyo.standardOutput.contains("# wake\nDTSTART:20261201T073000\n"))
    }

    @Test("by default a rule in a zone behind the device's keeps its fire still to come on the device's yesterday")
    func defaultStartKeepsFiresAfterNow() async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "rules.json")
        try Data(
            #"{"version": 1, "rules": [{"id": "sun", "days": ["sun"], "times": ["22:45"], "timeZone": "America/Los_Angeles"}]}"#.utf8
        ).write(to: file)
        // Monday 2026-11-30 10:00 in Tokyo is 01:00Z, Sunday 17:00 in Los Angeles (PST, −08:00):
        // Sunday 22:45 PST (06:45Z, Monday 15:45 in Tokyo) is still to come. Before, the export
        // started on Monday 11-30 in Los Angeles and its first fire was Sunday 12-06.
        let output = try await AlarmsProcess.run(
            ["export", "--rules", file.path, "--format", "rrule", "--now", "2026-11-30T10:00:00+09:00"], timeZone: "Asia/Tokyo")
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput
                == "# sun\nDTSTART;TZID=America/Los_Angeles:20261129T224500\nRRULE:FREQ=WEEKLY;BYDAY=SU;BYHOUR=22;BYMINUTE=45\n")
    }

    @Test(
        "with nothing to export, export fails instead of writing a VCALENDAR without a component",
        arguments: ["ics", "rrule"])
    func nothingToExport(format: String) async throws {
        let empty = try TemporaryStore(#"{"version": 1, "rules": []}"#)
        let none = try await empty.run(["export", "--format", format])
        #expect(none.exitCode == 1)
        #expect(none.standardOutput == "")
        #expect(none.standardError.hasPrefix("error: nothing to export: '\(empty.path)' has no rules\nhint: add one with "))

        // Mondays through 2026-11-23, a week before --from's default, today 2026-11-30 in Berlin.
        let ended = try TemporaryStore(
            #"{"version": 1, "rules": [{"id": "old", "days": ["mon"], "times": ["07:00"], "end": "2026-11-23"}]}"#)
        let leftOut = try await ended.run(["export", "--format", format])
        #expect(leftOut.exitCode == 1)
        #expect(leftOut.standardOutput == "")
        #expect(
            leftOut.standardError
                == "error: nothing to export: no rule has an occurrence left\n"
                + "error: rule 'old': it ended on 2026-11-23, before 2026-11-30, the first date exported, so there is no DTSTART: not exported\n"
                + "hint: an earlier '--from' keeps the rules without a start that ended before it\n")
    }

    @Test("on a terminal, bidi controls and line separators from a label are escaped; a pipe gets the exact text")
    func terminalEscaping() async throws {
        // U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR.
        let store = try TemporaryStore(
            #"{"version": 1, "rules": [{"id": "tea", "label": "a\u202Eb\u2066c\u2028d\u2029e", "days": ["sun"], "times": ["16:00"]}]}"#)
        let terminal = try await store.run(["export"], outputIsTerminal: true, terminalColumns: 80)
        #expect(terminal.exitCode == 0)
        #expect(terminal.standardOutput.contains("\r\nSUMMARY:a\\u202eb\\u2066c\\u2028d\\u2029e\r\n"))
        #expect(!terminal.standardOutput.unicodeScalars.contains { [0x202E, 0x2066, 0x2028, 0x2029].contains($0.value) })
        #expect(terminal.standardOutput.hasSuffix("END:VCALENDAR\r\n"))
        let piped = try await store.run(["export"], outputIsTerminal: false, terminalColumns: nil)
        #expect(piped.standardOutput.contains("\r\nSUMMARY:a\u{202E}b\u{2066}c\u{2028}d\u{2029}e\r\n"))
        let rrule = try await store.run(["export", "--format", "rrule"], outputIsTerminal: true, terminalColumns: 80)
        #expect(rrule.standardOutput.hasPrefix("# tea\nDTSTART:"))
    }

    @Test("the ics document of the book has a VTIMEZONE per zone used and no VALARM for a disabled rule")
    func icsOfTheBook() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(["export"])
        #expect(output.exitCode == 0)
        let lines = output.standardOutput.components(separatedBy: "\r\n")
        #expect(lines.filter { $0.hasPrefix("TZID:") } == ["TZID:Asia/Tokyo", "TZID:Europe/London"])
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 5)
        #expect(lines.filter { $0 == "BEGIN:VALARM" }.count == 4)
        #expect(lines.contains("X-RECURRINGALARMS-ENABLED:FALSE"))
    }

    @Test(
        "bad option values are usage errors naming the value",
        arguments: [
            (["export", "--format", "ical"], "error: invalid value for '--format': 'ical'"),
            (["export", "--from", "2026-02-30"], "error: invalid value for '--from': '2026-02-30'"),
            (["export", "extra"], "error: unexpected argument 'extra'")
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(arguments)
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix(message))
        #expect(output.standardOutput == "")
    }

    /// A rule file with `rules`, in a folder removed after the test.
    private static func ruleFile(_ rules: [String]) throws -> (folder: URL, path: String) {
        let folder = try AlarmsProcess.temporaryDirectory()
        let file = folder.appending(path: "rules.json")
        try Data(("{\"version\": 1, \"rules\": [" + rules.joined(separator: ", ") + "]}").utf8).write(to: file)
        return (folder, file.path)
    }

    @Test("a rule whose EXDATE lines alone pass what an import reads is refused before anything is built")
    func tooManyExdatesAreRefusedAtOnce() async throws {
        // 1440 times (every minute) and 100 skipped Mondays: 144,000 EXDATE lines, more than 100,000.
        let times = (0..<1440).map { "\"\(String(format: "%02d:%02d", $0 / 60, $0 % 60))\"" }.joined(separator: ", ")
        let skips = (0..<100).map { "\"\(LocalDate(year: 2027, month: 1, day: 4)!.adding(days: 7 * $0))\"" }.joined(separator: ", ")
        let (folder, path) = try Self.ruleFile([
            #"{"id": "x", "days": ["mon"], "times": [\#(times)], "start": "2027-01-04", "skip": [\#(skips)]}"#
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await AlarmsProcess.run(["export", "--rules", path, "--now", "2026-11-30T21:00:00Z"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                error: cannot export: rule 'x' has 100 skipped dates at 1440 times each, an EXDATE line for each: more than the 100000 lines an export may have, so that an import reads it back
                hint: remove skipped dates that have passed ('alarms unskip x DATE'), or export the other rules with '--rules FILE'

                """)
    }

    @Test("a document that would pass what an import reads is refused, and one within it imports again")
    func aDocumentLargerThanAnImportReadsIsRefused() async throws {
        // A one-shot rule is an event per time: 10,000 times at distinct seconds of 2026-12-01
        // make 10,000 events of 10 lines each (with its VALARM), 100,000 and more with the calendar's.
        let times = (0..<10_000).map { "\"\(String(format: "%02d:%02d:%02d", $0 / 3600, $0 / 60 % 60, $0 % 60))\"" }
        let (folder, path) = try Self.ruleFile([#"{"id": "x", "date": "2026-12-01", "times": [\#(times.joined(separator: ", "))]}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await AlarmsProcess.run(["export", "--rules", path, "--now", "2026-11-30T21:00:00Z"])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError.hasPrefix(
                "error: cannot export: the 1 rules take more than the 100000 lines or 4 MiB an export may have, so that an import reads it back\n"
            ))
        // 9,000 times: 90,000 lines and a few, which an import reads.
        let (smaller, smallerPath) = try Self.ruleFile([
            #"{"id": "x", "date": "2026-12-01", "times": [\#(times.prefix(9_000).joined(separator: ", "))]}"#
        ])
        defer { try? FileManager.default.removeItem(at: smaller) }
        let fits = try await AlarmsProcess.run(["export", "--rules", smallerPath, "--now", "2026-11-30T21:00:00Z"])
        #expect(fits.exitCode == 0)
        let imported = try await AlarmsProcess.run(
            ["import", "-", "--dry-run", "--format", "json"], standardInput: Data(fits.standardOutput.utf8))
        #expect(imported.exitCode == 0)
    }
}
