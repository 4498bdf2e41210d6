import Foundation
import Testing

/// The editing commands run one after another on one store, as a person would: each output,
/// then the file they leave.
@Suite("editing the alarm book")
struct StoreEditingTests {
    struct Step: CustomTestStringConvertible {
        let arguments: [String]
        let output: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Hand-checked, at Mon 2026-11-30 22:00 in Berlin (+01:00, 21:00Z):
    static let session: [Step] = [
        // Weekdays 07:30: Tuesday's is next, 9 h 30 min away.
        Step(
            arguments: ["add", "wake", "--days", "weekdays", "--at", "07:30", "--label", "Wake up"],
            output: """
                Added 'wake' (Wake up): weekdays at 07:30, floating.
                Next: Tue 2026-12-01 07:30 Europe/Berlin, in 9 h 30 min.

                """),
        // No days, no date: 14:30 has passed today, so the one-shot is tomorrow…
        Step(
            arguments: ["add", "nap", "--at", "14:30"],
            output: """
                Added 'nap': once on Tue 2026-12-01 at 14:30, floating.
                Next: Tue 2026-12-01 14:30 Europe/Berlin, in 16 h 30 min.

                """),
        // …and 23:00 is still ahead, so it is today.
        Step(
            arguments: ["add", "late", "--at", "23:00"],
            output: """
                Added 'late': once on Mon 2026-11-30 at 23:00, floating.
                Next: Mon 2026-11-30 23:00 Europe/Berlin, in 1 h.

                """),
        // --rule-zone is the rule's zone. Wed 09:00 JST = 00:00Z = 01:00 Berlin, 27 h away.
        Step(
            arguments: ["add", "standup", "--days", "mon,wed,fri", "--at", "09:00", "--rule-zone", "Asia/Tokyo"],
            output: """
                Added 'standup': mon wed fri at 09:00, Asia/Tokyo.
                Next: Wed 2026-12-02 01:00 Europe/Berlin (09:00 Asia/Tokyo), in 1 d 3 h.

                """),
        // The label is kept; Tuesday 06:45 is 8 h 45 min away.
        Step(
            arguments: ["edit", "wake", "--at", "06:45", "--days", "mon,tue,thu"],
            output: """
                Updated 'wake' (Wake up): mon tue thu at 06:45, floating.
                Next: Tue 2026-12-01 06:45 Europe/Berlin, in 8 h 45 min.

                """),
        Step(
            arguments: ["skip", "wake", "2026-12-03"],
            output: """
                Rule 'wake' (Wake up) will not ring on Thu 2026-12-03.

                """),
        // Skips Tuesday's; Thursday is skipped already, so Mon 2026-12-07 06:45 is next: 6 d 8 h 45 min.
        Step(
            arguments: ["skip-next", "wake"],
            output: """
                Skipped wake@2026-12-01T06:45:00, Tue 2026-12-01 06:45 Europe/Berlin: rule
                  'wake' (Wake up) does not ring on Tue 2026-12-01.
                Next: Mon 2026-12-07 06:45 Europe/Berlin, in 6 d 8 h.

                """),
        // Ten minutes after now: 22:10 Berlin, named by the wall time on the rule's clock.
        Step(
            arguments: ["snooze", "wake@2026-11-30T06:45:00", "--minutes", "10"],
            output: """
                Snoozed wake@2026-11-30T06:45:00: rings again Mon 2026-11-30 22:10
                  Europe/Berlin, in 10 min, as wake@2026-11-30T22:10:00+snooze.

                """),
        Step(
            arguments: ["disable", "standup"],
            output: """
                Turned 'standup' off.
                It stays in the book; 'alarms enable standup' turns it on again.

                """),
        Step(
            arguments: ["disable", "standup"],
            output: """
                Rule 'standup' is already off; nothing changed.

                """),
        // Undoes the skip-next; the snooze at 22:10 is now the rule's next ring.
        Step(
            arguments: ["unskip", "wake", "2026-12-01"],
            output: """
                Rule 'wake' (Wake up) no longer skips Tue 2026-12-01.
                Next: Mon 2026-11-30 22:10 Europe/Berlin (snooze), in 10 min.

                """),
        Step(
            arguments: ["remove", "nap"],
            output: """
                Removed 'nap'.

                """)
    ]

