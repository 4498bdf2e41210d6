import Foundation
import Testing

/// No input makes `alarms` crash, hang or flood the terminal: every run ends with exit 0, 1 or
/// 64, and a failure is short `error:` text.
@Suite("hostile inputs")
struct HostileInputTests {
    static let huge = String(repeating: "x", count: 100_000)

    static let cases: [[String]] = [
        ["add", huge, "--at", "07:00"],
        ["add", "", "--at", "07:00"],
        ["add", "a", "--at", huge],
        ["add", "a", "--days", String(repeating: "mon,", count: 20_000), "--at", "07:00", "--date", "2026-12-01"],
        ["add", "a", "--at", "07:00", "--rule-zone", huge],
        ["add", "a", "--at", "07:00", "--rule-zone", "../../../../etc/passwd"],
        ["add", "a", "--at", "07:00", "--date", huge],
        ["add", "a", "--at", "07:00", "--now", huge],
        ["add", "a", "--at", "07:00", "--\(huge)"],
        ["edit", huge, "--at", "07:00"],
        ["edit", "../../etc/passwd", "--label", "x"],
        ["remove", "../../../etc/passwd"],
        ["remove", huge],
        ["enable", "\u{0}"],
        ["skip", "wake", huge],
        ["skip-next", huge],
        ["snooze", "\(huge)@2026-12-01T07:30:00"],
        ["snooze", "../../x@2026-12-01T07:30:00"],
        ["snooze", "wake@\(huge)"],
        ["snooze", "wake@2026-12-01T07:30:00", "--minutes", String(repeating: "9", count: 400)],
        ["explain", huge, "--date", "2026-12-01"],
        ["explain", "wake@2026-12-01T07:30:00+snooze+snooze"],
        ["next", "--count", "-99999999999999999999999"],
        ["next", "--time-zone", huge],
        ["list", "--store", huge],
        ["list", "--store", "/dev/zero"],
        ["plan", "--rules", "/dev/zero"],
        ["next", "--rules", "/dev/zero"],
        ["explain", "a", "--date", "2026-12-01", "--rules", "/dev/zero"],
        ["simulate", "--days", "1", "--open-every", "1h", "--rules", "/dev/zero"],
        ["simulate", "--days", "1", "--open-every", String(repeating: "9", count: 400) + "d"],
        ["simulate", "--days", "1", "--open-every", String(repeating: "1d", count: 20_000)],
        ["validate", "/dev/zero"],
        ["validate", "/etc"],
        ["validate", huge],
        ["help", huge],
        [huge]
    ]

    @Test("arguments: huge, empty, control characters, path traversal, devices", arguments: cases)
    func arguments(_ arguments: [String]) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let before = store.bytes
        let output = try await store.run(arguments)
        #expect([0, 1, 64].contains(output.exitCode))
        if output.exitCode != 0 {
            #expect(output.standardError.hasPrefix("error: "))
            #expect(output.standardError.count < 4_000)
            #expect(output.standardOutput.isEmpty)
        }
        #expect(!output.standardError.contains("Fatal error"))
        #expect(store.bytes == before)
    }

    @Test(
        "arguments that are not UTF-8 are refused with exit 64, never a crash",
        arguments: [
            #""$A" add "$(printf '\377\376')" --at 07:00 --store /nonexistent/a.json"#,
            #""$A" list --store "$(printf '/tmp/\377.json')""#,
            #""$A" next --time-zone "$(printf 'Europe/\300\300')""#,
            #""$A" "$(printf '\377')""#,
            #""$A" plan --rules "$(printf '\377\000')""#
        ])
    func nonUTF8(_ script: String) throws {
        let output = try AlarmsBinary.runShell(script)
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix("error: argument "))
        #expect(output.standardError.contains("is not valid UTF-8"))
        #expect(!output.standardError.contains("Fatal error"))
        #expect(output.standardError.count < 4_000)
    }

    @Test(
        "book files: binary, deeply nested, huge, a FIFO, a device",
        arguments: [
            "binary", "nested", "huge", "fifo"
        ])
    func bookFiles(_ kind: String) async throws {
        let store = try TemporaryStore()
        switch kind {
        case "binary": try Data((0...255).map { UInt8($0) }).write(to: URL(fileURLWithPath: store.path))
        case "nested": try Data((String(repeating: "[", count: 100_000)).utf8).write(to: URL(fileURLWithPath: store.path))
        case "huge":
            // 2 MB of whitespace around an empty rule list: read whole, no problem (a debug build parses ~6 MB/s).
            try Data((String(repeating: " ", count: 2_000_000) + #"{"version": 1, "rules": []}"#).utf8).write(
                to: URL(fileURLWithPath: store.path))
        default: #expect(mkfifo(store.path, 0o600) == 0)
        }
        for arguments in [["list"], ["next"], ["validate"], ["add", "a", "--at", "07:00"], ["plan"]] {
            let output = try await store.run(arguments)
            #expect([0, 1].contains(output.exitCode), "\(kind) \(arguments)")
            #expect(!output.standardError.contains("Fatal error"))
            #expect(output.standardError.count < 4_000)
        }
    }

    @Test("labels with control characters and escapes are stored as given but printed safely")
    func labels() async throws {
        let store = try TemporaryStore()
        let label = "bad\u{1B}[31mred\nline\u{7}\u{2028}" + String(repeating: "y", count: 5_000)
        let add = try await store.run(["add", "a", "--days", "mon", "--at", "07:00", "--label", label])
        #expect(add.exitCode == 0)
        let rules = try #require(try store.json()["rules"] as? [[String: Any]])
        #expect(rules[0]["label"] as? String == label)
        for arguments in [["list"], ["next"], ["add", "b", "--days", "mon", "--at", "07:00", "--label", label]] {
            let output = try await store.run(arguments + ["--now", Fixtures.now])
            #expect(!output.standardOutput.contains("\u{1B}"))
            #expect(!output.standardOutput.contains("\u{7}"))
            #expect(output.standardOutput.count < 2_000)
        }
    }
}
