import Foundation

extension AlarmRuleSet {
    /// A rule found to have problems on its own, by its index.
    private struct RuleProblems: Sendable {
        let index: Int
        let problems: [ValidationProblem]
    }

    /// What checking one piece of the rules gave: each rule's id hash, in order, and the
    /// problems of the rules that have some.
    private struct CheckedPiece: Sendable {
        var hashes: [Int] = []
        var problems: [RuleProblems] = []
    }

    /// A rule whose id an earlier rule already holds.
    private struct Duplicate: Sendable {
        let index: Int
        let earlier: Int
    }

    /// ``validationProblems(of:)`` with the rules checked in parts on all cores: the same
    /// problems in the same order (each rule's own, then its id's reuse).
    ///
    /// Each part checks its rules and hashes their ids; then each of as many
    /// partitions of the id hashes finds the ids used before, in its own table; the lists are
    /// merged by rule index.
    ///
    /// - Complexity: O(n) in the total size of the rules, on all cores.
    static func validationProblems(of rules: [AlarmRule], split: CoreSplit) -> [ValidationProblem] {
        let parts = split.partCount(for: rules.count)
        guard parts > 1, rules.count > 1 else { return validationProblems(of: rules) }
        let checked = split.map(count: rules.count) { _, range in
            var piece = CheckedPiece()
            piece.hashes.reserveCapacity(range.count)
            for index in range {
                let found = rules[index].validationProblems(number: index + 1)
                if !found.isEmpty { piece.problems.append(RuleProblems(index: index, problems: found)) }
                // Equal ids hash equally (`Hashable`), so only equal hashes need comparing.
                piece.hashes.append(rules[index].id.hashValue)
            }
            return piece
        }
        var hashes: [Int] = []
        hashes.reserveCapacity(rules.count)
        for piece in checked { hashes.append(contentsOf: piece.hashes) }
        let duplicates = duplicateIDs(of: rules, hashes: hashes, partitions: parts)

        var problems: [ValidationProblem] = []
        var next = 0
        func reportDuplicates(before end: Int) {
            while next < duplicates.count && duplicates[next].index < end {
                let duplicate = duplicates[next]
                let id = rules[duplicate.index].id
                problems.append(
                    ValidationProblem(
                        ruleID: id, ruleNumber: duplicate.index + 1, field: "id", value: "\"\(id)\"",
                        message: "is already used by rule #\(duplicate.earlier + 1); ids must be unique"))
                next += 1
            }
        }
        for piece in checked {
            for rule in piece.problems {
                reportDuplicates(before: rule.index)
                problems += rule.problems
            }
        }
        reportDuplicates(before: .max)
        return problems
    }

    /// Every rule whose id an earlier rule holds, with the first rule that holds it, in index
    /// order. Partition `p` of `partitions` looks at the ids whose hash's high bits give `p`
    /// (``partition(of:among:)``), each in an open-addressing table of rule indices.
    private static func duplicateIDs(of rules: [AlarmRule], hashes: [Int], partitions: Int) -> [Duplicate] {
        let found = CoreSplit.concurrentMap(count: partitions) { partition in
            let parts = UInt(partitions)
            let mine = UInt(partition)
            var held = 0
            for hash in hashes where Self.partition(of: hash, among: parts) == mine { held += 1 }
            // At most half full, so probes stay short.
            var capacity = 16
            while capacity < 2 * held { capacity *= 2 }
            let mask = capacity - 1
            var table = [Int](repeating: -1, count: capacity)
            var duplicates: [Duplicate] = []
            for index in hashes.indices {
                guard Self.partition(of: hashes[index], among: parts) == mine else { continue }
                // The partition came from the high bits; the slot comes from the low ones.
                var slot = hashes[index] & mask
                while true {
                    let other = table[slot]
                    if other < 0 {
                        table[slot] = index
                        break
                    }
                    if hashes[other] == hashes[index] && rules[other].id == rules[index].id {
                        duplicates.append(Duplicate(index: index, earlier: other))
                        break
                    }
                    slot = (slot + 1) & mask
                }
            }
            return duplicates
        }
        guard found.contains(where: { !$0.isEmpty }) else { return [] }
        return found.joined().sorted { $0.index < $1.index }
    }

    /// The partition (`0 ..< count`) of an id hash: its high bits scaled by a multiplication,
    /// since every partition tests every hash and a division by a variable costs tens of cycles.
    @inline(__always)
    private static func partition(of hash: Int, among count: UInt) -> UInt {
        UInt(bitPattern: hash).multipliedFullWidth(by: count).high
    }
}

extension AlarmBook {
    /// ``validationProblems()`` with a book of many rules checked in pieces on all cores
    /// (as its file is written, ``CoreSplit/writing``): the same problems in
    /// the same order, sooner. A store checks a book with it before each save.
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
