import Foundation
import RecurringAlarmsTesting
import Testing

@testable import RecurringAlarms

/// A rule file compiled straight from its bytes (``CompiledBook``) against the same file
/// decoded into rules and compiled (`AlarmSchedule(AlarmRuleSet(jsonData:))`): on every input
/// it either gives up, and the file goes the full way, or its schedule plans exactly the same
/// fires — ids, instants, offsets, adjustments — as the decoded rules' schedule.
@Suite("Compiling a rule file from its bytes")
struct ByteCompiledScheduleTests {
    /// Device zones and moments the schedules are planned in: a spring-forward and a fall-back
    /// week, and a quiet one (instants worked out from the zones' 2026 rules).
    static let plannings: [(now: Date, zone: TimeZone)] = [
        // 2026-03-28T12:00:00Z, the day before Berlin springs forward.
        (Date(timeIntervalSince1970: 1_774_699_200), TimeZone(identifier: "Europe/Berlin")!),
        // 2026-10-31T12:00:00Z, the day before New York falls back.
        (Date(timeIntervalSince1970: 1_793_448_000), TimeZone(identifier: "America/New_York")!),
        // 2026-12-01T00:00:00Z, no clock change near in Kolkata.
        (Date(timeIntervalSince1970: 1_796_083_200), TimeZone(identifier: "Asia/Kolkata")!)
    ]

    /// The direct reader's compiled book of `bytes` (``RuleFile/directCompiled(_:state:labelBytes:split:)``),
    /// its state applied as `state` says; `nil` when it gives up, or when the state has a problem.
    static func compiled(_ bytes: [UInt8], state: RuleFile.StateReading = .ignored, split: CoreSplit = .reading) -> CompiledBook? {
        bytes.withUnsafeBufferPointer { buffer in
            guard case .read(let book) = RuleFile.directCompiled(buffer, state: state, labelBytes: bytes, split: split) else { return nil }
            return book
        }
    }

    /// The direct reader's compiled file of `bytes`, before any state is applied.
    static func compiledFile(_ bytes: [UInt8]) -> DirectRuleReader.CompiledFile? {
        bytes.withUnsafeBufferPointer { DirectRuleReader.compileFile($0) }
    }

