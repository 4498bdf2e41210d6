import AlarmsCLI
import Foundation
import Testing

/// Output that cannot be written: a full disk (`/dev/full`, where every write fails with
/// ENOSPC) and a closed descriptor (`>&-`, EBADF). The tool says so on standard error when it
/// can and exits 1 instead of trapping (SIGILL, status 132); a reader that goes away still ends
/// it with SIGPIPE (status 128 + 13 = 141), as any command-line tool.
@Suite("a failed write to standard output or standard error", .tags(.endToEnd))
struct FailedWriteTests {
    static let rules = #"{"version": 1, "rules": [{"id": "wake", "days": ["mon"], "times": ["07:30"]}]}"#

    @Test(
        "standard output that cannot be written is an error on standard error and exit 1",
        arguments: [
            (#""$A" list --rules "$R" > /dev/full"#, "No space left on device"),
            (#""$A" list --rules "$R" >&-"#, "Bad file descriptor"),
            (
                #""$A" simulate --rules "$R" --days 3 --open-every 1d --now 2026-11-30T00:00:00Z --format json > /dev/full"#,
                "No space left on device"
            )
        ])
    func standardOutput(_ script: String, _ reason: String) throws {
        let output = try AlarmsBinary.runShell(script, shell: "/bin/bash", store: TemporaryStore(Self.rules))
        #expect(output.exitCode == 1)
        #expect(output.standardError.hasPrefix("error: cannot write to standard output: \(reason)\n"), "\(output.standardError)")
    }

    @Test("an edit whose confirmation cannot be written is saved, and the exit 1 says only the output was lost")
    func editSavedOutputLost() throws {
        let output = try AlarmsBinary.runShell(
            #""$A" add x --days mon --at 07:00 --store "$D/book.json" --now 2026-11-30T00:00:00Z >&- && exit 9; echo "exit $?"; cat "$D/book.json""#,
            shell: "/bin/bash", store: TemporaryStore(Self.rules)
        )
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.hasPrefix("exit 1\n{"))
        #expect(output.standardOutput.contains(#""id": "x""#))
        #expect(
            output.standardError
                == "error: cannot write to standard output: Bad file descriptor\n"
                + "hint: the command itself succeeded, so any change it made is saved; only its output was lost\n")
    }

    @Test(
        "standard error that cannot be written exits 1 without a crash, after a failure or a warning",
        arguments: [#""$A" list --rules "$D/missing.json" 2>/dev/full"#, #""$A" list --rules "$D/missing.json" 2>&-"#])
    func standardError(_ script: String) throws {
        let output = try AlarmsBinary.runShell(script, shell: "/bin/bash", store: TemporaryStore(Self.rules))
        #expect(output.exitCode == 1)
    }

    /// A rule file whose plan of 10,000 fires (every minute of Mondays) is about 2 MB of JSON,
    /// far more than a pipe holds (64 KiB), so the tool is still writing when `head` has gone.
    static func planIntoHead(signal: String) throws -> CommandResult {
        let times = (0..<1_440).map { String(format: "\"%02d:%02d\"", $0 / 60, $0 % 60) }.joined(separator: ", ")
        let rules = #"{"version": 1, "rules": [{"id": "m", "days": ["mon"], "times": ["# + times + "]}]}"
        return try withTemporaryFolder { folder in
            try Data(rules.utf8).write(to: folder.appending(path: "m.json"))
            return try AlarmsBinary.runShell(
                "env --\(signal)-signal=PIPE \"$A\" plan --rules '\(folder.path)/m.json'"
                    + #" --cap 10000 --horizon-days 366 --now 2026-11-30T00:00:00Z --format json | head -c 1 > /dev/null; echo "${PIPESTATUS[0]}""#,
                shell: "/bin/bash")
        }
    }

    @Test("a reader that stops early ends the tool with SIGPIPE, as it ends any command-line tool")
    func brokenPipe() throws {
        let output = try Self.planIntoHead(signal: "default")
        #expect(output.standardOutput == "141\n", "\(output.standardError)")
        #expect(output.standardError == "")
    }

    @Test("with SIGPIPE ignored by whoever started it, a reader that stops early is a failed write: exit 1")
    func brokenPipeIgnored() throws {
        let output = try Self.planIntoHead(signal: "ignore")
        #expect(output.standardOutput == "1\n")
        #expect(output.standardError.hasPrefix("error: cannot write to standard output: Broken pipe\n"), "\(output.standardError)")
    }
}
