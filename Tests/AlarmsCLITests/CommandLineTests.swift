import AlarmsCLI
import Foundation
import RecurringAlarms
import Testing

/// What every command shares: help, version, the error-to-exit mapping, "did you mean", colour.
@Suite("the command line")
struct CommandLineTests {
    static let commands = [
        "plan", "week", "next", "list", "add", "edit", "remove", "enable", "disable", "skip", "unskip",
        "skip-next", "snooze", "validate", "explain", "simulate"
    ]

    @Test("every command has help on stdout within 80 columns, exit 0", arguments: commands)
    func helpOfEveryCommand(_ command: String) async throws {
        for arguments in [[command, "--help"], [command, "-h"], ["help", command], [command, "x", "--now", "bad", "--help"]] {
            let output = try await AlarmsProcess.run(arguments)
            #expect(output.exitCode == 0)
            #expect(output.standardError == "")
            #expect(output.standardOutput.hasPrefix("OVERVIEW: "))
            #expect(output.standardOutput.contains("USAGE: alarms \(command)"))
            #expect(output.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 && !$0.hasSuffix(" ") })
        }
    }

    @Test("the overview lists every command and where the book is")
    func overview() async throws {
        let output = try await AlarmsProcess.run(
            ["--help"], extraEnvironment: ["HOME": "/home/someone", "ALARMS_STORE": "/data/alarms.json"])
        #expect(output.exitCode == 0)
        for command in Self.commands { #expect(output.standardOutput.contains("\n  \(command) ")) }
        #expect(output.standardOutput.contains("  Per-user default: /home/someone/.local/share/alarms/alarms.json\n"))
        #expect(output.standardOutput.contains("  $ALARMS_STORE:     /data/alarms.json\n"))
        #expect(output.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let noHome = try await AlarmsProcess.run(["help"])
        #expect(noHome.standardOutput.contains("  Per-user default: none (HOME is not set)\n"))
    }

    @Test("--version prints the version")
    func version() async throws {
        let output = try await AlarmsProcess.run(["--version"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == PackageVersion.current + "\n")
    }

    typealias Failure = CommandFailure

    static let failures: [Failure] = [
        Failure(
            arguments: ["lsit"], exitCode: 64, excerpt: "error: unknown command 'lsit'\nhint: did you mean 'list'?\nSee 'alarms --help'.\n"),
        Failure(arguments: ["skipnext", "wake"], exitCode: 64, excerpt: "hint: did you mean 'skip-next'?"),
        Failure(
            arguments: ["--store", "x", "list"], exitCode: 64, excerpt: "hint: options go after the command, as in 'alarms plan --help'"),
        Failure(arguments: ["help", "lsit"], exitCode: 64, excerpt: "error: unknown command 'lsit'"),
        Failure(
            arguments: ["next", "--cuont", "3"], exitCode: 64,
            excerpt: "error: unknown option '--cuont'\nhint: did you mean '--count'?\nusage: alarms next"),
        Failure(
            arguments: ["next", "--count", "0"], exitCode: 64,
            excerpt: "error: invalid value for '--count': '0'\nhint: expected a whole number from 1 to 1000"),
        Failure(
            arguments: ["next", "-c", "3"], exitCode: 64, excerpt: "error: unknown option '-c'\nhint: options are spelled with two dashes"),
        Failure(arguments: ["next", "tomorrow"], exitCode: 64, excerpt: "error: unexpected argument 'tomorrow'"),
        Failure(
            arguments: ["list", "--format", "yaml"], exitCode: 64,
            excerpt: "error: invalid value for '--format': 'yaml'\nhint: expected 'table' or 'json'"),
        Failure(arguments: ["list", "--time-zone", "Europe/Berln"], exitCode: 64, excerpt: "hint: did you mean 'Europe/Berlin'?"),
        Failure(
            arguments: ["plan", "--rules", "a.json", "--store", "b.json"], exitCode: 64,
            excerpt: "error: '--rules' and '--store' cannot be combined"),
        Failure(arguments: ["plan", "--store", ""], exitCode: 64, excerpt: "error: invalid value for '--store': the path is empty"),
        Failure(
            arguments: ["list"], exitCode: 64,
            excerpt:
                "error: missing '--rules FILE', and there is no default alarm book: HOME is not set\nhint: pass '--rules FILE' or '--store PATH', or set ALARMS_STORE\n"
        ),
        Failure(
            arguments: ["remove", "wake"], exitCode: 64,
            excerpt: "error: there is no default alarm book: HOME is not set\nhint: pass '--store PATH', or set ALARMS_STORE\n"),
        Failure(arguments: ["validate"], exitCode: 64, excerpt: "error: missing 'FILE', and there is no default alarm book"),
        // A book that does not exist is empty, for reading.
        Failure(arguments: ["next", "--store", "/nonexistent/alarms.json"], exitCode: 0, excerpt: ""),
        Failure(
            arguments: ["next", "--store", "/dev/null"], exitCode: 1, excerpt: "error: cannot read '/dev/null': it is not a regular file"),
        Failure(arguments: ["list", "--store", "/tmp"], exitCode: 1, excerpt: "error: cannot read '/tmp': it is a directory\n")
    ]

    @Test("usage errors exit 64, failures 1, each with an error line and nothing on stdout", arguments: failures)
    func failureCases(_ failure: Failure) async throws {
        let output = try await AlarmsProcess.run(failure.arguments)
        #expect(output.exitCode == failure.exitCode)
        if failure.exitCode != 0 {
            #expect(output.standardOutput == "")
            #expect(output.standardError.hasPrefix("error: "))
        }
        #expect(failure.excerpt.isEmpty || output.standardError.contains(failure.excerpt))
    }

    @Test("plan reads the book: snoozes are planned and skip-next dates applied")
    func planFromStore() async throws {
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "wake", "label": "Wake up", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}],
             "snoozes": [{"rule": "wake", "fire": "wake@2026-11-30T07:30:00", "at": "2026-11-30T21:09:00Z"}],
             "skipNext": [{"rule": "wake", "date": "2026-12-01"}]}
            """)
        let output = try await store.run(["plan", "--now", Fixtures.now, "--cap", "2"])
        #expect(output.exitCode == 0)
        // The snooze at 21:09Z = 22:09 Berlin, 9 min away; Tuesday is skipped, so Wed 07:30 (1 d 9 h 30 min,
        // shown as 1 d 9 h). The cap cuts Thu 07:30.
        #expect(
            output.standardOutput == """
                Plan at Mon 2026-11-30 22:00 Europe/Berlin, cap 2

