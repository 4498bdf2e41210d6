/// "Did you mean" hints: the closest candidate by edit distance, if it is close enough.
public enum Suggestion {
    /// The candidate nearest to `word` (Levenshtein distance, ties to the first), or `nil`
    /// when none is within a third of the word's length (at least 1, at most 3 edits).
    ///
    /// ```swift
    /// Suggestion.closest(to: "tiemZone", among: ["timeZone", "times"])  // "timeZone"
    /// Suggestion.closest(to: "zzz", among: ["timeZone"])                // nil
    /// ```
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = min(3, max(1, word.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(word.lowercased()), Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
