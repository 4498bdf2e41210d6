import Foundation
import RecurringAlarms
import Testing

/// Fire ids are notification identifiers, so planning refuses rules whose
/// ids would collide or not parse, listing every problem.
@Suite("Planning takes valid rule sets only")
struct RuleSetSafetyTests {
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z, a Tuesday
    static let options = PlanOptions(deviceTimeZone: Zones.utc)

    static let duplicates = [weeklyRule("dup", times: ["07:30"], zone: Zones.utc), weeklyRule("dup", times: ["07:30"], zone: Zones.tokyo)]
    static let malformed = [weeklyRule("bad id", times: ["07:30"]), weeklyRule("x@2026", times: ["07:30"])]

    /// The problems `body` throws as ``AlarmRulesError/invalid(_:)``; none when it throws nothing else.
    static func problems(_ body: () throws -> Void) -> [ValidationProblem] {
        do { try body() } catch let error as AlarmRulesError {
            if case .invalid(let problems) = error { return problems }
        } catch {}
        return []
    }

    @Test("duplicate ids are refused by every planning entry point, naming both rules")
    func duplicateIDs() {
        let expected = [
            ValidationProblem(
                ruleID: "dup", ruleNumber: 2, field: "id", value: "\"dup\"",
                message: "is already used by rule #1; ids must be unique")
        ]
        #expect(Self.problems { _ = try AlarmSchedule(rules: Self.duplicates) } == expected)
        #expect(Self.problems { _ = try plan(Self.duplicates, now: Self.now, options: Self.options) } == expected)
        #expect(Self.problems { _ = try AlarmRuleSet(rules: Self.duplicates) } == expected)
    }

    @Test("two invalid ids that are the same text in other Unicode forms are one id used twice, as Swift compares strings")
    func canonicallyEqualIDs() {
        // "é" written as one scalar (U+00E9) and as "e" and a combining accent (U+0065 U+0301):
        // different bytes, equal strings. Neither is a valid id; the second repeats the first.
        let rules = [weeklyRule("caf\u{E9}", times: ["07:30"]), weeklyRule("cafe\u{301}", times: ["08:00"])]
        let problems = AlarmRuleSet.validationProblems(of: rules)
        #expect(problems.map(\.field) == ["id", "id", "id"])
        #expect(problems.last?.ruleNumber == 2)
        #expect(problems.last?.message == "is already used by rule #1; ids must be unique")
        #expect(AlarmBook(rules: rules).validationProblemsOnAllCores() == AlarmBook(rules: rules).validationProblems())
    }

    @Test("malformed ids are refused, every one listed")
    func malformedIDs() {
        let problems = Self.problems { _ = try plan(Self.malformed, now: Self.now, options: Self.options) }
        #expect(problems.map(\.field) == ["id", "id"])
        #expect(problems.map(\.ruleNumber) == [1, 2])
        #expect(problems.map(\.value) == ["\"bad id\"", "\"x@2026\""])
    }

    @Test("explaining a rule with a malformed id is refused too")
    func explanation() {
        let problems = Self.problems {
            _ = try FireExplanation(rule: Self.malformed[1], date: day("2026-12-01"), deviceTimeZone: Zones.utc)
        }
        #expect(problems.map(\.field) == ["id"])
    }

    @Test("a valid rule set plans the same fires through every entry point")
    func validSetsPlan() throws {
        let rules = [weeklyRule("dup", times: ["07:30"], zone: Zones.utc), weeklyRule("other", times: ["07:30"], zone: Zones.tokyo)]
        let ruleSet = try AlarmRuleSet(rules: rules)
        let fromSet = plan(ruleSet, now: Self.now, options: Self.options)
        #expect(try fromSet == plan(rules, now: Self.now, options: Self.options))
        #expect(fromSet == AlarmSchedule(ruleSet).plan(now: Self.now, options: Self.options))
        #expect(Set(fromSet.fires.map(\.id)).count == fromSet.fires.count)
        // Tue 2026-12-01 07:30 Tokyo = 2026-11-30T22:30Z is before now; 07:30Z that day is the first.
        #expect(fromSet.fires.prefix(2).map(\.id) == ["dup@2026-12-01T07:30:00", "other@2026-12-02T07:30:00"])
    }
}

