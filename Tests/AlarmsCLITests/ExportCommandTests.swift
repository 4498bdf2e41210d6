import Foundation
import Testing

/// `alarms export`: the rules as an `.ics` document or as RRULE lines, warnings on standard error.
///
/// The fixed clock is Monday 2026-11-30 21:00Z (22:00 in Berlin, the device zone of
/// ``TemporaryStore/run(_:timeZone:extraEnvironment:)``), so `--from` defaults to 2026-11-30.
@Suite("alarms export")
struct ExportCommandTests {
    @Test("--format rrule prints per event '# ID', DTSTART, RRULE and EXDATE lines, blocks separated by a blank line")
    func rruleLayout() throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try store.run(["export", "--format", "rrule"])
        #expect(output.exitCode == 0)
        // Hand-checked: the first weekday, Mon/Wed/Fri, and Saturday on or after Monday 2026-11-30;
        // bins starts Wednesday 2026-12-02 and skips 12-30; the flight is a one-shot on 12-05.
        let blocks = [
            "# wake\nDTSTART:20261130T073000\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=7;BYMINUTE=30\n",
            "# standup\nDTSTART;TZID=Asia/Tokyo:20261130T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;BYHOUR=9;BYMINUTE=0\n",
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
    func icsDocument() throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "rules.json")
        try Data(
            #"{"version": 1, "rules": [{"id": "tea", "label": "Tea, then; rest", "days": ["sun"], "times": ["16:00"]}]}"#.utf8
        ).write(to: file)
        let output = try AlarmsProcess.run(
            ["export", "--rules", file.path, "--from", "2026-12-01", "--now", "2026-11-30T08:09:10Z"], timeZone: "Asia/Tokyo")
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // The first Sunday on or after Tuesday 2026-12-01 is 2026-12-06.
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//RecurringAlarms//RecurringAlarms 1.0//EN", "CALSCALE:GREGORIAN",
            "BEGIN:VEVENT", "UID:tea", "DTSTAMP:20261130T080910Z", "DTSTART:20261206T160000",
            "RRULE:FREQ=WEEKLY;BYDAY=SU;BYHOUR=16;BYMINUTE=0", #"SUMMARY:Tea\, then\; rest"#,
            "BEGIN:VALARM", "ACTION:DISPLAY", #"DESCRIPTION:Tea\, then\; rest"#, "TRIGGER:PT0S", "END:VALARM",
            "END:VEVENT", "END:VCALENDAR"
        ]
        #expect(output.standardOutput == lines.map { $0 + "\r\n" }.joined())
    }

    @Test("a rule whose times are not one hours x minutes grid is several blocks, ID-1, ID-2, in rrule format")
    func splitRuleBlocks() throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "rules.json")
        try Data(
            #"{"version": 1, "rules": [{"id": "pills", "days": ["mon"], "times": ["20:30", "07:00", "08:30"], "skip": ["2026-12-07"]}]}"#
                .utf8
        ).write(to: file)
        let output = try AlarmsProcess.run(["export", "--rules", file.path, "--format", "rrule", "--from", "2026-12-01"])
        #expect(output.exitCode == 0)
        // Monday 2026-12-07 is the first Monday on or after 12-01, and skipped: DTSTART and EXDATE.
        #expect(
            output.standardOutput == """
                # pills-1
                DTSTART:20261207T070000
                RRULE:FREQ=WEEKLY;BYDAY=MO;BYHOUR=7;BYMINUTE=0
                EXDATE:20261207T070000

                # pills-2
                DTSTART:20261207T083000
                RRULE:FREQ=WEEKLY;BYDAY=MO;BYHOUR=8,20;BYMINUTE=30
                EXDATE:20261207T083000
                EXDATE:20261207T203000

                """)
    }

    @Test("--from defaults to today in the device zone")
    func fromDefaultsToToday() throws {
        let store = try TemporaryStore(Fixtures.book)
        // 2026-11-30T21:00Z is still Monday 11-30 in New York (16:00) but Tuesday 12-01 in Tokyo (06:00).
        let newYork = try store.run(["export", "--format", "rrule"], timeZone: "America/New_York")
        let tokyo = try store.run(["export", "--format", "rrule"], timeZone: "Asia/Tokyo")
        #expect(newYork.standardOutput.contains("# wake\nDTSTART:20261130T073000\n"))
        #expect(tokyo.standardOutput.contains("# wake\nDTSTART:20261201T073000\n"))
    }

    @Test("the ics document of the book has a VTIMEZONE per zone used and no VALARM for a disabled rule")
    func icsOfTheBook() throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try store.run(["export"])
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
    func usageErrors(arguments: [String], message: String) throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try store.run(arguments)
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix(message))
        #expect(output.standardOutput == "")
    }
}
