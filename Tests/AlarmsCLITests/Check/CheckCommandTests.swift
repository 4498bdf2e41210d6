import Foundation
import Testing

/// One floating rule, Monday to Friday at 07:30; 2026-12-01 is a Tuesday and Berlin is at
/// +01:00 all of December. Two days from 2026-12-01T00:00Z hold Tue 1st and Wed 2nd 07:30 (06:30Z);
/// Thu 3rd 07:30 is after the window's end at 2026-12-03T00:00Z.
private let rules = #"{"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}]"#
private let head = #"{"name": "two-days", "now": "2026-12-01T00:00:00Z", "timeZone": "Europe/Berlin", "horizonDays": 2"#
private let right =
    #""expected": {"fires": [{"id": "wake@2026-12-01T07:30:00", "at": "2026-12-01T06:30:00Z"}, {"id": "wake@2026-12-02T07:30:00", "at": "2026-12-02T07:30:00+01:00"}]}"#
private let wrong =
    #""expected": {"fires": [{"id": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:30:00+01:00"}, {"id": "wake@2026-12-02T07:45:00", "at": "2026-12-02T07:45:00+01:00"}]}"#

/// A case file in a fresh folder.
private final class CaseFile {
    let store: TemporaryStore
    let path: String

    init(_ cases: String) throws {
        store = try TemporaryStore()
        path = try store.write(rules + #", "cases": "# + cases + "}", named: "cases.json")
    }

    var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
}

@Suite("alarms check")
struct CheckCommandTests {
    @Test("a passing case prints one line and exits 0")
    func passes() async throws {
        let file = try CaseFile("[" + head + ", " + right + "}]")
        let output = try await AlarmsProcess.run(["check", file.path])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        #expect(output.standardOutput == "pass two-days: 2 fires\n1 case: 1 passed, 0 failed\n")
    }

    @Test("a failing case prints its line diff, and the run exits 1 with a count on standard error")
    func failsWithDiff() async throws {
        let file = try CaseFile(
            "[" + head + ", " + wrong + "}, " + head.replacingOccurrences(of: "two-days", with: "same") + ", " + right + "}]")
        let output = try await AlarmsProcess.run(["check", file.path])
        #expect(output.exitCode == 1)
        #expect(
            output.standardOutput == """
                FAIL two-days: 1 removed, 1 added (- expected, + planned)
                      … (1 unchanged)
                    - 2026-12-02T07:45:00+01:00 wake@2026-12-02T07:45:00
                    + 2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00
                pass same: 2 fires
                2 cases: 1 passed, 1 failed

                """)
        #expect(output.standardError == "error: 1 of 2 cases failed in \(file.path)\n")
    }

