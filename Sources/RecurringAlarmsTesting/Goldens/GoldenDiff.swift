import RecurringAlarms

/// A line diff of a golden against the actual text, written in the swift-snapshot-testing style.
///
/// Each hunk starts with `@@ -a,b +c,d @@` (the golden's lines `a` and on, `b` of them; the
/// actual text's `c` and on, `d` of them), then its lines: `−` (U+2212) before a line only the
/// golden has, `+` before a line only the actual text has, a space before an unchanged line.
/// Up to ``context`` unchanged lines stand on each side of a change; longer unchanged runs
/// between, before and after the hunks read `… (N unchanged)`.
///
/// ```swift
/// GoldenDiff.text(golden: "a\nb\nc", actual: "a\nB\nc")
/// // @@ -1,3 +1,3 @@
/// //  a
/// // −b
/// // +B
/// //  c
/// ```
package enum GoldenDiff {
    /// Unchanged lines shown on each side of a change.
    package static let context = 2

    enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The edits turning `golden` into `actual`: the package's one line diff.
    ///
    /// - Complexity: O(*n*·*m*) time and space in the two line counts at most.
    static func edits(_ golden: [String], _ actual: [String]) -> [Edit] {
        LineDiff.edits(from: golden, to: actual).map { edit in
            switch edit {
            case .same(let old, _): .same(golden[old])
            case .removed(let index): .removed(golden[index])
            case .added(let index): .added(actual[index])
            }
        }
    }

    /// The diff of `golden` against `actual` as text, or `nil` when their lines are equal.
    ///
    /// - Complexity: O(*n*·*m*) in the two line counts.
    package static func text(golden: String, actual: String) -> String? {
        let edits = edits(lines(golden), lines(actual))
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        guard let first = changed.first else { return nil }

        // Hunks: ranges of edits, each change padded by `context` unchanged lines, merged when
        // they touch.
        var hunks: [Range<Int>] = []
        var start = max(first - context, 0)
        var end = min(first + context + 1, edits.count)
        for index in changed.dropFirst() {
            if index - context <= end {
                end = min(index + context + 1, edits.count)
            } else {
                hunks.append(start..<end)
                start = index - context
                end = min(index + context + 1, edits.count)
            }
        }
        hunks.append(start..<end)

        // Line numbers before each edit, in the golden and in the actual text.
        var goldenLine = [Int](repeating: 0, count: edits.count + 1)
        var actualLine = [Int](repeating: 0, count: edits.count + 1)
        for (index, edit) in edits.enumerated() {
            goldenLine[index + 1] = goldenLine[index] + (edit.inGolden ? 1 : 0)
            actualLine[index + 1] = actualLine[index] + (edit.inActual ? 1 : 0)
        }

        var output: [String] = []
        var shown = 0
        for hunk in hunks {
            if hunk.lowerBound > shown { output.append("… (\(hunk.lowerBound - shown) unchanged)") }
            let goldenCount = goldenLine[hunk.upperBound] - goldenLine[hunk.lowerBound]
            let actualCount = actualLine[hunk.upperBound] - actualLine[hunk.lowerBound]
            // As in unified diffs, an empty side names the line before it.
            let goldenStart = goldenLine[hunk.lowerBound] + (goldenCount == 0 ? 0 : 1)
            let actualStart = actualLine[hunk.lowerBound] + (actualCount == 0 ? 0 : 1)
            output.append("@@ -\(goldenStart),\(goldenCount) +\(actualStart),\(actualCount) @@")
            for edit in edits[hunk] {
                switch edit {
                case .same(let line): output.append(" " + line)
                case .removed(let line): output.append("−" + line)
                case .added(let line): output.append("+" + line)
                }
            }
            shown = hunk.upperBound
        }
        if edits.count > shown { output.append("… (\(edits.count - shown) unchanged)") }
        return output.joined(separator: "\n")
    }

    /// `text` split at `"\n"`; the empty text has no lines.
    static func lines(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

extension GoldenDiff.Edit {
    var inGolden: Bool { if case .added = self { false } else { true } }

    var inActual: Bool { if case .removed = self { false } else { true } }
}
