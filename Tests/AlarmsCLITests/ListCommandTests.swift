import Foundation
import Testing

/// `alarms list`: the rules in a table with detail lines, or JSON.
@Suite("alarms list")
struct ListCommandTests {
    @Test("the table shows each rule's days or date, times, zone, state and label; details go on a line below")
    func tableGolden() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(["list", "--now", Fixtures.now])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // Columns are as wide as their widest cell plus two spaces; the detail line starts under
        // DAYS OR DATE (column 14 = "standup" 7 + 2 + "ON" 3 + 2).
        #expect(
            output.standardOutput == """
                ID       ON   DAYS OR DATE     TIMES  ZONE           LABEL
                wake     yes  weekdays         07:30  floating       Wake up
                standup  yes  mon wed fri      09:00  Asia/Tokyo     Stand-up
                bins     yes  wed              20:00  floating
                              every 2 weeks from 2026-12-02; skips 2026-12-30
                gym      off  sat              10:00  floating       Gym
                              gap: skip
                flight   yes  once 2026-12-05  05:45  Europe/London  Leave for the airport

                5 rules (1 off) in \(store.path).

                """)
    }

    @Test("skip-next dates and a pending snooze show on the detail line, on the device's clock")
    func runtimeState() async throws {
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}],
             "snoozes": [{"rule": "wake", "fire": "wake@2026-11-30T07:30:00", "at": "2026-11-30T21:09:00Z"}],
             "skipNext": [{"rule": "wake", "date": "2026-12-01"}]}
            """)
        let output = try await store.run(["list", "--now", Fixtures.now])
        // The snooze at 21:09Z is 22:09 in Berlin (+01:00).
        #expect(
            output.standardOutput.contains(
                """
                wake  yes  weekdays      07:30  floating
                           skip-next 2026-12-01; snoozed until Mon 2026-11-30 22:09 Europe/Berlin

                """))
    }

    @Test("on an 80-column terminal a long label wraps under its column instead of passing 80 columns")
    func longLabelWraps() async throws {
        let label = "Take the blue pills with a full glass of water after breakfast, not before"
        let store = try TemporaryStore(
            #"{"version": 1, "rules": [{"id": "meds", "label": "\#(label)", "days": ["mon"], "times": ["08:00"]}]}"#)
        let output = try await store.run(["list"], outputIsTerminal: true, terminalColumns: 80)
        let lines = output.standardOutput.split(separator: "\n")
        // LABEL starts at column 42: ID 4 ("meds") + ON 3 + DAYS OR DATE 12 + TIMES 5 + ZONE 8 ("floating"),
        // each plus 2 spaces, so 38 characters of label fit; "…glass" ends at 37, " of" would make 40.
        // (The footer names the temporary path, which is longer than a line can be.)
        #expect(lines.dropLast().allSatisfy { $0.count <= 80 })
        #expect(lines[1] == "meds  yes  mon           08:00  floating  Take the blue pills with a full glass")
        #expect(lines[2] == String(repeating: " ", count: 42) + "of water after breakfast, not before")
    }

    @Test("a missing book is an empty list that says so, and nothing is created")
    func missingBook() async throws {
        let store = try TemporaryStore()
        let output = try await store.run(["list"])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput
                == "No rules in \(store.path) (the file does not exist yet).\nAdd one with 'alarms add wake --days weekdays --at 07:30'.\n")
        #expect(store.folderContents.isEmpty)
    }

    @Test("JSON lists every key for every rule, null when absent")
    func jsonSchema() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let output = try await store.run(["list", "--format", "json"])
        #expect(output.exitCode == 0)
        let object = try jsonObject(output.standardOutput)
        expectSchema(object, ["file": .string, "rules": .array])
        let rules = try #require(object["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["wake", "standup", "bins", "gym", "flight"])
        for rule in rules {
            expectSchema(
                rule,
                [
                    "id": .string, "label": .optional(.string), "enabled": .bool, "days": .optional(.array),
                    "date": .optional(.string), "times": .array, "timeZone": .optional(.string), "floating": .bool,
                    "everyWeeks": .optional(.number), "start": .optional(.string), "end": .optional(.string),
                    "skip": .array, "skipNext": .array, "snoozedUntil": .optional(.string), "gap": .string, "overlap": .string
                ])
        }
        #expect(rules[2]["everyWeeks"] as? Int == 2)
        #expect(rules[2]["skip"] as? [String] == ["2026-12-30"])
        #expect(rules[3]["enabled"] as? Bool == false)
        #expect(rules[4]["date"] as? String == "2026-12-05")
        #expect(rules[4]["days"] is NSNull)
        #expect(rules[4]["timeZone"] as? String == "Europe/London")
        #expect(rules[0]["timeZone"] is NSNull)
    }
}
