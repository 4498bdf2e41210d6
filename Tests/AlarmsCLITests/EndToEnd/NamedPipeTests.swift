import Foundation
import Testing

/// Rule files from pipes: a named pipe without a writer is refused at once instead of
/// blocking, process substitution works, and `-` reads standard input.
@Suite("named pipes and standard input", .tags(.endToEnd))
struct NamedPipeTests {
    static let rules = #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:00"]}]}"#

    @Test(
        "a FIFO with no writer is an error at once, for validate and for --rules",
        arguments: [
            ["validate", "FIFO"], ["plan", "--rules", "FIFO"], ["list", "--rules", "FIFO"], ["next", "--rules", "FIFO"]
        ])
    func fifoWithoutWriter(_ arguments: [String]) throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("f").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Before the fix the open blocked forever; the guard turns that into a failure.
        let output = try AlarmsBinary.run(arguments.map { $0 == "FIFO" ? fifo : $0 } + ["--now", Fixtures.now], hangGuard: 120)
        #expect(output.exitCode == 1)
        #expect(
            output.standardError == """
                error: cannot read '\(fifo)': it is a named pipe and nothing is writing to it
                hint: start the writer first (as '--rules <(cat FILE)' does), or pass a regular file or '-' for standard input

                """)
    }

    @Test("process substitution is read: a pipe whose writer is running")
    func processSubstitution() throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json").path
        try Data(Self.rules.utf8).write(to: URL(fileURLWithPath: file))
        let validate = try AlarmsBinary.runShell(#""$A" validate <(cat '\#(file)') --now 2026-11-30T21:00:00Z"#, shell: "/bin/bash")
        #expect(validate.exitCode == 0, "\(validate.standardError)")
        #expect(validate.standardOutput.hasSuffix(": 1 rule, valid, no warnings.\n"))
        let list = try AlarmsBinary.runShell(#""$A" list --rules <(cat '\#(file)') --format json"#, shell: "/bin/bash")
        #expect(list.exitCode == 0, "\(list.standardError)")
        let rules = try #require(try jsonObject(list.standardOutput)["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["a"])
    }

    @Test("'-' reads standard input for validate and --rules, named <stdin> in output")
    func standardInput() throws {
        let validate = try AlarmsBinary.run(["validate", "-", "--now", Fixtures.now], standardInput: Data(Self.rules.utf8))
        #expect(validate.exitCode == 0, "\(validate.standardError)")
        #expect(validate.standardOutput == "<stdin>: 1 rule, valid, no warnings.\n")
        let list = try AlarmsBinary.run(["list", "--rules", "-", "--now", Fixtures.now], standardInput: Data(Self.rules.utf8))
        #expect(list.exitCode == 0)
        #expect(list.standardOutput.hasSuffix("\n1 rule in <stdin>.\n"))
        let broken = try AlarmsBinary.run(["plan", "--rules", "-", "--now", Fixtures.now], standardInput: Data("{".utf8))
        #expect(broken.exitCode == 1)
        #expect(broken.standardError.hasPrefix("error: <stdin>:1:2: malformed JSON: "))
    }
}
