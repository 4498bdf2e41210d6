import AlarmsCLI
import Foundation
import Testing

@Suite("tables read in the device's clock")
struct TableClockTests {
    @Test("a Berlin device with a Tokyo rule and a floating rule plans in time order, the rule's clock in its own column")
    func planInDeviceClock() async throws {
        // now Mon 2026-11-30 22:00 Berlin (+01:00) = 21:00Z. wake (floating) Tue 07:30 Berlin: 9 h 30 min.
        // standup Wed 09:00 Tokyo (+09:00) = 00:00Z = Wed 01:00 Berlin: 27 h = 1 d 3 h, so it sorts
        // before wake's Wed 07:30 (33 h 30 min = 1 d 9 h). The first fire past the cap is bins, Wed 20:00.
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(["plan", "--now", Fixtures.now, "--cap", "3"])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput == """
                Plan at Mon 2026-11-30 22:00 Europe/Berlin, cap 3

                WHEN                  IN             RULE     RULE'S CLOCK      LABEL
                Tue 2026-12-01 07:30  in 9 h 30 min  wake     floating          Wake up
                Wed 2026-12-02 01:00  in 1 d 3 h     standup  09:00 Asia/Tokyo  Stand-up
                Wed 2026-12-02 07:30  in 1 d 9 h     wake     floating          Wake up

                Fires: 3 (cap 3, reached).
                Covered until: Wed 2026-12-02 20:00 Europe/Berlin,
                  short of the horizon Mon 2026-12-07 22:00 Europe/Berlin.

                """)
    }

    @Test("RULE'S CLOCK tells a rule fixed to the device's own zone from a floating one: the zone, or floating")
    func fixedToTheDeviceZone() async throws {
        // On a Berlin device: 'weekend' is fixed to Europe/Berlin, 'wake' floats. now Mon 2026-11-30
        // 22:00 CET. Tue 07:30 is 9 h 30 min ahead; Sat 12-05 09:00 is 4 d 11 h ahead.
        let rules = """
            {"version": 1, "rules": [
              {"id": "wake", "days": ["tue"], "times": ["07:30"]},
              {"id": "weekend", "days": ["sat"], "times": ["09:00"], "timeZone": "Europe/Berlin"}
            ]}
            """
        let output = try await AlarmsProcess.run(
            ["plan", "--rules", "-", "--now", Fixtures.now, "--time-zone", "Europe/Berlin", "--cap", "2"],
            standardInput: Data(rules.utf8))
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput.hasPrefix(
                """
                Plan at Mon 2026-11-30 22:00 Europe/Berlin, cap 2

                WHEN                  IN             RULE     RULE'S CLOCK         LABEL
                Tue 2026-12-01 07:30  in 9 h 30 min  wake     floating
                Sat 2026-12-05 09:00  in 4 d 11 h    weekend  09:00 Europe/Berlin

                """))
        // Floating rules alone need no column: every one follows the device.
        let floating = try await AlarmsProcess.run(
            ["plan", "--rules", "-", "--now", Fixtures.now, "--time-zone", "Europe/Berlin", "--cap", "1"],
            standardInput: Data(#"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"]}]}"#.utf8))
        #expect(floating.standardOutput.contains("\nWHEN                  IN             RULE  LABEL\n"))
    }

    @Test("the coverage footer names the device zone when the plan reaches its horizon")
    func footerNamesZone() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(["plan", "--now", Fixtures.now, "--time-zone", "Asia/Tokyo", "--horizon-days", "1"])
        // now 21:00Z is Tue 06:00 in Tokyo; the horizon 24 h later is Wed 06:00 there.
        #expect(output.standardOutput.hasPrefix("Plan at Tue 2026-12-01 06:00 Asia/Tokyo, cap 64\n"))
        #expect(output.standardOutput.hasSuffix("Covered until: the horizon, Wed 2026-12-02 06:00 Asia/Tokyo.\n"))
    }
}

