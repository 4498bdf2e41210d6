import AlarmsCLI
import Foundation
import Testing

/// `--format json` of the commands that change the book: one envelope (`command`, `file`,
/// `changed`, `rule`, the command's own keys, `next`), the rule in `list`'s shape and fires in
/// the shared fire shape, instants with the device zone's offset. Values below were worked out
/// by hand from `Fixtures`: now is Mon 2026-11-30 22:00 in Berlin (UTC+1), 21:00Z.
@Suite("JSON of the commands that change the book")
struct MutatingJSONTests {
    /// The rule object's keys, in `list`'s order.
    static let ruleKeys = [
        "id", "label", "enabled", "days", "date", "times", "timeZone", "floating", "everyWeeks", "start", "end", "skip", "skipNext",
        "snoozedUntil", "gap", "overlap"
    ]

    static func document(_ output: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(output.exitCode == 0, "\(output.standardError)", sourceLocation: sourceLocation)
        #expect(output.standardError.isEmpty, sourceLocation: sourceLocation)
        return try jsonObject(output.standardOutput)
    }

    @Test("add prints the new rule in list's shape and its next fire, keys in the documented order")
    func add() async throws {
        let store = try TemporaryStore()
        let output = try await store.run(["add", "nap", "--days", "wed,mon", "--at", "07:00", "--label", "Nap", "--format", "json"])
        let document = try Self.document(output)
        #expect(document["command"] as? String == "add")
        #expect(document["file"] as? String == store.path)
        #expect(document["changed"] as? Bool == true)
        let rule = try #require(document["rule"] as? [String: Any])
        #expect(rule["id"] as? String == "nap")
        #expect(rule["label"] as? String == "Nap")
        #expect(rule["enabled"] as? Bool == true)
        #expect(rule["days"] as? [String] == ["mon", "wed"])
        #expect(rule["date"] is NSNull)
        #expect(rule["times"] as? [String] == ["07:00"])
        #expect(rule["timeZone"] is NSNull)
        #expect(rule["floating"] as? Bool == true)
        #expect(rule["everyWeeks"] as? Int == 1)
        #expect(rule["start"] is NSNull && rule["end"] is NSNull && rule["snoozedUntil"] is NSNull)
        #expect(rule["skip"] as? [String] == [] && rule["skipNext"] as? [String] == [])
        #expect(rule["gap"] as? String == "shift" && rule["overlap"] as? String == "first")
        // Monday 07:00 has passed; Wed 2026-12-02 07:00 in Berlin is 06:00Z.
        let next = try #require(document["next"] as? [String: Any])
        #expect(next["id"] as? String == "nap@2026-12-02T07:00:00")
        #expect(next["rule"] as? String == "nap")
        #expect(next["at"] as? String == "2026-12-02T07:00:00+01:00")
        #expect(next["local"] as? String == "2026-12-02T07:00:00")
        #expect(next["timeZone"] as? String == "Europe/Berlin")
        #expect(next["adjustment"] is NSNull)
        // Key order, read from the text: the envelope, the rule, the fire.
        let keys = output.standardOutput.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("\"") else { return nil }
            return String(trimmed.dropFirst().prefix { $0 != "\"" })
        }
        #expect(
            keys == ["command", "file", "changed", "rule"] + Self.ruleKeys + ["next", "id", "rule", "at", "local", "timeZone", "adjustment"]
        )
    }

    @Test("edit to the same settings says changed false; a real edit prints the rule after it")
    func edit() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let same = try Self.document(try await store.run(["edit", "wake", "--at", "07:30", "--format", "json"]))
        #expect(same["command"] as? String == "edit")
        #expect(same["changed"] as? Bool == false)
        let edited = try Self.document(try await store.run(["edit", "wake", "--at", "06:45", "--format", "json"]))
        #expect(edited["changed"] as? Bool == true)
        let rule = try #require(edited["rule"] as? [String: Any])
        #expect(rule["times"] as? [String] == ["06:45"])
        #expect(rule["days"] as? [String] == ["mon", "tue", "wed", "thu", "fri"])
        #expect((edited["next"] as? [String: Any])?["at"] as? String == "2026-12-01T06:45:00+01:00")
    }

    @Test("remove prints the rule removed, in its zone, and no next fire")
    func remove() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let document = try Self.document(try await store.run(["remove", "standup", "--format", "json"]))
        #expect(document["command"] as? String == "remove")
        #expect(document["changed"] as? Bool == true)
        let rule = try #require(document["rule"] as? [String: Any])
        #expect(rule["id"] as? String == "standup")
        #expect(rule["timeZone"] as? String == "Asia/Tokyo")
        #expect(rule["floating"] as? Bool == false)
        #expect(document["next"] is NSNull)
        #expect(!store.text.contains("standup"))
    }

    @Test("enable and disable say whether the state changed; a disabled rule has no next fire")
    func enableDisable() async throws {
        let store = try TemporaryStore(Fixtures.book)
        // gym: Saturdays 10:00 floating, off: Sat 2026-12-05 10:00 in Berlin once on.
        let enable = try Self.document(try await store.run(["enable", "gym", "--format", "json"]))
        #expect(enable["command"] as? String == "enable" && enable["changed"] as? Bool == true)
        #expect((enable["rule"] as? [String: Any])?["enabled"] as? Bool == true)
        #expect((enable["next"] as? [String: Any])?["id"] as? String == "gym@2026-12-05T10:00:00")
        let again = try Self.document(try await store.run(["enable", "gym", "--format", "json"]))
        #expect(again["changed"] as? Bool == false)
        let disable = try Self.document(try await store.run(["disable", "wake", "--format", "json"]))
        #expect(disable["command"] as? String == "disable" && disable["changed"] as? Bool == true)
        #expect((disable["rule"] as? [String: Any])?["enabled"] as? Bool == false)
        #expect(disable["next"] is NSNull)
    }

    @Test("skip records the date and why the rule would not have rung; unskip of a date not skipped changes nothing")
    func skipAndUnskip() async throws {
        let store = try TemporaryStore(Fixtures.book)
        // Sat 2026-12-05: wake rings Monday to Friday only.
        let skip = try Self.document(try await store.run(["skip", "wake", "2026-12-05", "--format", "json"]))
        #expect(skip["command"] as? String == "skip" && skip["changed"] as? Bool == true)
        #expect(skip["date"] as? String == "2026-12-05")
        #expect(skip["note"] as? String == "2026-12-05 is a sat; the rule repeats on mon tue wed thu fri")
        #expect((skip["rule"] as? [String: Any])?["skip"] as? [String] == ["2026-12-05"])
        #expect((skip["next"] as? [String: Any])?["id"] as? String == "wake@2026-12-01T07:30:00")
        let workday = try Self.document(try await store.run(["skip", "wake", "2026-12-01", "--format", "json"]))
        #expect(workday["note"] is NSNull)
        #expect((workday["next"] as? [String: Any])?["id"] as? String == "wake@2026-12-02T07:30:00")
        let unskip = try Self.document(try await store.run(["unskip", "wake", "2026-12-24", "--format", "json"]))
        #expect(unskip["command"] as? String == "unskip" && unskip["changed"] as? Bool == false)
        #expect(unskip["date"] as? String == "2026-12-24")
        #expect(unskip["note"] == nil)
    }

    @Test("skip-next prints the occurrence skipped and the rule's skip-next date")
    func skipNext() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let document = try Self.document(try await store.run(["skip-next", "wake", "--format", "json"]))
        #expect(document["command"] as? String == "skip-next" && document["changed"] as? Bool == true)
        let skipped = try #require(document["skipped"] as? [String: Any])
        #expect(skipped["id"] as? String == "wake@2026-12-01T07:30:00")
        #expect(skipped["at"] as? String == "2026-12-01T07:30:00+01:00")
        #expect((document["rule"] as? [String: Any])?["skipNext"] as? [String] == ["2026-12-01"])
        #expect((document["next"] as? [String: Any])?["id"] as? String == "wake@2026-12-02T07:30:00")
    }

    @Test("snooze prints the snooze created with the device zone's offset, and its fire")
    func snooze() async throws {
        let store = try TemporaryStore(Fixtures.book)
        // Mon 07:30 rang; 9 minutes after 22:00 Berlin is 22:09 (+01:00), 06:09 Tue in Tokyo (+09:00).
        let output = try await store.run(["snooze", "wake@2026-11-30T07:30:00", "--time-zone", "Asia/Tokyo", "--format", "json"])
        let document = try Self.document(output)
        #expect(document["command"] as? String == "snooze" && document["changed"] as? Bool == true)
        let snooze = try #require(document["snooze"] as? [String: Any])
        #expect(snooze["of"] as? String == "wake@2026-11-30T07:30:00")
        #expect(snooze["until"] as? String == "2026-12-01T06:09:00+09:00")
        let fire = try #require(snooze["fire"] as? [String: Any])
        #expect(fire["id"] as? String == "wake@2026-12-01T06:09:00+snooze")
        #expect(fire["timeZone"] as? String == "Asia/Tokyo")
        #expect((document["rule"] as? [String: Any])?["snoozedUntil"] as? String == "2026-12-01T06:09:00+09:00")
        #expect((document["next"] as? [String: Any])?["id"] as? String == "wake@2026-12-01T06:09:00+snooze")
    }

    @Test("a bad --format is a usage error before anything is written")
    func badFormat() async throws {
        let store = try TemporaryStore()
        let output = try await store.run(["add", "nap", "--days", "mon", "--at", "07:00", "--format", "yaml"])
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix("error: invalid value for '--format': 'yaml'"))
        #expect(store.bytes == nil)
    }

    @Test("a hostile label is escaped on the terminal and decodes to the exact text")
    func hostileLabel() async throws {
        let store = try TemporaryStore()
        let label = "a\u{1B}]0;OWNED\u{7}\u{9B}2J\u{202E}b"
        let output = try await store.run(["add", "x", "--days", "mon", "--at", "07:00", "--label", label, "--format", "json"])
        #expect(output.exitCode == 0)
        #expect(TerminalInjectionTests.unsafeScalars(in: output.standardOutput).isEmpty)
        #expect(output.standardOutput.contains(#""label": "a\u001b]0;OWNED\u0007\u009b2J\u202eb""#))
        #expect((try jsonObject(output.standardOutput)["rule"] as? [String: Any])?["label"] as? String == label)
    }
}