    @Test("a case without expected fires fails and shows what --record would write")
    func unrecorded() async throws {
        let file = try CaseFile("[" + head + "}]")
        let output = try await AlarmsProcess.run(["check", file.path])
        #expect(output.exitCode == 1)
        #expect(
            output.standardOutput == """
                FAIL two-days: no expected fires; planned 2 fires (record them with '--record')
                    + 2026-12-01T07:30:00+01:00 wake@2026-12-01T07:30:00
                    + 2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00
                1 case: 0 passed, 1 failed

                """)
    }

    @Test("--record writes the cases without expected fires, leaves the others, and the file then passes")
    func recordMissing() async throws {
        let other = head.replacingOccurrences(of: "two-days", with: "kept")
        let file = try CaseFile("[" + other + ", " + wrong + "}, " + head + "}]")
        let output = try await AlarmsProcess.run(["check", file.path, "--record"])
        // "kept" still fails: --record only writes cases that have no expected fires.
        #expect(output.exitCode == 1)
        #expect(
            output.standardOutput.hasSuffix(
                """
                recorded two-days: 2 fires (new)
                2 cases: 0 passed, 1 failed, 1 recorded in \(file.path)

                """))
        #expect(file.text.contains(#""id": "wake@2026-12-02T07:45:00""#))
        #expect(file.text.contains(#""at": "2026-12-02T07:30:00+01:00""#))
        let again = try await AlarmsProcess.run(["check", file.path])
        #expect(again.standardOutput.hasSuffix("pass two-days: 2 fires\n2 cases: 1 passed, 1 failed\n"))
        #expect(file.store.folderContents == ["cases.json"])
    }

    @Test("--record=all rewrites every case, says what changed, and the file then passes")
    func recordAll() async throws {
        let file = try CaseFile("[" + head + ", " + wrong + "}]")
        let output = try await AlarmsProcess.run(["check", file.path, "--record=all"])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput
                == "recorded two-days: 2 fires (1 removed, 1 added)\n1 case: 0 passed, 0 failed, 1 recorded in \(file.path)\n")
        let again = try await AlarmsProcess.run(["check", file.path])
        #expect(again.exitCode == 0)
        #expect(again.standardOutput == "pass two-days: 2 fires\n1 case: 1 passed, 0 failed\n")
    }

    @Test("--record with another value, or for standard input, is a usage error")
    func recordUsage() async throws {
        let file = try CaseFile("[" + head + "}]")
        let bad = try await AlarmsProcess.run(["check", file.path, "--record=some"])
        #expect(bad.exitCode == 64)
        #expect(bad.standardError.hasPrefix("error: invalid value for '--record': 'some'\nhint: expected '--record' or '--record=all'\n"))
        let input = try await AlarmsProcess.run(["check", "-", "--record"])
        #expect(input.exitCode == 64)
        #expect(input.standardError.hasPrefix("error: '--record' cannot write standard input\n"))
        let missing = try await AlarmsProcess.run(["check"])
        #expect(missing.exitCode == 64)
        #expect(missing.standardError.hasPrefix("error: missing CASES\n"))
    }

    @Test("a bad case file is not written, and every problem is reported at once")
    func badFile() async throws {
        let file = try CaseFile(#"[{"name": "a\u001b[31m", "now": "soon", "timeZone": "Mars/Base"}]"#)
        let before = file.text
        let output = try await AlarmsProcess.run(["check", file.path, "--record=all"])
        #expect(output.exitCode == 1)
        #expect(output.standardOutput == "")
        #expect(
            output.standardError == """
                error: \(file.path): case 'a\\u001b[31m' (#1): now: "soon" is not an RFC 3339 instant; expected an RFC 3339 instant such as "2026-12-01T07:00:00Z" or "2026-12-01T08:00:00+01:00"
                error: \(file.path): case 'a\\u001b[31m' (#1): timeZone: "Mars/Base" is not a known IANA time zone; expected an id such as "America/New_York" or "UTC"

                """)
        #expect(file.text == before)
    }

    @Test("malformed JSON is reported with its line and column, and the file is not written")
    func malformed() async throws {
        let store = try TemporaryStore()
        let path = try store.write("{\"cases\": [\n  {\"name\": }]}", named: "cases.json")
        let output = try await AlarmsProcess.run(["check", path, "--record"])
        #expect(output.exitCode == 1)
        #expect(output.standardError == "error: \(path):2:12: malformed JSON: expected a value, found '}'\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"cases\": [\n  {\"name\": }]}")
    }

    @Test("--format json gives each case's result, counts and diff")
    func json() async throws {
        let file = try CaseFile("[" + head + ", " + wrong + "}]")
        let output = try await AlarmsProcess.run(["check", file.path, "--format", "json"])
        #expect(output.exitCode == 1)
        #expect(
            output.standardOutput == """
                {
                  "file": "\(file.path)",
                  "passed": 0,
                  "failed": 1,
                  "recorded": 0,
                  "cases": [
                    {
                      "name": "two-days",
                      "result": "fail",
                      "strategy": "rolling",
                      "fires": 2,
                      "diff": [
                        {
                          "unchanged": 1
                        },
                        {
                          "removed": "2026-12-02T07:45:00+01:00 wake@2026-12-02T07:45:00"
                        },
                        {
                          "added": "2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00"
                        }
                      ]
                    }
                  ]
                }

                """)
    }

    @Test("the bundled example's case file passes")
    func bundledExample() async throws {
        let output = try await AlarmsProcess.run(["check", "Docs/Examples/alarms.cases.json"])
        #expect(output.exitCode == 0)
        #expect(output.standardError == "")
        #expect(
            output.standardOutput == """
                pass plain-week: 26 fires
                pass berlin-spring-forward-week: 24 fires
                pass new-york-fall-back-week: 24 fires
                pass hybrid-week: 7 repeating, 19 fires
                4 cases: 4 passed, 0 failed

                """)
    }
}
