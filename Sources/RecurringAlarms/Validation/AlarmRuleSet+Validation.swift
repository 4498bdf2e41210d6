import Foundation

extension AlarmRuleSet {
    /// Every problem in `rules`, including ids used more than once: each rule's own problems
    /// (``AlarmRule/validationProblems(number:)``), then, for a rule whose id an earlier rule
    /// holds, that one.
    ///
    /// - Complexity: O(n) in the total size of the rules.
    public static func validationProblems(of rules: [AlarmRule]) -> [ValidationProblem] {
        validationProblems(of: rules, split: .one)
    }

    /// ``validationProblems(of:)`` with the rules checked in parts as `split` cuts them, on
    /// all cores for many rules: the same problems in the same order.
    ///
    /// Each part checks its rules and makes their id keys; the keys, joined in order, give the
    /// repeated ids (``RuleIDOrder/repeats(sorting:id:)``), which are merged with the rules'
    /// own problems by rule index.
    ///
    /// - Complexity: O(n) in the total size of the rules, on all cores.
    static func validationProblems(of rules: [AlarmRule], split: CoreSplit) -> [ValidationProblem] {
        let parts = split.map(count: rules.count) { _, range in
            var part = CheckedPart()
            part.keys.reserveCapacity(range.count)
            for index in range {
                let found = rules[index].validationProblems(number: index + 1)
                if !found.isEmpty { part.problems.append((index, found)) }
                part.keys.append(
                    RuleIDOrder.Key(prefix: RuleIDOrder.prefix(ofUTF8: comparable(rules[index].id)), position: index, isEnabled: true))
            }
            return part
        }
        var keys = parts.count == 1 ? parts[0].keys : parts.flatMap(\.keys)
        let repeats = RuleIDOrder.repeats(sorting: &keys) { comparable(rules[$0].id) }

        var problems: [ValidationProblem] = []
        var next = 0
        func reportRepeats(before end: Int) {
            while next < repeats.count && repeats[next].position < end {
                let found = repeats[next]
                problems.append(.repeatedID(rules[found.position].id, number: found.position + 1, earlier: found.earlier + 1))
                next += 1
            }
        }
        for part in parts {
            for rule in part.problems {
                reportRepeats(before: rule.index)
                problems += rule.problems
            }
        }
        reportRepeats(before: .max)
        return problems
    }

    /// The form of `id` that ids are told apart by: the id itself when it is ASCII (every valid
    /// one is), else its composed form, so that ids compare as Swift strings do, by canonical
    /// equivalence, even when they are invalid.
    private static func comparable(_ id: String) -> String {
        id.utf8.allSatisfy { $0 < 0x80 } ? id : id.precomposedStringWithCanonicalMapping
    }

    /// What checking one part of the rules gave: the problems of the rules that have some, by
    /// index, and each rule's id key, in order.
    private struct CheckedPart: Sendable {
        var problems: [(index: Int, problems: [ValidationProblem])] = []
        var keys: [RuleIDOrder.Key] = []
    }
}

extension AlarmBook {
    /// ``validationProblems()`` with a book of many rules checked in parts on all cores (as its
    /// file is written, ``CoreSplit/writing``): the same problems in the same order, sooner. A
    /// store checks a book with it before each save.
    ///
    /// ```swift
    /// AlarmBook(rules: [wake, wake]).validationProblemsOnAllCores() == AlarmBook(rules: [wake, wake]).validationProblems()
    /// ```
    /// - Complexity: O(n) in the total size of the book.
    package func validationProblemsOnAllCores() -> [ValidationProblem] {
        validationProblems(split: .writing)
    }

    /// ``validationProblems()`` with the rules checked in parts as `split` cuts them.
    func validationProblems(split: CoreSplit) -> [ValidationProblem] {
        var problems = AlarmRuleSet.validationProblems(of: rules, split: split)
        var state = BookStateChecker()
        state.check(self)
        problems += state.problems
        return problems
    }
}
