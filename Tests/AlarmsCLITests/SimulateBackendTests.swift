import Foundation
import Testing

/// `alarms simulate --backend alarmkit [--alarm-limit N]`: the same runs against a simulated
/// AlarmKit center.
@Suite("alarms simulate backends")
struct SimulateBackendTests {
    /// `wake` repeats; `bins` (every 2 weeks), `meds` (an end date) and `standup` (Tokyo's clock) cannot.
    static let mixedBook = """
        {"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]},
         {"id": "bins", "days": ["tue"], "times": ["19:00"], "everyWeeks": 2, "start": "2026-12-01"},
         {"id": "meds", "days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "times": ["08:30"], "end": "2027-03-31"},
         {"id": "standup", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["09:00"], "timeZone": "Asia/Tokyo"}]}
        """

    static func simulate(_ extra: [String], days: String = "10", every: String = "never") -> [String] {
        ["simulate", "--days", days, "--open-every", every, "--now", Fixtures.now, "--time-zone", "Europe/Berlin"] + extra
    }

    @Test("on alarmkit, hybrid opened once rings every fire: one weekly alarm for wake, one-shots for the Tokyo stand-up")
    func alarmKitGolden() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run(Self.simulate(["--strategy", "hybrid", "--backend", "alarmkit"]))
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // wake (weekdays 07:30, floating) is one weekly alarm; standup (Mon, Wed, Fri 09:00 Tokyo = 01:00 Berlin)
        // fills the other 63 with one-shots, about 21 weeks of them: 64 held, nothing missed in 10 days. From
        // Mon 11-30 22:00 to Thu 12-10 22:00: wake Tue–Fri and Mon–Thu (8), standup Wed, Fri, Mon, Wed (4).
        #expect(
            output.standardOutput == """
                Simulated 10 days from Mon 2026-11-30 22:00 to Thu 2026-12-10 22:00
                Device zone Europe/Berlin; app opened at the start, never again.
                Backend alarmkit: budget 64 alarms, device limit none, learned alarm limit none,
                  0 refusals; no reminder, strategy hybrid.

                Required:          12
                Delivered on time: 12
                Missed:            0
                Longest uncovered: none
                Peak held:         64 alarms of 64
                Also:              1 open, 0 reminders

                WHEN                  RULE     RESULT   RULE'S CLOCK
                Tue 2026-12-01 07:30  wake     on time
                Wed 2026-12-02 01:00  standup  on time  09:00 Asia/Tokyo
                Wed 2026-12-02 07:30  wake     on time
                Thu 2026-12-03 07:30  wake     on time
                Fri 2026-12-04 01:00  standup  on time  09:00 Asia/Tokyo
                Fri 2026-12-04 07:30  wake     on time
                Mon 2026-12-07 01:00  standup  on time  09:00 Asia/Tokyo
                Mon 2026-12-07 07:30  wake     on time
                Tue 2026-12-08 07:30  wake     on time
                Wed 2026-12-09 01:00  standup  on time  09:00 Asia/Tokyo
                Wed 2026-12-09 07:30  wake     on time
                Thu 2026-12-10 07:30  wake     on time

                """)
    }

    @Test("an explicit --backend notifications prints what a run without it prints")
    func notificationsIsTheDefault() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        for format in ["table", "json"] {
            let plain = try await store.run(Self.simulate(["--format", format]))
            let explicit = try await store.run(Self.simulate(["--format", format, "--backend", "notifications"]))
            #expect(plain.exitCode == 0)
            #expect(explicit == plain)
        }
        let json = try jsonObject(try await store.run(Self.simulate(["--format", "json"])).standardOutput)
        #expect(json["alarmKit"] == nil)
    }

    @Test("the json of an alarmkit run adds an alarmKit object: the device limit, the budget, the learned limit and the refusals")
    func alarmKitJSON() async throws {
        let store = try TemporaryStore(Self.mixedBook)
        let output = try await store.run(
            Self.simulate(["--strategy", "hybrid", "--backend", "alarmkit", "--alarm-limit", "10", "--format", "json"]))
        #expect(output.exitCode == 0)
        let json = try jsonObject(output.standardOutput)
        let run = try #require(json["alarmKit"] as? [String: Any])
        // The plan wants 64 alarms; the device holds 10 and refuses the 11th, once, at the only open.
        #expect(Set(run.keys) == ["deviceLimit", "budget", "learnedLimit", "refusals"])
        #expect(run["deviceLimit"] as? Int == 10)
        #expect(run["budget"] as? Int == 64)
        #expect(run["learnedLimit"] as? Int == 10)
        #expect(run["refusals"] as? Int == 1)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["peakPending"] as? Int == 10)
        #expect(json["capacity"] as? Int == 64)
        #expect((json["drops"] as? [Any])?.isEmpty == true)
        let unlimited = try jsonObject(
            try await store.run(Self.simulate(["--backend", "alarmkit", "--format", "json"])).standardOutput)
        let none = try #require(unlimited["alarmKit"] as? [String: Any])
        #expect(none["deviceLimit"] is NSNull)
        #expect(none["learnedLimit"] is NSNull)
        #expect(none["refusals"] as? Int == 0)
    }

    @Test("a device limit under the plan is learned at the first of a year's daily opens, refused once, and never exceeded")
    func limitIsLearnedOnce() async throws {
        let store = try TemporaryStore(Self.mixedBook)
        let output = try await store.run(
            Self.simulate(
                ["--strategy", "hybrid", "--backend", "alarmkit", "--alarm-limit", "20", "--format", "json"], days: "365", every: "1d"))
        #expect(output.exitCode == 0)
        let json = try jsonObject(output.standardOutput)
        let run = try #require(json["alarmKit"] as? [String: Any])
        #expect(run["learnedLimit"] as? Int == 20)
        #expect(run["refusals"] as? Int == 1)
        let opens = try #require(json["opens"] as? [[String: Any]])
        // The start and 365 daily opens; the first offered 64 slots, every later one the 20 learned.
        #expect(opens.count == 366)
        #expect(opens.first?["slots"] as? Int == 64)
        #expect(opens.dropFirst().allSatisfy { $0["slots"] as? Int == 20 })
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["peakPending"] as? Int == 20)
        // 19 one-shots cover more than a day (the three one-shot rules need at most 7 a day): nothing is missed.
        #expect(summary["missed"] as? Int == 0)
    }

    @Test("one alarm held is counted in the singular: 'Peak held: 1 alarm of 64'")
    func peakHeldSingular() async throws {
        // One rule, one time, opened once for one day: the plan holds its one fire, Tue 07:30.
        let store = try TemporaryStore(
            #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"]}]}"#)
        let output = try await store.run(Self.simulate(["--backend", "alarmkit"], days: "1"))
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("\nPeak held:         1 alarm of 64\n"), "\(output.standardOutput)")
    }

    @Test(
        "backend usage errors name the flag, the value and what to do",
        arguments: [
            (["--backend", "alarmkt"], "error: invalid value for '--backend': 'alarmkt'", "did you mean 'alarmkit'?"),
            (["--backend", "alarms"], "error: invalid value for '--backend': 'alarms'", "expected 'notifications' or 'alarmkit'"),
            (["--alarm-limit", "5"], "error: '--alarm-limit 5' needs '--backend alarmkit'", "add '--backend alarmkit'"),
            (
                ["--backend", "alarmkit", "--eviction", "keep-last-added"],
                "error: '--eviction keep-last-added' applies to '--backend notifications' only", "drop '--eviction'"
            ),
            (["--backend", "alarmkit", "--budget", "3"], "error: '--budget 3' applies to '--backend notifications' only", "budget of 64"),
            (["--backend", "alarmkit", "--alarm-limit", "0"], "error: invalid value for '--alarm-limit': '0'", "from 1 to 1000000"),
            (["--backend", "alarmkit", "--alarm-limit", "1000001"], "error: invalid value for '--alarm-limit': '1000001'", "to 1000000"),
            (["--backend", "alarmkit", "--format", "svg"], "error: '--format svg' draws the notification center's", "'--format table'")
        ])
    func usageErrors(_ extra: [String], _ message: String, _ hint: String) async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run(Self.simulate(extra))
        #expect(output.exitCode == 64)
        #expect(output.standardError.contains(message))
        #expect(output.standardError.contains(hint))
        #expect(output.standardOutput == "")
    }

    @Test("a hostile --backend or --alarm-limit value is printed escaped")
    func hostileValuesAreEscaped() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        for extra in [["--backend", "alarm\u{1B}[2Jkit"], ["--backend", "alarmkit", "--alarm-limit", "1\u{1B}[2J"]] {
            let output = try await store.run(Self.simulate(extra))
            #expect(output.exitCode == 64)
            #expect(!output.standardError.contains("\u{1B}"))
        }
    }

    @Test("the shell completions offer the two backends after --backend, and a value after --alarm-limit")
    func completionsOfferTheBackends() async throws {
        let fish = try await AlarmsProcess.run(["completions", "fish"])
        #expect(fish.exitCode == 0)
        #expect(fish.standardOutput.contains("-n '__fish_seen_subcommand_from simulate' -l backend -r -a 'notifications alarmkit'\n"))
        #expect(fish.standardOutput.contains("-n '__fish_seen_subcommand_from simulate' -l alarm-limit -r\n"))
    }

    @Test("help lists --backend and --alarm-limit")
    func helpListsTheFlags() async throws {
        let output = try await AlarmsProcess.run(["simulate", "--help"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("[--backend notifications|alarmkit [--alarm-limit N]]"))
        #expect(output.standardOutput.contains("--alarm-limit N"))
    }
}
