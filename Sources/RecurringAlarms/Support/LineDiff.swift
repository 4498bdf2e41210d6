/// The edits that turn one list of lines into another, by a longest common subsequence: the one
/// line diff of the package, behind `alarms check`'s case diffs and the testing kit's goldens.
///
/// Lines the two lists share at their start and end are matched first; what lies between is
/// matched by a longest common subsequence, and within each change every removal comes before
/// the additions. When that middle part would compare more than `maximumPairs` pairs, it is
/// given as all removed, then all added, so no input makes the diff quadratic without bound.
///
/// ```swift
/// LineDiff.edits(from: ["a", "b", "c"], to: ["a", "B", "c"])
/// // [.same(old: 0, new: 0), .removed(1), .added(1), .same(old: 2, new: 2)]
/// ```
package enum LineDiff {
    /// One step of the diff, by position in the old and the new list.
    package enum Edit: Equatable, Sendable {
        /// `old[old]` and `new[new]` are the same line.
        case same(old: Int, new: Int)
        /// `old[index]` is only in the old list.
        case removed(Int)
        /// `new[index]` is only in the new list.
        case added(Int)
    }

    /// How many pairs of lines the middle part may compare before the diff gives up matching it.
    package static let defaultMaximumPairs = 4_000_000

    /// The edits from `old` to `new`, in order: every line of each list appears once.
    ///
    /// - Complexity: O(*n* + *m*) when the lists differ only at their ends; O(*n*·*m*) time and
    ///   space in the lengths of the part between, at most `maximumPairs`.
    package static func edits<Line: Equatable>(
        from old: [Line], to new: [Line], maximumPairs: Int = defaultMaximumPairs
    ) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        var edits = (0..<prefix).map { Edit.same(old: $0, new: $0) }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        let pairs = oldMiddle.count.multipliedReportingOverflow(by: newMiddle.count)
        if pairs.overflow || pairs.partialValue > maximumPairs {
            edits += oldMiddle.map { .removed($0) } + newMiddle.map { .added($0) }
        } else {
            edits += middleEdits(old, oldMiddle, new, newMiddle)
        }
        edits += (0..<suffix).map { .same(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        return edits
    }

    /// The longest-common-subsequence edits of `old[oldRange]` against `new[newRange]`, read
    /// forwards, the additions of each change held back until its removals are written.
    private static func middleEdits<Line: Equatable>(
        _ old: [Line], _ oldRange: Range<Int>, _ new: [Line], _ newRange: Range<Int>
    ) -> [Edit] {
        let n = oldRange.count
        let m = newRange.count
        // common[i][j]: the longest common subsequence of the middle's old[i...] and new[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] =
                    old[oldRange.lowerBound + i] == new[newRange.lowerBound + j]
                    ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var added: [Edit] = []
        var (i, j) = (0, 0)
        while i < n || j < m {
            if i < n, j < m, old[oldRange.lowerBound + i] == new[newRange.lowerBound + j] {
                edits += added
                added = []
                edits.append(.same(old: oldRange.lowerBound + i, new: newRange.lowerBound + j))
                i += 1
                j += 1
            } else if i < n, j == m || common[i + 1][j] >= common[i][j + 1] {
                edits.append(.removed(oldRange.lowerBound + i))
                i += 1
            } else {
                added.append(.added(newRange.lowerBound + j))
                j += 1
            }
        }
        return edits + added
    }
}
