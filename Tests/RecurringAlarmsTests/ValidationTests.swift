import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// Reading rule files: every problem at once with what is allowed, exact positions for
/// malformed JSON, and no crash on any input.
@Suite("Validation")
struct ValidationTests {
    /// The problems of a rule file, or an empty list when it reads cleanly.
    func problems(_ json: String) -> [ValidationProblem] {
        do {
            _ = try AlarmRuleSet(jsonData: Data(json.utf8))
            return []
        } catch .invalid(let problems) {
            return problems
        } catch {
            Issue.record("expected validation problems, got \(error)")
            return []
        }
    }

    /// One expected problem; `fragment` must appear in the message.
    struct Expected: CustomStringConvertible {
        let ruleID: String?
        let number: Int?
        let field: String
        let value: String?
        let fragment: String
        var description: String { "\(ruleID ?? "-") #\(number.map(String.init) ?? "-") \(field) \(value ?? "nil") …\(fragment)…" }
    }

    func check(_ actual: [ValidationProblem], _ expected: [Expected], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, "got \(actual.map(\.description))", sourceLocation: sourceLocation)
        for (problem, want) in zip(actual, expected) {
            let matches =
                problem.ruleID == want.ruleID && problem.ruleNumber == want.number && problem.field == want.field
                && problem.value == want.value && problem.message.contains(want.fragment)
            #expect(matches, "\(problem) does not match \(want)", sourceLocation: sourceLocation)
        }
    }

    @Test("every problem in a file is reported at once, with rule, field, value and what is allowed")
    func everyProblemAtOnce() {
        let file = """
            {
              "version": 1,
              "rules": [
                {"id": "bad id!", "days": ["mon"], "times": ["07:30"]},
                {"id": "wake", "days": [], "times": ["07:30"]},
                {"id": "wake", "days": ["mon", "funday", "mon"], "times": ["25:00", "07:30"]},
                {"id": "both", "days": ["mon"], "date": "2026-12-05", "times": ["07:30"]},
                {"id": "neither", "times": ["07:30"]},
                {"id": "twice", "days": ["mon"], "times": ["07:30", "07:30:00"]},
                {"id": "zone", "days": ["mon"], "times": ["07:30"], "timeZone": "Mars/Olympus_Mons"},
                {"id": "often", "days": ["mon"], "times": ["07:30"], "everyWeeks": 53, "start": "2026-12-01"},
                {"id": "unanchored", "days": ["mon"], "times": ["07:30"], "everyWeeks": 2},
                {"id": "backwards", "days": ["mon"], "times": ["07:30"], "start": "2026-12-10", "end": "2026-12-01"},
                {"id": "once", "date": "2026-12-05", "times": ["07:30"], "everyWeeks": 2, "start": "2026-12-01", "end": "2026-12-31"},
                {"id": "policy", "days": ["mon"], "times": ["07:30"], "gap": "later", "overlap": "second"},
                {"id": "typo", "days": ["mon"], "times": ["07:30"], "tiemZone": "Asia/Tokyo"},
                {"id": "silent", "days": ["mon"]},
                {"id": "zero", "days": ["mon"], "times": ["07:30"], "everyWeeks": 0, "start": "2026-12-01"},
                {"id": "leap", "date": "2027-02-29", "times": ["24:00"]}
              ]
            }
            """
        check(
            problems(file),
            [
                Expected(ruleID: nil, number: 1, field: "id", value: #""bad id!""#, fragment: "1 to 64 characters of A-Z a-z 0-9 . _ -"),
                Expected(
                    ruleID: "wake", number: 2, field: "days", value: "[]", fragment: "expected at least one of sun mon tue wed thu fri sat"),
                Expected(
                    ruleID: "wake", number: 3, field: "times[0]", value: #""25:00""#,
                    fragment: "expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59"),
                Expected(
                    ruleID: "wake", number: 3, field: "days[1]", value: #""funday""#,
                    fragment: "expected one of sun mon tue wed thu fri sat"),
                Expected(ruleID: "wake", number: 3, field: "days[2]", value: #""mon""#, fragment: "listed twice"),
                Expected(ruleID: "wake", number: 3, field: "id", value: #""wake""#, fragment: "already used by rule #2"),
                Expected(ruleID: "both", number: 4, field: "date", value: #""2026-12-05""#, fragment: "exactly one of them"),
                Expected(ruleID: "neither", number: 5, field: "days", value: nil, fragment: #"give "days" (weekly) or "date" (once)"#),
                Expected(ruleID: "twice", number: 6, field: "times[1]", value: #""07:30""#, fragment: "listed twice"),
                Expected(
                    ruleID: "zone", number: 7, field: "timeZone", value: #""Mars/Olympus_Mons""#, fragment: "not a known IANA time zone"),
                Expected(ruleID: "often", number: 8, field: "everyWeeks", value: "53", fragment: "from 1 to 52"),
                Expected(ruleID: "unanchored", number: 9, field: "everyWeeks", value: "2", fragment: #"needs "start""#),
                Expected(ruleID: "backwards", number: 10, field: "end", value: #""2026-12-01""#, fragment: #"before start "2026-12-10""#),
                Expected(ruleID: "once", number: 11, field: "everyWeeks", value: "2", fragment: "only applies to weekly rules"),
                Expected(ruleID: "once", number: 11, field: "start", value: #""2026-12-01""#, fragment: "only applies to weekly rules"),
                Expected(ruleID: "once", number: 11, field: "end", value: #""2026-12-31""#, fragment: "only applies to weekly rules"),
                Expected(ruleID: "policy", number: 12, field: "gap", value: #""later""#, fragment: #"expected "shift" or "skip""#),
                Expected(ruleID: "policy", number: 12, field: "overlap", value: #""second""#, fragment: #"expected "first" or "last""#),
                Expected(ruleID: "typo", number: 13, field: "tiemZone", value: nil, fragment: #"did you mean "timeZone"?"#),
                Expected(ruleID: "silent", number: 14, field: "times", value: nil, fragment: "is missing"),
                Expected(ruleID: "zero", number: 15, field: "everyWeeks", value: "0", fragment: "from 1 to 52"),
                Expected(ruleID: "leap", number: 16, field: "times[0]", value: #""24:00""#, fragment: "00:00:00 to 23:59:59"),
                Expected(ruleID: "leap", number: 16, field: "date", value: #""2027-02-29""#, fragment: "a real calendar date")
            ])
    }

    @Test(
        "wrong JSON types are named with what was expected",
        arguments: [
            (#""id": 7, "days": ["mon"], "times": ["07:30"]"#, "id", "7", "not a string"),
            (#""id": "a", "days": "mon", "times": ["07:30"]"#, "days", #""mon""#, "not an array"),
            (#""id": "a", "days": ["mon"], "times": "07:30""#, "times", #""07:30""#, "not an array"),
            (#""id": "a", "days": ["mon"], "times": ["07:30"], "enabled": "yes""#, "enabled", #""yes""#, "not a boolean"),
            (#""id": "a", "days": ["mon"], "times": ["07:30"], "everyWeeks": 1.5"#, "everyWeeks", "1.5", "not a whole number"),
            (#""id": "a", "days": ["mon"], "times": ["07:30"], "skip": ["12/24/2026"]"#, "skip[0]", #""12/24/2026""#, "YYYY-MM-DD"),
            (#""id": "a", "days": [1], "times": ["07:30"]"#, "days[0]", "1", "not a weekday"),
            (#""id": "a", "days": ["Mon"], "times": ["07:30"]"#, "days[0]", #""Mon""#, "not a weekday"),
            (#""id": "", "days": ["mon"], "times": ["07:30"]"#, "id", #""""#, "1 to 64 characters"),
            (#""days": ["mon"], "times": ["07:30"]"#, "id", nil, "is missing")
        ] as [(String, String, String?, String)])
    func wrongTypes(members: String, field: String, value: String?, fragment: String) {
        let found = problems(#"{"version": 1, "rules": [{"# + members + "}]}")
        #expect(found.count == 1, "got \(found.map(\.description))")
        #expect(found.first?.field == field)
        #expect(found.first?.value == value)
        #expect(found.first?.ruleNumber == 1)
        #expect(found.first?.message.contains(fragment) == true, "\(found.first?.message ?? "no problem")")
    }

    @Test("an id of 64 characters is valid and one of 65 is not")
    func idLength() {
        let longest = String(repeating: "a", count: 64)
        #expect(problems(#"{"version": 1, "rules": [{"id": "\#(longest)", "days": ["mon"], "times": ["07:30"]}]}"#).isEmpty)
        let tooLong = problems(#"{"version": 1, "rules": [{"id": "\#(longest)b", "days": ["mon"], "times": ["07:30"]}]}"#)
        #expect(tooLong.map(\.field) == ["id"])
        #expect(AlarmRule.isValidID("a.B_c-9"))
        #expect(!AlarmRule.isValidID("ä"))
        #expect(!AlarmRule.isValidID("a b"))
    }

    @Test(
        "file-level problems: version and rules",
        arguments: [
            (#"{"version": 2, "rules": []}"#, ["version"], "this library reads version 1"),
            (#"{"version": "1", "rules": []}"#, ["version"], "not supported"),
            (#"{"rules": []}"#, ["version"], "is missing; expected 1"),
            (#"{"version": 1}"#, ["rules"], "is missing; expected an array of rules"),
            (#"{"version": 1, "rules": {}}"#, ["rules"], "is not an array"),
            (#"[]"#, ["(top level)"], "is not an object"),
            (#"{"version": 1, "rules": [7]}"#, ["(rule)"], "is not an object"),
            (#"{"version": 3}"#, ["version", "rules"], "this library reads version 1")
        ])
    func fileProblems(file: String, fields: [String], fragment: String) {
        let found = problems(file)
        #expect(found.map(\.field) == fields)
        #expect(found.first?.message.contains(fragment) == true, "\(found.first?.message ?? "no problem")")
        #expect(found.allSatisfy { $0.ruleID == nil })
    }

    @Test("unknown top-level keys are left for other readers, and an empty rule list is valid")
    func lenientTopLevel() throws {
        let set = try AlarmRuleSet(jsonData: Data(#"{"version": 1, "rules": [], "state": {"snoozes": []}}"#.utf8))
        #expect(set.rules.isEmpty)
    }

    @Test("problem and error descriptions name the rule, field and value")
    func descriptions() {
        let problem = ValidationProblem(ruleID: "wake", ruleNumber: 2, field: "days", value: "[]", message: "is empty")
        #expect(problem.description == "rule 'wake' (#2): days: [] is empty")
        #expect(
            ValidationProblem(ruleID: nil, ruleNumber: 3, field: "id", value: nil, message: "is missing").description
                == "rule #3: id: is missing")
        #expect(ValidationProblem(ruleID: nil, ruleNumber: nil, field: "version", value: "2", message: "x").description == "version: 2 x")
        let error = AlarmRulesError.invalid([problem, problem])
        #expect(error.description == "2 problems:\n  rule 'wake' (#2): days: [] is empty\n  rule 'wake' (#2): days: [] is empty")
        #expect(
            AlarmRulesError.malformedJSON(message: "unterminated string", line: 3, column: 9).description
                == "malformed JSON at line 3, column 9: unterminated string")
    }

    @Test("hand-built rules are checked the same way, including duplicate ids")
    func handBuiltRules() {
        let bad = AlarmRule(id: "bad id!", repeats: .weekly(days: []), times: [])
        #expect(bad.validationProblems().map(\.field) == ["id", "times", "days"])
        #expect(bad.validationProblems(number: 4).allSatisfy { $0.ruleNumber == 4 && $0.ruleID == nil })

        let good = weeklyRule("wake", times: ["07:30"])
        #expect(good.validationProblems().isEmpty)
        #expect(throws: AlarmRulesError.self) { try AlarmRuleSet(rules: [good, good]) }
        let duplicates = AlarmRuleSet.validationProblems(of: [good, good])
        #expect(duplicates.map(\.field) == ["id"])
        #expect(duplicates.first?.ruleNumber == 2)
        #expect(duplicates.first?.message.contains("rule #1") == true)
    }

    @Test(
        "a time listed again is reported at each repeat, in short and long lists of times",
        arguments: [4, 40])
    func repeatedTimes(count: Int) {
        // Times 00:00, 00:01, … with 00:01 again at the end and 00:00 twice more.
        var times = (0..<count).map { TimeOfDay(secondsSinceMidnight: $0 * 60)! }
        times += [clock("00:01"), clock("00:00"), clock("00:00")]
        let rule = AlarmRule(id: "many", repeats: .weekly(days: .daily), times: times)
        let problems = rule.validationProblems()
        #expect(problems.map(\.field) == ["times[\(count)]", "times[\(count + 1)]", "times[\(count + 2)]"])
        #expect(problems.map(\.value) == [#""00:01""#, #""00:00""#, #""00:00""#])
    }

    @Test("a fixed zone that Foundation made from an offset is not an IANA zone")
    func offsetZones() {
        for (seconds, valid) in [(0, true), (19_800, false), (-3_600, false)] {
            let zone = seconds == 0 ? TimeZone(ianaIdentifier: "Etc/GMT+5")! : TimeZone(secondsFromGMT: seconds)!
            let rule = AlarmRule(id: "zone", repeats: .weekly(days: .daily), times: [clock("07:00")], timeZone: .fixed(zone))
            #expect(rule.validationProblems().map(\.field) == (valid ? [] : ["timeZone"]), "\(zone.identifier)")
        }
    }

    @Test("a very long bad value is cut in the message")
    func longValuesAreCut() {
        let huge = String(repeating: "x", count: 200_000)
        let found = problems(#"{"version": 1, "rules": [{"id": "\#(huge)", "days": ["mon"], "times": ["07:30"], "timeZone": "\#(huge)"}]}"#)
        #expect(found.map(\.field) == ["timeZone", "id"])
        #expect(found.allSatisfy { ($0.value?.count ?? 0) <= 80 }, "\(found.map { $0.value?.count ?? 0 })")
        #expect(found.allSatisfy { $0.description.count < 400 })
    }

    // MARK: - Malformed JSON

    @Test(
        "malformed JSON reports the line and column of the fault",
        arguments: [
            (
                "{\n  \"version\": 1,\n  \"rules\": [\n    {\"id\": \"a\",, \"days\": [\"mon\"]}\n  ]\n}", 4, 16,
                "expected a quoted key, found ','"
            ),
            ("", 1, 1, "expected a value, found end of input"),
            ("{", 1, 2, "expected a quoted key, found end of input"),
            ("[1,2", 1, 5, "unterminated array"),
            ("{\"a\":1}x", 1, 8, "unexpected text after the JSON document"),
            ("\"abc", 1, 1, "unterminated string"),
            ("{\"a\":1,\"a\":2}", 1, 8, "duplicate key \"a\""),
            ("01", 1, 1, "leading zeros"),
            ("[tru]", 1, 5, "expected 'true'"),
            ("{\n\"a\":\n}", 3, 1, "expected a value, found '}'"),
            ("[\"\\ud800\"]", 1, 3, "unpaired surrogate"),
            ("[\"a\tb\"]", 1, 4, "control character"),
            ("[\"\\q\"]", 1, 3, "invalid escape"),
            ("[1.]", 1, 4, "expected digits after '.'"),
            ("[-]", 1, 3, "expected digits"),
            ("[1e]", 1, 4, "expected digits in exponent")
        ])
    func malformed(text: String, line: Int, column: Int, fragment: String) {
        expectMalformed(Array(text.utf8), line: line, column: column, fragment: fragment)
    }

    func expectMalformed(_ bytes: [UInt8], line: Int, column: Int, fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try AlarmRuleSet(jsonData: bytes)
            Issue.record("expected malformed JSON", sourceLocation: sourceLocation)
        } catch .malformedJSON(let message, let actualLine, let actualColumn) {
            #expect(actualLine == line, sourceLocation: sourceLocation)
            #expect(actualColumn == column, sourceLocation: sourceLocation)
            #expect(message.contains(fragment), "\(message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected malformed JSON, got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("a duplicate key is found in an object of any size, at the duplicate's position")
    func duplicateKeyInLargeObject() {
        // 20 members, then "k3" again: past the size where the parser keeps a set of keys.
        let members = (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let text = "{" + members + ",\"k3\":0}"
        let column = 1 + ("{" + members + ",").utf8.count
        expectMalformed(Array(text.utf8), line: 1, column: column, fragment: "duplicate key \"k3\"")
        // The newest key too, and a second set-sized object is parsed afresh.
        let late = "[{" + members + ",\"k19\":0}]"
        expectMalformed(Array(late.utf8), line: 1, column: 3 + members.utf8.count + 1, fragment: "duplicate key \"k19\"")
        #expect((try? JSONValue(parsing: Array(("[{" + members + "},{" + members + "}]").utf8))) != nil)
    }

    @Test("invalid UTF-8 and binary bytes are malformed JSON with a position")
    func invalidBytes() {
        expectMalformed([0x22, 0xFF, 0x22], line: 1, column: 2, fragment: "not valid UTF-8")
        expectMalformed([0x5B, 0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D], line: 1, column: 3, fragment: "not valid UTF-8")
        expectMalformed([0xFF, 0xFE, 0x00], line: 1, column: 1, fragment: "byte 0xFF")
        expectMalformed([0x00], line: 1, column: 1, fragment: "byte 0x0")
    }

    @Test("nesting is limited: 10 000 brackets fail at depth 65 without exhausting the stack")
    func deepNesting() {
        expectMalformed(Array(repeating: UInt8(ascii: "["), count: 10_000), line: 1, column: 65, fragment: "nesting deeper than 64")
        expectMalformed(Array(repeating: UInt8(ascii: "{"), count: 10_000), line: 1, column: 2, fragment: "expected a quoted key")
        // 64 levels are fine JSON, and then not a rule file.
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(problems(deepest).map(\.field) == ["(top level)"])
    }

    @Test("a UTF-8 byte order mark is skipped")
    func byteOrderMark() throws {
        let set = try AlarmRuleSet(jsonData: [0xEF, 0xBB, 0xBF] + Array(#"{"version": 1, "rules": []}"#.utf8))
        #expect(set.rules.isEmpty)
    }

    // MARK: - No input crashes

    /// Reads `bytes` every way the library offers; returns whether the rule file was valid.
    /// A valid file is also planned, so whatever the reader accepts the planner can handle.
    @discardableResult
    func readEveryWay(_ bytes: [UInt8], rng: inout RuleGenerator) -> Bool {
        _ = try? JSONDecoder().decode(AlarmRuleSet.self, from: Data(bytes))
        switch Result(catching: { () throws(AlarmRulesError) in try AlarmRuleSet(jsonData: bytes) }) {
        case .success(let set):
            let now = at(1_772_000_000 + Int.random(in: 0...40_000_000, using: &rng))   // 2026-02-25T06:13:20Z plus up to 463 days
            let zone = Zones.named(rng.element(of: RuleGenerator.zoneIdentifiers))
            let planned = plan(set, now: now, options: PlanOptions(deviceTimeZone: zone, cap: 16))
            #expect(planned.fires.count <= 16)
            let reread = Result(catching: { () throws(AlarmRulesError) in try AlarmRuleSet(jsonData: set.jsonData) })
            #expect(reread == .success(set))
            return true
        case .failure(.malformedJSON(let message, let line, let column)):
            #expect(line >= 1 && column >= 1 && !message.isEmpty)
        case .failure(.invalid(let problems)):
            #expect(!problems.isEmpty)
        }
        return false
    }

    @Test("random byte strings never crash the reader", arguments: [1, 2, 3, 4] as [UInt64])
    func randomBytes(seed: UInt64) {
        var rng = RuleGenerator(seed: seed)
        let alphabet = Array(#"{}[]":,0123456789.-eE truefalsnul\"#.utf8) + [0x0A, 0xC3, 0xFF, 0x00]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...48, using: &rng)
            let bytes: [UInt8] =
                rng.chance(1, in: 2)
                ? (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
                : (0..<count).map { _ in rng.element(of: alphabet) }
            readEveryWay(bytes, rng: &rng)
        }
    }

    static let validFile = """
        {
          "version": 1,
          "rules": [
            {"id": "wake", "label": "Wake up", "days": ["mon", "tue", "thu"], "times": ["07:30", "21:15:30"]},
            {"id": "late", "days": ["sat"], "times": ["02:30"], "timeZone": "America/New_York", "gap": "skip", "overlap": "last"},
            {"id": "fortnight", "enabled": false, "days": ["wed"], "times": ["00:30"], "everyWeeks": 2, "start": "2026-12-02",
             "end": "2027-03-31", "skip": ["2026-12-23"]},
            {"id": "party", "date": "2026-12-05", "times": ["18:00"], "timeZone": "Pacific/Chatham"}
          ]
        }
        """

    @Test("random mutations of a valid file never crash the reader or the planner", arguments: [11, 12, 13, 14] as [UInt64])
    func mutatedFiles(seed: UInt64) {
        var rng = RuleGenerator(seed: seed)
        let original = Array(Self.validFile.utf8)
        let tokens = [
            "\"", "{", "}", "[", "]", ",", ":", "null", "true", "1e999", "-0", "\"mon\"", "\"25:61\"", "\"2027-02-29\"",
            "\"Asia/Tokyo\"", "\\u0000", "\\ud800", "99999999999999999999", "\u{FEFF}", "é", "\n"
        ].map { Array($0.utf8) }
        var validCount = 0
        for _ in 0..<1_500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let position = Int.random(in: 0...bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where position < bytes.count: bytes[position] = UInt8.random(in: 0...255, using: &rng)
                case 1 where position < bytes.count: bytes.remove(at: position)
                case 2: bytes.insert(contentsOf: rng.element(of: tokens), at: position)
                default:
                    let end = min(bytes.count, position + Int.random(in: 1...12, using: &rng))
                    bytes.replaceSubrange(position..<end, with: rng.element(of: tokens))
                }
            }
            if readEveryWay(bytes, rng: &rng) { validCount += 1 }
        }
        // Some mutations land in labels or whitespace and stay valid; most do not.
        #expect(validCount > 0)
        #expect(validCount < 1_500)
    }

    @Test("a single rule reads from its JSON form with the same checks")
    func singleRule() throws {
        let rule = try AlarmRule(json: try JSONValue(parsing: Array(#"{"id": "a", "date": "2028-02-29", "times": ["07:00"]}"#.utf8)))
        #expect(rule.repeats == .once(day("2028-02-29")))
        #expect(throws: AlarmRulesError.self) {
            try AlarmRule(json: try JSONValue(parsing: Array(#"{"id": "a", "times": ["07:00"]}"#.utf8)))
        }
    }

    @Test(
        "everyWeeks is quoted as written and the message says what is allowed: -0 is out of range, 5e1 is 50 in plain digits",
        arguments: [
            ("-0", "is out of range; expected a whole number from 1 to 52"),
            ("-1", "is out of range; expected a whole number from 1 to 52"),
            ("53", "is out of range; expected a whole number from 1 to 52"),
            ("6e1", "is out of range; expected a whole number from 1 to 52"),
            ("1e400", "is out of range; expected a whole number from 1 to 52"),
            ("99999999999999999999", "is out of range; expected a whole number from 1 to 52"),
            ("5e1", "is a whole number written with an exponent; expected one from 1 to 52 in plain digits, such as 50"),
            ("2.0", "is a whole number written with a fraction; expected one from 1 to 52 in plain digits, such as 2"),
            ("1.5", "is not a whole number; expected one from 1 to 52"),
            (#""2""#, "is not a number; expected a whole number from 1 to 52")
        ])
    func everyWeeksAsWritten(written: String, message: String) {
        let found = problems(
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"], "start": "2026-12-07", "everyWeeks": "#
                + written + "}]}")
        #expect(found.map(\.description) == ["rule 'a' (#1): everyWeeks: \(written) \(message)"])
    }
}
