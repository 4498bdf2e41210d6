import Foundation
import Testing

/// `alarms simulate` read at a glance: the summary before the rows, `--only-missed`, one duration
/// text, and `--fail-on-miss` for scripts.
@Suite("alarms simulate at a glance")
struct SimulateGlanceTests {
    /// Budget 61 leaves 3 slots; opens every 4 days miss Thu 07:30, Fri 01:00 and Fri 07:30 to the cap
    /// (worked out in `SimulateCommandTests.capGolden`).
    static let missingThree = ["simulate", "--days", "10", "--open-every", "4d", "--budget", "61", "--now", Fixtures.now]
    /// Hybrid, opened once: the 12 fires all ring (`SimulateStrategyTests.hybridWithoutOpensGolden`).
    static let missingNone = ["simulate", "--days", "10", "--open-every", "never", "--strategy", "hybrid", "--now", Fixtures.now]

    @Test("the summary comes before the first row")
    func summaryFirst() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let text = try await store.run(Self.missingThree).standardOutput
        let summary = try #require(text.range(of: "Required:          12\n"))
        let header = try #require(text.range(of: "WHEN  "))
        #expect(summary.lowerBound < header.lowerBound)
        #expect(!text.contains("Summary:"))
    }

    @Test("--only-missed lists just the misses, and the summary still counts every fire")
    func onlyMissedTable() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run(Self.missingThree + ["--only-missed"])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput.hasSuffix(
                """
                Delivered on time: 9
                Missed:            3 (cap 3)
                Longest uncovered: 1 d 14 h, Thu 2026-12-03 07:30 to Fri 2026-12-04 22:00
                Peak pending:      3 of 64
                Also:              3 opens, 0 reminders, 0 evictions

                WHEN                  RULE     RESULT       RULE'S CLOCK
                Thu 2026-12-03 07:30  wake     MISSED: cap
                Fri 2026-12-04 01:00  standup  MISSED: cap  09:00 Asia/Tokyo
                Fri 2026-12-04 07:30  wake     MISSED: cap

                """))
    }

    @Test("--only-missed with nothing missed says so instead of printing an empty table")
    func onlyMissedNone() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run(Self.missingNone + ["--only-missed"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.hasSuffix("Also:              1 open, 0 reminders, 0 evictions\n\nNo alarm was missed.\n"))
    }

    @Test("--only-missed in JSON keeps just the missed fires under 'fires' and every fire in 'summary'")
    func onlyMissedJSON() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run(Self.missingThree + ["--only-missed", "--format", "json"])
        #expect(output.exitCode == 0)
        let report = try jsonObject(output.standardOutput)
        let fires = try #require(report["fires"] as? [[String: Any]])
        // Thu 12-03 07:30 Berlin, Fri 12-04 09:00 Tokyo (01:00 Berlin), Fri 12-04 07:30 Berlin.
        #expect(
            fires.map { $0["at"] as? String } == ["2026-12-03T07:30:00+01:00", "2026-12-04T09:00:00+09:00", "2026-12-04T07:30:00+01:00"])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["required"] as? Int == 12)
        #expect(summary["missed"] as? Int == 3)
    }

    @Test("a span is written in the one duration text: 1 d 14 h 30 min reads 1 d 14 h, never with its minutes")
    func oneDurationText() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let text = try await store.run(Self.missingThree).standardOutput
        // Thu 2026-12-03 07:30 → Fri 2026-12-04 22:00 is 38 h 30 min: two units, truncated.
        #expect(text.contains("Longest uncovered: 1 d 14 h, Thu 2026-12-03 07:30 to Fri 2026-12-04 22:00\n"))
        #expect(!text.contains("30 min"))
        #expect(text.components(separatedBy: "1 d 14 h").count == 2)
    }

    @Test(
        "--fail-on-miss exits 2 when a fire was missed and 0 when none was, in every format, with the output printed",
        arguments: [
            (missing: true, format: "table", exitCode: Int32(2)), (missing: true, format: "json", exitCode: 2),
            (missing: false, format: "table", exitCode: 0), (missing: false, format: "json", exitCode: 0)
        ])
    func failOnMiss(missing: Bool, format: String, exitCode: Int32) async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let arguments = (missing ? Self.missingThree : Self.missingNone) + ["--format", format]
        let plain = try await store.run(arguments)
        let failing = try await store.run(arguments + ["--fail-on-miss"])
        #expect(plain.exitCode == 0)
        #expect(failing.exitCode == exitCode)
        #expect(failing.standardOutput == plain.standardOutput)
        #expect(failing.standardError == (missing ? "note: 3 of 12 required alarms missed (--fail-on-miss)\n" : ""))
    }
}
