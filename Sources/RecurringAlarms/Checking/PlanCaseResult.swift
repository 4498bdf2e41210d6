import Foundation

/// The outcome of one case: what it expects, what was planned, and the line diff between them.
///
/// ```swift
/// let result = PlanCaseResult(planCase: planCase, actual: try planCase.plan(file.book))
/// result.passed          // false
/// print(result.diffLines.map(\.text).joined(separator: "\n"))
/// //   … (3 unchanged)
/// // - 2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00
/// // + 2026-12-02T07:45:00+01:00 wake@2026-12-02T07:45:00
/// //   … (9 unchanged)
/// ```
package struct PlanCaseResult: Sendable, Hashable {
    /// The case as read.
    package let planCase: PlanCase
    /// What the plan holds.
    package let actual: PlanCase.Requests

    /// Creates the result of `planCase` given what was planned.
    package init(planCase: PlanCase, actual: PlanCase.Requests) {
        self.planCase = planCase
        self.actual = actual
    }

    /// Whether the case has expected requests and the plan holds exactly them, in order:
    /// slots by id, fires by id and instant (the offset a fire is written with does not count).
    package var passed: Bool {
        guard let expected = planCase.expected else { return false }
        return Self.entries(expected).map(\.key) == Self.entries(actual).map(\.key)
    }

    /// Whether the case has no expected requests recorded.
    package var isUnrecorded: Bool { planCase.expected == nil }

    /// One line of a diff.
    package enum DiffLine: Sendable, Hashable {
        /// Expected, not planned (`- `).
        case removed(String)
        /// Planned, not expected (`+ `).
        case added(String)
        /// A run of lines that agree (`  … (N unchanged)`).
        case unchanged(Int)

        /// The line as printed: `- …`, `+ …` or `  … (N unchanged)`.
        package var text: String {
            switch self {
            case .removed(let line): "- " + line
            case .added(let line): "+ " + line
            case .unchanged(let count): "  … (\(count) unchanged)"
            }
        }
    }

    /// The line diff from the expected requests to the planned ones (every planned line added
    /// when none are recorded); empty when the case passed. Slots come first as
    /// `repeating ID`, then fires as `INSTANT ID`; runs of equal lines are collapsed.
    ///
    /// - Complexity: that of the package's one line diff: O(n + m) when the two
    ///   differ only at their ends; O(n × m) for the part in between, and O(n + m) (all removed,
    ///   then all added) when that part holds more than 4 million pairs.
    package var diffLines: [DiffLine] {
        let old = planCase.expected.map(Self.entries) ?? []
        let new = Self.entries(actual)
        if planCase.expected != nil, old.map(\.key) == new.map(\.key) { return [] }
        var lines: [DiffLine] = []
        for edit in LineDiff.edits(from: old.map(\.key), to: new.map(\.key)) {
            switch edit {
            case .same:
                if case .unchanged(let earlier)? = lines.last {
                    lines[lines.count - 1] = .unchanged(earlier + 1)
                } else {
                    lines.append(.unchanged(1))
                }
            case .removed(let index): lines.append(.removed(old[index].line))
            case .added(let index): lines.append(.added(new[index].line))
            }
        }
        return lines
    }

    /// How many lines the diff removes and adds.
    package var changeCounts: (removed: Int, added: Int) {
        diffLines.reduce(into: (0, 0)) { counts, line in
            switch line {
            case .removed: counts.0 += 1
            case .added: counts.1 += 1
            case .unchanged: break
            }
        }
    }

    /// A diff line's text and what it is compared by.
    struct Entry {
        enum Key: Hashable {
            case slot(String)
            case fire(String, Date)
        }
        let key: Key
        let line: String
    }

    static func entries(_ requests: PlanCase.Requests) -> [Entry] {
        requests.repeating.map { Entry(key: .slot($0), line: "repeating " + $0) }
            + requests.fires.map { Entry(key: .fire($0.id, $0.instant), line: $0.line) }
    }
}
