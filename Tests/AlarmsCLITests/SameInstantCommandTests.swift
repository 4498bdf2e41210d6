import Foundation
import Testing

/// One rule rings once per instant, through the commands: `next` lists the kept fire only,
/// `explain` and `validate` say that the shifted time is dropped because the rule already rings.
///
/// The rule rings at 02:30 and 03:30 every day in New York. On Sun 2026-03-08 clocks jump from
/// 02:00 EST (−05:00) to 03:00 EDT (−04:00) at 07:00Z: 02:30 read at −05:00 is 07:30Z, which is
/// 03:30 EDT, the rule's own 03:30.
@Suite("One rule rings once per instant, through the CLI")
struct SameInstantCommandTests {
    static let rules = """
        {"version": 1, "rules": [
          {"id": "night", "days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
           "times": ["02:30", "03:30"], "timeZone": "America/New_York"}
        ]}
        """

    /// Writes the rule file into `store`'s folder (which lives as long as `store`) and returns its path.
    static func ruleFile(in store: TemporaryStore) throws -> String {
        let file = store.folder.appendingPathComponent("night.json")
        try Data(rules.utf8).write(to: file)
        return file.path
    }

    @Test("next lists the rule once at 03:30 EDT on the day of the gap")
    func next() async throws {
        let store = try TemporaryStore()
        let path = try Self.ruleFile(in: store)
        let output = try await AlarmsProcess.run([
            "next", "--count", "3", "--rules", path, "--now", "2026-03-07T12:00:00-05:00",
            "--time-zone", "America/New_York"
        ])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // now: Sat 2026-03-07 12:00 EST = 17:00Z. Sun 03:30 EDT = 07:30Z: 14 h 30 min. Mon 02:30 EDT =
        // 2026-03-09T06:30Z: 37 h 30 min = 1 d 13 h; Mon 03:30 EDT = 07:30Z: 38 h 30 min = 1 d 14 h.
        #expect(
            output.standardOutput == """
                Next alarms after Sat 2026-03-07 12:00 America/New_York

                Sun 2026-03-08
                  03:30  in 14 h 30 min  night

                Mon 2026-03-09
                  02:30  in 1 d 13 h     night
                  03:30  in 1 d 14 h     night

                """)
        withExtendedLifetime(store) {}
    }

    @Test("explain says the shifted 02:30 is dropped because the rule already rings at 03:30")
    func explain() async throws {
        let store = try TemporaryStore()
        let path = try Self.ruleFile(in: store)
        let output = try await AlarmsProcess.run(["explain", "night@2026-03-08T02:30:00", "--rules", path])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        #expect(
            output.standardOutput == """
                Rule 'night' on Sun 2026-03-08, America/New_York

                  yes  enabled     the rule is enabled
                  yes  weekday     2026-03-08 is a sun; the rule repeats on sun mon tue wed thu
                                   fri sat
                  yes  skip        2026-03-08 is not skipped

                The date is eligible.

                02:30: 02:30 does not exist in America/New_York (clocks jump forward 1 h); gap:
                  shift reads it with the earlier offset -05:00 → 03:30 -04:00
                  (2026-03-08T07:30:00Z), when the rule already rings
                  (night@2026-03-08T03:30:00), so the shifted time is dropped
                  no fire at this time that day: the rule already rings at
                    2026-03-08T03:30:00-04:00 (fire night@2026-03-08T03:30:00)

                """)

        let json = try jsonObject(
            try await AlarmsProcess.run([
                "explain", "night", "--date", "2026-03-08", "--rules", path,
                "--format", "json"
            ]).standardOutput)
        let times = try #require(json["times"] as? [[String: Any]])
        #expect(times.map { $0["local"] as? String } == ["2026-03-08T02:30:00", "2026-03-08T03:30:00"])
        #expect(times[0]["fire"] is NSNull)
        #expect((times[0]["summary"] as? String)?.hasSuffix("so the shifted time is dropped") == true)
        let kept = try #require(times[1]["fire"] as? [String: Any])
        #expect(kept["at"] as? String == "2026-03-08T03:30:00-04:00")   // 07:30Z
        #expect(kept["adjustment"] is NSNull)
        withExtendedLifetime(store) {}
    }

    @Test("validate warns that the shifted 02:30 is dropped, with no instant in JSON")
    func validate() async throws {
        let store = try TemporaryStore()
        let path = try Self.ruleFile(in: store)
        let output = try await AlarmsProcess.run(["validate", path, "--now", "2026-03-01T12:00:00-05:00"], timeZone: "America/New_York")
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // 01:00–01:59 is repeated on 2026-11-01, which holds neither time: one warning.
        #expect(
            output.standardOutput == """
                warning: rule 'night': 02:30 on Sun 2026-03-08 does not exist in
                  America/New_York (clocks jump forward 1 h); it would fire at 03:30 (gap:
                  shift), when the rule already rings, so it is dropped
                \(path): 1 rule, valid, 1 warning.

                """)

        let json = try jsonObject(
            try await AlarmsProcess.run([
                "validate", path, "--now", "2026-03-01T12:00:00-05:00",
                "--format", "json"
            ]).standardOutput)
        withExtendedLifetime(store) {}
        let warnings = try #require(json["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["local"] as? String == "2026-03-08T02:30:00")
        #expect(warnings.first?["at"] is NSNull)
        #expect(warnings.first?["adjustment"] is NSNull)
    }
}
