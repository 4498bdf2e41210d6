import AlarmsCLI
import Foundation
import Testing

/// `snooze` accepts only a fire that rang: an occurrence of the rule by the checks `explain`
/// makes, from the last 7 days. Now is Mon 2026-11-30 22:00 Berlin (21:00Z); `wake` rings at
/// 07:30 on weekdays, floating, so in Berlin (UTC+1).
@Suite("snooze checks the fire id")
struct SnoozeOccurrenceTests {
    @Test("a time the rule does not have is refused with the same error explain gives")
    func timeTheRuleDoesNotHave() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let before = store.bytes
        let snooze = try await store.run(["snooze", "wake@2030-01-01T03:33:00"])
        let explain = try await store.run(["explain", "wake@2030-01-01T03:33:00"])
        #expect(snooze.exitCode == 1)
        #expect(snooze.standardError == "error: rule 'wake' has no time 03:33; its times are 07:30\n")
        #expect(explain.exitCode == 1)
        #expect(explain.standardError == snooze.standardError)
        #expect(store.bytes == before)
    }

    @Test(
        "ids that are not occurrences, have not rung, or rang over a week ago are refused and nothing is written",
        arguments: [
            // Sun 2026-11-29: wake rings on weekdays only.
            ("wake@2026-11-29T07:30:00", "error: 'wake@2026-11-29T07:30:00' is not an occurrence of rule 'wake': "),
            // Tue 2026-12-01 07:30 is tomorrow.
            (
                "wake@2026-12-01T07:30:00",
                "error: 'wake@2026-12-01T07:30:00' has not rung yet: it rings Tue 2026-12-01 07:30 Europe/Berlin\n"
            ),
            // Mon 2020-01-06 is a Monday, long past.
            (
                "wake@2020-01-06T07:30:00",
                "error: 'wake@2020-01-06T07:30:00' rang Mon 2020-01-06 07:30 Europe/Berlin, more than 7 days before now\n"
            ),
            // Mon 2026-11-23 07:30 Berlin = 06:30Z, 7 d 14 h 30 min before 21:00Z on the 30th.
            (
                "wake@2026-11-23T07:30:00",
                "error: 'wake@2026-11-23T07:30:00' rang Mon 2026-11-23 07:30 Europe/Berlin, more than 7 days before now\n"
            ),
            // The one-shot flight is on 2026-12-05 only.
            ("flight@2026-11-28T05:45:00", "error: 'flight@2026-11-28T05:45:00' is not an occurrence of rule 'flight': "),
            // No snooze is pending.
            ("wake@2026-11-30T22:09:00+snooze", "error: 'wake@2026-11-30T22:09:00+snooze' is not the pending snooze of rule 'wake'\n")
        ])
    func refused(_ fireID: String, _ excerpt: String) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let before = store.bytes
        let result = try await store.run(["snooze", fireID])
        #expect(result.exitCode == 1)
        #expect(result.standardError.hasPrefix(excerpt), "\(result.standardError)")
        #expect(result.standardOutput == "")
        #expect(store.bytes == before)
    }

    @Test(
        "fires that rang in the last 7 days are snoozed",
        arguments: [
            "wake@2026-11-30T07:30:00",   // this morning
            "wake@2026-11-24T07:30:00",   // Tue, 6 d 14 h 30 min ago
            "gym@2026-11-28T10:00:00"   // a disabled rule's Saturday fire: stored, silent until enabled
        ])
    func accepted(_ fireID: String) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let result = try await store.run(["snooze", fireID])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Snoozed \(fireID)"))
        let snoozes = try #require(try store.json()["snoozes"] as? [[String: Any]])
        #expect(snoozes.map { $0["fire"] as? String } == [fireID])
    }

    /// `late` rings Mondays at 21:59:59 and 22:00 in Berlin (UTC+1): on Mon 2026-11-23 at
    /// 20:59:59Z and 21:00:00Z, 604,801 and 604,800 seconds before now (21:00Z on the 30th).
    static let late = #"{"version": 1, "rules": [{"id": "late", "days": ["mon"], "times": ["21:59:59", "22:00:00"]}]}"#

    @Test("a fire that rang exactly 7 days (604,800 s) before now can be snoozed; one a second older cannot")
    func sevenDaysToTheSecond() async throws {
        let store = try TemporaryStore(Self.late)
        let older = try await store.run(["snooze", "late@2026-11-23T21:59:59"])
        #expect(older.exitCode == 1)
        #expect(
            older.standardError
                == "error: 'late@2026-11-23T21:59:59' rang Mon 2026-11-23 21:59:59 Europe/Berlin, more than 7 days before now\n"
                + "hint: a fire can be snoozed for 7 days after it rang\n",
            "\(older.standardError)")
        let atTheLimit = try await store.run(["snooze", "late@2026-11-23T22:00:00"])
        #expect(atTheLimit.exitCode == 0, "\(atTheLimit.standardError)")
        #expect(atTheLimit.standardOutput.hasPrefix("Snoozed late@2026-11-23T22:00:00"))
    }
}