@Suite("labels are cut to the terminal's width, and only on a terminal")
struct TableWidthTests {
    static let book = #"""
        {"version": 1, "rules": [{"id": "meds", "label": "Take the blue pills with a full glass of water after breakfast, not before",
          "days": ["mon"], "times": ["08:00"]}]}
        """#

    /// The plan's only fire, Mon 2026-12-07 08:00 Berlin, 6 d 10 h after now: LABEL starts at
    /// column 41 (WHEN 20, IN 11 "in 6 d 10 h", RULE 4, each and 2 spaces).
    static let rowStart = "Mon 2026-12-07 08:00  in 6 d 10 h  meds  "

    static func fireLine(_ output: CommandResult) -> String { fireLine(output.standardOutput) }

    static func fireLine(_ standardOutput: String) -> String {
        standardOutput.split(separator: "\n").first { $0.hasPrefix("Mon 2026-12-07") }.map(String.init) ?? ""
    }

    @Test("on a terminal the label is cut with … at the width the terminal reports")
    func cutAtTerminalWidth() async throws {
        let store = try TemporaryStore(Self.book)
        let output = try await store.run(["plan", "--cap", "1"], outputIsTerminal: true, terminalColumns: 60)
        #expect(output.exitCode == 0)
        // 60 columns: 59 characters, 18 of them label, then "…".
        #expect(Self.fireLine(output) == Self.rowStart + "Take the blue pill…")
        #expect(Self.fireLine(output).count == 60)
        #expect(output.standardOutput.contains("WHEN                  IN           RULE  LABEL\n"))
    }

    @Test("COLUMNS, when set to a positive number, wins over the terminal's own width")
    func columnsHonoured() async throws {
        let store = try TemporaryStore(Self.book)
        let narrow = try await store.run(
            ["plan", "--cap", "1"], extraEnvironment: ["COLUMNS": "50"], outputIsTerminal: true, terminalColumns: 120)
        #expect(Self.fireLine(narrow) == Self.rowStart + "Take the…")
        // A COLUMNS that is not a positive number is ignored.
        for columns in ["abc", "0", "-5", ""] {
            let ignored = try await store.run(
                ["plan", "--cap", "1"], extraEnvironment: ["COLUMNS": columns], outputIsTerminal: true, terminalColumns: 60)
            #expect(Self.fireLine(ignored) == Self.rowStart + "Take the blue pill…", "COLUMNS=\(columns)")
        }
        // Neither: 80 columns.
        let fallback = try await store.run(["plan", "--cap", "1"], outputIsTerminal: true, terminalColumns: nil)
        #expect(Self.fireLine(fallback) == Self.rowStart + "Take the blue pills with a full glass …")
    }

    @Test("off a terminal the label is never cut, whatever the terminal width and COLUMNS say")
    func neverCutOffTerminal() async throws {
        let store = try TemporaryStore(Self.book)
        let whole = Self.rowStart + "Take the blue pills with a full glass of water after breakfast, not before"
        let piped = try await store.run(
            ["plan", "--cap", "1"], extraEnvironment: ["COLUMNS": "50"], outputIsTerminal: false, terminalColumns: 60)
        #expect(Self.fireLine(piped) == whole)
        // The same through the executable's entry point, with COLUMNS in its environment.
        let process = try await store.run(["plan", "--cap", "1", "--now", Fixtures.now], extraEnvironment: ["COLUMNS": "40"])
        #expect(Self.fireLine(process.standardOutput) == whole)
        // list and next wrap nothing off a terminal either.
        let list = try await store.run(["list"], outputIsTerminal: false, terminalColumns: 40)
        #expect(list.standardOutput.contains("floating  Take the blue pills with a full glass of water after breakfast, not before\n"))
        let next = try await store.run(["next", "--count", "1"], outputIsTerminal: false, terminalColumns: 40)
        #expect(next.standardOutput.contains("meds  Take the blue pills with a full glass of water after breakfast, not before\n"))
    }

    @Test("a hostile label is escaped before it is cut, on a terminal and off it")
    func hostileLabelEscaped() async throws {
        let store = try TemporaryStore(
            #"{"version": 1, "rules": [{"id": "meds", "label": "\u001b]0;OWNED\u0007 pills\u202e", "days": ["mon"], "times": ["08:00"]}]}"#)
        let terminal = try await store.run(["plan", "--cap", "1"], outputIsTerminal: true, terminalColumns: 60)
        // 18 characters of the escaped label fit, cutting "\u0007" after "\u00".
        #expect(Self.fireLine(terminal) == Self.rowStart + #"\u001b]0;OWNED\u00…"#)
        let piped = try await store.run(["plan", "--cap", "1"], outputIsTerminal: false, terminalColumns: 60)
        #expect(Self.fireLine(piped) == Self.rowStart + #"\u001b]0;OWNED\u0007 pills\u202e"#)
        for output in [terminal, piped] {
            #expect(!output.standardOutput.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{202E}" })
        }
    }
}
