import Foundation
import RecurringAlarmsTesting
import Testing

@testable import RecurringAlarms

/// Compiling checks rules on the way (``AlarmSchedule/init(rules:)``), sorts ids by radix and
/// splits large sets into chunks: whatever the chunking, the schedule and the problems are
/// those of one pass over the rules, and the problems are those of ``AlarmRuleSet``.
@Suite("Compilation")
struct CompilationTests {
    /// Eight chunks whatever the size, so small sets cross chunk boundaries.
    static let manyChunks = CoreSplit(minimumParallelCount: 2, minimumPartCount: 1)
    static let oneChunk = CoreSplit.one
    static let center = LocalDate(parsing: "2026-03-08")!

    /// Everything a compiled schedule holds, as text that two compilations can be compared by.
    static func contents(_ parts: AlarmSchedule.Parts) -> [String] {
        parts.ruleIDs + parts.rules.map { "\($0)" } + [parts.times.description, parts.skips.description]
            + parts.zones.map(\.identifier)
    }

    /// Rules with one of the faults below now and then (`faults` per thousand), ids drawn
    /// from a small pool so some repeat (also between enabled and disabled rules), and a third
    /// of ids longer than eight bytes sharing their first eight.
    static func rules(count: Int, faults: Int, using rng: inout RuleGenerator) -> [AlarmRule] {
        (0..<count).map { number in
            let id = rng.chance(1, in: 3) ? "wake.morning.\(number)" : "r\(number)"
            var rule = rng.rule(id: id, near: center)
            rule.isEnabled = !rng.chance(1, in: 10)
            if rng.chance(faults, in: 1000) { addFault(Int.random(in: 0..<faultKinds, using: &rng), to: &rule, count: count, using: &rng) }
            return rule
        }
    }

    static let faultKinds = 9

    /// Fault `kind`: 0 and 1 an id that other rules of a set of `count` may have, then a bad id,
    /// no times, a repeated time, an offset zone, no days, `everyWeeks` out of range or without
    /// start, an end before the start.
    static func addFault(_ kind: Int, to rule: inout AlarmRule, count: Int, using rng: inout RuleGenerator) {
        switch kind {
        case 0: rule.id = "wake.morning.\(Int.random(in: 0..<count, using: &rng))"
        case 1: rule.id = "r\(Int.random(in: 0..<count, using: &rng))"
        case 2: rule.id = rng.element(of: ["", "bad id", String(repeating: "x", count: 65), "é"])
        case 3: rule.times = []
        case 4: rule.times = rule.times + [rule.times[0]]
        case 5: rule.timeZone = .fixed(TimeZone(secondsFromGMT: 5 * 3600)!)
        case 6: rule.repeats = .weekly(days: [])
        case 7: rule.repeats = .weekly(days: .daily, everyWeeks: rng.element(of: [0, 2, 53]))
        default: rule.repeats = .weekly(days: .daily, start: center, end: center.adding(days: -1))
        }
    }

    @Test(
        "a set compiles exactly when it has no problem, and throws the problems AlarmRuleSet lists",
        arguments: [(1, 0), (2, 3), (3, 20), (4, 200)] as [(UInt64, Int)])
    func checksAsValidationDoes(seed: UInt64, faults: Int) throws {
        var rng = RuleGenerator(seed: seed)
        for count in [0, 1, 2, 9, 64, 300] {
            let rules = Self.rules(count: count, faults: faults, using: &rng)
            let problems = AlarmRuleSet.validationProblems(of: rules)
            for chunking in [Self.oneChunk, Self.manyChunks] {
                let parts = AlarmSchedule.compile(rules, checking: true, chunking: chunking)
                #expect((parts == nil) == !problems.isEmpty, "seed \(seed), \(count) rules: \(problems)")
            }
            if problems.isEmpty {
                #expect(throws: Never.self) { try AlarmSchedule(rules: rules) }
            } else {
                #expect(throws: AlarmRulesError.invalid(problems), "seed \(seed), \(count) rules") { try AlarmSchedule(rules: rules) }
            }
        }
    }

    @Test("a single fault is found wherever it sits, in the first, a middle or the last chunk", arguments: 0..<faultKinds)
    func findsEachFault(kind: Int) throws {
        var rng = RuleGenerator(seed: 40 + UInt64(kind))
        let valid = Self.rules(count: 300, faults: 0, using: &rng)
        for position in [0, 1, 150, 298, 299] {
            var rules = valid
            repeat {
                // A repeated id may happen to be the rule's own: draw again.
                rules[position] = valid[position]
                Self.addFault(kind, to: &rules[position], count: rules.count, using: &rng)
            } while AlarmRuleSet.validationProblems(of: rules).isEmpty
            for chunking in [Self.oneChunk, Self.manyChunks] {
                #expect(AlarmSchedule.compile(rules, checking: true, chunking: chunking) == nil, "kind \(kind) at \(position)")
            }
        }
    }

