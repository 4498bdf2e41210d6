import AlarmsCLI
import Foundation
import Testing

/// Nothing a user wrote reaches the terminal raw: key names and values from rule files and
/// books, labels and arguments are escaped on standard output and standard error, and JSON
/// output stays valid JSON with `\u` escapes.
@Suite("terminal injection")
struct TerminalInjectionTests {
    /// An unknown key that would retitle the window (OSC 0 … BEL) and clear the screen, as JSON escapes.
    static let hostileKey = #"\u001b]0;OWNED\u0007\u001b[2J"#
    /// The same key as the decoded text a parser produces.
    static let hostileKeyText = "\u{1B}]0;OWNED\u{7}\u{1B}[2J"

    /// A rule file whose one rule has the hostile unknown key.
    static let ruleFileWithKey = #"{"version":1,"rules":[{"id":"a","days":["mon"],"times":["07:00"],"\#(hostileKey)":1}]}"#
    /// A rule file with a C1 control (CSI, U+009B) and a bidi override in quoted values.
    static let ruleFileWithC1 = #"{"version":1,"rules":[{"id":"a","days":["mon","\u202Etue"],"times":["07:00\u009b"]}]}"#
    /// A book whose snooze has the hostile key.
    static let bookWithSnoozeKey = #"""
        {"version":1,"rules":[{"id":"wake","days":["mon"],"times":["07:00"]}],
         "snoozes":[{"rule":"wake","fire":"wake@2026-11-30T07:00:00","at":"2026-11-30T21:09:00Z","\#(hostileKey)":1}]}
        """#

    /// The scalars a terminal could act on or show as nothing, listed here independently of the
    /// code under test: C0 (line feeds aside), DEL, C1, line/paragraph separators, bidi
    /// embeddings, overrides, isolates and marks, and the invisible format characters.
    static func unsafeScalars(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
            case 0x200E, 0x200F, 0x061C: true   // left-to-right, right-to-left and Arabic letter marks
            case 0x00AD, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF: true   // shown as nothing
            default: false
            }
        }
    }

    /// The bidi marks and invisible characters, one of each, with the escapes they must show as.
    static let invisibleScalars: [(scalar: Unicode.Scalar, escape: String)] = [
        ("\u{200E}", #"\u200e"#), ("\u{200F}", #"\u200f"#), ("\u{061C}", #"\u061c"#), ("\u{FEFF}", #"\ufeff"#),
        ("\u{00AD}", #"\u00ad"#), ("\u{200B}", #"\u200b"#), ("\u{2060}", #"\u2060"#), ("\u{206F}", #"\u206f"#)
    ]

    static func expectClean(_ result: CommandResult, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            unsafeScalars(in: result.standardOutput).isEmpty, "stdout of \(what): \(result.standardOutput.debugDescription)",
            sourceLocation: sourceLocation)
        #expect(
            unsafeScalars(in: result.standardError).isEmpty, "stderr of \(what): \(result.standardError.debugDescription)",
            sourceLocation: sourceLocation)
    }

    @Test("an unknown key with ESC, OSC and BEL is escaped in validate's report and on stderr of every reader of a rule file")
    func unknownKeyInRuleFile() async throws {
        let store = try TemporaryStore()
        let file = try store.write(Self.ruleFileWithKey, named: "k.json")
        let validate = try await store.run(["validate", file])
        #expect(validate.exitCode == 1)
        Self.expectClean(validate, "validate")
        // The key reads as it is written in the file.
        #expect(validate.standardOutput.contains("(#1): \(Self.hostileKey):"))
        for command in ["plan", "next", "list", "explain"] {
            let extra = command == "explain" ? ["a@2026-12-07T07:00:00"] : []
            let result = try await store.run([command, "--rules", file] + extra)
            #expect(result.exitCode == 1, "\(command)")
            #expect(result.standardError.contains(Self.hostileKey), "\(command): \(result.standardError)")
            Self.expectClean(result, command)
        }
    }

    @Test("C1 controls and bidi overrides in quoted values are escaped")
    func c1InValues() async throws {
        let store = try TemporaryStore()
        let file = try store.write(Self.ruleFileWithC1, named: "c1.json")
        let validate = try await store.run(["validate", file])
        #expect(validate.exitCode == 1)
        Self.expectClean(validate, "validate")
        #expect(validate.standardOutput.contains(#""07:00\u009b""#))
        #expect(validate.standardOutput.contains(#""\u202etue""#))
        let plan = try await store.run(["plan", "--rules", file])
        #expect(plan.exitCode == 1)
        Self.expectClean(plan, "plan")
    }

    @Test("validate --format json stays valid JSON and keeps the key and values exactly")
    func validateJSON() async throws {
        let store = try TemporaryStore()
        for (name, text) in [("k.json", Self.ruleFileWithKey), ("c1.json", Self.ruleFileWithC1)] {
            let file = try store.write(text, named: name)
            let result = try await store.run(["validate", file, "--format", "json"])
            Self.expectClean(result, "validate --format json \(name)")
            let report = try jsonObject(result.standardOutput)
            let problems = try #require(report["problems"] as? [[String: Any]])
            let fields = problems.compactMap { $0["field"] as? String }
            let values = problems.compactMap { $0["value"] as? String }
            if name == "k.json" {
                #expect(fields == [Self.hostileKeyText])
            } else {
                // The value is the string from the file, not its JSON text.
                #expect(values.contains("07:00\u{9B}"))
            }
        }
    }

    @Test(
        "an unknown key inside snoozes[0] of the book is escaped on stderr of every store command",
        arguments: [
            ["list"], ["next"], ["plan"], ["validate"], ["explain", "wake@2026-11-30T07:00:00"],
            ["simulate", "--days", "1", "--open-every", "6h"],
            ["add", "b", "--days", "mon", "--at", "07:00"], ["edit", "wake", "--at", "08:00"], ["remove", "wake"],
            ["enable", "wake"], ["disable", "wake"], ["skip", "wake", "2026-12-07"], ["unskip", "wake", "2026-12-07"],
            ["skip-next", "wake"], ["snooze", "wake@2026-11-30T07:00:00"]
        ])
    func unknownKeyInBook(_ arguments: [String]) async throws {
        let store = try TemporaryStore(Self.bookWithSnoozeKey)
        let result = try await store.run(arguments)
        #expect(result.exitCode == 1)
        #expect((result.standardError + result.standardOutput).contains(Self.hostileKey), "\(result.standardError)")
        Self.expectClean(result, arguments.joined(separator: " "))
    }

    @Test("labels with C1 and bidi controls are escaped in tables and confirmations, and exact in JSON")
    func labels() async throws {
        let store = try TemporaryStore()
        let label = "a\u{9B}2J\u{202E}b\u{2066}c\u{7F}"
        let add = try await store.run(["add", "x", "--days", "mon", "--at", "07:00", "--label", label])
        #expect(add.exitCode == 0)
        Self.expectClean(add, "add")
        #expect(add.standardOutput.contains(#"a\u009b2J\u202eb\u2066c\u007f"#))
        for arguments in [["list"], ["next"], ["plan"], ["explain", "x@2026-12-07T07:00:00"], ["edit", "x", "--at", "08:00"]] {
            let result = try await store.run(arguments)
            #expect(result.exitCode == 0, "\(arguments)")
            Self.expectClean(result, arguments.joined(separator: " "))
        }
        for command in ["list", "next"] {
            let json = try await store.run([command, "--format", "json"])
            Self.expectClean(json, "\(command) --format json")
            #expect(json.standardOutput.contains(#""label": "a\u009b2J\u202eb\u2066c\u007f""#))
            let object = try jsonObject(json.standardOutput)
            let entries = try #require((object["rules"] ?? object["fires"]) as? [[String: Any]])
            #expect(entries.first?["label"] as? String == label)
        }
    }

    @Test("bidi marks and invisible characters in labels are escaped in tables and confirmations, and exact in JSON")
    func invisibleCharactersInLabels() async throws {
        for (scalar, escape) in Self.invisibleScalars {
            let store = try TemporaryStore()
            let label = "pay\(Character(scalar))day"
            let add = try await store.run(["add", "x", "--days", "mon", "--at", "07:00", "--label", label])
            #expect(add.exitCode == 0)
            Self.expectClean(add, "add")
            #expect(add.standardOutput.contains("pay\(escape)day"), "\(add.standardOutput)")
            for arguments in [["list"], ["next"], ["plan"], ["week"]] {
                let result = try await store.run(arguments)
                #expect(result.exitCode == 0, "\(arguments)")
                Self.expectClean(result, arguments.joined(separator: " "))
                #expect(result.standardOutput.contains("pay\(escape)"), "\(arguments): \(result.standardOutput)")
            }
            let json = try await store.run(["list", "--format", "json"])
            Self.expectClean(json, "list --format json")
            let object = try jsonObject(json.standardOutput)
            let rules = try #require(object["rules"] as? [[String: Any]])
            #expect(rules.first?["label"] as? String == label)
        }
    }

    @Test(
        "control characters in arguments are escaped in usage errors",
        arguments: [
            ["list", "--\u{9B}2J"], ["add", "a", "--days", "mo\u{1B}[2Jn", "--at", "07:00"], ["li\u{202E}st"],
            ["next", "--format", "\u{7}"], ["remove", "x\u{2067}"]
        ])
    func arguments(_ arguments: [String]) async throws {
        let store = try TemporaryStore()
        let result = try await store.run(arguments)
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains(#"\u00"#) || result.standardError.contains(#"\u20"#))
        Self.expectClean(result, arguments.joined(separator: " "))
    }
}
