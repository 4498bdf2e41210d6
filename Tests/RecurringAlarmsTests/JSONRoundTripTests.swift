import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// Rule files and fires written and read back: the documented form, defaults left out,
/// and equality after a round trip for hand-written and random values.
@Suite("JSON round trips")
struct JSONRoundTripTests {
    static let handWritten: [AlarmRule] = [
        AlarmRule(
            id: "wake", label: "Wake up", repeats: .weekly(days: [.monday, .tuesday, .thursday]),
            times: [clock("07:30"), clock("21:15:30")]),
        AlarmRule(
            id: "party", repeats: .once(day("2026-12-05")), times: [clock("18:00")], timeZone: .fixed(Zones.chatham),
            gapPolicy: .skip, overlapPolicy: .last),
        AlarmRule(
            id: "fortnight", isEnabled: false,
            repeats: .weekly(days: [.wednesday, .sunday], everyWeeks: 2, start: day("2026-12-02"), end: day("2027-03-31")),
            times: [clock("00:30")], skippedDates: [day("2027-01-06"), day("2026-12-23")])
    ]

    static let handWrittenText = """
        {
          "version": 1,
          "rules": [
            {
              "id": "wake",
              "label": "Wake up",
              "days": ["mon", "tue", "thu"],
              "times": ["07:30", "21:15:30"]
            },
            {
              "id": "party",
              "date": "2026-12-05",
              "times": ["18:00"],
              "timeZone": "Pacific/Chatham",
              "gap": "skip",
              "overlap": "last"
            },
            {
              "id": "fortnight",
              "enabled": false,
              "days": ["sun", "wed"],
              "times": ["00:30"],
              "everyWeeks": 2,
              "start": "2026-12-02",
              "end": "2027-03-31",
              "skip": ["2026-12-23", "2027-01-06"]
            }
          ]
        }

        """

    @Test("a rule set is written in the documented form, defaults left out, and reads back equal")
    func handWrittenSet() throws {
        let set = try AlarmRuleSet(rules: Self.handWritten)
        #expect(String(decoding: set.jsonData, as: UTF8.self) == Self.handWrittenText)
        #expect(try AlarmRuleSet(jsonData: set.jsonData) == set)
        #expect(try AlarmRuleSet(jsonData: Data(Self.handWrittenText.utf8)).rules == Self.handWritten)
    }