                WHEN                  IN          RULE           LABEL
                Mon 2026-11-30 22:09  in 9 min    wake (snooze)  Wake up
                Wed 2026-12-02 07:30  in 1 d 9 h  wake           Wake up

                Fires: 2 (cap 2, reached).
                Covered until: Thu 2026-12-03 07:30 Europe/Berlin,
                  short of the horizon Mon 2026-12-07 22:00 Europe/Berlin.

                """)
    }

    @Test("colour only when the output is a terminal and NO_COLOR is unset or empty, and TERM is not dumb")
    func colourOnlyOnTerminals() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let arguments = ["list", "--store", store.path, "--now", Fixtures.now]
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }
        let environment = ["TZ": "Europe/Berlin"]
        let terminal = await CommandLineTool.run(arguments, environment: environment, clock: clock, outputIsTerminal: true)
        #expect(terminal.standardOutput.hasPrefix("\u{1B}[1mID       ON"))
        #expect(terminal.standardOutput.contains("\u{1B}[2mgym      off"))
        let piped = await CommandLineTool.run(arguments, environment: environment, clock: clock, outputIsTerminal: false)
        #expect(!piped.standardOutput.contains("\u{1B}"))
        for extra in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
            let plain = await CommandLineTool.run(
                arguments, environment: environment.merging(extra) { $1 }, clock: clock, outputIsTerminal: true)
            #expect(plain.standardOutput == piped.standardOutput)
        }
        let emptyNoColor = await CommandLineTool.run(
            arguments, environment: environment.merging(["NO_COLOR": ""]) { $1 }, clock: clock, outputIsTerminal: true)
        #expect(emptyNoColor.standardOutput == terminal.standardOutput)
    }

    @Test("the entry function reads the clock only without --now")
    func clockOnlyWithoutNow() async throws {
        let store = try TemporaryStore(Fixtures.book)
        // 2026-11-30T21:00:00Z = 1_796_072_400.
        let result = await CommandLineTool.run(
            ["next", "--count", "1", "--store", store.path], environment: ["TZ": "Europe/Berlin"],
            clock: { Date(timeIntervalSince1970: 1_796_072_400) })
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("Next alarms after Mon 2026-11-30 22:00 Europe/Berlin\n"))
    }
}