    /// Expects `compiled` to plan what `decoded` plans in every planning, 14 days, cap 500.
    static func expectSamePlans(_ compiled: AlarmSchedule, _ decoded: AlarmSchedule, _ bytes: [UInt8]) {
        #expect(compiled.count == decoded.count)
        #expect(compiled.ruleIDs == decoded.ruleIDs)
        for planning in plannings {
            let options = PlanOptions(deviceTimeZone: planning.zone, cap: 500, horizon: 14 * 86_400)
            let fromBytes = compiled.plan(now: planning.now, options: options)
            let fromRules = decoded.plan(now: planning.now, options: options)
            #expect(fromBytes == fromRules, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test("rule files as the library writes them compile from the bytes to schedules that plan the same fires")
    func plansWhatTheDecodedRulesPlan() throws {
        var rng = RuleGenerator(seed: 0xB17E5)
        for _ in 0..<200 {
            let set = DirectRuleReaderTests.randomSet(using: &rng)
            for bytes in [Array(set.jsonData), Array(set.json.jsonText.utf8)] {
                let compiled = try #require(Self.compiled(bytes), "\(String(decoding: bytes, as: UTF8.self))")
                // The joined ranges are sound before any plan indexes with them.
                try #require(compiled.schedule.layoutProblems() == [], "\(compiled.schedule.layoutProblems())")
                #expect(compiled.ruleCount == set.rules.count)
                #expect(Self.compiledFile(bytes)?.otherMembers.isEmpty == true)
                Self.expectSamePlans(compiled.schedule, AlarmSchedule(set), bytes)
                // Labels come back decoded, escapes and all, for the ids asked about.
                let labels = compiled.labels(ofRules: set.rules.map(\.id))
                let expected = Dictionary(
                    uniqueKeysWithValues: set.rules.filter(\.isEnabled).compactMap { rule in rule.label.map { (rule.id, $0) } })
                #expect(labels == expected)
                // In small pieces, as a large file is cut, the schedule is the same.
                let inPieces = try #require(Self.compiled(bytes, split: DirectRuleReaderTests.smallPieces))
                try #require(inPieces.schedule.layoutProblems() == [], "\(inPieces.schedule.layoutProblems())")
                Self.expectSamePlans(inPieces.schedule, compiled.schedule, bytes)
            }
        }
    }

    @Test("on near-valid files compiling from the bytes gives up, or plans exactly what the decoded rules plan")
    func givesUpOrAgreesOnNearValidFiles() {
        var rng = RuleGenerator(seed: 0xB17E6)
        var compiledCount = 0
        var gaveUp = 0
        for _ in 0..<1500 {
            var bytes = Array(DirectRuleReaderTests.randomSet(using: &rng).jsonData)
            for _ in 0..<Int.random(in: 1...3, using: &rng) { DirectRuleReaderTests.mutate(&bytes, using: &rng) }
            let decoded = try? AlarmRuleSet(jsonData: bytes)
            let compiled = Self.compiled(bytes)
            let inPieces = Self.compiled(bytes, split: DirectRuleReaderTests.smallPieces)
            // It never accepts what the full reader rejects, and gives up exactly when the
            // direct reader does, in one piece or in many.
            #expect((compiled != nil) == (DirectRuleReader.read(bytes) != nil), "\(String(decoding: bytes, as: UTF8.self))")
            #expect((inPieces != nil) == (compiled != nil), "\(String(decoding: bytes, as: UTF8.self))")
            guard let compiled else {
                gaveUp += 1
                continue
            }
            compiledCount += 1
            guard let decoded else {
                Issue.record("compiled a file the full reader rejects: \(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            #expect(compiled.ruleCount == decoded.rules.count)
            Self.expectSamePlans(compiled.schedule, AlarmSchedule(decoded), bytes)
            if let inPieces { Self.expectSamePlans(inPieces.schedule, compiled.schedule, bytes) }
        }
        // Both ways were taken, many times over.
        #expect(compiledCount > 150)
        #expect(gaveUp > 300)
    }

    @Test("repeated skipped dates and a disabled rule with repeated times are read as the full reader reads them")
    func edgeCasesOfTheCompiledForm() throws {
        // Skips listed twice count once; the disabled rule's repeated time makes the file invalid.
        let valid =
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30", "06:00"], "skip": ["2026-12-07", "2026-11-30", "2026-12-07"]}]}"#
        let compiled = try #require(Self.compiled(Array(valid.utf8)))
        Self.expectSamePlans(compiled.schedule, AlarmSchedule(try AlarmRuleSet(jsonData: Array(valid.utf8))), Array(valid.utf8))
        #expect(compiled.schedule.skips == [20_787, 20_794])   // 2026-11-30 and 2026-12-07: 20,454 days to 2026-01-01, plus 333 and 340
        #expect(compiled.schedule.times == [21_600, 27_000])   // 06:00 and 07:30 in seconds, sorted

        let invalid = #"{"version": 1, "rules": [{"id": "a", "enabled": false, "days": ["mon"], "times": ["07:30", "07:30"]}]}"#
        #expect(Self.compiled(Array(invalid.utf8)) == nil)
        #expect(throws: AlarmRulesError.self) { try AlarmRuleSet(jsonData: Array(invalid.utf8)) }
    }

    @Test("a book file's state is reported, so planning a book can take the full way")
    func reportsBookState() throws {
        let book = #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"]}], "skipNext": [], "x": 1}"#
        let compiled = try #require(Self.compiledFile(Array(book.utf8)))
        #expect(compiled.otherMembers.map(\.key) == ["skipNext", "x"])
        #expect(compiled.otherMembers.contains { AlarmBook.stateKeys.contains($0.key) })
    }

    /// A pretty file of `rules` (id, enabled) with a weekly rule each, as the library writes it.
    static func file(_ rules: [(id: String, isEnabled: Bool)]) -> [UInt8] {
        let elements = rules.map { rule in
            "    {\n      \"id\": \"\(rule.id)\",\n"
                + (rule.isEnabled ? "" : "      \"enabled\": false,\n")
                + "      \"days\": [\"mon\"],\n      \"times\": [\"07:30\"]\n    }"
        }
        return Array("{\n  \"version\": 1,\n  \"rules\": [\n\(elements.joined(separator: ",\n"))\n  ]\n}\n".utf8)
    }

    @Test(
        "a repeated id makes compiling from the bytes give up, whether the rules sharing it are enabled or not",
        arguments: [(true, true), (true, false), (false, true), (false, false)])
    func givesUpOnARepeatedID(first: Bool, second: Bool) throws {
        // Ids longer than eight bytes with one prefix, so that the sort compares them whole;
        // the twin is far from the first, in another piece when the file is cut.
        let others = (0..<40).map { (id: "wake-up-\($0)", isEnabled: $0 % 3 != 0) }
        let bytes = Self.file([("wake-up-07", first)] + others.filter { $0.id != "wake-up-07" } + [("wake-up-07", second)])
        #expect(throws: AlarmRulesError.self) { try AlarmRuleSet(jsonData: bytes) }
        #expect(Self.compiled(bytes) == nil)
        #expect(Self.compiled(bytes, split: DirectRuleReaderTests.smallPieces) == nil)
        // Without the twin the same file compiles, in one piece and in many.
        let distinct = Self.file([("wake-up-07", first)] + others.filter { $0.id != "wake-up-07" })
        let decoded = AlarmSchedule(try AlarmRuleSet(jsonData: distinct))
        Self.expectSamePlans(try #require(Self.compiled(distinct)).schedule, decoded, distinct)
        Self.expectSamePlans(
            try #require(Self.compiled(distinct, split: DirectRuleReaderTests.smallPieces)).schedule, decoded, distinct)
    }
}
