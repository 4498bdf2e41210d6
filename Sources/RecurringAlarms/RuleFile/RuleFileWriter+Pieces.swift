import Foundation

/// How many contiguous pieces the rules of a book are cut into, to be written or checked on
/// their own threads, as loading reads a large file in pieces on all cores.
///
/// Each piece's result is its own (a byte buffer, a list of problems), and results are joined
/// in piece order, so the outcome is exactly that of one pass over all rules.
///
/// ```swift
/// RulePieces.forWriting(ruleCount: 100).count       // 1: small books take the simple path
/// RulePieces.forWriting(ruleCount: 100_000).count   // 8 on two cores
/// ```
struct RulePieces: Sendable {
    /// The number of pieces, at least 1.
    let count: Int

    init(count: Int) { self.count = max(count, 1) }

    /// Below this many rules one thread is faster: writing a rule takes about 0.3 µs, and waking
    /// another thread and joining the buffers costs some tens of microseconds.
    static let minimumRules = 8_192
    /// No piece holds fewer rules than this.
    static let minimumPieceRules = 4_096

    /// One piece below ``minimumRules`` or on one core; otherwise a few pieces per core (as
    /// ``RuleChunks/chunksPerCore``), so a core slowed by other work hands pieces to the other.
    static func forWriting(ruleCount: Int) -> RulePieces {
        guard RuleChunks.cores > 1, ruleCount >= minimumRules else { return RulePieces(count: 1) }
        return RulePieces(count: min(RuleChunks.cores * RuleChunks.chunksPerCore, ruleCount / minimumPieceRules))
    }

    /// The rules of piece `piece` of `0 ..< ruleCount`; the pieces' sizes differ by at most one.
    func range(_ piece: Int, ruleCount: Int) -> Range<Int> {
        RuleChunks.range(piece, of: count, ruleCount: ruleCount)
    }

    /// `body` applied to each piece (its number and its rules), run concurrently, results in
    /// piece order. A piece may be empty when there are fewer rules than pieces.
    func map<Result: Sendable>(ruleCount: Int, _ body: @Sendable (_ piece: Int, _ rules: Range<Int>) -> Result) -> [Result] {
        guard count > 1 else { return [body(0, 0..<ruleCount)] }
        let count = count
        return RuleChunks.concurrentMap(count: count) { piece in
            body(piece, RuleChunks.range(piece, of: count, ruleCount: ruleCount))
        }
    }
}

extension RuleFileWriter {
    /// The pretty file of ``data(rules:then:pieces:)`` with its `rules` array written in
    /// `pieces` on all cores: each piece writes its elements (and the first one the file's
    /// head and the array's `[`) into its own buffer, which are joined in order, then the members after `rules`.
    ///
    /// The first piece's buffer is sized for the whole file, so joining copies only the
    /// other pieces, into room already reserved.
    ///
    /// - Complexity: O(n) in the size of the output, on all cores.
    static func dataInPieces(
        rules: [AlarmRule], then members: [(key: String, value: JSONValue)], pieces: RulePieces
    ) -> Data {
        var written = pieces.map(ruleCount: rules.count) { piece, range in
            var writer = RuleFileWriter(pretty: true, rules: piece == 0 ? rules.count : range.count)
            if piece == 0 {
                writer.writeHead()
                writer.writeRulesStart()
            }
            writer.writeElements(rules, range, indent: 1)
            return writer.takeBytes()
        }
        var writer = RuleFileWriter(pretty: true, continuing: &written[0])
        for piece in written.indices.dropFirst() {
            writer.append(written: written[piece])
            written[piece] = []
        }
        writer.writeRulesEnd(indent: 1)
        writer.writeTailAndNewline(members)
        return Data(writer.takeBytes())
    }
}
