import Foundation
import Testing

/// `alarms next`: an agenda on the device's clock, from the store or a rule file.
@Suite("alarms next")
struct NextCommandTests {
    @Test("the agenda groups fires by day on the device clock, with time to go and the rule's own clock")
    func agendaGolden() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(["next", "--now", Fixtures.now])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // now: Mon 2026-11-30 22:00 Berlin (+01:00) = 21:00Z.
        // wake Tue 07:30 +01:00: 9 h 30 min later.
        // standup Wed 09:00 Tokyo (+09:00) = 00:00Z = 01:00 Berlin: 27 h = 1 d 3 h (Monday's 09:00 JST
        //   was Mon 00:00Z, already past).
        // wake Wed 07:30: 33 h 30 min, shown as 1 d 9 h (minutes are dropped once there are days).
        // bins Wed 2026-12-02 20:00: the week of its start, so phase 0 of every 2 weeks; 46 h = 1 d 22 h.
        // wake Thu 07:30: 57 h 30 min = 2 d 9 h. gym is off; flight is Sat, after these five.
        #expect(
            output.standardOutput == """
                Next alarms after Mon 2026-11-30 22:00 Europe/Berlin

                Tue 2026-12-01
                  07:30  in 9 h 30 min  wake                       Wake up

                Wed 2026-12-02
                  01:00  in 1 d 3 h     standup  09:00 Asia/Tokyo  Stand-up
                  07:30  in 1 d 9 h     wake                       Wake up
                  20:00  in 1 d 22 h    bins

                Thu 2026-12-03
                  07:30  in 2 d 9 h     wake                       Wake up

                """)
    }

    @Test("a gap-shifted fire is marked, and a short list says there is nothing more within a year")
    func gapMarkerAndEnd() async throws {
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "night", "date": "2026-03-08", "times": ["02:30"], "timeZone": "America/New_York"}]}
            """)
        let output = try await store.run(["next", "--count", "3", "--now", "2026-03-07T12:00:00-05:00", "--time-zone", "America/New_York"])
        #expect(output.exitCode == 0)
        // 02:30 on 2026-03-08 does not exist in New York (02:00 EST → 03:00 EDT); gap: shift rings at
        // 03:30 EDT = 07:30Z, 14 h 30 min after Sat 12:00 EST (17:00Z). A one-shot has nothing after it.
        #expect(
            output.standardOutput == """
                Next alarms after Sat 2026-03-07 12:00 America/New_York

                Sun 2026-03-08
                  03:30  in 14 h 30 min  night [gap]

                [gap] time skipped by a forward clock change that day; fires later by the gap

                No more alarms in the next 366 days.

                """)
    }

    @Test("a book that does not exist yet has no rules, as list says")
    func empty() async throws {
        let store = try TemporaryStore()
        let output = try await store.run(["next", "--now", Fixtures.now])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput
                == "No rules in \(store.path) (the file does not exist yet).\nAdd one with 'alarms add wake --days weekdays --at 07:30'.\n")
        #expect(store.bytes == nil)
        #expect(store.folderContents.isEmpty)
    }

    @Test("--rules reads a rule file instead of the store, with --count")
    func rulesFile() async throws {
        let output = try await AlarmsProcess.run([
            "next", "--rules", "Docs/Examples/alarms.json", "--count", "1", "--now", "2026-11-30T22:00:00+01:00",
            "--time-zone", "Europe/Berlin"
        ])
        #expect(output.exitCode == 0)
        // The example's first fire after Mon 22:00 Berlin: standup-tokyo Wed 09:00 JST is 01:00 Berlin Wed,
        // but wake (weekdays 07:30) and meds (08:00) ring Tue first: wake Tue 07:30.
        #expect(output.standardOutput.contains("Tue 2026-12-01\n  07:30  in 9 h 30 min  wake  Wake up\n"))
    }

    @Test("JSON has the documented keys and types; 'at' carries the rule zone's offset, deviceLocal the device clock")
    func jsonSchema() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(["next", "--count", "2", "--now", Fixtures.now, "--format", "json"])
        #expect(output.exitCode == 0)
        let object = try jsonObject(output.standardOutput)
        expectSchema(object, ["now": .string, "timeZone": .string, "fires": .array])
        #expect(object["now"] as? String == "2026-11-30T22:00:00+01:00")
        let fires = try #require(object["fires"] as? [[String: Any]])
        #expect(fires.count == 2)
        for fire in fires {
            expectSchema(
                fire,
                [
                    "id": .string, "rule": .string, "label": .optional(.string), "at": .string, "local": .string,
                    "timeZone": .string, "adjustment": .optional(.string), "floating": .bool, "snooze": .bool,
                    "deviceLocal": .string, "inSeconds": .number
                ])
        }
        // standup: Wed 09:00 Tokyo = 01:00 Berlin, 27 h = 97,200 s after now.
        #expect(fires[1]["at"] as? String == "2026-12-02T09:00:00+09:00")
        #expect(fires[1]["deviceLocal"] as? String == "2026-12-02T01:00:00")
        #expect(fires[1]["inSeconds"] as? Int == 97_200)
        #expect(fires[1]["floating"] as? Bool == false)
        #expect(fires[0]["inSeconds"] as? Int == 34_200)
    }
}
