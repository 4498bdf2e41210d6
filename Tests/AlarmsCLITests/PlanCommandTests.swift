import Foundation
import Testing

/// `alarms plan`, run in process with TZ, --now and --time-zone pinned.
@Suite("alarms plan")
struct PlanCommandTests {
    static let nightRule = """
        {"version": 1, "rules": [
          {"id": "night", "label": "Night check", "days": ["sun","mon","tue","wed","thu","fri","sat"],
           "times": ["02:30"], "timeZone": "America/New_York"}
        ]}
        """

    private func withRules<T>(_ json: String, _ body: (String) async throws -> T) async throws -> T {
        let directory = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rules.json")
        try Data(json.utf8).write(to: file)
        return try await body(file.path)
    }

    @Test("the table shows local time, zone, time to go, the gap marker and the coverage footer")
    func tableGolden() async throws {
        // now: Sat 2026-03-07 12:00 EST = 17:00Z. Sun 02:30 does not exist (02:00 EST → 03:00 EDT),
        // so it fires at 03:30 EDT = 07:30Z, 14 h 30 min later. Mon 02:30 EDT = 06:30Z is 1 d 13 h 30 min
        // later. The 7 × 24 h horizon ends Sat 03-14 17:00Z, which is 13:00 EDT: the clock moved. The rule
        // is fixed to New York, the device's zone too, so RULE'S CLOCK names it (a floating rule would say so).
        let output = try await withRules(Self.nightRule) { path in
            try await AlarmsProcess.run([
                "plan", "--rules", path, "--now", "2026-03-07T12:00:00-05:00",
                "--time-zone", "America/New_York", "--cap", "3"
            ])
        }
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        #expect(
            output.standardOutput == """
                Plan at Sat 2026-03-07 12:00 America/New_York, cap 3

                WHEN                  IN              RULE         RULE'S CLOCK            LABEL
                Sun 2026-03-08 03:30  in 14 h 30 min  night [gap]  03:30 America/New_York  Night check
                Mon 2026-03-09 02:30  in 1 d 13 h     night        02:30 America/New_York  Night check
                Tue 2026-03-10 02:30  in 2 d 13 h     night        02:30 America/New_York  Night check

                [gap] time skipped by a forward clock change that day; fires later by the gap
                Fires: 3 (cap 3, reached).
                Covered until: Wed 2026-03-11 02:30 America/New_York,
                  short of the horizon Sat 2026-03-14 13:00 America/New_York.

                """)
    }

    @Test("JSON output has the documented keys and the fire zone's offset in 'at'")
    func jsonGolden() async throws {
        let output = try await withRules(Self.nightRule) { path in
            try await AlarmsProcess.run([
                "plan", "--rules", path, "--now", "2026-03-07T12:00:00-05:00",
                "--time-zone", "Europe/Paris", "--cap", "1", "--format", "json"
            ])
        }
        #expect(output.exitCode == 0)
        // now 17:00Z is 18:00 in Paris (UTC+1 in March before the 29th); horizon 03-14 17:00Z = 18:00+01:00.
        // The cap cuts at the second fire, Mon 02:30 EDT = 06:30Z = 07:30+01:00.
        #expect(
            output.standardOutput == """
                {
                  "now": "2026-03-07T18:00:00+01:00",
                  "timeZone": "Europe/Paris",
                  "cap": 1,
                  "horizonEnd": "2026-03-14T18:00:00+01:00",
                  "coveredUntil": "2026-03-09T07:30:00+01:00",
                  "truncated": true,
                  "fires": [
                    {
                      "id": "night@2026-03-08T02:30:00",
                      "rule": "night",
                      "at": "2026-03-08T03:30:00-04:00",
                      "local": "2026-03-08T02:30:00",
                      "timeZone": "America/New_York",
                      "adjustment": "gap-shifted"
                    }
                  ]
                }

                """)
    }

    @Test("without --time-zone the TZ environment variable is the device zone, and a local --now is read in it")
    func tzEnvironmentAndLocalNow() async throws {
        let rules = #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:00"]}]}"#
        let output = try await withRules(rules) { path in
            try await AlarmsProcess.run(
                ["plan", "--rules", path, "--now", "2026-11-30T06:00", "--format", "json"], timeZone: "Asia/Kolkata")
        }
        #expect(output.exitCode == 0)
        // Mon 2026-11-30 06:00 in Kolkata (+05:30); the floating 07:00 fires an hour later, 01:30Z.
        #expect(output.standardOutput.contains(#""now": "2026-11-30T06:00:00+05:30""#))
        #expect(output.standardOutput.contains(#""at": "2026-11-30T07:00:00+05:30""#))
        #expect(output.standardOutput.contains(#""timeZone": "Asia/Kolkata""#))
    }

    @Test("the bundled example plans without errors")
    func bundledExample() async throws {
        let output = try await AlarmsProcess.run([
            "plan", "--rules", "Docs/Examples/alarms.json", "--now", "2026-11-30T22:00:00+01:00",
            "--time-zone", "Europe/Berlin"
        ])
        #expect(output.exitCode == 0)
        // Hand count for Mon 11-30 22:00 → Mon 12-07 22:00 Berlin: wake Tue–Fri + Mon = 5, weekend-run 2,
        // standup Wed, Fri, Mon (Tokyo 09:00 = 01:00 Berlin) = 3, bins Wed 12-02 = 1, meds 7 days × 2 = 14,
        // flight Sat 12-05 05:45 London = 1. Total 26.
        #expect(output.standardOutput.contains("Fires: 26 (cap 64)."))
        #expect(output.standardOutput.contains("Covered until: the horizon, Mon 2026-12-07 22:00 Europe/Berlin."))
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let exitCode: Int32
        let errorExcerpt: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usageFailures: [Failure] = [
        Failure(arguments: ["plan"], exitCode: 64, errorExcerpt: "error: missing '--rules FILE'"),
        Failure(
            arguments: ["plan", "--rules", "x.json", "--time-zone", "Asia/Tokyo", "--time-zone=Europe/Berlin"], exitCode: 64,
            errorExcerpt: "error: option '--time-zone' given twice: 'Asia/Tokyo' and 'Europe/Berlin'\nhint: give it once"),
        Failure(
            arguments: ["plan", "--rules", "x.json", "--nwo", "2026-01-01T00:00:00Z"], exitCode: 64,
            errorExcerpt: "error: unknown option '--nwo'\nhint: did you mean '--now'?"),
        Failure(
            arguments: ["plan", "--rules", "x.json", "--cap", "-1"], exitCode: 64,
            errorExcerpt: "error: invalid value for '--cap': '-1'\nhint: expected a whole number from 0 to 10000"),
        Failure(
            arguments: ["plan", "--rules", "x.json", "--format", "xml"], exitCode: 64,
            errorExcerpt: "error: invalid value for '--format': 'xml'"),
        Failure(
            arguments: ["plan", "--rules", "x.json", "--now", "yesterday"], exitCode: 64,
            errorExcerpt: "error: invalid value for '--now': 'yesterday'"),
        Failure(
            arguments: ["plan", "--rules", "x.json", "--time-zone", "Europe/Pariss"], exitCode: 64,
            errorExcerpt: "hint: did you mean 'Europe/Paris'?"),
        Failure(arguments: ["plan", "--rules"], exitCode: 64, errorExcerpt: "error: missing value for '--rules <FILE>'"),
        Failure(arguments: ["pln"], exitCode: 64, errorExcerpt: "error: unknown command 'pln'\nhint: did you mean 'plan'?"),
        Failure(
            arguments: ["plan", "--rules", "/nonexistent/rules.json"], exitCode: 1,
            errorExcerpt: "error: cannot read '/nonexistent/rules.json': no such file"),
        Failure(arguments: ["plan", "--rules", "/tmp"], exitCode: 1, errorExcerpt: "it is a directory")
    ]

    @Test(
        "bad arguments exit 64 and unreadable files exit 1, with an error line on stderr and nothing on stdout",
        arguments: usageFailures)
    func failures(_ failure: Failure) async throws {
        let output = try await AlarmsProcess.run(failure.arguments)
        #expect(output.exitCode == failure.exitCode)
        #expect(output.standardOutput == "")
        #expect(output.standardError.contains(failure.errorExcerpt))
        #expect(!output.standardError.contains("Fatal error"))
    }

    @Test("an invalid rule file lists every problem, one error line each, and exits 1")
    func everyValidationProblem() async throws {
        let rules = """
            {"version": 1, "rules": [
              {"id": "wake", "days": ["mon", "mo"], "times": ["07:30", "25:00"], "timeZone": "Mars/Olympus"},
              {"id": "wake", "date": "2026-12-05", "times": ["08:00"], "everyWeeks": 2}
            ]}
            """
        let output = try await withRules(rules) { path in try await AlarmsProcess.run(["plan", "--rules", path]) }
        #expect(output.exitCode == 1)
        let lines = output.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.hasPrefix("error: ") })
        #expect(
            lines.contains {
                $0.hasSuffix(#"rule 'wake' (#1): days[1]: "mo" is not a weekday; expected one of sun mon tue wed thu fri sat"#)
            })
        #expect(
            lines.contains {
                $0.hasSuffix(#"rule 'wake' (#1): times[1]: "25:00" is not a valid time; expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59"#)
            })
        #expect(lines.contains { $0.contains(#"rule 'wake' (#1): timeZone: "Mars/Olympus" is not a known IANA time zone"#) })
        #expect(lines.contains { $0.contains(#"rule 'wake' (#2): everyWeeks: 2 only applies to weekly rules"#) })
        #expect(lines.contains { $0.hasSuffix(#"rule 'wake' (#2): id: "wake" is already used by rule #1; ids must be unique"#) })
    }

    @Test(
        "malformed JSON is reported with file, line and column",
        arguments: [
            ("{\n  \"version\": 1,\n  \"rules\": [,]\n}", ":3:13: malformed JSON: expected a value, found ','"),
            ("", ":1:1: malformed JSON: expected a value, found end of input"),
            ("\u{00}\u{01}\u{FF}garbage", ":1:1: malformed JSON: expected a value, found byte 0x0")
        ])
    func malformedJSON(_ text: String, _ excerpt: String) async throws {
        let output = try await withRules(text) { path in try await AlarmsProcess.run(["plan", "--rules", path]) }
        #expect(output.exitCode == 1)
        #expect(output.standardError.contains(excerpt))
    }

    @Test(
        "hostile inputs end with an error, never a crash",
        arguments: [
            ["plan", "--rules", "/dev/zero"],
            ["plan", "--rules", String(repeating: "a", count: 4_000)],
            ["plan", "--rules", "../../../../etc/shadow\u{07}"],
            ["plan", "--rules", "x", "--cap", String(repeating: "9", count: 400)]
        ])
    func hostileInputs(_ arguments: [String]) async throws {
        let output = try await AlarmsProcess.run(arguments)
        #expect(output.exitCode == 1 || output.exitCode == 64)
        #expect(output.standardError.hasPrefix("error: "))
        #expect(output.standardError.count < 2_000)
    }

    @Test(
        "--help and --version exit 0 and print to stdout",
        arguments: [["plan", "--help"], ["--help"], ["help", "plan"], ["--version"], ["plan", "-h"]])
    func helpAndVersion(_ arguments: [String]) async throws {
        let output = try await AlarmsProcess.run(arguments)
        #expect(output.exitCode == 0)
        #expect(!output.standardOutput.isEmpty)
        #expect(output.standardError.isEmpty)
        #expect(output.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
