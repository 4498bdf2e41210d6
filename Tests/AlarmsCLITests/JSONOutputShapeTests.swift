import Foundation
import Testing

/// The JSON outputs share one fire object and one way of writing instants, with keys in the
/// documented order (`Docs/CLI.md`). These tests read the printed text, not a parsed
/// dictionary, so that key order and the exact bytes of each value are pinned.
@Suite("JSON output shapes")
struct JSONOutputShapeTests {
    /// The gap-shifted fire of `Fixtures.night`: 02:30 does not exist in New York on
    /// 2026-03-08 (02:00 EST → 03:00 EDT), so it rings at 03:30 EDT, 07:30Z.
    static let gapFire = [
        #""id": "night@2026-03-08T02:30:00""#,
        #""rule": "night""#,
        #""at": "2026-03-08T03:30:00-04:00""#,
        #""local": "2026-03-08T02:30:00""#,
        #""timeZone": "America/New_York""#,
        #""adjustment": "gap-shifted""#
    ]

    /// Sat 2026-03-07 12:00 EST = 17:00Z = 18:00 in Paris (CET, +01:00).
    static let now = "2026-03-07T12:00:00-05:00"

    @Test("a fire is the same object, keys in the same order, in plan, next, explain and simulate")
    func oneFireObject() async throws {
        let store = try TemporaryStore(Fixtures.night)
        // Both 2026-03-08 fires (01:30 EST = 06:30Z, 03:30 EDT = 07:30Z) are within a day of
        // now, and the next one (01:30 EDT on 03-09 = 05:30Z) is not.
        let outputs = [
            try await store.run(["plan", "--now", Self.now, "--time-zone", "Europe/Paris", "--cap", "2", "--format", "json"]),
            try await store.run(["next", "--count", "2", "--now", Self.now, "--time-zone", "Europe/Paris", "--format", "json"]),
            try await store.run(["explain", "night@2026-03-08T02:30:00", "--time-zone", "Europe/Paris", "--format", "json"]),
            try await store.run([
                "simulate", "--days", "1", "--open-every", "1d", "--now", Self.now, "--time-zone", "Europe/Paris",
                "--format", "json"
            ])
        ]
        for output in outputs {
            #expect(output.exitCode == 0)
            #expect(fireObject(output.standardOutput, id: "night@2026-03-08T02:30:00").prefix(Self.gapFire.count) == Self.gapFire[...])
        }
    }

    @Test("each command's fire adds its own keys after the shared ones, in the documented order")
    func fireKeyOrder() async throws {
        let store = try TemporaryStore(Fixtures.night)
        let shared = ["id", "rule", "at", "local", "timeZone", "adjustment"]
        let plan = try await store.run(["plan", "--now", Self.now, "--time-zone", "Europe/Paris", "--cap", "1", "--format", "json"])
        #expect(objectKeys(plan.standardOutput, indent: 6) == shared)
        let next = try await store.run(["next", "--count", "1", "--now", Self.now, "--time-zone", "Europe/Paris", "--format", "json"])
        #expect(objectKeys(next.standardOutput, indent: 6) == shared + ["label", "floating", "snooze", "deviceLocal", "inSeconds"])
        let simulate = try await store.run([
            "simulate", "--days", "1", "--open-every", "1d", "--now", Self.now, "--time-zone", "Europe/Paris",
            "--format", "json"
        ])
        #expect(
            objectKeys(simulate.standardOutput, indent: 6, after: #"  "fires": ["#)
                == shared + ["floating", "snooze", "utcOffsetSeconds", "delivered", "missReason"])
    }

