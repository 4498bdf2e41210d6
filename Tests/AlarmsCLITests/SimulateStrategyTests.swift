import Foundation
import Testing

/// `alarms simulate --strategy` and `--open-every never`.
@Suite("alarms simulate strategies")
struct SimulateStrategyTests {
    @Test(
        "opened only at the start, hybrid rings every alarm: weekly repeating requests for the floating rule, one-shots for the Tokyo one")
    func hybridWithoutOpensGolden() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run([
            "simulate", "--days", "10", "--open-every", "never", "--strategy", "hybrid", "--now", Fixtures.now
        ])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // wake (weekdays 07:30, floating) takes 5 repeating slots; standup (Mon, Wed, Fri 09:00 Tokyo = 01:00 Berlin)
        // fills the other 59 with one-shots, about 20 weeks of them: 64 pending, nothing missed in 10 days.
        #expect(
            output.standardOutput == """
                Simulated 10 days from Mon 2026-11-30 22:00 to Thu 2026-12-10 22:00
                Device zone Europe/Berlin; app opened at the start, never again.
                64 slots, budget 0, no reminder, eviction keep-soonest-firing, strategy hybrid.

                Required:          12
                Delivered on time: 12
                Missed:            0
                Longest uncovered: none
                Peak pending:      64 of 64
                Also:              1 open, 0 reminders, 0 evictions

                WHEN                  RULE     RESULT   RULE'S CLOCK
                Tue 2026-12-01 07:30  wake     on time
                Wed 2026-12-02 01:00  standup  on time  09:00 Asia/Tokyo
                Wed 2026-12-02 07:30  wake     on time
                Thu 2026-12-03 07:30  wake     on time
                Fri 2026-12-04 01:00  standup  on time  09:00 Asia/Tokyo
                Fri 2026-12-04 07:30  wake     on time
                Mon 2026-12-07 01:00  standup  on time  09:00 Asia/Tokyo
                Mon 2026-12-07 07:30  wake     on time
                Tue 2026-12-08 07:30  wake     on time
                Wed 2026-12-09 01:00  standup  on time  09:00 Asia/Tokyo
                Wed 2026-12-09 07:30  wake     on time
                Thu 2026-12-10 07:30  wake     on time

                """)
    }

    @Test(
        "opened only at the start, rolling misses what lies past its 7 days; fill-cap and hybrid miss nothing",
        arguments: [
            ("rolling", "4 (no-open-in-time 4)"), ("fill-cap", "0"), ("hybrid", "0")
        ])
    func strategiesWithoutOpens(strategy: String, missed: String) async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run([
            "simulate", "--days", "10", "--open-every", "never", "--now", Fixtures.now, "--strategy", strategy
        ])
        #expect(output.exitCode == 0)
        // Rolling covers Mon 11-30 22:00 → Mon 12-07 22:00: Tue 07:30, Wed 01:00, Wed 07:30 and Thu 07:30 are past it.
        #expect(
            output.standardOutput.contains(
                "Required:          12\nDelivered on time: \(12 - Int(missed.prefix(1))!)\nMissed:            \(missed)\n"))
        #expect(output.standardOutput.contains("strategy") == (strategy != "rolling"))
    }

    @Test("without --strategy, simulate runs the scheduler's default, hybrid, as an app does, and its header says so")
    func defaultIsTheSchedulers() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let arguments = ["simulate", "--days", "10", "--open-every", "never", "--now", Fixtures.now]
        let byDefault = try await store.run(arguments)
        let hybrid = try await store.run(arguments + ["--strategy", "hybrid"])
        #expect(byDefault.exitCode == 0)
        #expect(byDefault.standardOutput == hybrid.standardOutput)
        // Rolling would miss the 4 fires past its 7 days (the test above); hybrid misses none.
        #expect(byDefault.standardOutput.contains("eviction keep-soonest-firing, strategy hybrid.\n"))
        #expect(byDefault.standardOutput.contains("Missed:            0\n"))
        let json = try await store.run(arguments + ["--format", "json"])
        let hybridJSON = try await store.run(arguments + ["--strategy", "hybrid", "--format", "json"])
        #expect(json.standardOutput == hybridJSON.standardOutput)
    }

    @Test("simulate --help names hybrid as the default strategy, the scheduler's")
    func helpNamesTheDefault() async throws {
        let output = try await AlarmsProcess.run(["simulate", "--help"])
        let help = output.standardOutput.replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
        #expect(help.contains("--strategy <NAME>       What each open registers: hybrid (the default, as in an app's SchedulerOptions:"))
        #expect(!help.contains("rolling (7 days of one-shot alarms; the default"))
    }

    @Test(
        "bad strategy names and jitter without opens are usage errors that say what to do",
        arguments: [
            (
                ["--open-every", "1d", "--strategy", "hybird"],
                "error: invalid value for '--strategy': 'hybird'\nhint: did you mean 'hybrid'?"
            ),
            (
                ["--open-every", "1d", "--strategy", "weekly"],
                "error: invalid value for '--strategy': 'weekly'\nhint: expected 'rolling' or 'fill-cap' or 'hybrid'"
            ),
            (
                ["--open-every", "never", "--jitter", "1h"],
                "error: '--jitter' has no effect with '--open-every never'\nhint: drop '--jitter', or give '--open-every' a duration such as 6d"
            ),
            (["--open-every", "Never"], "error: invalid value for '--open-every'")
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run(["simulate", "--days", "3", "--now", Fixtures.now] + arguments)
        #expect(output.exitCode == 64)
        #expect(output.standardOutput == "")
        #expect(output.standardError.hasPrefix(message))
    }

    @Test("help names the strategies and never")
    func help() async throws {
        let output = try await AlarmsProcess.run(["simulate", "--help"])
        #expect(output.standardOutput.contains("--strategy <NAME>"))
        #expect(output.standardOutput.contains("or never: only at --now."))
    }
}

/// The "never" column of the table in Docs/iOS.md, from the built binary.
@Suite("Docs/iOS.md strategy table")
struct StrategyTableTests {
    @Test(
        "a year without opening the app misses what Docs/iOS.md says",
        arguments: [
            ("alarms", "rolling", 764), ("alarms", "fill-cap", 726), ("alarms", "hybrid", 368),
            ("busy", "rolling", 4_030), ("busy", "fill-cap", 4_030), ("busy", "hybrid", 612)
        ])
    func neverColumn(book: String, strategy: String, missed: Int) async throws {
        let output = try await AlarmsProcess.run([
            "simulate", "--rules", "Docs/Examples/\(book).json", "--now", "2026-11-30T08:00:00+01:00",
            "--time-zone", "Europe/Berlin", "--days", "365", "--open-every", "never",
            "--strategy", strategy, "--format", "json"
        ])
        #expect(output.exitCode == 0)
        let summary = try #require(try jsonObject(output.standardOutput)["summary"] as? [String: Any])
        #expect(summary["missed"] as? Int == missed)
        #expect(summary["peakPending"] as? Int == 64 || strategy == "rolling")
    }
}
