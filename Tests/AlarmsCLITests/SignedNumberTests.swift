import Foundation
import Testing

@testable import AlarmsCLI

/// Whole numbers are written in digits everywhere: a leading `+` is refused by every numeric
/// option and variable, as RFC 5545 refuses `INTERVAL=+2` and `--max-input-size` refused `+100`.
@Suite("whole numbers without a sign")
struct SignedNumberTests {
    static let wake = #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"]}]}"#

    @Test(
        "a numeric option with a leading + is a usage error that shows it without the sign",
        arguments: [
            (["next", "--count", "+1"], "count", "1"),
            (["plan", "--cap", "+5"], "cap", "5"),
            (["plan", "--horizon-days", "+2"], "horizon-days", "2"),
            (["plan", "--fill-cap", "--max-days", "+30"], "max-days", "30"),
            (
                ["simulate", "--days", "1", "--open-every", "1d", "--backend", "alarmkit", "--alarm-limit", "+5"],
                "alarm-limit", "5"
            ),
            (["simulate", "--days", "+1", "--open-every", "1d"], "days", "1"),
            (["simulate", "--days", "1", "--open-every", "1d", "--budget", "+2"], "budget", "2")
        ])
    func plusSign(arguments: [String], option: String, digits: String) async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appending(path: "wake.json").path
        try Data(Self.wake.utf8).write(to: URL(fileURLWithPath: rules))
        let result = try await AlarmsProcess.run(arguments + ["--rules", rules, "--now", "2026-11-30T21:00:00Z"])
        #expect(result.exitCode == 64)
        #expect(
            result.standardError.hasPrefix(
                "error: invalid value for '--\(option)': '+\(digits)'\nhint: write the number without a sign: '--\(option) \(digits)'\n"),
            "\(result.standardError)")
    }

    @Test(
        "the other numbers refuse a leading + too",
        arguments: [
            (
                ["simulate", "--days", "1", "--open-every", "1d", "--jitter", "1h", "--seed", "+7"],
                "error: invalid value for '--seed': '+7'"
            ),
            (["plan", "--max-input-size", "+100"], "error: invalid value for '--max-input-size': '+100'"),
            (["plan", "--max-input-size", "-100"], "error: invalid value for '--max-input-size': '-100'")
        ])
    func otherNumbers(arguments: [String], excerpt: String) async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appending(path: "wake.json").path
        try Data(Self.wake.utf8).write(to: URL(fileURLWithPath: rules))
        let result = try await AlarmsProcess.run(arguments + ["--rules", rules, "--now", "2026-11-30T21:00:00Z"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix(excerpt + "\n"), "\(result.standardError)")
    }

    @Test("a sign is still refused, with the range, when the number is out of range or negative")
    func outOfRange() async throws {
        for (value, hint) in [("+1001", "expected a whole number from 1 to 1000"), ("-1", "expected a whole number from 1 to 1000")] {
            let result = try await AlarmsProcess.run(["next", "--count", value, "--rules", "Docs/Examples/alarms.json"])
            #expect(result.exitCode == 64)
            #expect(result.standardError.hasPrefix("error: invalid value for '--count': '\(value)'\nhint: \(hint)\n"))
        }
    }

    @Test("COLUMNS with a sign is not a width: the terminal's own width is used")
    func columns() {
        #expect(TerminalText.outputWidth(outputIsTerminal: true, terminalColumns: 100, environment: ["COLUMNS": "+40"]) == 100)
        #expect(TerminalText.outputWidth(outputIsTerminal: true, terminalColumns: 100, environment: ["COLUMNS": "40"]) == 40)
    }

    @Test("RFC 5545's INTERVAL refuses a sign, as the options do")
    func interval() async throws {
        let result = try await AlarmsProcess.run([
            "import", "--rrule", "FREQ=WEEKLY;INTERVAL=+2;BYDAY=MO", "--dtstart", "20261130T073000", "--id", "a", "--dry-run"
        ])
        #expect(result.exitCode == 1)
        #expect(result.standardError.hasPrefix(#"error: RRULE: "INTERVAL=+2" is not a whole number from 1 to 999999999"#))
    }
}
