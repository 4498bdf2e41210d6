import Foundation
import Testing

@testable import AlarmsCLI

/// The input limit: `--max-input-size SIZE`, else `ALARMS_MAX_INPUT_SIZE`, else 512 MiB, on
/// every command that reads a file; run in process with the environment passed in.
@Suite("the input size limit")
struct InputSizeLimitTests {
    /// A valid rule file of 130 bytes: 26 for the first line and its newline, 101 and a newline
    /// for the rule's line (two spaces, then 15 for the id, 20 the label, 9 + 28 + 8 the days,
    /// 19 the times), 2 for `]}`.
    static let rules = """
        {"version": 1, "rules": [
          {"id": "wake", "label": "Wake up", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}
        ]}
        """

    private func withFile<T>(_ text: String, _ body: (String) async throws -> T) async throws -> T {
        let directory = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rules.json")
        try Data(text.utf8).write(to: file)
        return try await body(file.path)
    }

    static let hint =
        "hint: raise the limit with '--max-input-size SIZE' or ALARMS_MAX_INPUT_SIZE, in bytes or with K, M or G, such as '--max-input-size 2G'\n"

    @Test("the fixture is 130 bytes, so limits just below and at its size tell the two sides apart")
    func fixtureSize() {
        #expect(Self.rules.utf8.count == 130)
    }

    @Test("a file over '--max-input-size' is refused, naming the file, the limit, where it came from and how to raise it")
    func optionRefusesLargerFiles() async throws {
        try await withFile(Self.rules) { path in
            let output = try await AlarmsProcess.run(["plan", "--rules", path, "--max-input-size", "129"])
            #expect(output.exitCode == 1)
            #expect(output.standardOutput.isEmpty)
            #expect(
                output.standardError
                    == "error: cannot read '\(path)': larger than the input limit of 129 ('--max-input-size 129')\n" + Self.hint)
            // At exactly the file's size it is read.
            let atLimit = try await AlarmsProcess.run(["plan", "--rules", path, "--max-input-size", "130", "--format", "json"])
            #expect(atLimit.exitCode == 0)
        }
    }

    @Test("ALARMS_MAX_INPUT_SIZE sets the limit, and the option wins over it")
    func environmentAndOption() async throws {
        try await withFile(Self.rules) { path in
            let small = ["ALARMS_MAX_INPUT_SIZE": "100"]
            let refused = try await AlarmsProcess.run(["validate", path], extraEnvironment: small)
            #expect(refused.exitCode == 1)
            #expect(
                refused.standardError
                    == "error: cannot read '\(path)': larger than the input limit of 100 (ALARMS_MAX_INPUT_SIZE=100)\n" + Self.hint)
            let plain = try await AlarmsProcess.run(["validate", path])
            let overridden = try await AlarmsProcess.run(["validate", path, "--max-input-size", "1K"], extraEnvironment: small)
            #expect(overridden.exitCode == 0)
            #expect(overridden.standardOutput == plain.standardOutput)
            #expect(plain.standardOutput.hasSuffix(": 1 rule, valid, no warnings.\n"))
        }
    }

    @Test(
        "every command that reads a file takes the limit",
        arguments: [
            ["plan", "--rules", "FILE"], ["next", "--rules", "FILE"], ["week", "--rules", "FILE"], ["list", "--rules", "FILE"],
            ["explain", "wake", "--date", "2026-12-01", "--rules", "FILE"], ["validate", "FILE"], ["check", "FILE"],
            ["import", "FILE"], ["export", "--rules", "FILE"],
            ["simulate", "--days", "1", "--open-every", "1h", "--rules", "FILE"]
        ])
    func everyReadingCommand(_ arguments: [String]) async throws {
        try await withFile(Self.rules) { path in
            let output = try await AlarmsProcess.run(arguments.map { $0 == "FILE" ? path : $0 } + ["--max-input-size", "64"])
            #expect(output.exitCode == 1)
            #expect(
                output.standardError.hasPrefix("error: cannot read '\(path)': larger than the input limit of 64 ('--max-input-size 64')\n"))
        }
    }

    @Test("standard input is held to the limit too")
    func standardInput() async throws {
        let output = try await AlarmsProcess.run(["plan", "--rules", "-", "--max-input-size", "64"], standardInput: Data(Self.rules.utf8))
        #expect(output.exitCode == 1)
        #expect(output.standardError.hasPrefix("error: cannot read '<stdin>': larger than the input limit of 64 ('--max-input-size 64')\n"))
    }

    @Test(
        "sizes other than bytes or K, M, G from 1 to 1024G are usage errors naming the option or the variable",
        arguments: ["", "0", "-1", "12X", "1.5M", "1025G", "99999999999999999999", "M", " 1M"])
    func invalidSizes(_ text: String) async throws {
        try await withFile(Self.rules) { path in
            if !text.isEmpty {
                let option = try await AlarmsProcess.run(["plan", "--rules", path, "--max-input-size", text])
                #expect(option.exitCode == 64)
                #expect(option.standardError.hasPrefix("error: invalid value for '--max-input-size': '\(text)'\n"))
                #expect(option.standardError.contains("hint: expected a size in bytes, or with K, M or G (KiB, MiB, GiB), from 1 to 1024G"))
            }
            let variable = try await AlarmsProcess.run(["plan", "--rules", path], extraEnvironment: ["ALARMS_MAX_INPUT_SIZE": text])
            if text.isEmpty {
                // An empty variable is unset, as for ALARMS_LOCK_TIMEOUT.
                #expect(variable.exitCode == 0)
            } else {
                #expect(variable.exitCode == 64)
                #expect(variable.standardError.hasPrefix("error: invalid value for ALARMS_MAX_INPUT_SIZE: '\(text)'\n"))
            }
        }
    }

    @Test(
        "sizes read as bytes, KiB, MiB or GiB",
        arguments: [
            ("1", 1), ("4096", 4_096), ("64k", 65_536), ("64K", 65_536), ("512M", 536_870_912), ("1G", 1_073_741_824),
            ("1024G", 1_099_511_627_776)
        ])
    func parsesSizes(_ text: String, _ bytes: Int) {
        // 1 KiB = 1,024 bytes, 1 MiB = 1,048,576, 1 GiB = 1,073,741,824.
        #expect(InputLimit.parse(text) == bytes)
    }

    @Test("the default is 512 MiB, room for a million-rule file of 143 MB")
    func defaultLimit() {
        #expect(InputLimit.standard.bytes == 536_870_912)
        #expect(InputLimit.describe(InputLimit.standard.bytes) == "512M")
    }
}
