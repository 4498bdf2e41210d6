import Foundation
import Testing

/// The command line's conventions: a bare `alarms` shows the overview, `--time-zone` is the
/// device's zone in every command, and `next` takes a rule inline.
@Suite("CLI conventions")
struct ConventionsTests {
    @Test("alarms with no arguments prints the command overview and exits 0, as an argument-parser command group does")
    func bareInvocationShowsOverview() async throws {
        let bare = try await AlarmsProcess.run([])
        let help = try await AlarmsProcess.run(["--help"])
        #expect(bare.exitCode == 0)
        #expect(bare.standardError == "")
        #expect(bare.standardOutput.hasPrefix("OVERVIEW: Plan, inspect and edit recurring alarms.\n"))
        #expect(bare.standardOutput == help.standardOutput)
    }

    @Test(
        "--time-zone on add and edit is a usage error that names --rule-zone",
        arguments: [
            ["add", "standup", "--days", "mon", "--at", "09:00", "--time-zone", "Asia/Tokyo"],
            ["edit", "wake", "--time-zone", "floating"]
        ])
    func timeZoneOnRuleCommandsNamesRuleZone(arguments: [String]) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(arguments)
        #expect(output.exitCode == 64)
        #expect(
            output.standardError.hasPrefix(
                "error: '--time-zone' is not an option of '\(arguments[0])': '--time-zone' is the device's zone in every command; "
                    + "the rule's zone is '--rule-zone IANA|floating'\nhint: write '--rule-zone' instead\n"))
    }

    @Test("--rule-zone sets the rule's zone on add, and floating on edit makes it follow the device")
    func ruleZoneSetsTheRulesZone() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let added = try await store.run(["add", "tea", "--days", "mon", "--at", "16:00", "--rule-zone", "Asia/Tokyo"])
        #expect(added.exitCode == 0)
        #expect(added.standardOutput.contains("Asia/Tokyo"))
        let edited = try await store.run(["edit", "tea", "--rule-zone", "floating"])
        #expect(edited.exitCode == 0)
        #expect(!edited.standardOutput.contains("Asia/Tokyo"))
        #expect(try await store.run(["list", "--format", "json"]).standardOutput.contains("\"floating\""))
    }

    @Test("remove and disable show no time, so they take no --time-zone", arguments: ["remove", "disable"])
    func noTimeZoneWhereItHasNoEffect(command: String) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run([command, "wake", "--time-zone", "UTC"])
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix("error: unknown option '--time-zone'\n"))
        #expect(!(try await AlarmsProcess.run([command, "--help"]).standardOutput.contains("--time-zone")))
    }

    @Test("enable, skip, unskip, skip-next and snooze keep --time-zone, which the time they show depends on")
    func timeZoneKeptWhereItShows() async throws {
        for command in ["enable", "skip", "unskip", "skip-next", "snooze"] {
            #expect(try await AlarmsProcess.run([command, "--help"]).standardOutput.contains("--time-zone <IANA>"), "\(command)")
        }
    }

    @Test("next with rule options shows that rule's fires without a book")
    func inlineSpec() async throws {
        // Tue 2026-12-01 00:00Z. Mondays and Wednesdays at 07:30 UTC: Wed 12-02 (31 h 30 min,
        // shown as 1 d 7 h), Mon 12-07, Wed 12-09.
        let output = try await AlarmsProcess.run(
            ["next", "--days", "mon,wed", "--at", "07:30", "--count", "3", "--now", "2026-12-01T00:00:00Z", "--time-zone", "UTC"],
            extraEnvironment: ["ALARMS_STORE": "/nonexistent/book.json"])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        let lines = output.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            lines == [
                "Next alarms after Tue 2026-12-01 00:00 UTC", "Wed 2026-12-02", "07:30  in 1 d 7 h  inline", "Mon 2026-12-07",
                "07:30  in 6 d 7 h  inline", "Wed 2026-12-09", "07:30  in 8 d 7 h  inline"
            ])
    }

    @Test("an inline rule in another zone rings on that zone's clock, shown on the device's")
    func inlineSpecRuleZone() async throws {
        // Wed 07:30 in Tokyo (+09:00) is Tue 2026-12-01 22:30Z.
        let output = try await AlarmsProcess.run([
            "next", "--days", "wed", "--at", "07:30", "--rule-zone", "Asia/Tokyo", "--count", "1",
            "--now", "2026-12-01T00:00:00Z", "--time-zone", "UTC"
        ])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("Tue 2026-12-01\n  22:30  in 22 h 30 min  inline  07:30 Asia/Tokyo"))
    }

    @Test(
        "an inline rule cannot be combined with --rules or --store, and its problems are usage errors",
        arguments: [
            (["next", "--days", "mon", "--at", "07:30", "--rules", "x.json"], "error: '--rules' cannot be combined with rule options"),
            (["next", "--days", "mon", "--at", "07:30", "--store", "b.json"], "error: '--store' cannot be combined with rule options"),
            (["next", "--days", "mon"], "error: missing '--at TIMES'"),
            (["next", "--days", "mon", "--at", "07:30", "--every-weeks", "2"], "error: ")
        ])
    func inlineSpecErrors(arguments: [String], excerpt: String) async throws {
        let output = try await AlarmsProcess.run(arguments + ["--now", "2026-12-01T00:00:00Z"])
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix(excerpt))
    }
}
