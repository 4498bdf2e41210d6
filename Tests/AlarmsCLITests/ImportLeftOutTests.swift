import Foundation
import Testing

/// `alarms import` imports every event that fits and names each one left out; `--strict`
/// imports all or nothing; `--format json` gives the rules and the events left out as one document.
@Suite("alarms import: what fits, what is left out")
struct ImportLeftOutTests {
    /// 2026-12-01 is a Tuesday. "wake" fits; "rent" (line 9) repeats monthly.
    static let calendar =
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN",
            "BEGIN:VEVENT", "UID:wake", "SUMMARY:Wake", "DTSTART:20261201T073000", "RRULE:FREQ=WEEKLY;BYDAY=TU", "END:VEVENT",
            "BEGIN:VEVENT", "UID:rent@example.com", "SUMMARY:Rent", "DTSTART:20261201T090000", "RRULE:FREQ=YEARLY", "END:VEVENT",
            "END:VCALENDAR"
        ].joined(separator: "\r\n") + "\r\n"

    @Test func theEventsThatFitAreAddedAndEachOneLeftOutIsNamedWithItsReason() async throws {
        let store = try TemporaryStore()
        let file = try store.write(Self.calendar, named: "calendar.ics")
        let result = try await store.run(["import", file])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "Added 'wake' (Wake): tue at 07:30, from 2026-12-01, floating.\n")
        // The RRULE is line 14; its FREQ part starts at column 7.
        #expect(
            result.standardError.split(separator: "\n") == [
                #"warning: \#(file):14:7: left out event "rent@example.com" (Rent): RRULE: "FREQ=YEARLY" repeats by year; an alarm rule repeats on weekdays every N weeks"#,
                "warning: imported 1 rule, left out 1 event ('--strict' imports all or nothing)"
            ])
        let rules = try #require(try store.json()["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ["wake"])
    }

    @Test func strictImportsNothingWhenAnEventIsLeftOut() async throws {
        let store = try TemporaryStore()
        let file = try store.write(Self.calendar, named: "calendar.ics")
        let result = try await store.run(["import", file, "--strict"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError.hasPrefix(
                #"error: \#(file):14:7: RRULE: "FREQ=YEARLY" repeats by year; an alarm rule repeats on weekdays every N weeks"#
                    + "\nhint: "))
        #expect(store.bytes == nil)
    }

    @Test func jsonListsTheRulesTheEventsLeftOutAndTheNotes() async throws {
        let store = try TemporaryStore()
        let text = Self.calendar.replacingOccurrences(of: "UID:wake", with: "UID:wake@example.com")
        let file = try store.write(text, named: "calendar.ics")
        let result = try await store.run(["import", file, "--dry-run", "--format", "json"])
        #expect(result.exitCode == 0)
        #expect(result.standardError.isEmpty)
        #expect(
            result.standardOutput == """
                {
                  "file": "\(file)",
                  "dryRun": true,
                  "rules": [
                    {
                      "id": "wake-example.com",
                      "label": "Wake",
                      "days": ["tue"],
                      "times": ["07:30"],
                      "start": "2026-12-01"
                    }
                  ],
                  "leftOut": [
                    {
                      "line": 10,
                      "uid": "rent@example.com",
                      "summary": "Rent",
                      "recurrenceId": null,
                      "reasons": [
                        {
                          "line": 14,
                          "column": 7,
                          "property": "RRULE",
                          "value": "FREQ=YEARLY",
                          "message": "repeats by year; an alarm rule repeats on weekdays every N weeks"
                        }
                      ],
                      "nearest": null
                    }
                  ],
                  "notes": [
                    {
                      "line": 5,
                      "property": "UID",
                      "value": "wake@example.com",
                      "message": "is not a valid rule id (1 to 64 characters of A-Z a-z 0-9 . _ -); the rule's id is \\"wake-example.com\\""
                    }
                  ]
                }

                """)
        #expect(store.bytes == nil)
    }

    @Test func jsonWithoutDryRunAddsTheRules() async throws {
        let store = try TemporaryStore()
        let file = try store.write(Self.calendar, named: "calendar.ics")
        let result = try await store.run(["import", file, "--format", "json"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("\"dryRun\": false"))
        let rules = try #require(try store.json()["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ["wake"])
    }

    @Test func aFileFromWhichNothingImportsIsAnError() async throws {
        let store = try TemporaryStore()
        let text = Self.calendar.replacingOccurrences(of: "RRULE:FREQ=WEEKLY;BYDAY=TU", with: "RRULE:FREQ=MONTHLY")
        let file = try store.write(text, named: "calendar.ics")
        let result = try await store.run(["import", file])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count == 2)
        #expect(store.bytes == nil)
    }

    @Test(arguments: ["--strict", "--at-reminder"])
    func fileOptionsGoWithAFileNotWithAnRRule(option: String) async throws {
        let result = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=DAILY", "--dtstart", "20261201T090000", "--id", "a", option
        ])
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("error: '\(option)' goes with a FILE, not with '--rrule'\n"))
    }

    @Test func atReminderRingsAtTheReminderAndWithoutItANoteNamesIt() async throws {
        // Tuesdays at 07:30 (floating), reminded 10 minutes before: 07:20.
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN", "BEGIN:VEVENT", "UID:wake", "DTSTART:20261201T073000",
            "RRULE:FREQ=WEEKLY", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M", "END:VALARM", "END:VEVENT", "END:VCALENDAR"
        ].joined(separator: "\r\n")
        let store = try TemporaryStore()
        let file = try store.write(text, named: "calendar.ics")
        let plain = try await store.run(["import", file, "--dry-run"])
        #expect(plain.standardOutput.contains("\"times\": [\"07:30\"]"))
        #expect(
            plain.standardError
                == "note: \(file):10: TRIGGER: \"-PT10M\" is a reminder 10 min before the event's start; the rule rings at the event's start, 07:30 (--at-reminder rings at the reminder)\n"
        )
        let reminded = try await store.run(["import", file, "--dry-run", "--at-reminder"])
        #expect(reminded.exitCode == 0)
        #expect(reminded.standardOutput.contains("\"times\": [\"07:20\"]"))
        #expect(
            reminded.standardError
                == "note: \(file):10: TRIGGER: \"-PT10M\" the rule rings at the reminder: 07:20, for the event at 07:30\n")
    }

    @Test func textFromTheFileInTheReportIsEscapedForTheTerminal() async throws {
        let text = Self.calendar.replacingOccurrences(of: "SUMMARY:Rent", with: "SUMMARY:Rent\u{202E}txt")
        let result = try await AlarmsProcess.run(["import", "-", "--dry-run"], standardInput: Data(text.utf8))
        #expect(result.exitCode == 0)
        #expect(!result.standardError.contains("\u{202E}"))
        #expect(result.standardError.contains(#"left out event "rent@example.com" (Rent\u202etxt): "#))
    }

    @Test func jsonOfAnRRuleHasNoFileAndNothingLeftOut() async throws {
        let result = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=DAILY", "--dtstart", "20261201T090000", "--id", "a", "--dry-run", "--format", "json"
        ])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("{\n  \"file\": null,\n  \"dryRun\": true,\n  \"rules\": [\n"))
        #expect(result.standardOutput.hasSuffix("  \"leftOut\": [],\n  \"notes\": []\n}\n"))
    }
}
