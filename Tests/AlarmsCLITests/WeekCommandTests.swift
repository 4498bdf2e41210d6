import AlarmsCLI
import Foundation
import Testing

/// `alarms week`: the plan drawn as a grid, days across and hours down on the device's clock.
@Suite("alarms week")
struct WeekCommandTests {
    /// A floating 02:30 on Sundays (in a gap or an overlap on the change days), a rule fixed
    /// to Tokyo, and a label that tries to retitle the terminal.
    static let changeDayRules = """
        {"version": 1, "rules": [
          {"id": "early", "label": "Early \\u001b]0;OWNED\\u0007 bird", "days": ["sun"], "times": ["02:30"]},
          {"id": "tokyo", "days": ["sun"], "times": ["09:00"], "timeZone": "Asia/Tokyo"}
        ]}
        """

    private func week(_ arguments: [String], rules: String = changeDayRules) async throws -> CommandResult {
        try await AlarmsProcess.run(["week", "--rules", "-"] + arguments, standardInput: Data(rules.utf8))
    }

    @Test("--format, which week does not take, is a usage error pointing at 'alarms plan --format json' for the fires as data")
    func formatPointsAtPlan() async throws {
        for arguments in [["--format", "json"], ["--format=json"], ["--format", "table"]] {
            let output = try await week(arguments)
            #expect(output.exitCode == 64)
            #expect(output.standardOutput == "")
            #expect(
                output.standardError.hasPrefix(
                    """
                    error: '--format' is not an option of 'week': the week is a picture, with no JSON or other form
                    hint: 'alarms plan --format json' gives the same fires as data
                    usage: alarms week

                    """.dropLast()), "\(arguments)")
        }
        // Not among the options help lists.
        let help = try await AlarmsProcess.run(["week", "--help"])
        #expect(help.standardOutput.contains("\n  --fill-cap "))
        #expect(!help.standardOutput.contains("\n  --format "))
    }

    @Test("the bundled example is drawn at the device's clock, a fixed-zone rule at its device time")
    func exampleGrid() async throws {
        // now Mon 2026-11-30 08:00 CET; the 7-day window ends Mon 12-07 08:00, so meds' 08:00
        // that day (at the end, included) is the last fire and Mon 30 08:00 (at now) is not.
        // standup-tokyo 09:00 JST = 00:00Z = 01:00 CET on Mon, Wed, Fri; flight 05:45 London =
        // 06:45 CET. 26 fires: 3 standup, 1 flight, 5 wake, 7 + 7 meds, 2 weekend-run, 1 bins.
        let output = try await AlarmsProcess.run([
            "week", "--rules", "Docs/Examples/alarms.json", "--time-zone", "Europe/Berlin", "--now", "2026-11-30T08:00:00+01:00"
        ])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        #expect(
            output.standardOutput == """
                Week at Mon 2026-11-30 08:00 Europe/Berlin, cap 64

                Mon 2026-11-30 to Mon 2026-12-07
                      Mon 30   Tue 1    Wed 2    Thu 3    Fri 4    Sat 5    Sun 6    Mon 7
                01:00                   :00 sta…          :00 sta…                   :00 sta…
                06:00                                              :45 fli…
                07:00          :30 wake :30 wake :30 wake :30 wake                   :30 wake
                08:00          :00 meds :00 meds :00 meds :00 meds :00 meds :00 meds :00 meds
                                                                   :15 wee… :15 wee…
                20:00 :00 meds :00 meds :00 bins :00 meds :00 meds :00 meds :00 meds
                                        :00 meds

                RULE           ZONE           LABEL
                bins           floating       Put the bins out
                flight         Europe/London  Leave for the airport
                meds           floating       Medication
                standup-tokyo  Asia/Tokyo     Stand-up with the Tokyo team
                wake           floating       Wake up
                weekend-run    floating       Long run

                Fires: 26 (cap 64).

                """)
    }

    @Test("a fire in the spring-forward gap sits at its shifted hour with the gap mark and the legend says why")
    func gapShiftedFireIsMarked() async throws {
        // New York 2026-03-08: 02:00 EST → 03:00 EDT, so Sun 02:30 rings at 03:30 EDT (07:30Z).
        // tokyo Sun 09:00 JST = Sun 00:00Z = Sat 19:00 EST, on the device's Saturday.
        let output = try await week(["--time-zone", "America/New_York", "--now", "2026-03-07T12:00:00-05:00", "--horizon-days", "2"])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput.hasPrefix(
                """
                Week at Sat 2026-03-07 12:00 America/New_York, cap 64

                Sat 2026-03-07 to Mon 2026-03-09
                      Sat 7            Sun 8            Mon 9
                03:00                  :30 early*
                19:00 :00 tokyo

                * time skipped by a forward clock change that day; fires later by the gap

                """))
    }

    @Test("on the fall-back day both fires of the repeated hour share its row, the overlap one marked")
    func overlapFireIsMarked() async throws {
        // Berlin 2026-10-25: 03:00 CEST → 02:00 CET. tokyo 09:00 JST = 00:00Z = 02:00 CEST;
        // early 02:30 takes the first of its two instants, 02:30 CEST = 00:30Z, after tokyo.
        let output = try await week(["--time-zone", "Europe/Berlin", "--now", "2026-10-24T12:00:00+02:00", "--horizon-days", "2"])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput.contains(
                """
                      Sat 24           Sun 25           Mon 26
                02:00                  :00 tokyo
                                       :30 early¹

                ¹ time occurs twice that day (clocks go back); fires at the first

                """))
    }

    @Test("labels and rule ids from the file are escaped, so no control character reaches the terminal")
    func hostileLabelsAreEscaped() async throws {
        let output = try await week(["--time-zone", "America/New_York", "--now", "2026-03-07T12:00:00-05:00", "--horizon-days", "2"])
        #expect(output.exitCode == 0)
        #expect(!output.standardOutput.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
        #expect(output.standardOutput.contains("early  floating    Early \\u001b]0;OWNED\\u0007 bird\n"))
    }

    @Test("colour codes on a terminal, none with NO_COLOR or off a terminal")
    func colourOnlyOnTerminals() async throws {
        let directory = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "rules.json")
        try Data(Self.changeDayRules.utf8).write(to: file)
        let arguments = [
            "week", "--rules", file.path, "--time-zone", "America/New_York", "--now", "2026-03-07T12:00:00-05:00",
            "--horizon-days", "2"
        ]
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }
        let terminal = await CommandLineTool.run(arguments, environment: [:], clock: clock, outputIsTerminal: true)
        #expect(terminal.exitCode == 0)
        // The marked cell in yellow, the day header in bold, the hour dim.
        #expect(terminal.standardOutput.contains("\u{1B}[2m03:00\u{1B}[0m                  \u{1B}[33m:30 early*\u{1B}[0m\n"))
        #expect(terminal.standardOutput.contains("\u{1B}[1m      Sat 7            Sun 8            Mon 9\u{1B}[0m\n"))
        let piped = await CommandLineTool.run(arguments, environment: [:], clock: clock, outputIsTerminal: false)
        let noColor = await CommandLineTool.run(arguments, environment: ["NO_COLOR": "1"], clock: clock, outputIsTerminal: true)
        #expect(!piped.standardOutput.contains("\u{1B}"))
        #expect(noColor.standardOutput == piped.standardOutput)
    }

    @Test("on a terminal the grid keeps to the terminal's width; off a terminal to 80 columns")
    func gridFollowsTheTerminalWidth() async throws {
        let arguments = [
            "week", "--rules", AlarmsProcess.packageRoot.appending(path: "Docs/Examples/alarms.json").path, "--time-zone",
            "Europe/Berlin", "--now", "2026-11-30T08:00:00+01:00"
        ]
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }
        func widest(_ output: CommandResult) -> Int { output.standardOutput.split(separator: "\n").map(\.count).max() ?? 0 }
        let narrow = await CommandLineTool.run(
            arguments, environment: ["NO_COLOR": "1", "COLUMNS": "50"], clock: clock, outputIsTerminal: true)
        let wide = await CommandLineTool.run(
            arguments, environment: ["NO_COLOR": "1"], clock: clock, outputIsTerminal: true, terminalColumns: 150)
        let piped = await CommandLineTool.run(arguments, environment: ["COLUMNS": "50"], clock: clock, outputIsTerminal: false)
        #expect(narrow.exitCode == 0 && wide.exitCode == 0 && piped.exitCode == 0)
        #expect(widest(narrow) <= 50)
        #expect(widest(piped) > 50 && widest(piped) <= 80)
        #expect(widest(wide) > 80 && widest(wide) <= 150)
    }

    @Test("a long window is drawn a week at a time and no line passes 80 columns")
    func longWindowStaysWithinWidth() async throws {
        // 31 days of the example: dates 11-30 … 12-31 (32 of them) in grids of 7.
        let output = try await AlarmsProcess.run([
            "week", "--rules", "Docs/Examples/alarms.json", "--time-zone", "Europe/Berlin", "--now", "2026-11-30T08:00:00+01:00",
            "--horizon-days", "31", "--cap", "500"
        ])
        #expect(output.exitCode == 0)
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains("Mon 2026-11-30 to Sun 2026-12-06"))
        #expect(lines.contains("Mon 2026-12-28 to Thu 2026-12-31"))
        #expect(lines.contains("      Mon 7     Tue 8     Wed 9     Thu 10    Fri 11    Sat 12    Sun 13"))
    }

    @Test("a cell with more fires than it has lines lists two and counts the rest")
    func crowdedCellCountsTheRest() async throws {
        let rules = """
            {"version": 1, "rules": [
              {"id": "a", "days": ["mon"], "times": ["09:00", "09:10", "09:20", "09:30"]}
            ]}
            """
        let output = try await week(["--time-zone", "UTC", "--now", "2026-11-30T08:00:00Z", "--horizon-days", "1"], rules: rules)
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("09:00 :00 a\n      :10 a\n      +2 more\n"))
    }

    @Test("the help says there is no JSON form, and --format is refused")
    func noJSONForm() async throws {
        let help = try await AlarmsProcess.run(["week", "--help"])
        #expect(help.standardOutput.contains("\nThere is no JSON form of this picture; 'alarms plan --format json' gives the\n"))
        let json = try await AlarmsProcess.run(["week", "--rules", "Docs/Examples/alarms.json", "--format", "json"])
        #expect(json.exitCode == 64)
    }
}