    @Test("only fields that differ from their defaults are written, in the documented order")
    func fieldOrder() throws {
        func keys(_ rule: AlarmRule) -> [String] {
            guard case .object(let members) = rule.json else { return [] }
            return members.map(\.key)
        }
        #expect(keys(weeklyRule("plain", times: ["07:30"])) == ["id", "days", "times"])
        #expect(keys(onceRule("once", on: "2026-12-05", times: ["07:30"])) == ["id", "date", "times"])
        let everything = AlarmRule(
            id: "all", label: "", isEnabled: false,
            repeats: .weekly(days: .weekends, everyWeeks: 3, start: day("2026-01-01"), end: day("2026-12-31")),
            times: [clock("07:30")], timeZone: .fixed(Zones.berlin), skippedDates: [day("2026-05-01")],
            gapPolicy: .skip, overlapPolicy: .last)
        #expect(
            keys(everything) == [
                "id", "label", "enabled", "days", "times", "timeZone", "everyWeeks", "start", "end", "skip", "gap", "overlap"
            ])
        #expect(
            weeklyRule("plain", times: ["07:30"]).json.jsonText
                == #"{"id":"plain","days":["sun","mon","tue","wed","thu","fri","sat"],"times":["07:30"]}"#)
    }

    @Test("labels with quotes, control characters and non-ASCII text survive a round trip")
    func labelEscaping() throws {
        let label = "Quote \" backslash \\ slash / newline \n tab \t bell \u{07} é ⏰ 𝄞"
        let rule = AlarmRule(id: "l", label: label, repeats: .weekly(days: .daily), times: [clock("07:30")])
        let set = try AlarmRuleSet(rules: [rule])
        #expect(try AlarmRuleSet(jsonData: set.jsonData).rules.first?.label == label)
        #expect(rule.json.jsonText.contains(#"\u0007"#))
        #expect(rule.json.jsonText.contains(#"\n"#))
    }

    @Test("random valid rule sets read back equal, from the library's writer and from JSONEncoder", arguments: 1...20)
    func randomSets(seed: Int) throws {
        var rng = RuleGenerator(seed: UInt64(seed))
        let rules = rng.rules(maximumCount: 12, near: day("2026-06-15"))
        let set = try AlarmRuleSet(rules: rules)

        #expect(try AlarmRuleSet(jsonData: set.jsonData) == set)
        let encoded = try JSONEncoder().encode(set)
        #expect(try JSONDecoder().decode(AlarmRuleSet.self, from: encoded) == set)
        for rule in rules {
            #expect(try JSONDecoder().decode(AlarmRule.self, from: JSONEncoder().encode(rule)) == rule)
        }
    }

    @Test("JSONDecoder reports an invalid rule as an error")
    func decoderRejectsInvalidRule() {
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(AlarmRule.self, from: Data(#"{"id": "a", "days": ["mon"], "times": ["25:00"]}"#.utf8))
        }
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(AlarmRuleSet.self, from: Data(#"{"version": 2, "rules": []}"#.utf8))
        }
    }

    @Test("fires round-trip through JSONEncoder and JSONDecoder, adjustments and snoozes included")
    func fireCodable() throws {
        let rules = [
            weeklyRule("gap", times: ["02:30"], zone: Zones.newYork),   // gap-shifted on 2026-03-08
            weeklyRule("plain", times: ["12:00"], zone: Zones.kolkata),
            weeklyRule("local", days: .monday, times: ["09:00"])   // floating: Mar 9 09:00 in Chatham
        ]
        let now = at(1_772_928_000)   // 2026-03-08T00:00:00Z
        let fires = try plan(rules, now: now, options: PlanOptions(deviceTimeZone: Zones.chatham, horizon: 86_400)).fires
        let snooze = Fire(
            ruleID: "plain", instant: at(1_772_960_400), local: wall("2026-03-08T14:30:00"),   // 2026-03-08T09:00:00Z
            timeZone: Zones.kolkata, utcOffsetSeconds: 19_800, adjustment: .none, isSnooze: true)
        #expect(Set(fires.map(\.adjustment)) == [.gapShifted, .none])
        #expect(fires.filter(\.isFloating).map(\.id) == ["local@2026-03-09T09:00:00"])   // 2026-03-08T19:15:00Z

        for fire in fires + [snooze] {
            let data = try JSONEncoder().encode(fire)
            #expect(try JSONDecoder().decode(Fire.self, from: data) == fire)
        }
        let snoozeObject = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(snooze)) as? [String: Any])
        #expect(snoozeObject["id"] as? String == "plain@2026-03-08T14:30:00+snooze")
        #expect(snoozeObject["at"] as? String == "2026-03-08T14:30:00+05:30")
        #expect(snoozeObject["adjustment"] is NSNull)
        #expect(Set(snoozeObject.keys).isSuperset(of: ["id", "rule", "at", "local", "timeZone", "adjustment"]))

        let shifted = try #require(fires.first { $0.ruleID == "gap" })
        let shiftedObject = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(shifted)) as? [String: Any])
        #expect(shiftedObject["adjustment"] as? String == "gap-shifted")
        #expect(shiftedObject["at"] as? String == "2026-03-08T03:30:00-04:00")   // 2026-03-08T07:30:00Z
        #expect(shiftedObject["local"] as? String == "2026-03-08T02:30:00")
    }

    @Test("a fire encodes as the CLI's one fire object, and a floating one adds floating: true")
    func fireCodableBytes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // 02:30 on 2026-03-08 is in New York's gap: 03:30 EDT, 2026-03-08T07:30:00Z.
        let shifted = Fire(
            ruleID: "night", instant: at(1_772_955_000), local: wall("2026-03-08T02:30:00"), timeZone: Zones.newYork,
            utcOffsetSeconds: -14_400, adjustment: .gapShifted)
        #expect(
            String(decoding: try encoder.encode(shifted), as: UTF8.self)
                == #"{"adjustment":"gap-shifted","at":"2026-03-08T03:30:00-04:00","id":"night@2026-03-08T02:30:00","#
                + #""local":"2026-03-08T02:30:00","rule":"night","timeZone":"America/New_York"}"#)
        // 07:30 in Berlin on 2026-12-01 is 06:30:00Z.
        let floating = Fire(
            ruleID: "wake", instant: at(1_796_106_600), local: wall("2026-12-01T07:30:00"), timeZone: Zones.berlin,
            utcOffsetSeconds: 3_600, adjustment: .none, isFloating: true)
        #expect(
            String(decoding: try encoder.encode(floating), as: UTF8.self)
                == #"{"adjustment":null,"at":"2026-12-01T07:30:00+01:00","floating":true,"id":"wake@2026-12-01T07:30:00","#
                + #""local":"2026-12-01T07:30:00","rule":"wake","timeZone":"Europe/Berlin"}"#)
    }

    @Test("civil values encode as their text forms")
    func civilCodable() throws {
        let encoder = JSONEncoder()
        #expect(String(decoding: try encoder.encode([day("2028-02-29")]), as: UTF8.self) == #"["2028-02-29"]"#)
        #expect(String(decoding: try encoder.encode([clock("07:30"), clock("21:15:30")]), as: UTF8.self) == #"["07:30","21:15:30"]"#)
        #expect(String(decoding: try encoder.encode([wall("2026-03-08T02:30:00")]), as: UTF8.self) == #"["2026-03-08T02:30:00"]"#)
        #expect(try JSONDecoder().decode([LocalDate].self, from: Data(#"["2028-02-29"]"#.utf8)) == [day("2028-02-29")])
        #expect(throws: (any Error).self) { try JSONDecoder().decode([LocalDate].self, from: Data(#"["2027-02-29"]"#.utf8)) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode([TimeOfDay].self, from: Data(#"["24:00"]"#.utf8)) }
    }

    @Test("strings decode escapes, surrogate pairs and UTF-8, with and without escapes")
    func stringDecoding() throws {
        // Each case: JSON string literal, the text it holds (checked by hand).
        let cases: [(String, String)] = [
            (#""plain""#, "plain"),
            (#""Zürich ☀︎""#, "Zürich ☀︎"),
            (#""a\"b\\c\/d""#, "a\"b\\c/d"),
            (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
            (#""caf\u00e9 é \u00E9!""#, "café é é!"),
            (#""\ud83d\ude00 x""#, "😀 x"),
            (#""é\n""#, "é\n"),
            (#""""#, "")
        ]
        for (literal, expected) in cases {
            #expect(try JSONValue(parsing: Array(literal.utf8)) == .string(expected), "\(literal)")
            #expect(try JSONValue(parsing: Data(literal.utf8)) == .string(expected), "\(literal) as Data")
        }
    }

    @Test("parsed JSON keeps key order and numbers exactly as written")
    func jsonValueFidelity() throws {
        let text = #"{"z":1e2,"a":[-0.5,true,null],"m":{"k":"v"}}"#
        let value = try JSONValue(parsing: Array(text.utf8))
        #expect(value.jsonText == text)
        #expect(value["z"] == .number("1e2"))
        #expect(try JSONValue(parsing: Array(value.prettyText.utf8)) == value)
    }
}
