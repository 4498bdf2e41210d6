import Foundation
import Testing

/// `alarms explain`: how a fire's instant was derived, from the store or a rule file.
@Suite("alarms explain")
struct ExplainCommandTests {
    @Test("an overlap fire: every check, both instants, the policy's choice, wrapped at 80 columns")
    func overlapGolden() async throws {
        let store = try TemporaryStore(Fixtures.night)
        let output = try await store.run(["explain", "night@2026-11-01T01:30:00"])
        #expect(output.exitCode == 0)
        // Sun 2026-11-01 in New York: 01:30 EDT (-04:00) = 05:30Z, then clocks go back and 01:30 EST
        // (-05:00) = 06:30Z. overlap: first (the default) picks 05:30Z.
        #expect(
            output.standardOutput == """
                Rule 'night' (Night check) on Sun 2026-11-01, America/New_York

                  yes  enabled     the rule is enabled
                  yes  weekday     2026-11-01 is a sun; the rule repeats on sun mon tue wed thu
                                   fri sat
                  yes  skip        2026-11-01 is not skipped

                The date is eligible.

                01:30: 01:30 occurs twice in America/New_York: 01:30 -04:00
                  (2026-11-01T05:30:00Z) and 01:30 -05:00 (2026-11-01T06:30:00Z); overlap: first
                  picks 01:30 -04:00 (2026-11-01T05:30:00Z)
                  fire night@2026-11-01T01:30:00 at 2026-11-01T01:30:00-04:00 (overlap-first)

                """)
    }

    @Test("a skip-next date of the book counts as skipped, and says so")
    func skipNext() async throws {
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}],
             "skipNext": [{"rule": "wake", "date": "2026-12-01"}]}
            """)
        let output = try await store.run(["explain", "wake", "--date", "2026-12-01", "--time-zone", "Europe/Berlin"])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput.contains(
                """
                  NO   skip        2026-12-01 is in the rule's skip list
                  (2026-12-01 was skipped with 'alarms skip-next')

                The date is not eligible: no fire.

                """))
        let json = try jsonObject(try await store.run(["explain", "wake", "--date", "2026-12-01", "--format", "json"]).standardOutput)
        #expect(json["skipNext"] as? Bool == true)
        #expect(json["eligible"] as? Bool == false)
    }

    @Test("JSON from a rule file: the documented keys, a gap resolution and its fire")
    func jsonSchema() async throws {
        let store = try TemporaryStore()
        let file = store.folder.appendingPathComponent("night.json")
        try Data(Fixtures.night.utf8).write(to: file)
        let output = try await AlarmsProcess.run(["explain", "night", "--date", "2026-03-08", "--rules", file.path, "--format", "json"])
        #expect(output.exitCode == 0)
        let object = try jsonObject(output.standardOutput)
        expectSchema(
            object,
            [
                "rule": .string, "date": .string, "timeZone": .string, "floating": .bool, "eligible": .bool,
                "skipNext": .bool, "checks": .array, "times": .array
            ])
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.map { $0["name"] as? String } == ["enabled", "weekday", "skip"])
        for check in checks { expectSchema(check, ["name": .string, "passed": .bool, "detail": .string]) }
        let times = try #require(object["times"] as? [[String: Any]])
        for time in times { expectSchema(time, ["local": .string, "resolution": .string, "fire": .optional(.object), "summary": .string]) }
        #expect(times.map { $0["resolution"] as? String } == ["unique", "gap"])
        // 02:30 EST would be 07:30Z, which is 03:30 EDT: the shifted fire.
        let fire = try #require(times[1]["fire"] as? [String: Any])
        expectSchema(
            fire, ["id": .string, "rule": .string, "at": .string, "local": .string, "timeZone": .string, "adjustment": .optional(.string)])
        #expect(fire["at"] as? String == "2026-03-08T03:30:00-04:00")
        #expect(fire["adjustment"] as? String == "gap-shifted")
    }

    @Test(
        "what cannot be explained",
        arguments: [
            (["explain", "wkae@2026-12-01T07:30:00"], Int32(1), "error: no rule has id 'wkae'\nhint: did you mean 'wake'?"),
            (["explain", "wake"], 64, "error: missing '--date DATE' for rule 'wake'"),
            (["explain", "wake@2026-12-01T08:00:00"], 1, "error: rule 'wake' has no time 08:00; its times are 07:30"),
            (
                ["explain", "wake@2026-12-01T07:39:00+snooze"], 1,
                "error: 'wake@2026-12-01T07:39:00+snooze' is a snooze, not an occurrence of rule 'wake'"
            ),
            (["explain", "wake@2026-13-01T07:30:00"], 64, "error: invalid fire id"),
            (["explain", "wake@2026-12-01T07:30"], 64, "error: invalid fire id 'wake@2026-12-01T07:30'"),
            (["explain", "@2026-12-01T07:30:00"], 64, "error: invalid fire id '@2026-12-01T07:30:00'"),
            (["explain", "wake@2026-12-01T07:30:00+snooze+snooze"], 64, "error: invalid fire id"),
            (["explain", "wake@2026-12-01T07:30:00", "--date", "2026-12-01"], 64, "error: '--date' goes with a RULE_ID, not a fire id"),
            (["explain"], 64, "error: missing FIRE_ID or RULE_ID"),
            (
                ["explain", "wake", "--date", "2026-12-01", "--rules", "x.json", "--store", "y.json"], 64,
                "error: '--rules' and '--store' cannot be combined"
            )
        ])
    func failures(_ arguments: [String], _ exitCode: Int32, _ excerpt: String) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(arguments)
        #expect(output.exitCode == exitCode)
        #expect(output.standardOutput == "")
        #expect(output.standardError.contains(excerpt))
    }
}
