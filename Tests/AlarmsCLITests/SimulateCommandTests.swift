import Foundation
import Testing

/// `alarms simulate`: days of app opens against an iOS-like center.
@Suite("alarms simulate")
struct SimulateCommandTests {
    static let book = """
        {"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]},
         {"id": "standup", "days": ["mon", "wed", "fri"], "times": ["09:00"], "timeZone": "Asia/Tokyo"}]}
        """

    @Test("with 3 slots and opens every 4 days, the fires past each plan's coverage are missed by the cap")
    func capGolden() async throws {
        let store = try TemporaryStore(Self.book)
        let before = store.bytes
        let output = try await store.run([
            "simulate", "--days", "10", "--open-every", "4d", "--budget", "61", "--strategy", "rolling", "--now", Fixtures.now
        ])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // Budget 61 of 64 leaves 3 slots. Opens: Mon 11-30 22:00, Fri 12-04 22:00, Tue 12-08 22:00 (end Thu 12-10 22:00).
        // Open 1 plans Tue 07:30, Wed 01:00 (09:00 JST = 00:00Z = 01:00 Berlin) and Wed 07:30; coverage ends at
        // Thu 07:30, so Thu 07:30, Fri 01:00 and Fri 07:30 are missed by the cap before open 2. Open 2 plans
        // Mon 01:00, Mon 07:30, Tue 07:30; open 3 (Tue 22:00, before open 2's coverage ends at Wed 01:00)
        // plans Wed 01:00, Wed 07:30, Thu 07:30. Nothing on weekends. Longest uncovered: Thu 07:30 → Fri 22:00.
        #expect(
            output.standardOutput == """
                Simulated 10 days from Mon 2026-11-30 22:00 to Thu 2026-12-10 22:00
                Device zone Europe/Berlin; app opened at the start, then every 4 d.
                64 slots, budget 61, no reminder, eviction keep-soonest-firing.

                Required:          12
                Delivered on time: 9
                Missed:            3 (cap 3)
                Longest uncovered: 1 d 14 h, Thu 2026-12-03 07:30 to Fri 2026-12-04 22:00
                Peak pending:      3 of 64
                Also:              3 opens, 0 reminders, 0 evictions

                WHEN                  RULE     RESULT       RULE'S CLOCK
                Tue 2026-12-01 07:30  wake     on time
                Wed 2026-12-02 01:00  standup  on time      09:00 Asia/Tokyo
                Wed 2026-12-02 07:30  wake     on time
                Thu 2026-12-03 07:30  wake     MISSED: cap
                Fri 2026-12-04 01:00  standup  MISSED: cap  09:00 Asia/Tokyo
                Fri 2026-12-04 07:30  wake     MISSED: cap
                Mon 2026-12-07 01:00  standup  on time      09:00 Asia/Tokyo
                Mon 2026-12-07 07:30  wake     on time
                Tue 2026-12-08 07:30  wake     on time
                Wed 2026-12-09 01:00  standup  on time      09:00 Asia/Tokyo
                Wed 2026-12-09 07:30  wake     on time
                Thu 2026-12-10 07:30  wake     on time

                """)
        // The store is read, never written.
        #expect(store.bytes == before)
    }

    @Test("opened too rarely, fires past the 7-day horizon are missed for no open in time; the reminder rings at the coverage end")
    func noOpenInTimeWithReminder() async throws {
        let output = try await AlarmsProcess.run([
            "simulate", "--rules", "Docs/Examples/alarms.json", "--days", "10", "--open-every", "10d",
            "--reminder", "--strategy", "rolling", "--now", Fixtures.now, "--time-zone", "Europe/Berlin", "--format", "json"
        ])
        #expect(output.exitCode == 0)
        let report = try jsonObject(output.standardOutput)
        let fires = try #require(report["fires"] as? [[String: Any]])
        // One open, at the start: its plan reaches the horizon Mon 12-07 22:00 Berlin = 21:00Z.
        let horizon = Date(timeIntervalSince1970: 1_796_677_200)   // 2026-12-07T21:00:00Z
        for fire in fires {
            // Each fire's `at` carries its own zone's offset (Tokyo, London, Berlin).
            let text = try #require(fire["at"] as? String)
            let at = try #require(ISO8601DateFormatter().date(from: text))
            let missed = fire["delivered"] as? Bool == false
            #expect(missed == (at > horizon), "\(fire["id"] ?? "")")
            if missed { #expect(fire["missReason"] as? String == "no-open-in-time") }
        }
        let reminders = try #require(report["reminders"] as? [[String: Any]])
        #expect(reminders.map { $0["at"] as? String } == ["2026-12-07T22:00:00+01:00"])
    }

    @Test("JSON has the documented keys and types")
    func jsonSchema() async throws {
        let store = try TemporaryStore(Self.book)
        let output = try await store.run([
            "simulate", "--days", "3", "--open-every", "1d", "--jitter", "6h", "--seed", "7",
            "--eviction", "keep-last-added", "--now", Fixtures.now, "--format", "json"
        ])
        #expect(output.exitCode == 0)
        let report = try jsonObject(output.standardOutput)
        expectSchema(
            report,
            [
                "start": .string, "end": .string, "eviction": .string, "capacity": .number, "budget": .number,
                "reminderEnabled": .bool, "initialTimeZone": .string, "zoneChanges": .array, "opens": .array,
                "fires": .array, "unexpectedDeliveries": .array, "reminders": .array, "drops": .array,
                "longestUncovered": .optional(.object), "summary": .object
            ])
        #expect(report["start"] as? String == "2026-11-30T22:00:00+01:00")
        #expect(report["eviction"] as? String == "keep-last-added")
        let fires = try #require(report["fires"] as? [[String: Any]])
        #expect(!fires.isEmpty)
        for fire in fires {
            expectSchema(
                fire,
                [
                    "id": .string, "rule": .string, "at": .string, "local": .string, "timeZone": .string,
                    "utcOffsetSeconds": .number, "adjustment": .optional(.string), "floating": .bool, "snooze": .bool,
                    "delivered": .bool, "missReason": .optional(.string)
                ])
        }
        let opens = try #require(report["opens"] as? [[String: Any]])
        // Opens at most a day apart, each gap shortened by up to 6 h: at least 3 in 3 days.
        #expect(opens.count >= 3)
        for open in opens {
            expectSchema(
                open,
                [
                    "at": .string, "timeZone": .string, "added": .number, "removed": .number, "replaced": .number,
                    "unchanged": .number, "coveredUntil": .string, "refillDeadline": .string, "horizonEnd": .string,
                    "truncated": .bool, "slots": .number, "reminderAt": .optional(.string)
                ])
        }
        let summary = try #require(report["summary"] as? [String: Any])
        expectSchema(
            summary,
            [
                "required": .number, "delivered": .number, "missed": .number, "missedByReason": .object,
                "unexpectedDeliveries": .number, "reminders": .number, "opens": .number, "evictions": .number,
                "peakPending": .number, "longestUncoveredSeconds": .number
            ])
        #expect(summary["missed"] as? Int == 0)
        // The same seed gives the same opens.
        let again = try await store.run([
            "simulate", "--days", "3", "--open-every", "1d", "--jitter", "6h", "--seed", "7",
            "--eviction", "keep-last-added", "--now", Fixtures.now, "--format", "json"
        ])
        #expect(again.standardOutput == output.standardOutput)
    }

    @Test(
        "bad simulation options are usage errors",
        arguments: [
            (["simulate", "--open-every", "6h"], "error: missing '--days N'"),
            (["simulate", "--days", "7"], "error: missing '--open-every DURATION'"),
            (["simulate", "--days", "7", "--open-every", "45m"], "error: invalid value for '--open-every': '45m' is shorter than 1 hour"),
            (
                ["simulate", "--days", "7", "--open-every", "6"],
                "hint: expected a whole number with a unit d, h or m, such as 6h, 90m, 2d or 1d12h"
            ),
            (["simulate", "--days", "7", "--open-every", "6x"], "error: invalid value for '--open-every': '6x'"),
            // Read as 1 d + 1 d before, it would have simulated opens every 2 days.
            (
                ["simulate", "--days", "7", "--open-every", "1d1d"],
                "error: invalid value for '--open-every': '1d1d' gives the unit 'd' twice\nhint: give each unit once, such as 1d12h\n"
            ),
            (
                ["simulate", "--days", "7", "--open-every", "6h", "--jitter", "1h30m1h"],
                "error: invalid value for '--jitter': '1h30m1h' gives the unit 'h' twice"
            ),
            (
                ["simulate", "--days", "0", "--open-every", "6h"],
                "error: invalid value for '--days': '0'\nhint: expected a whole number from 1 to 1098"
            ),
            (
                ["simulate", "--days", "7", "--open-every", "6h", "--jitter", "4h"],
                "error: invalid value for '--jitter': it is more than half of '--open-every' (3 h)"
            ),
            (["simulate", "--days", "7", "--open-every", "6h", "--seed", "1"], "error: '--seed' has no effect without '--jitter'"),
            (
                ["simulate", "--days", "7", "--open-every", "6h", "--jitter", "1h", "--seed", "-1"],
                "error: invalid value for '--seed': '-1'"
            ),
            (["simulate", "--days", "7", "--open-every", "6h", "--eviction", "keep-soonest"], "hint: did you mean 'keep-soonest-firing'?"),
            (["simulate", "--days", "7", "--open-every", "6h", "--budget", "64"], "error: invalid value for '--budget': '64'"),
            (["simulate", "--days", "7", "--open-every", "6h", "--reminder=yes"], "error: option '--reminder' takes no value")
        ])
    func usageErrors(_ arguments: [String], _ excerpt: String) async throws {
        let store = try TemporaryStore(Self.book)
        let output = try await store.run(arguments)
        #expect(output.exitCode == 64)
        #expect(output.standardError.contains(excerpt))
    }
}
