import Foundation
import Testing

/// `alarms import`: .ics files and RRULEs into the book, or printed as a rule file.
@Suite("alarms import")
struct ImportCommandTests {
    static let calendar =
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN",
            "BEGIN:VEVENT", "UID:wake", "SUMMARY:Wake\\, up", "DTSTART;TZID=Europe/Berlin:20261201T073000",
            "RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4", "END:VEVENT",
            "BEGIN:VEVENT", "UID:dentist@example.com", "DTSTART:20261205T091500", "END:VEVENT",
            "END:VCALENDAR"
        ].joined(separator: "\r\n") + "\r\n"

    @Test func dryRunPrintsTheRulesAsARuleFileAndTouchesNothing() async throws {
        let store = try TemporaryStore()
        let file = try store.write(Self.calendar, named: "calendar.ics")
        let result = try await store.run(["import", file, "--dry-run"])
        #expect(result.exitCode == 0)
        // Tue Dec 1, Thu Dec 3, Tue Dec 8, Thu Dec 10: the fourth instance ends the rule.
        #expect(
            result.standardOutput == """
                {
                  "version": 1,
                  "rules": [
                    {
                      "id": "wake",
                      "label": "Wake, up",
                      "days": ["tue", "thu"],
                      "times": ["07:30"],
                      "timeZone": "Europe/Berlin",
                      "start": "2026-12-01",
                      "end": "2026-12-10"
                    },
                    {
                      "id": "dentist-example.com",
                      "date": "2026-12-05",
                      "times": ["09:15"]
                    }
                  ]
                }

                """)
        #expect(
            result.standardError
                == "note: \(file):11: UID: \"dentist@example.com\" is not a valid rule id (1 to 64 characters of A-Z a-z 0-9 . _ -); the rule's id is \"dentist-example.com\"\n"
        )
        #expect(store.bytes == nil)
    }

    @Test func importAddsTheRulesToTheBook() async throws {
        let store = try TemporaryStore()
        let file = try store.write(Self.calendar, named: "calendar.ics")
        let result = try await store.run(["import", file])
        #expect(result.exitCode == 0)
        #expect(
            result.standardOutput == """
                Added 'wake' (Wake, up): tue thu at 07:30, from 2026-12-01, until 2026-12-10,
                  Europe/Berlin.
                Added 'dentist-example.com': once on Sat 2026-12-05 at 09:15, floating.

                """)
        let rules = try #require(try store.json()["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ["wake", "dentist-example.com"])
    }

    @Test func idsTheBookAlreadyHasAreRefusedAllListedAndNothingIsAdded() async throws {
        let store = try TemporaryStore()
        let file = try store.write(Self.calendar, named: "calendar.ics")
        #expect(try await store.run(["add", "wake", "--days", "mon", "--at", "06:00"]).exitCode == 0)
        #expect(try await store.run(["add", "dentist-example.com", "--days", "mon", "--at", "06:00"]).exitCode == 0)
        let before = store.text
        let result = try await store.run(["import", file])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError.hasPrefix(
                "error: rule 'wake' already exists\nerror: rule 'dentist-example.com' already exists\nhint: remove them with"))
        #expect(store.text == before)
    }

    @Test func oneIdTheBookAlreadyHasIsNamedInTheHint() async throws {
        let store = try TemporaryStore()
        let file = try store.write(Self.calendar, named: "calendar.ics")
        #expect(try await store.run(["add", "wake", "--days", "mon", "--at", "06:00"]).exitCode == 0)
        let result = try await store.run(["import", file])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError
                == "error: rule 'wake' already exists\nhint: remove it with 'alarms remove wake', or give the event another UID\n")
    }

    @Test func everyProblemIsReportedWithItsFileLineAndColumn() async throws {
        let store = try TemporaryStore()
        let text = Self.calendar.replacingOccurrences(of: "COUNT=4", with: "BYMONTH=1")
            .replacingOccurrences(of: "DTSTART:20261205T091500", with: "DTSTART:20261205T091500\r\nRDATE:20261206T091500")
        let file = try store.write(text, named: "calendar.ics")
        let result = try await store.run(["import", file])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(
            errors == [
                "error: \(file):8:31: RRULE: \"BYMONTH=1\" BYMONTH limits the rule to some months; an alarm rule fires in every month",
                "error: \(file):13:7: RDATE: \"20261206T091500\" adds single dates to the recurrence; an alarm rule has only its weekly pattern (add them as one-shot rules)"
            ])
        #expect(store.bytes == nil)
    }

    @Test func textFromTheFileIsEscapedForTheTerminal() async throws {
        let text = Self.calendar.replacingOccurrences(of: "UID:dentist@example.com", with: "UID:dentist\u{202E}txt")
        let result = try await AlarmsProcess.run(["import", "-", "--dry-run"], standardInput: Data(text.utf8))
        #expect(result.exitCode == 0)
        #expect(!result.standardError.contains("\u{202E}"))
        #expect(result.standardError.contains(#"UID: "dentist\u202etxt" is not a valid rule id"#))
    }

    @Test func anRRuleWithAnISOOrRFC5545StartMakesOneRule() async throws {
        let iso = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30", "--dtstart", "2026-12-02T07:30:00",
            "--rule-zone", "Asia/Tokyo", "--id", "wake", "--label", "Wake", "--exdate", "2026-12-07T07:30:00", "--dry-run"
        ])
        let rfc = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30", "--dtstart", "20261202T073000",
            "--rule-zone", "Asia/Tokyo", "--id", "wake", "--label", "Wake", "--exdate", "20261207T073000", "--dry-run"
        ])
        #expect(iso.exitCode == 0)
        #expect(iso.standardOutput == rfc.standardOutput)
        #expect(
            iso.standardOutput == """
                {
                  "version": 1,
                  "rules": [
                    {
                      "id": "wake",
                      "label": "Wake",
                      "days": ["mon", "wed"],
                      "times": ["07:30"],
                      "timeZone": "Asia/Tokyo",
                      "start": "2026-12-02",
                      "skip": ["2026-12-07"]
                    }
                  ]
                }

                """)
    }

    @Test func aUTCStartIsAFixedUTCRule() async throws {
        let result = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=DAILY", "--dtstart", "2026-12-02T07:30:00Z", "--id", "a", "--dry-run"
        ])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("\"timeZone\": \"UTC\""))
    }

    @Test func anRRuleThatIsNoAlarmFailsWithEveryProblem() async throws {
        let result = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=MONTHLY;BYMONTHDAY=1", "--dtstart", "20261201T090000", "--id", "rent", "--dry-run"
        ])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError.hasPrefix(
                """
                error: RRULE: "FREQ=MONTHLY" repeats by month; an alarm rule repeats on weekdays every N weeks
                error: RRULE: "BYMONTHDAY=1" BYMONTHDAY picks days of the month; an alarm rule picks weekdays

                """))
    }

    @Test func aRuleEveryFewHoursIsToldTheDailyFormThatImports() async throws {
        let result = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=HOURLY;INTERVAL=8", "--dtstart", "2026-12-01T07:30:00", "--id", "pills", "--dry-run"
        ])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError.hasPrefix(
                #"error: RRULE: "FREQ=HOURLY" repeats every 8 hours, within a day; an alarm rule fires at fixed times of day: FREQ=DAILY;BYHOUR=7,15,23;BYMINUTE=30 rings at the same times and imports"#
                    + "\n"))
        let daily = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=DAILY;BYHOUR=7,15,23;BYMINUTE=30", "--dtstart", "2026-12-01T07:30:00", "--id", "pills", "--dry-run"
        ])
        #expect(daily.exitCode == 0)
        #expect(daily.standardOutput.contains(#""times": ["07:30", "15:30", "23:30"]"#))
    }

    @Test(arguments: [
        (["import"], "error: missing FILE or --rrule"),
        (["import", "a.ics", "--id", "x"], "error: '--id' goes with '--rrule', not with a file"),
        (
            ["import", "--rrule", "FREQ=DAILY", "--dtstart", "20261201T090000", "--id", "a", "f.ics"],
            "error: '--rrule' and a FILE ('f.ics') are two ways to import; give one\n"
        ),
        (["import", "--rrule", "FREQ=DAILY", "--id", "x"], "error: '--rrule' needs '--dtstart'"),
        (["import", "--rrule", "FREQ=DAILY", "--dtstart", "20261201T090000"], "error: '--rrule' needs '--id'"),
        (["import", "--rrule", "FREQ=DAILY", "--dtstart", "20261201T090000", "--id", "x", "--rule-zone", "Mars/Base"], "error: ")
    ])
    func usageMistakesExitWith64(arguments: [String], message: String) async throws {
        let result = try await AlarmsProcess.run(arguments)
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix(message))
    }

    @Test(arguments: [("", "is empty"), ("\r\n\r\n", "has only blank lines")])
    func emptyInputIsAnErrorNotNothingToImport(input: String, words: String) async throws {
        let store = try TemporaryStore()
        let result = try await AlarmsProcess.run(["import", "-", "--store", store.path], standardInput: Data(input.utf8))
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError.hasPrefix(
                "error: <stdin>:1:1: the text \(words); expected an iCalendar calendar, BEGIN:VCALENDAR … END:VCALENDAR\n"))
        #expect(store.bytes == nil)
    }

    @Test func aCalendarWithoutEventsIsAnErrorAndImportsNothing() async throws {
        let store = try TemporaryStore()
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//EN\r\nEND:VCALENDAR\r\n"
        let result = try await AlarmsProcess.run(["import", "-", "--store", store.path], standardInput: Data(text.utf8))
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError.hasPrefix(
                "error: <stdin>:1:1: BEGIN: \"VCALENDAR\" has no VEVENT, so it holds no alarm to import; expected at least one event\n"))
        #expect(store.bytes == nil)
    }

    @Test func notesNameTheFileAndComeInTextOrder() async throws {
        let store = try TemporaryStore()
        // Found in three passes: the VTODO (line 10) first, then the EXDATE (line 7), then the UID (line 8).
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN",
            "BEGIN:VEVENT", "DTSTART:20261201T070000", "RRULE:FREQ=DAILY", "EXDATE:20261130T070000", "UID:x@y", "END:VEVENT",
            "BEGIN:VTODO", "END:VTODO", "END:VCALENDAR"
        ].joined(separator: "\r\n")
        let file = try store.write(text, named: "calendar.ics")
        let result = try await store.run(["import", file, "--dry-run"])
        #expect(result.exitCode == 0)
        #expect(
            result.standardError.split(separator: "\n") == [
                #"note: \#(file):7: EXDATE: "20261130T070000" matches no instance of the rule (2026-11-30 07:00 is not one of its dates and times); ignored"#,
                #"note: \#(file):8: UID: "x@y" is not a valid rule id (1 to 64 characters of A-Z a-z 0-9 . _ -); the rule's id is "x-y""#,
                #"note: \#(file):10: BEGIN: "VTODO" is not a VEVENT; only events become alarm rules, so it was ignored"#
            ])
    }
}