    @Test("add, edit, skip, skip-next, snooze, disable, unskip and remove, in order")
    func session() async throws {
        let store = try TemporaryStore()
        for step in Self.session {
            let output = try await store.run(step.arguments + ["--now", Fixtures.now])
            #expect(output.exitCode == 0, "\(step.testDescription): \(output.standardError)")
            #expect(output.standardError == "")
            #expect(output.standardOutput == step.output, "\(step.testDescription)")
        }
        // The library writes the book: defaults left out, the snooze in UTC, the skip-next undone.
        #expect(
            store.text == """
                {
                  "version": 1,
                  "rules": [
                    {
                      "id": "wake",
                      "label": "Wake up",
                      "days": ["mon", "tue", "thu"],
                      "times": ["06:45"],
                      "skip": ["2026-12-03"]
                    },
                    {
                      "id": "late",
                      "date": "2026-11-30",
                      "times": ["23:00"]
                    },
                    {
                      "id": "standup",
                      "enabled": false,
                      "days": ["mon", "wed", "fri"],
                      "times": ["09:00"],
                      "timeZone": "Asia/Tokyo"
                    }
                  ],
                  "snoozes": [
                    {
                      "rule": "wake",
                      "fire": "wake@2026-11-30T06:45:00",
                      "at": "2026-11-30T21:10:00Z"
                    }
                  ]
                }

                """)
    }

