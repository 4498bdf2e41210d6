import Foundation
import Testing

/// A snooze in New York's fall-back hour (2026-11-01: 02:00 EDT, -04:00, → 01:00 EST, -05:00):
/// 01:44 happens twice, so the confirmation, `plan` and `next` say which, with the markers a
/// scheduled fire gets.
@Suite("alarms snooze in a fall-back hour")
struct SnoozeFallBackTests {
    static let night = #"{"version": 1, "rules": [{"id": "night", "days": ["sun"], "times": ["01:30"]}]}"#

    @Test(
        "the confirmation, plan and next mark the snooze [1st] or [2nd]",
        arguments: [
            // 01:35 EDT + 9 min is 01:44 EDT (05:44Z), the first 01:44; 01:35 EST + 9 min the second (06:44Z).
            ("2026-11-01T01:35:00-04:00", "[1st]", "first", "overlap-first"),
            ("2026-11-01T01:35:00-05:00", "[2nd]", "second", "overlap-last")
        ])
    func marked(now: String, marker: String, which: String, adjustment: String) async throws {
        let store = try TemporaryStore(Self.night)
        let snoozed = try await store.run(
            ["snooze", "night@2026-11-01T01:30:00", "--now", now, "--minutes", "9"], timeZone: "America/New_York")
        #expect(snoozed.exitCode == 0, "\(snoozed.standardError)")
        #expect(
            snoozed.standardOutput
                == "Snoozed night@2026-11-01T01:30:00: rings again Sun 2026-11-01 01:44\n"
                + "  America/New_York \(marker), in 9 min, as night@2026-11-01T01:44:00+snooze.\n")

        let planned = try await store.run(["plan", "--now", now], timeZone: "America/New_York")
        let row = planned.standardOutput.split(separator: "\n").first { $0.contains("(snooze)") } ?? ""
        #expect(row.hasPrefix("Sun 2026-11-01 01:44  in 9 min  ") && row.hasSuffix("night \(marker) (snooze)"), "\(planned.standardOutput)")
        #expect(planned.standardOutput.contains("\(marker) time occurs twice that day (clocks go back); fires at the \(which)\n"))

        let next = try await store.run(["next", "--now", now, "--count", "1"], timeZone: "America/New_York")
        #expect(next.standardOutput.contains("  01:44  in 9 min  night \(marker) (snooze)\n"), "\(next.standardOutput)")

        let json = try await store.run(["plan", "--now", now, "--format", "json"], timeZone: "America/New_York")
        let fires = try #require(try jsonObject(json.standardOutput)["fires"] as? [[String: Any]])
        #expect(fires.first?["adjustment"] as? String == adjustment)
    }

    @Test("a snooze outside the repeated hour has no marker")
    func unmarked() async throws {
        let store = try TemporaryStore(Self.night)
        // 01:55 EST + 9 min is 02:04 EST, which happens once.
        let snoozed = try await store.run(
            ["snooze", "night@2026-11-01T01:30:00", "--now", "2026-11-01T01:55:00-05:00", "--minutes", "9"],
            timeZone: "America/New_York")
        #expect(snoozed.exitCode == 0, "\(snoozed.standardError)")
        #expect(!snoozed.standardOutput.contains("["), "\(snoozed.standardOutput)")
    }
}
