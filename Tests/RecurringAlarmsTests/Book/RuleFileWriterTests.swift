import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// The direct writer of rule files and books (`jsonData`) against the tree writer it
/// replaced: the same bytes for every input, and files that read back equal.
@Suite("Rule file writer")
struct RuleFileWriterTests {
    /// The rule's JSON as `AlarmRule.json` built it before the direct writer existed, kept
    /// here verbatim as the reference the new bytes must equal.
    static func referenceJSON(_ rule: AlarmRule) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", .string(rule.id))]
        if let label = rule.label { members.append(("label", .string(label))) }
        if !rule.isEnabled { members.append(("enabled", .bool(false))) }
        var weekly: (everyWeeks: Int, start: LocalDate?, end: LocalDate?)?
        switch rule.repeats {
        case .weekly(let days, let everyWeeks, let start, let end):
            members.append(("days", .array(days.names.map(JSONValue.string))))
            weekly = (everyWeeks, start, end)
        case .once(let date):
            members.append(("date", .string(date.description)))
        }
        members.append(("times", .array(rule.times.map { .string($0.shortDescription) })))
        if case .fixed(let zone) = rule.timeZone { members.append(("timeZone", .string(zone.ianaName))) }
        if let weekly {
            if weekly.everyWeeks != 1 { members.append(("everyWeeks", .number(String(weekly.everyWeeks)))) }
            if let start = weekly.start { members.append(("start", .string(start.description))) }
            if let end = weekly.end { members.append(("end", .string(end.description))) }
        }
        if !rule.skippedDates.isEmpty { members.append(("skip", .array(rule.skippedDates.sorted().map { .string($0.description) }))) }
        if rule.gapPolicy != .shift { members.append(("gap", .string(rule.gapPolicy.rawValue))) }
        if rule.overlapPolicy != .first { members.append(("overlap", .string(rule.overlapPolicy.rawValue))) }
        return .object(members)
    }

    /// The book file as the tree writer wrote it: the reference rules, then the book's other
    /// members (runtime state, unknown members) from its tree.
    static func referenceData(_ book: AlarmBook) -> Data {
        guard case .object(let members) = book.json else { return Data() }
        let rules: (key: String, value: JSONValue) = ("rules", .array(book.rules.map(referenceJSON)))
        return JSONValue.object([members[0], rules] + members.dropFirst(2)).prettyData
    }

    static let zones = ["UTC", "GMT", "America/New_York", "Asia/Kathmandu", "Pacific/Chatham", "Etc/GMT+5"].map {
        TimeZone(ianaIdentifier: $0)!
    }
    static let labelPieces = [
        "Wake", " up", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "日本", "⏰", "👩‍👩‍👧", "/", "</", "\u{2028}", ""
    ]

    /// A random rule drawing every optional field, defaults and not, including values a
    /// validating store would refuse (`jsonData` writes any book).
    static func randomRule(number: Int, valid: Bool, using rng: inout RuleGenerator) -> AlarmRule {
        func date() -> LocalDate {
            // Mostly recent days, sometimes the first and last representable ones.
            rng.chance(1, in: 10)
                ? rng.element(of: [LocalDate.earliest, LocalDate.latest])
                : LocalDate(daysSinceEpoch: Int64.random(in: -1_000...40_000, using: &rng))
        }
        let label: String? =
            rng.chance(1, in: 2) ? nil : (0..<Int.random(in: 0...5, using: &rng)).map { _ in rng.element(of: labelPieces) }.joined()
        let repeats: Recurrence =
            rng.chance(1, in: 4)
            ? .once(date())
            : .weekly(
                days: WeekdaySet(rawValue: UInt8.random(in: 0...127, using: &rng)),
                everyWeeks: rng.chance(1, in: 3) ? Int.random(in: -3...60, using: &rng) : 1,
                start: rng.chance(1, in: 2) ? date() : nil, end: rng.chance(1, in: 2) ? date() : nil)
        let times = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
            rng.chance(1, in: 2)
                ? TimeOfDay(secondsSinceMidnight: Int.random(in: 0..<1_440, using: &rng) * 60)!
                : TimeOfDay(secondsSinceMidnight: Int.random(in: 0..<86_400, using: &rng))!
        }
        var rule = AlarmRule(
            id: rng.chance(1, in: 20) ? "bad \"id\"\u{1}" : "r\(number)-\(Int.random(in: 0...999, using: &rng))", label: label,
            isEnabled: rng.chance(3, in: 4), repeats: repeats, times: times,
            timeZone: rng.chance(1, in: 3) ? .floating : .fixed(rng.element(of: zones)),
            skippedDates: Set((0..<(rng.chance(1, in: 2) ? 0 : Int.random(in: 1...4, using: &rng))).map { _ in date() }),
            gapPolicy: rng.chance(1, in: 2) ? .shift : .skip, overlapPolicy: rng.chance(1, in: 2) ? .first : .last)
        if valid {
            // Repaired into a rule a store accepts, so the file can be read back.
            rule.id = "r\(number)"
            rule.times = Array(Set(rule.times + [TimeOfDay(secondsSinceMidnight: number * 60)!])).sorted()
            if case .weekly(let days, let everyWeeks, let start, let end) = rule.repeats {
                let first = start ?? date()
                rule.repeats = .weekly(
                    days: days.isEmpty ? .daily : days, everyWeeks: (1...52).contains(everyWeeks) ? everyWeeks : 2, start: first,
                    end: end.map { max($0, first) })
            }
        }
        return rule
    }

    /// Runtime state and an unknown member, read from text so the book keeps them.
    static func randomState(ruleIDs: [String], using rng: inout RuleGenerator) throws -> AlarmBook {
        let validIDs = ruleIDs.filter(AlarmRule.isValidID)
        let id = validIDs.isEmpty ? "gone" : rng.element(of: validIDs)
        var members: [String] = [#""version": 1"#, #""rules": []"#]
        if rng.chance(1, in: 2) {
            members.append(#""snoozes": [{"rule": "\#(id)", "fire": "\#(id)@2026-12-01T07:30:00", "at": "2026-12-01T07:39:00Z"}]"#)
        }
        if rng.chance(1, in: 2) { members.append(#""skipNext": [{"rule": "\#(id)", "date": "2026-12-02"}]"#) }
        if rng.chance(1, in: 2) {
            members.append(
                #""applied": {"at": "2026-12-01T06:00:00+01:00", "timeZone": "Europe/Berlin", "coveredUntil": "2026-12-08T06:00:00+01:00", "fires": [{"id": "\#(id)@2026-12-01T07:30:00", "at": "2026-12-01T07:30:00+01:00"}]}"#
            )
        }
        if rng.chance(1, in: 2) { members.append(#""x-note": {"kept": [1, "two", null, true, {"deep": []}], "text": "tab\there"}"#) }
        return try AlarmBook(jsonData: Data(("{" + members.joined(separator: ", ") + "}").utf8))
    }

    @Test(
        "for 300 random books the written bytes equal the tree writer's, and they read back equal",
        arguments: [0x5A7E_0001, 0x5A7E_0002, 0x5A7E_0003] as [UInt64])
    func randomBooksMatchTheTreeWriter(seed: UInt64) throws {
        var rng = RuleGenerator(seed: seed)
        for _ in 0..<100 {
            let valid = rng.chance(1, in: 2)
            let rules = (0..<Int.random(in: 0...12, using: &rng)).map { Self.randomRule(number: $0, valid: valid, using: &rng) }
            var book = try Self.randomState(ruleIDs: rules.map(\.id), using: &rng)
            book.rules = rules
            let written = book.jsonData
            #expect(written == Self.referenceData(book))
            if let set = try? AlarmRuleSet(rules: rules) {
                let reference = JSONValue.object([("version", .number("1")), ("rules", .array(rules.map(Self.referenceJSON)))])
                #expect(set.jsonData == reference.prettyData)
                #expect(try AlarmRuleSet(jsonData: set.jsonData) == set)
            }
            // What a valid book writes, it reads back as the same book.
            if book.validationProblems().isEmpty {
                #expect(try AlarmBook(jsonData: written) == book)
            }
        }
    }

    @Test("a book with labels that need escaping is written byte for byte as the tree writer wrote it")
    func escapedLabels() throws {
        let rule = AlarmRule(
            id: "esc", label: "a\"b\\c\nd\re\tf\u{0}g\u{1F}h\u{7F}é⏰👩‍👩‍👧", repeats: .weekly(days: .daily),
            times: [clock("07:30"), clock("07:30:05")])
        let book = AlarmBook(rules: [rule])
        #expect(book.jsonData == Self.referenceData(book))
        #expect(
            String(decoding: book.jsonData, as: UTF8.self).contains(#""label": "a\"b\\c\nd\re\tf\u0000g\u001fh\#u{7F}é⏰👩‍👩‍👧","#))
        #expect(try AlarmBook(jsonData: book.jsonData) == book)
    }
    @Test(
        "rules too long for the writer's scratch buffer, between short ones, are written as the tree writer wrote them",
        arguments: [1_000, 2_800, 20_000])
    func longRules(labelLength: Int) throws {
        // Labels of control characters escape to six bytes each, the longest a rule can grow.
        let label = String(repeating: "\u{1}\"x", count: labelLength / 3)
        let rules = (0..<6).map { number in
            AlarmRule(
                id: "r\(number)", label: number % 2 == 1 ? label : "short", repeats: .weekly(days: .weekdays),
                times: (0..<40).map { TimeOfDay(secondsSinceMidnight: number + $0 * 2_111)! },
                skippedDates: Set((0..<30).map { LocalDate(daysSinceEpoch: 20_000 + Int64($0)) }))
        }
        let book = AlarmBook(rules: rules)
        #expect(book.jsonData == Self.referenceData(book))
        #expect(try AlarmBook(jsonData: book.jsonData) == book)
    }
}