    @Test("the schedule is the same in one chunk or many, with ids in code-point order", arguments: [5, 6, 7] as [UInt64])
    func chunkingDoesNotChangeTheSchedule(seed: UInt64) throws {
        var rng = RuleGenerator(seed: seed)
        let rules = Self.rules(count: 500, faults: 0, using: &rng)
        let one = try #require(AlarmSchedule.compile(rules, checking: true, chunking: Self.oneChunk))
        let many = try #require(AlarmSchedule.compile(rules, checking: true, chunking: Self.manyChunks))
        #expect(Self.contents(one) == Self.contents(many))
        // Checked independently of the radix sort: the enabled ids sorted by UTF-8 bytes.
        let expectedIDs = rules.filter(\.isEnabled).map(\.id).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(one.ruleIDs == expectedIDs)
        // Each compiled rule has its rule's distinct times, sorted, and its zone.
        let byID = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0) })
        for (index, entry) in one.rules.enumerated() {
            let rule = try #require(byID[one.ruleIDs[index]])
            let times = one.times[Int(entry.timesStart)..<Int(entry.timesStart) + Int(entry.timesCount)]
            #expect(Array(times) == Set(rule.times).map { Int32($0.secondsSinceMidnight) }.sorted())
            if case .fixed(let zone) = rule.timeZone {
                #expect(one.zones[Int(entry.zoneIndex)] == zone)
            } else {
                #expect(entry.zoneIndex == 0)
            }
        }
        // Zones in order of first use by an enabled rule in id order, after the device zone's placeholder.
        var firstUse: [String] = []
        for rule in rules.sorted(by: { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }) where rule.isEnabled {
            if case .fixed(let zone) = rule.timeZone, !firstUse.contains(zone.identifier) { firstUse.append(zone.identifier) }
        }
        #expect(one.zones.dropFirst().map(\.identifier) == firstUse)
    }

    @Test("ids sharing their first eight bytes sort by the whole id, and a repeated long id is found")
    func longIDs() throws {
        let ids = ["wake.morning.10", "wake.morning.2", "wake.morning.1", "a", "wake.mor", "a.b", "wake.morning"]
        let rules = ids.map { weeklyRule($0, times: ["07:00"]) }
        let parts = try #require(AlarmSchedule.compile(rules, checking: true, chunking: Self.manyChunks))
        #expect(parts.ruleIDs == ["a", "a.b", "wake.mor", "wake.morning", "wake.morning.1", "wake.morning.10", "wake.morning.2"])
        let repeated = rules + [weeklyRule("wake.morning.2", times: ["08:00"], enabled: false)]
        #expect(AlarmSchedule.compile(repeated, checking: true, chunking: Self.manyChunks) == nil)
        #expect(throws: AlarmRulesError.self) { try AlarmSchedule(rules: repeated) }
    }

    @Test("a set above the two-thread threshold with faults in both halves throws exactly AlarmRuleSet's problems")
    func largeSetOnTwoThreads() throws {
        var rng = RuleGenerator(seed: 99)
        let count = CoreSplit.compiling.minimumParallelCount + 1_000
        var rules = (0..<count).map { rng.rule(id: "r\($0)", near: Self.center) }
        let valid = try AlarmSchedule(rules: rules)
        let oneChunk = try #require(AlarmSchedule.compile(rules, checking: true, chunking: Self.oneChunk))
        #expect(Self.contents(oneChunk) == Self.contents(AlarmSchedule.Parts(valid)))

        rules[10].id = "r\(count - 10)"   // repeats an id of the second half
        rules[count - 5].times = []
        rules[count / 2 + 3].id = "r\(count / 2 - 3)"   // repeats an id of the first half
        rules[count / 2 - 1].repeats = .weekly(days: [])
        rules[count / 2 - 1].isEnabled = false
        let problems = AlarmRuleSet.validationProblems(of: rules)
        #expect(problems.count == 4)
        #expect(throws: AlarmRulesError.invalid(problems)) { try AlarmSchedule(rules: rules) }
    }
}

extension AlarmSchedule.Parts {
    init(_ schedule: AlarmSchedule) {
        self.init(ruleIDs: schedule.ruleIDs, rules: schedule.rules, times: schedule.times, skips: schedule.skips, zones: schedule.zones)
    }
}
