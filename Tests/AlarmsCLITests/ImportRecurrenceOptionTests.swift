import AlarmsCLI
import Foundation
import Testing

/// `alarms import --rrule … --dtstart … --exdate …`: the option values are read as a file's
/// properties are, every mistake is named with the option, and notes are printed.
@Suite("alarms import --rrule: option values")
struct ImportRecurrenceOptionTests {
    /// `import --rrule FREQ=DAILY` for a 07:30 New York rule from 2026-12-01, with `extra`.
    func daily(_ extra: [String]) async throws -> CommandResult {
        try await AlarmsProcess.run(
            ["import", "--rrule", "FREQ=DAILY", "--dtstart", "DTSTART;TZID=America/New_York:20261201T073000", "--id", "t", "--dry-run"]
                + extra)
    }

    @Test func aTZIDOnAnExdateLineHoldsForEveryValueOfIt() async throws {
        // 13:30 in Berlin (CET, UTC+1) is 12:30Z, 07:30 in New York (EST, UTC−5), on both dates.
        let result = try await daily(["--exdate", "EXDATE;TZID=Europe/Berlin:20261202T133000,20261203T133000"])
        #expect(result.exitCode == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.contains(#""skip": ["2026-12-02", "2026-12-03"]"#))
    }

    @Test func anExdateThatMatchesNoInstanceIsANote() async throws {
        // 08:30 is not the rule's time.
        let result = try await daily(["--exdate", "2026-12-02T07:30:00,2026-12-03T08:30:00"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains(#""skip": ["2026-12-02"]"#))
        #expect(
            result.standardError
                == #"note: EXDATE: "20261203T083000" matches no instance of the rule (it is 2026-12-03T08:30:00-05:00 in America/New_York, not one of its dates and times); ignored"#
                + "\n")
    }

    @Test(arguments: [
        ("--dtstart", "2026-12-01T07:30:00+01:00"),
        ("--dtstart", "2026-12-01T7:30"),
        ("--dtstart", "2026-12-01T24:00:00"),
        ("--dtstart", ""),
        ("--dtstart", " "),
        ("--dtstart", "tomorrow"),
        ("--dtstart", "20261301T073000"),
        ("--dtstart", "20261201T073060Z"),
        ("--dtstart", "20261201"),
        ("--exdate", "2026-12-02T07:30:00,yesterday"),
        ("--exdate", "2026-12-02T07:30:00,2026-12-03T07:30:00+01:00")
    ])
    func aValueThatIsNotADateAndTimeIsAUsageErrorNamingTheOption(option: String, value: String) async throws {
        var arguments = ["import", "--rrule", "FREQ=DAILY", "--dtstart", "2026-12-01T07:30:00", "--id", "a", "--dry-run"]
        if option == "--dtstart" { arguments[4] = value } else { arguments += [option, value] }
        let result = try await AlarmsProcess.run(arguments)
        #expect(result.exitCode == 64)
        let bad = value.split(separator: ",").last.map(String.init) ?? value
        #expect(result.standardError.hasPrefix("error: invalid value for '\(option)': '\(bad)' is not a date and time\n"))
        #expect(result.standardError.contains("hint: expected 2026-12-01T07:30:00 (Z at the end for UTC) or 20261201T073000"))
    }

    @Test func aLowercaseZIsUTCAsInRFC3339() async throws {
        let result = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=DAILY", "--dtstart", "2026-12-01T07:30:00z", "--id", "a", "--dry-run"
        ])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains(#""timeZone": "UTC""#))
    }
}