    @Test("simulate writes its keys in the documented order, not sorted")
    func simulateKeyOrder() async throws {
        let store = try TemporaryStore(Fixtures.night)
        let output = try await store.run(["simulate", "--days", "1", "--open-every", "1d", "--now", Self.now, "--format", "json"])
        #expect(output.exitCode == 0)
        #expect(
            objectKeys(output.standardOutput, indent: 2) == [
                "start", "end", "eviction", "capacity", "budget", "reminderEnabled", "initialTimeZone", "zoneChanges", "opens", "fires",
                "unexpectedDeliveries", "reminders", "drops", "longestUncovered", "summary"
            ])
        #expect(
            objectKeys(output.standardOutput, indent: 6, after: #"  "opens": ["#) == [
                "at", "timeZone", "added", "removed", "replaced", "unchanged", "coveredUntil", "refillDeadline", "horizonEnd", "truncated",
                "slots", "reminderAt"
            ])
        #expect(
            objectKeys(output.standardOutput, indent: 4, after: #"  "summary": {"#) == [
                "required", "delivered", "missed", "missedByReason", "unexpectedDeliveries", "reminders", "opens", "evictions",
                "peakPending",
                "longestUncoveredSeconds"
            ])
    }

    @Test("simulate writes instants with the device zone's offset at each, across the zone's fall-back")
    func simulateOffsetsAcrossDST() async throws {
        // Berlin falls back 03:00 CEST → 02:00 CET on Sun 2026-10-25 (01:00Z). Now is Sat 12:00 CEST = 10:00Z;
        // opens every 24 h: Sat 10:00Z (12:00 +02:00), Sun 10:00Z (11:00 +01:00); the end, Mon 10:00Z, is 11:00 +01:00.
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "wake", "days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"], "times": ["07:30"]},
             {"id": "tokyo", "days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"], "times": ["09:00"], "timeZone": "Asia/Tokyo"}]}
            """)
        let output = try await store.run([
            "simulate", "--days", "2", "--open-every", "1d", "--strategy", "rolling", "--now", "2026-10-24T12:00:00+02:00",
            "--time-zone", "Europe/Berlin", "--format", "json"
        ])
        #expect(output.exitCode == 0)
        let report = try jsonObject(output.standardOutput)
        #expect(report["start"] as? String == "2026-10-24T12:00:00+02:00")
        #expect(report["end"] as? String == "2026-10-26T11:00:00+01:00")
        let opens = try #require(report["opens"] as? [[String: Any]])
        #expect(opens.map { $0["at"] as? String }.prefix(2) == ["2026-10-24T12:00:00+02:00", "2026-10-25T11:00:00+01:00"])
        // The first open plans 7 days of 24 h: to Sat 10-31 10:00Z = 11:00 CET, 14 fires, under the cap.
        #expect(opens.first?["horizonEnd"] as? String == "2026-10-31T11:00:00+01:00")
        #expect(opens.first?["coveredUntil"] as? String == "2026-10-31T11:00:00+01:00")
        #expect(opens.first?["refillDeadline"] as? String == "2026-10-31T10:59:59+01:00")
        // Fires carry their own zone's offset: Tokyo 09:00 is 00:00Z (02:00 CEST, before the change);
        // the floating 07:30 on Sunday is after it, +01:00.
        let fires = try #require(report["fires"] as? [[String: Any]])
        #expect(
            fires.map { $0["at"] as? String } == [
                "2026-10-25T09:00:00+09:00", "2026-10-25T07:30:00+01:00", "2026-10-26T09:00:00+09:00", "2026-10-26T07:30:00+01:00"
            ])
    }

    @Test("validate's value is the JSON value from the input: a string, a number, null when missing, cut text when long")
    func validateValues() async throws {
        let longID = String(repeating: "a", count: 100)
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "a", "days": ["mon", 7], "times": ["25:00"]}, {"id": "b", "days": ["mon"]},
             {"id": "\(longID)", "days": ["mon"], "times": ["07:00"]}]}
            """)
        let output = try await store.run(["validate", "--format", "json"])
        #expect(output.exitCode == 1)
        let problems = try #require(try jsonObject(output.standardOutput)["problems"] as? [[String: Any]])
        func value(rule: Int, _ field: String) -> Any? {
            problems.first { $0["ruleNumber"] as? Int == rule && $0["field"] as? String == field }?["value"] ?? nil
        }
        #expect(value(rule: 1, "days[1]") as? Int == 7)
        #expect(value(rule: 1, "times[0]") as? String == "25:00")
        #expect(value(rule: 2, "times") is NSNull)
        // The id's JSON text is 102 characters: cut to its first 77 ('"' and 76 a's) and "...".
        #expect(value(rule: 3, "id") as? String == "\"" + String(repeating: "a", count: 76) + "...")
        #expect(output.standardOutput.contains(#""value": 7,"#))
        #expect(output.standardOutput.contains(#""value": "25:00","#))
    }

    @Test("list writes a pending snooze with the device zone's offset")
    func listSnoozeOffset() async throws {
        // 2026-11-30T21:09:00Z is 22:09 in Berlin (CET, +01:00) and 06:09 the next day in Tokyo (+09:00).
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "wake", "days": ["mon"], "times": ["07:30"]}],
             "snoozes": [{"rule": "wake", "fire": "wake@2026-11-30T07:30:00", "at": "2026-11-30T21:09:00Z"}]}
            """)
        for (zone, expected) in [("Europe/Berlin", "2026-11-30T22:09:00+01:00"), ("Asia/Tokyo", "2026-12-01T06:09:00+09:00")] {
            let output = try await store.run(["list", "--time-zone", zone, "--format", "json"])
            #expect(output.exitCode == 0)
            let rules = try #require(try jsonObject(output.standardOutput)["rules"] as? [[String: Any]])
            #expect(rules.first?["snoozedUntil"] as? String == expected)
        }
    }
}

/// The lines of the fire object whose id is `id`, from `"id"` to its last key, trimmed and
/// without trailing commas; empty when no object starts with that id.
private func fireObject(_ text: String, id: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    guard let start = lines.firstIndex(of: #""id": "\#(id)","#), start > 0, lines[start - 1].hasSuffix("{") else { return [] }
    var object: [String] = []
    for line in lines[start...] {
        if line.hasPrefix("}") { break }
        object.append(line.hasSuffix(",") ? String(line.dropLast()) : line)
    }
    return object
}

/// The keys, in order, of the first object whose keys are indented by `indent` spaces, after
/// the first line equal to `marker` when one is given (pretty output indents by two per level).
private func objectKeys(_ text: String, indent: Int, after marker: String? = nil) -> [String] {
    var lines = text.split(separator: "\n").map(String.init)[...]
    if let marker {
        guard let start = lines.firstIndex(of: marker) else { return [] }
        lines = lines[(start + 1)...]
    }
    let prefix = String(repeating: " ", count: indent) + "\""
    let closing = String(repeating: " ", count: indent - 2) + "}"
    var keys: [String] = []
    for line in lines {
        if line.hasPrefix(closing) && !keys.isEmpty { break }
        guard line.hasPrefix(prefix) else { continue }
        keys.append(String(line.dropFirst(prefix.count).prefix { $0 != "\"" }))
    }
    return keys
}