/// Zones are IANA identifiers, echoed exactly as given.
@Suite("Zone names")
struct ZoneNameTests {
    @Test(
        "IANA identifiers and UTC are accepted and keep their names",
        arguments: [
            "UTC", "GMT", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Zulu", "Etc/GMT+5", "Europe/Berlin",
            "America/Argentina/Buenos_Aires", "Pacific/Kiritimati"
        ])
    func accepted(name: String) throws {
        let zone = try #require(TimeZone(ianaIdentifier: name))
        #expect(zone.ianaName == name)
    }

    @Test(
        "offset forms and unknown or miscased names are refused",
        arguments: [
            "UTC+5", "GMT+0530", "GMT+5", "UTC-03:00", "GMT-1", "utc", "america/new_york", "Mars/Olympus", "", "+05:00",
            "Factory"
        ])
    func refused(name: String) {
        #expect(TimeZone(ianaIdentifier: name) == nil)
    }

    @Test("UTC and its alias Etc/UCT are two zones on one clock, each keeping its name")
    func utcAndEtcUCTStayApart() throws {
        let utc = try #require(TimeZone(ianaIdentifier: "UTC"))
        let uct = try #require(TimeZone(ianaIdentifier: "Etc/UCT"))
        #expect(utc != uct)
        #expect((utc.ianaName, uct.ianaName) == ("UTC", "Etc/UCT"))
        #expect(uct.secondsFromGMT(for: at(1_796_083_200)) == 0)   // 2026-12-01T00:00:00Z
        #expect(uct.nextDaylightSavingTimeTransition(after: at(0)) == nil)
        // Descriptions name zones as written too, not as held.
        for (zone, name) in [(utc, "UTC"), (uct, "Etc/UCT")] {
            let rule = rule("wake", at: "07:30", zone: zone)
            #expect(rule.description.hasSuffix(", \(name)"), "\(rule.description)")
            let planned = try plan([rule], now: december1, options: PlanOptions(deviceTimeZone: zone, cap: 1))
            #expect(planned.description.hasPrefix("Plan at Tue 2026-12-01 00:00 \(name): 1 fire"), "\(planned.description)")
            #expect(planned.fires.first?.description == "wake: Tue 2026-12-01 07:30 \(name)")
        }
    }

    @Test(
        "a rule file's UTC stays UTC in the rule, the plan and every fire; GMT stays GMT; Etc/UCT stays Etc/UCT",
        arguments: ["UTC", "GMT", "Etc/UCT"])
    func echoedThroughPlanning(name: String) throws {
        let json = #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"], "timeZone": "\#(name)"}]}"#
        let ruleSet = try AlarmRuleSet(jsonData: Data(json.utf8))
        #expect(ruleSet.rules[0].json.jsonText.contains(#""timeZone":"\#(name)""#))
        let device = try #require(TimeZone(ianaIdentifier: name))
        let planned = plan(ruleSet, now: at(1_796_083_200), options: PlanOptions(deviceTimeZone: device, cap: 1))   // 2026-12-01T00:00:00Z
        let fire = try #require(planned.fires.first)
        #expect(fire.rfc3339 == "2026-12-01T07:30:00Z")
        #expect(fire.timeZone.ianaName == name)
        #expect(planned.deviceTimeZone.ianaName == name)
        let encoded = String(decoding: try JSONEncoder().encode(fire), as: UTF8.self)
        // JSONEncoder writes a slash as `\/`.
        #expect(encoded.replacingOccurrences(of: #"\/"#, with: "/").contains(#""timeZone":"\#(name)""#))
        #expect(try JSONDecoder().decode(Fire.self, from: Data(encoded.utf8)).timeZone.ianaName == name)
    }

    @Test("a rule file with an offset zone is refused, naming the value", arguments: ["UTC+5", "GMT+0530"])
    func offsetZoneInFile(name: String) {
        let json = #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"], "timeZone": "\#(name)"}]}"#
        let problems = RuleSetSafetyTests.problems { _ = try AlarmRuleSet(jsonData: Data(json.utf8)) }
        #expect(problems.map(\.field) == ["timeZone"])
        #expect(problems.map(\.value) == ["\"\(name)\""])
    }

    @Test("a rule built with a zone that is an offset, not an IANA name, is invalid")
    func offsetZoneInRule() {
        let rule = weeklyRule("wake", times: ["07:30"], zone: TimeZone(secondsFromGMT: 5 * 3600))
        #expect(rule.validationProblems().map(\.field) == ["timeZone"])
        #expect(throws: AlarmRulesError.self) { try AlarmSchedule(rules: [rule]) }
    }
}