    @Test("edit keeps what is not given, switches weekly and one-shot, and clears with 'none', '' and 'floating'")
    func editFields() async throws {
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "bins", "label": "Bins", "days": ["wed"], "times": ["20:00"], "timeZone": "Europe/London",
              "everyWeeks": 2, "start": "2026-12-02", "end": "2027-06-30", "skip": ["2026-12-30"]}]}
            """)
        func edit(_ arguments: String...) async throws -> String {
            let output = try await store.run(["edit", "bins"] + arguments + ["--now", Fixtures.now])
            #expect(output.exitCode == 0, "\(arguments): \(output.standardError)")
            // The first sentence, with its wrapped continuation lines joined again.
            return output.standardOutput.replacingOccurrences(of: "\n  ", with: " ").split(separator: "\n").first.map(String.init) ?? ""
        }
        #expect(
            try await edit("--end", "none", "--label", "", "--rule-zone", "floating")
                == "Updated 'bins': wed at 20:00, every 2 weeks, from 2026-12-02, floating.")
        #expect(
            try await edit("--gap", "skip", "--overlap", "last")
                == "Updated 'bins': wed at 20:00, every 2 weeks, from 2026-12-02, floating, gap: skip, overlap: last.")
        #expect(
            try await edit("--date", "2027-01-06") == "Updated 'bins': once on Wed 2027-01-06 at 20:00, floating, gap: skip, overlap: last."
        )
        #expect(
            try await edit("--days", "sat,sun", "--gap", "shift", "--overlap", "first") == "Updated 'bins': weekends at 20:00, floating.")
        #expect(try await edit("--days", "sat,sun") == "Rule 'bins' already has these settings; nothing changed.")
        // The skip list survived every change.
        let rule = try #require((try store.json()["rules"] as? [[String: Any]])?.first)
        #expect(rule["skip"] as? [String] == ["2026-12-30"])
        #expect(rule["label"] == nil && rule["timeZone"] == nil && rule["everyWeeks"] == nil)
    }

    @Test(
        "day words: names in any case, full names, weekdays, weekends, daily, mixed",
        arguments: [
            ("mon,TUE,Thursday", "mon tue thu"),
            ("weekdays", "weekdays"),
            ("weekends,fri", "sun fri sat"),   // rule-file order, Sunday first
            ("sat,sun", "weekends"),
            ("daily", "daily"),
            ("mon tue wed thu fri", "weekdays")
        ])
    func dayWords(_ words: String, _ shown: String) async throws {
        let store = try TemporaryStore()
        let output = try await store.run(["add", "a", "--days", words, "--at", "07:00", "--now", Fixtures.now])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.hasPrefix("Added 'a': \(shown) at 07:00, floating.\n"))
    }

    @Test(
        "a one-shot without a date takes the next date at which every time is ahead, on the rule's clock",
        arguments: [
            // 22:00 Berlin = 21:00Z. 21:30 Berlin has passed: tomorrow. 22:30 is ahead: today.
            (["--at", "21:30"], "once on Tue 2026-12-01 at 21:30, floating"),
            (["--at", "22:30"], "once on Mon 2026-11-30 at 22:30, floating"),
            // With two times, every one must be ahead: 07:00 has passed, so both are tomorrow.
            (["--at", "07:00,23:00"], "once on Tue 2026-12-01 at 07:00 23:00, floating"),
            // On Tokyo's clock it is already Tue 06:00 (21:00Z + 9 h): 07:00 JST is still ahead that Tuesday.
            (["--at", "07:00", "--rule-zone", "Asia/Tokyo"], "once on Tue 2026-12-01 at 07:00, Asia/Tokyo"),
            // …and 05:00 JST has passed, so Wednesday.
            (["--at", "05:00", "--rule-zone", "Asia/Tokyo"], "once on Wed 2026-12-02 at 05:00, Asia/Tokyo")
        ])
    func oneShotDate(_ options: [String], _ summary: String) async throws {
        let store = try TemporaryStore()
        let output = try await store.run(["add", "once"] + options + ["--now", Fixtures.now])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.hasPrefix("Added 'once': \(summary).\n"))
    }

    @Test("a one-shot whose time falls in a gap under gap: skip goes to the next day")
    func oneShotGapSkip() async throws {
        let store = try TemporaryStore()
        // Sun 2026-03-08 01:00 EST in New York; 02:30 does not exist that day (02:00 EST → 03:00 EDT).
        // With gap: shift it rings at 03:30 EDT (07:30Z) that day, 1 h 30 min after 06:00Z; with gap: skip it
        // would not ring, so the date is 03-09: 02:30 EDT = 06:30Z, 24 h 30 min later, shown as "1 d"
        // (minutes are not shown once there are days).
        let shift = try await store.run(["add", "a", "--at", "02:30", "--now", "2026-03-08T01:00:00-05:00"], timeZone: "America/New_York")
        let skip = try await store.run(
            ["add", "b", "--at", "02:30", "--gap", "skip", "--now", "2026-03-08T01:00:00-05:00"], timeZone: "America/New_York")
        #expect(
            shift.standardOutput == """
                Added 'a': once on Sun 2026-03-08 at 02:30, floating.
                Next: Sun 2026-03-08 03:30 America/New_York, in 1 h 30 min.

                """)
        #expect(
            skip.standardOutput == """
                Added 'b': once on Mon 2026-03-09 at 02:30, floating, gap: skip.
                Next: Mon 2026-03-09 02:30 America/New_York, in 1 d.

                """)
    }

    @Test("skip tells when the rule would not have rung that day anyway; repeats change nothing")
    func skipNotes() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let saturday = try await store.run(["skip", "wake", "2026-12-05", "--now", Fixtures.now])
        #expect(
            saturday.standardOutput == """
                Rule 'wake' (Wake up) will not ring on Sat 2026-12-05.
                Note: it would not have rung that day anyway: 2026-12-05 is a sat; the rule
                      repeats on mon tue wed thu fri.

                """)
        let again = try await store.run(["skip", "wake", "2026-12-05"])
        #expect(again.standardOutput == "Rule 'wake' (Wake up) already skips Sat 2026-12-05; nothing changed.\n")
        let unskipOther = try await store.run(["unskip", "wake", "2026-12-06"])
        #expect(unskipOther.standardOutput == "Rule 'wake' (Wake up) does not skip Sun 2026-12-06; nothing changed.\n")
        let enable = try await store.run(["enable", "wake"])
        #expect(enable.standardOutput == "Rule 'wake' (Wake up) is already on; nothing changed.\n")
    }

    @Test("unskip of one skip-next date leaves the rule's other skip-next dates")
    func unskipOneOfTwoSkipNexts() async throws {
        let store = try TemporaryStore(Fixtures.book)
        // At Mon 22:00 Berlin, wake (weekdays 07:30) skips Tuesday's, then Wednesday's.
        for _ in 0..<2 { #expect(try await store.run(["skip-next", "wake", "--now", Fixtures.now]).exitCode == 0) }
        let unskip = try await store.run(["unskip", "wake", "2026-12-01", "--now", Fixtures.now])
        #expect(
            unskip.standardOutput == """
                Rule 'wake' (Wake up) no longer skips Tue 2026-12-01.
                Next: Tue 2026-12-01 07:30 Europe/Berlin, in 9 h 30 min.

                """)
        let skips = try #require(try store.json()["skipNext"] as? [[String: Any]])
        #expect(skips.map { $0["rule"] as? String } == ["wake"])
        #expect(skips.map { $0["date"] as? String } == ["2026-12-02"])
        let again = try await store.run(["unskip", "wake", "2026-12-02", "--now", Fixtures.now])
        #expect(again.standardOutput.hasPrefix("Rule 'wake' (Wake up) no longer skips Wed 2026-12-02.\n"))
    }

    @Test("unskip of a date in the rule's own skip list says it no longer skips it and gives the next fire")
    func unskipOwnSkipDate() async throws {
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "wake", "label": "Wake up", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"],
              "skip": ["2026-12-01", "2026-12-02"]}]}
            """)
        // Tuesday's 07:30 rings again: 9 h 30 min after Mon 22:00 Berlin.
        let output = try await store.run(["unskip", "wake", "2026-12-01", "--now", Fixtures.now])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput == """
                Rule 'wake' (Wake up) no longer skips Tue 2026-12-01.
                Next: Tue 2026-12-01 07:30 Europe/Berlin, in 9 h 30 min.

                """)
        let rule = try #require((try store.json()["rules"] as? [[String: Any]])?.first)
        #expect(rule["skip"] as? [String] == ["2026-12-02"])
    }

    @Test("enable and disable set the state, never toggle it: repeating one leaves the rule as it is")
    func enableAndDisableSet() async throws {
        let store = try TemporaryStore(Fixtures.book)
        func isEnabled(_ id: String) throws -> Bool {
            let rules = try #require(try store.json()["rules"] as? [[String: Any]])
            let rule = try #require(rules.first { $0["id"] as? String == id })
            return rule["enabled"] as? Bool ?? true   // written only when false
        }
        let enable = try await store.run(["enable", "wake", "--now", Fixtures.now])
        #expect(enable.standardOutput == "Rule 'wake' (Wake up) is already on; nothing changed.\n")
        #expect(try isEnabled("wake"))
        let disable = try await store.run(["disable", "gym", "--now", Fixtures.now])
        #expect(disable.standardOutput == "Rule 'gym' (Gym) is already off; nothing changed.\n")
        #expect(try !isEnabled("gym"))
        for _ in 0..<2 { #expect(try await store.run(["enable", "gym", "--now", Fixtures.now]).exitCode == 0) }
        #expect(try isEnabled("gym"))
        for _ in 0..<2 { #expect(try await store.run(["disable", "wake", "--now", Fixtures.now]).exitCode == 0) }
        #expect(try !isEnabled("wake"))
    }

    @Test("snoozing the snooze moves it and keeps the original fire; a disabled rule's snooze is silent")
    func snoozeAgain() async throws {
        let store = try TemporaryStore(Fixtures.book)
        _ = try await store.run(["snooze", "wake@2026-11-30T07:30:00", "--now", Fixtures.now])
        let again = try await store.run([
            "snooze", "wake@2026-11-30T22:09:00+snooze", "--minutes", "5", "--now", "2026-11-30T22:09:00+01:00"
        ])
        // Default 9 minutes: 22:09; then 5 more from 22:09: 22:14.
        #expect(
            again.standardOutput == """
                Snoozed wake@2026-11-30T22:09:00+snooze: rings again Mon 2026-11-30 22:14
                  Europe/Berlin, in 5 min, as wake@2026-11-30T22:14:00+snooze.

                """)
        let snoozes = try #require(try store.json()["snoozes"] as? [[String: Any]])
        #expect(snoozes.count == 1)
        #expect(snoozes[0]["fire"] as? String == "wake@2026-11-30T07:30:00")
        #expect(snoozes[0]["at"] as? String == "2026-11-30T21:14:00Z")
        let off = try await store.run(["snooze", "gym@2026-11-28T10:00:00", "--now", Fixtures.now])
        #expect(
            off.standardOutput == """
                Snoozed gym@2026-11-28T10:00:00 until Mon 2026-11-30 22:09 Europe/Berlin, but
                  rule 'gym' (Gym) is off, so it will not ring unless turned on.

                """)
    }

    @Test("the per-user default store is created on the first edit, under XDG_DATA_HOME or HOME, with mode 0700")
    func defaultStore() async throws {
        let home = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let viaHome = try await AlarmsProcess.run(
            ["add", "a", "--days", "mon", "--at", "07:00", "--now", Fixtures.now], extraEnvironment: ["HOME": home.path])
        #expect(viaHome.exitCode == 0)
        let folder = home.appendingPathComponent(".local/share/alarms")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("alarms.json").path))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let list = try await AlarmsProcess.run(["list"], extraEnvironment: ["HOME": home.path])
        #expect(list.standardOutput.hasSuffix("1 rule in \(folder.path)/alarms.json.\n"))

        let data = home.appendingPathComponent("xdg")
        let viaXDG = try await AlarmsProcess.run(
            ["add", "b", "--days", "mon", "--at", "07:00"], extraEnvironment: ["HOME": home.path, "XDG_DATA_HOME": data.path])
        #expect(viaXDG.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("alarms/alarms.json").path))
        let help = try await AlarmsProcess.run(["help"], extraEnvironment: ["HOME": home.path, "XDG_DATA_HOME": data.path])
        #expect(help.standardOutput.contains("  Per-user default: \(data.path)/alarms/alarms.json\n"))
    }

    @Test("--store wins over ALARMS_STORE, which wins over the default")
    func storePrecedence() async throws {
        let environmentStore = try TemporaryStore()
        let optionStore = try TemporaryStore()
        let output = try await environmentStore.run(["add", "a", "--days", "mon", "--at", "07:00", "--store", optionStore.path])
        #expect(output.exitCode == 0)
        #expect(optionStore.bytes != nil)
        #expect(environmentStore.bytes == nil)
    }

    @Test("--flag=value, an empty inline value, and -- before an argument that starts with a dash")
    func tokenizer() async throws {
        let store = try TemporaryStore()
        let add = try await store.run(["add", "a", "--days=mon", "--at=07:00", "--label=Early", "--now=\(Fixtures.now)"])
        #expect(add.standardOutput.hasPrefix("Added 'a' (Early): mon at 07:00, floating.\n"))
        let clear = try await store.run(["edit", "a", "--label="])
        #expect(clear.standardOutput.hasPrefix("Updated 'a': mon at 07:00, floating.\n"))
        let dash = try await store.run(["remove", "--", "-a"])
        #expect(dash.exitCode == 1)
        #expect(dash.standardError.hasPrefix("error: no rule has id '-a'\nhint: did you mean 'a'?\n"))
    }
}
