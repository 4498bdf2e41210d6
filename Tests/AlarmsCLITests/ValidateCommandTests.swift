import Foundation
import Testing

/// `alarms validate [FILE]`: problems fail, warnings do not.
@Suite("alarms validate")
struct ValidateCommandTests {
    @Test("warnings for a gap, an overlap and cap pressure, wrapped at 80 columns; exit 0")
    func warningsGolden() async throws {
        let store = try TemporaryStore(Fixtures.night)
        let output = try await store.run(
            ["validate", "--now", "2026-03-01T12:00:00-05:00", "--time-zone", "America/New_York", "--cap", "10"])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        // 02:30 on Sun 2026-03-08 is in New York's gap (02:00 EST → 03:00 EDT): shifted to 03:30 EDT.
        // 01:30 on Sun 2026-11-01 happens twice (02:00 EDT → 01:00 EST): the first is -04:00.
        // Cap: from Sun 03-01 12:00 EST, 7 × 24 h hold two fires a day on 03-02 … 03-07 (12) and 01:30
        // and 02:30→03:30 EDT on 03-08, before the horizon at 13:00 EDT: 14. The 11th fire, Sat 03-07
        // 01:30 EST, is 5 d 13 h 30 min after now; the cap of 10 covers only that.
        #expect(
            output.standardOutput == """
                warning: rule 'night': 02:30 on Sun 2026-03-08 does not exist in
                  America/New_York (clocks jump forward 1 h); it fires at 03:30 (gap: shift)
                warning: rule 'night': 01:30 on Sun 2026-11-01 happens twice in America/New_York
                  (clocks go back 1 h); it fires at the first (overlap: first),
                  2026-11-01T01:30:00-04:00
                warning: 14 fires in the 7 days from now exceed the cap of 10: a plan covers
                  only 5 d 13 h, so the app must refresh within that
                \(store.path): 1 rule, valid, 3 warnings.

                """)
    }

    @Test("a book with two snoozes of one rule is not valid: validate of the file and of the store report it, and plan refuses it")
    func forbiddenBookState() async throws {
        let store = try TemporaryStore(
            #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"]}], "snoozes": ["#
                + #"{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:39:00Z"}, "#
                + #"{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:49:00Z"}]}"#)
        let problem =
            #"rule 'wake': snoozes[1].rule: "wake" already has a snooze, snoozes[0]; a rule keeps one snooze (snoozing again replaces it)"#
        for arguments in [["validate", store.path, "--format", "json"], ["validate", "--format", "json"]] {
            let output = try await store.run(arguments + ["--now", Fixtures.now])
            #expect(output.exitCode == 1)
            let report = try jsonObject(output.standardOutput)
            #expect(report["valid"] as? Bool == false)
            let problems = try #require(report["problems"] as? [[String: Any]])
            #expect(problems.map { $0["field"] as? String } == ["snoozes[1].rule"])
        }
        let plan = try await store.run(["plan", "--now", Fixtures.now])
        #expect(plan.exitCode == 1)
        #expect(plan.standardError.hasPrefix("error: \(store.path): \(problem)\n"), "\(plan.standardError)")
    }

    @Test("every problem of a file is reported on stdout, with exit 1 and a count on stderr")
    func problems() async throws {
        let store = try TemporaryStore()
        let file = store.folder.appendingPathComponent("rules.json")
        try Data(
            #"{"version": 1, "rules": [{"id": "a", "days": ["mo"], "times": ["7:30"]}, {"id": "a", "date": "2026-12-01", "times": ["08:00"]}]}"#
                .utf8
        ).write(to: file)
        let output = try await AlarmsProcess.run(["validate", file.path])
        #expect(output.exitCode == 1)
        // Long lines wrap with a two-space indent; joined again, there is one line per problem and a total.
        let lines = output.standardOutput.replacingOccurrences(of: "\n  ", with: " ").split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.prefix(3).allSatisfy { $0.hasPrefix("error: \(file.path): rule 'a' (#") })
        // The reader reports a rule's times before its days.
        #expect(lines[1].hasSuffix(#"rule 'a' (#1): days[0]: "mo" is not a weekday; expected one of sun mon tue wed thu fri sat"#))
        #expect(
            lines[0].hasSuffix(#"rule 'a' (#1): times[0]: "7:30" is not a valid time; expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59"#))
        #expect(lines[2].hasSuffix(#"rule 'a' (#2): id: "a" is already used by rule #1; ids must be unique"#))
        #expect(lines[3] == "\(file.path): 3 problems.")
        #expect(output.standardError.hasPrefix("error: 3 problems in "))
    }

    @Test("the store is checked when no FILE is given; an invalid book gives its problems, the file untouched")
    func invalidStore() async throws {
        let store = try TemporaryStore(
            """
            {"version": 1, "rules": [{"id": "wake", "days": ["mon"], "times": ["07:30"]}],
             "snoozes": [{"rule": "wake", "fire": "", "at": "2026-12-01T07:39:00"}]}
            """)
        let before = store.bytes
        let output = try await store.run(["validate", "--format", "json"])
        #expect(output.exitCode == 1)
        let object = try jsonObject(output.standardOutput)
        expectSchema(object, ["file": .string, "valid": .bool, "rules": .number, "problems": .array, "warnings": .array])
        #expect(object["valid"] as? Bool == false)
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.count == 2)
        for problem in problems {
            expectSchema(
                problem,
                [
                    "rule": .optional(.string), "ruleNumber": .optional(.number), "field": .optional(.string),
                    "value": .optional(.string), "line": .optional(.number), "column": .optional(.number), "message": .string
                ])
        }
        #expect(problems.map { $0["field"] as? String } == ["snoozes[0].at", "snoozes[0].fire"])
        #expect(store.bytes == before)
    }

    @Test(
        "malformed JSON and binary stores are problems with a position",
        arguments: [
            ("{\"version\": 1,\n \"rules\": [,]}", 2, 12),
            ("\u{00}garbage", nil as Int?, nil as Int?)
        ])
    func unreadableStore(_ content: String, _ line: Int?, _ column: Int?) async throws {
        let store = try TemporaryStore(content)
        let output = try await store.run(["validate", "--format", "json"])
        #expect(output.exitCode == 1)
        let problems = try #require(try jsonObject(output.standardOutput)["problems"] as? [[String: Any]])
        #expect(problems.count == 1)
        #expect(problems[0]["line"] as? Int == line)
        #expect(problems[0]["column"] as? Int == column)
    }

    @Test("JSON warnings: clock changes and cap pressure have their documented keys")
    func jsonWarnings() async throws {
        let store = try TemporaryStore(Fixtures.night)
        let output = try await store.run(["validate", "--now", "2026-03-01T12:00:00-05:00", "--cap", "10", "--format", "json"])
        #expect(output.exitCode == 0)
        let warnings = try #require(try jsonObject(output.standardOutput)["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["kind"] as? String } == ["gap", "overlap", "cap"])
        for warning in warnings.prefix(2) {
            expectSchema(
                warning,
                [
                    "kind": .string, "rule": .string, "local": .string, "timeZone": .string, "at": .optional(.string),
                    "adjustment": .optional(.string), "message": .string
                ])
        }
        expectSchema(
            warnings[2], ["kind": .string, "firesInHorizon": .number, "cap": .number, "coverageSeconds": .number, "message": .string])
        #expect(warnings[0]["at"] as? String == "2026-03-08T03:30:00-04:00")
        // 5 d 13 h 30 min = 480,600 s.
        #expect(warnings[2]["coverageSeconds"] as? Int == 480_600)
    }

    @Test("a book that does not exist yet is valid and says so; FILE and --store together are a usage error")
    func missingAndConflict() async throws {
        let store = try TemporaryStore()
        let output = try await store.run(["validate"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == "\(store.path) (the file does not exist yet): 0 rules, valid, no warnings.\n")
        let both = try await store.run(["validate", "x.json", "--store", store.path])
        #expect(both.exitCode == 64)
        #expect(both.standardError.hasPrefix("error: FILE and '--store' cannot be combined"))
    }
}
