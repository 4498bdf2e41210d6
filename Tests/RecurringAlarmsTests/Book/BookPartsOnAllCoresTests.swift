import Foundation
import RecurringAlarmsTesting
import Testing

@testable import RecurringAlarms

/// A book of many rules written and checked in pieces on all cores, against the one-thread
/// writer and checker: the same bytes and the same problems, in the same order.
@Suite("Rule pieces")
struct BookPartsOnAllCoresTests {
    /// A random book of `count` rules (valid or not, as `RuleFileWriterTests` draws them)
    /// with random runtime state.
    static func randomBook(count: Int, valid: Bool, seed: UInt64) throws -> AlarmBook {
        var rng = RuleGenerator(seed: seed)
        let rules = (0..<count).map { number in
            // `randomRule` gives a valid rule a time of `number` minutes, so numbers stay within a day.
            var rule = RuleFileWriterTests.randomRule(number: number % 1_440, valid: valid, using: &rng)
            if valid { rule.id = "r\(number)" }
            return rule
        }
        var book = try RuleFileWriterTests.randomState(ruleIDs: rules.map(\.id), using: &rng)
        book.rules = rules
        return book
    }

    /// The members after `rules`, as the book's tree holds them.
    static func stateMembers(_ book: AlarmBook) -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = book.json else { return [] }
        return Array(members.dropFirst(2))
    }

    @Test(
        "a large random book written in pieces equals the tree writer's bytes and the one-thread writer's",
        arguments: [(2, 0x9_1ECE_0001), (3, 0x9_1ECE_0002), (8, 0x9_1ECE_0003), (13, 0x9_1ECE_0004)] as [(Int, UInt64)])
    func piecesWriteTheSameBytes(pieces: Int, seed: UInt64) throws {
        let book = try Self.randomBook(count: 2_003, valid: seed % 2 == 0, seed: seed)
        let members = Self.stateMembers(book)
        let inPieces = RuleFileWriter.data(rules: book.rules, then: members, split: .exactly(pieces))
        // The reference is the tree writer, which knows nothing of pieces.
        #expect(inPieces == RuleFileWriterTests.referenceData(book))
        #expect(inPieces == RuleFileWriter.data(rules: book.rules, then: members, split: .exactly(1)))
    }

    @Test("more pieces than rules write the rule file of one rule, and of none", arguments: [0, 1, 2])
    func morePiecesThanRules(count: Int) throws {
        let rules = (0..<count).map { AlarmRule(id: "r\($0)", repeats: .weekly(days: .daily), times: [clock("07:30")]) }
        let written = RuleFileWriter.data(rules: rules, then: [], split: .exactly(4))
        // Written by hand from Docs/Formats.md's pretty form.
        let expected: [Int: String] = [
            0: "{\n  \"version\": 1,\n  \"rules\": []\n}\n",
            1: "{\n  \"version\": 1,\n  \"rules\": [\n    {\n      \"id\": \"r0\",\n"
                + "      \"days\": [\"sun\", \"mon\", \"tue\", \"wed\", \"thu\", \"fri\", \"sat\"],\n"
                + "      \"times\": [\"07:30\"]\n    }\n  ]\n}\n",
            2: "{\n  \"version\": 1,\n  \"rules\": [\n    {\n      \"id\": \"r0\",\n"
                + "      \"days\": [\"sun\", \"mon\", \"tue\", \"wed\", \"thu\", \"fri\", \"sat\"],\n"
                + "      \"times\": [\"07:30\"]\n    },\n    {\n      \"id\": \"r1\",\n"
                + "      \"days\": [\"sun\", \"mon\", \"tue\", \"wed\", \"thu\", \"fri\", \"sat\"],\n"
                + "      \"times\": [\"07:30\"]\n    }\n  ]\n}\n"
        ]
        #expect(String(decoding: written, as: UTF8.self) == expected[count])
    }

    @Test("a book with problems reports, checked in pieces, the problems one thread reports, in its order")
    func piecesReportTheSameProblems() throws {
        var book = try Self.randomBook(count: 3_001, valid: false, seed: 0x9_1ECE_0005)
        // Ids used again far apart and close together, so duplicates cross pieces.
        for (index, earlier) in [(2_999, 3), (1_500, 1_499), (40, 2_000), (41, 40)] {
            book.rules[index].id = book.rules[earlier].id
        }
        let expected = book.validationProblems()
        #expect(expected.contains { $0.field == "id" && $0.message.hasPrefix("is already used") })
        for pieces in [2, 3, 7, 16] {
            #expect(book.validationProblems(split: .exactly(pieces)) == expected)
        }
    }

    @Test("a small book's problems in pieces are listed by rule, each rule's own before its id's reuse")
    func smallBookProblemsInOrder() {
        let times = [clock("07:30")]
        let rules = [
            AlarmRule(id: "a", repeats: .weekly(days: .daily), times: times),
            AlarmRule(id: "b", repeats: .weekly(days: .daily), times: times),
            AlarmRule(id: "a", repeats: .weekly(days: .daily), times: []),
            AlarmRule(id: "c", repeats: .weekly(days: .daily), times: times),
            AlarmRule(id: "b", repeats: .weekly(days: .daily), times: times)
        ]
        // By hand: rule #3 has no times and reuses #1's id; rule #5 reuses #2's.
        let expected = [
            ValidationProblem(
                ruleID: "a", ruleNumber: 3, field: "times", value: "[]", message: "is empty; expected at least one time HH:MM or HH:MM:SS"),
            ValidationProblem(
                ruleID: "a", ruleNumber: 3, field: "id", value: "\"a\"", message: "is already used by rule #1; ids must be unique"),
            ValidationProblem(
                ruleID: "b", ruleNumber: 5, field: "id", value: "\"b\"", message: "is already used by rule #2; ids must be unique")
        ]
        for pieces in [1, 2, 3, 5, 9] {
            #expect(AlarmRuleSet.validationProblems(of: rules, split: .exactly(pieces)) == expected)
        }
    }

    @Test("small books take the one-thread path; large ones are cut into pieces of at least 4,096 rules")
    func pieceCounts() {
        #expect(CoreSplit.writing.partCount(for: 0) == 1)
        #expect(CoreSplit.writing.partCount(for: 8_191) == 1)
        // On one core everything is one piece; on more, 100,000 rules make at most 24 pieces
        // (100,000 / 4,096) and at most 4 per core.
        let large = CoreSplit.writing.partCount(for: 100_000)
        #expect(large == (CoreSplit.cores == 1 ? 1 : min(4 * CoreSplit.cores, 24)))
    }
}
