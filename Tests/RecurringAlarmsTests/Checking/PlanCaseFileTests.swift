import Foundation
import RecurringAlarms
import Testing

/// One floating rule, Monday to Friday at 07:30; 2026-12-01 is a Tuesday, Berlin is at +01:00
/// all of December.
private let wakeRules = #"{"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}]"#

private func caseFile(_ cases: String) throws -> PlanCaseFile {
    try PlanCaseFile(jsonData: Array((wakeRules + #", "cases": "# + cases + "}").utf8))
}

private func problems(_ text: String) -> [String] {
    do throws(PlanCaseFileError) {
        _ = try PlanCaseFile(jsonData: Array(text.utf8))
        return []
    } catch {
        switch error {
        case .malformedJSON: return [error.description]
        case .invalid(let rules, let cases): return rules.map(\.description) + cases.map(\.description)
        }
    }
}

@Suite("Case files: reading, checking and diffing planned requests")
struct PlanCaseFileTests {
    // Two days from 2026-12-01T00:00Z: Tue 1st and Wed 2nd at 07:30 Berlin (06:30Z); Thu 3rd
    // 07:30 Berlin is 06:30Z, after the window's end at 2026-12-03T00:00Z.
    static let twoDays = #"{"name": "two-days", "now": "2026-12-01T00:00:00Z", "timeZone": "Europe/Berlin", "horizonDays": 2"#

    @Test("a case that expects exactly the planned fires passes, whatever offset its instants are written with")
    func matchingCasePasses() throws {
        let file = try caseFile(
            "[" + Self.twoDays
                + #", "expected": {"fires": [{"id": "wake@2026-12-01T07:30:00", "at": "2026-12-01T06:30:00Z"}, {"id": "wake@2026-12-02T07:30:00", "at": "2026-12-02T07:30:00+01:00"}]}}]"#
        )
        let result = try #require(try file.check().first)
        #expect(result.passed)
        #expect(result.diffLines.isEmpty)
        #expect(
            result.actual.fires.map(\.line) == [
                "2026-12-01T07:30:00+01:00 wake@2026-12-01T07:30:00", "2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00"
            ])
    }

    @Test("a wrong fire shows as one removed and one added line, the agreeing lines collapsed")
    func mismatchDiff() throws {
        let file = try caseFile(
            "[" + Self.twoDays
                + #", "expected": {"fires": [{"id": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:30:00+01:00"}, {"id": "wake@2026-12-02T07:45:00", "at": "2026-12-02T07:45:00+01:00"}]}}]"#
        )
        let result = try #require(try file.check().first)
        #expect(!result.passed)
        #expect(
            result.diffLines.map(\.text) == [
                "  … (1 unchanged)",
                "- 2026-12-02T07:45:00+01:00 wake@2026-12-02T07:45:00",
                "+ 2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00"
            ])
        #expect(result.changeCounts == (removed: 1, added: 1))
    }

    @Test("the same instant under another fire id is a difference")
    func idCounts() throws {
        let file = try caseFile(
            "[" + Self.twoDays
                + #", "expected": {"fires": [{"id": "wake@2026-12-01T07:30:00", "at": "2026-12-01T06:30:00Z"}, {"id": "work@2026-12-02T07:30:00", "at": "2026-12-02T06:30:00Z"}]}}]"#
        )
        #expect(try file.check().first?.passed == false)
    }

    @Test("a case without expected fires fails, and its diff adds every planned line")
    func unrecordedCase() throws {
        let result = try #require(try caseFile("[" + Self.twoDays + "}]").check().first)
        #expect(result.isUnrecorded)
        #expect(!result.passed)
        #expect(
            result.diffLines.map(\.text) == [
                "+ 2026-12-01T07:30:00+01:00 wake@2026-12-01T07:30:00", "+ 2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00"
            ])
    }

    @Test("an empty expected list passes for a plan without fires")
    func emptyExpectation() throws {
        // Saturday 2026-12-05 00:00Z plus one day: no weekday in the window.
        let file = try caseFile(
            #"[{"name": "weekend", "now": "2026-12-05T00:00:00Z", "timeZone": "Europe/Berlin", "horizonDays": 1, "expected": {"fires": []}}]"#
        )
        #expect(try file.check().first?.passed == true)
    }

    @Test("a hybrid case expects the repeating slots first, then the one-shot fires")
    func hybridCase() throws {
        let file = try caseFile(
            #"[{"name": "hybrid", "now": "2026-12-01T00:00:00Z", "timeZone": "Europe/Berlin", "strategy": "hybrid", "expected": {"repeating": ["wake#weekly-mon-07:30:00", "wake#weekly-tue-07:30:00", "wake#weekly-thu-07:30:00", "wake#weekly-wed-07:30:00", "wake#weekly-fri-07:30:00"], "fires": []}}]"#
        )
        let result = try #require(try file.check().first)
        // Slots are sorted Monday … Friday; the expectation lists Thursday before Wednesday.
        #expect(
            result.diffLines.map(\.text) == [
                "  … (2 unchanged)", "- repeating wake#weekly-thu-07:30:00", "  … (1 unchanged)", "+ repeating wake#weekly-thu-07:30:00",
                "  … (1 unchanged)"
            ])
    }

    @Test("a fill-cap case plans as far as the cap allows")
    func fillCapCase() throws {
        // Cap 3 from Tuesday 2026-12-01 00:00Z: Tue, Wed, Thu at 07:30 Berlin.
        let file = try caseFile(
            #"[{"name": "fill", "now": "2026-12-01T00:00:00Z", "timeZone": "Europe/Berlin", "strategy": "fill-cap", "cap": 3, "maxDays": 30}]"#
        )
        let result = try #require(try file.check().first)
        #expect(result.actual.fires.map(\.id) == ["wake@2026-12-01T07:30:00", "wake@2026-12-02T07:30:00", "wake@2026-12-03T07:30:00"])
    }

    @Test("a case file that is a book plans its skip-next requests as an app does")
    func bookState() throws {
        // Skip-next of Tue 2026-12-01: of the two days only Wed 2nd 07:30 Berlin (06:30Z) is left.
        let text =
            #"{"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}], "skipNext": [{"rule": "wake", "date": "2026-12-01"}], "cases": ["#
            + Self.twoDays + #", "expected": {"fires": [{"id": "wake@2026-12-02T07:30:00", "at": "2026-12-02T06:30:00Z"}]}}]}"#
        let file = try PlanCaseFile(jsonData: Array(text.utf8))
        #expect(file.book.skippedOccurrences.count == 1)
        #expect(try file.check().first?.passed == true)
    }

    @Test("a whole number written with an exponent or fraction is quoted as written, with the plain digits to write")
    func numbersAsWritten() {
        let text =
            wakeRules
            + #", "cases": [{"name": "a", "now": "2026-12-01T00:00:00Z", "timeZone": "UTC", "cap": 5e1, "horizonDays": -0}, {"name": "b", "now": "2026-12-01T00:00:00Z", "timeZone": "UTC", "strategy": "fill-cap", "maxDays": 4.0e2}]}"#
        #expect(
            problems(text) == [
                "case 'a' (#1): cap: 5e1 is a whole number written with an exponent; expected one from 0 to 10000 in plain digits, such as 50",
                "case 'b' (#2): maxDays: 4.0e2 is not allowed; expected a whole number from 1 to 366"
            ])
    }

    @Test("every problem of the cases is reported at once, naming the case, field, value and what is allowed")
    func caseProblems() {
        let text =
            wakeRules
            + #", "cases": [{"name": "a", "now": "tomorrow", "timeZone": "Europe/Berln", "strategy": "weekly", "cap": 99999, "horizonDay": 3}, {"name": "a", "now": "2026-12-01T00:00:00Z", "timeZone": "UTC", "strategy": "fill-cap", "horizonDays": 2, "expected": {"fires": [{"id": "wake", "at": "2026-12-01"}]}}, {"now": "2026-12-01T00:00:00Z"}]}"#
        #expect(
            problems(text) == [
                "case 'a' (#1): horizonDay: is not a known field; did you mean \"horizonDays\"? allowed: name, now, timeZone, strategy, cap, horizonDays, maxDays, expected",
                "case 'a' (#1): now: \"tomorrow\" is not an RFC 3339 instant; expected an RFC 3339 instant such as \"2026-12-01T07:00:00Z\" or \"2026-12-01T08:00:00+01:00\"",
                "case 'a' (#1): timeZone: \"Europe/Berln\" is not a known IANA time zone; expected an id such as \"America/New_York\" or \"UTC\"",
                "case 'a' (#1): strategy: \"weekly\" is not allowed; expected \"rolling\", \"fill-cap\", \"hybrid\"",
                "case 'a' (#1): cap: 99999 is not allowed; expected a whole number from 0 to 10000",
                "case 'a' (#2): horizonDays: 2 only applies to strategy \"rolling\"; a \"fill-cap\" case takes \"maxDays\"",
                "case 'a' (#2): expected.fires[0].id: \"wake\" is not a fire id; expected RULE@YYYY-MM-DDTHH:MM:SS",
                "case 'a' (#2): expected.fires[0].at: \"2026-12-01\" is not an RFC 3339 instant; expected an RFC 3339 instant such as \"2026-12-01T07:00:00Z\" or \"2026-12-01T08:00:00+01:00\"",
                "case 'a' (#2): name: \"a\" is already used by case #1; names must be unique",
                "case #3: name: is missing; expected a non-empty string, unique in the file",
                "case #3: timeZone: is missing; expected an IANA time zone id such as \"Europe/Berlin\""
            ])
    }

    @Test("problems of the rules and of the cases are reported together")
    func ruleAndCaseProblems() {
        let text = #"{"version": 1, "rules": [{"id": "wake", "days": ["mon"], "times": ["25:00"]}]}"#
        #expect(
            problems(text) == [
                "rule 'wake' (#1): times[0]: \"25:00\" is not a valid time; expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59",
                "cases: is missing; expected an array of cases"
            ])
    }

    @Test("bytes that are not JSON are reported with their line and column")
    func malformed() {
        #expect(problems("{\"cases\": [\n  {\"name\": }]}") == ["malformed JSON at line 2, column 12: expected a value, found '}'"])
    }

    @Test("recording missing cases writes only theirs, keeps the rest in order, and then passes")
    func recordMissing() throws {
        let mismatch = #"{"name": "kept", "now": "2026-12-01T00:00:00Z", "timeZone": "UTC", "horizonDays": 1, "expected": {"fires": []}}"#
        let file = try caseFile("[" + mismatch + ", " + Self.twoDays + #", "cap": 5}]"#)
        let (data, recorded) = try file.recording(.missing)
        #expect(recorded == ["two-days"])
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.hasSuffix(
                """
                    {
                      "name": "two-days",
                      "now": "2026-12-01T00:00:00Z",
                      "timeZone": "Europe/Berlin",
                      "horizonDays": 2,
                      "cap": 5,
                      "expected": {
                        "fires": [
                          {
                            "id": "wake@2026-12-01T07:30:00",
                            "at": "2026-12-01T07:30:00+01:00"
                          },
                          {
                            "id": "wake@2026-12-02T07:30:00",
                            "at": "2026-12-02T07:30:00+01:00"
                          }
                        ]
                      }
                    }
                  ]
                }

                """))
        #expect(text.contains(#""expected": {"# + "\n" + #"        "fires": []"#))
        let again = try PlanCaseFile(jsonData: data).check()
        // "kept" expects nothing but plans Tue 07:30 UTC: still failing, as before.
        #expect(again.map(\.passed) == [false, true])
    }

    @Test("recording all cases replaces every expectation in place, and then every case passes")
    func recordAll() throws {
        let file = try caseFile(
            #"[{"name": "kept", "now": "2026-12-01T00:00:00Z", "expected": {"fires": []}, "timeZone": "UTC", "horizonDays": 1}]"#)
        let (data, recorded) = try file.recording(.all)
        #expect(recorded == ["kept"])
        let text = String(decoding: data, as: UTF8.self)
        // Tuesday 2026-12-01 07:30 in UTC; "expected" stays before "timeZone".
        #expect(text.contains(#""expected": {"# + "\n" + #"        "fires": ["#))
        #expect(text.contains(#""at": "2026-12-01T07:30:00Z""#))
        #expect(text.range(of: "\"expected\"")!.lowerBound < text.range(of: "\"timeZone\": \"UTC\"")!.lowerBound)
        #expect(try PlanCaseFile(jsonData: data).check().allSatisfy(\.passed))
    }
}
