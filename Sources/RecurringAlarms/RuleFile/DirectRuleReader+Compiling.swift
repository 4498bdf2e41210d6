import Foundation

/// A valid rule file read straight into compiled entries: each rule's fields become one
/// ``CompiledRule`` and its times and skipped days are appended to flat arrays, with no
/// ``AlarmRule``, no `String` (ids and labels stay where they are in the bytes) and no array
/// per rule. ``RuleFileSchedule`` sorts the entries by id into an ``AlarmSchedule``.
extension DirectRuleReader {
    /// The compiled entries of the enabled rules of one piece of the rules array, in file order.
    struct CompiledPiece: Sendable, ListSink {
        /// Zone indices are the piece reader's zone numbers (1 for its first zone, 0 floating);
        /// time and skip starts index this piece's `times` and `skips`.
        var entries: [CompiledRule] = []
        /// Each entry's id, made while its bytes are at hand (ids of up to 15 bytes are stored
        /// inline), so that sorting the entries by id never goes back to the file.
        var ids: [String] = []
        /// Where each entry's label starts in the bytes (its opening quote), -1 for none; empty
        /// while no rule of the piece has a label.
        var labelStarts: [Int] = []
        /// Whether a rule of the piece has a label (then `labelStarts` has an element per entry).
        var hasLabels = false
        var times: [Int32] = []
        var skips: [Int32] = []
        /// Every rule read, disabled ones too.
        var ruleCount = 0
        /// The ids of the disabled rules, which are not compiled but whose ids are taken.
        var disabledIDs: [String] = []
        /// Where a disabled rule's times are sorted to check them (it is not compiled).
        private var checkedTimes: [Int32] = []
        /// The times and skipped dates of the rule being read, until ``append(_:in:)``
        /// compiles it; their buffers are kept for the next rule.
        private var pendingTimes: [TimeOfDay] = []
        private var pendingSkips: [LocalDate] = []

        init(reservingFor bytes: Int) {
            let rules = bytes / DirectRuleReader.fewestBytesPerRule
            entries.reserveCapacity(rules)
            ids.reserveCapacity(rules)
            times.reserveCapacity(rules * 2)
        }

        mutating func addTime(_ time: TimeOfDay) { pendingTimes.append(time) }
        mutating func addSkippedDate(_ date: LocalDate) { pendingSkips.append(date) }

        /// Compiles the rule just read: `element`, whose id's bytes are in `bytes`, and the
        /// times and skipped dates added since the last rule. Gives up on an invalid
        /// recurrence or repeated times, which validation rejects.
        mutating func append(_ element: RuleElement<ByteText>, in bytes: UnsafeBufferPointer<UInt8>) throws(GiveUp) {
            defer {
                pendingTimes.removeAll(keepingCapacity: true)
                pendingSkips.removeAll(keepingCapacity: true)
            }
            guard let repeats = element.validRecurrence, let id = element.id else { throw GiveUp() }
            let idBytes = UnsafeBufferPointer(rebasing: bytes[id.range])
            ruleCount += 1
            guard element.isEnabled else {
                disabledIDs.append(String(decoding: idBytes, as: UTF8.self))
                checkedTimes.removeAll(keepingCapacity: true)
                guard AlarmSchedule.appendSortedUnique(pendingTimes, to: &checkedTimes) else { throw GiveUp() }
                return
            }
            let (entry, timesDistinct) = CompiledRule.compile(
                repeats: repeats, gapPolicy: element.gap, overlapPolicy: element.overlap, zoneIndex: UInt16(element.zoneNumber),
                times: pendingTimes, skippedDates: pendingSkips, appendingTo: &times, &skips)
            guard timesDistinct else { throw GiveUp() }
            entries.append(entry)
            ids.append(String(decoding: idBytes, as: UTF8.self))
            // The label's opening quote, which ``JSONParser/string(at:in:)`` decodes from.
            let labelStart = element.label.map { $0.range.lowerBound - 1 } ?? -1
            if labelStart >= 0 && !hasLabels {
                hasLabels = true
                labelStarts = Array(repeating: -1, count: entries.count - 1)
            }
            if hasLabels { labelStarts.append(labelStart) }
        }
    }

    /// The compiled pieces of a valid rule file (one piece for a small file) and its other
    /// top-level members, or `nil` when the full reader must read it. Ids are not checked
    /// for repeats: the caller sorts them, and finds a repeat next to its twin.
    ///
    /// - Complexity: O(n) in the number of bytes, on all cores for a large file.
    static func compile(
        _ bytes: UnsafeBufferPointer<UInt8>, split: CoreSplit = .reading
    ) -> (pieces: [Piece<CompiledPiece>], otherMembers: [(key: String, value: JSONValue)])? {
        var reader = DirectRuleReader(bytes: bytes)
        return try? reader.readFile(
            split: split, rules: { reader, split throws(GiveUp) in try reader.compileRules(split: split) })
    }

    private mutating func compileRules(split: CoreSplit) throws(GiveUp) -> [Piece<CompiledPiece>] {
        guard bytes.count > parser.index, bytes[parser.index] == UInt8(ascii: "[") else { throw GiveUp() }
        parser.index += 1
        parser.skipWhitespace()
        if parser.index < bytes.count && bytes[parser.index] == UInt8(ascii: "]") {
            parser.index += 1
            return [Piece(output: CompiledPiece(reservingFor: 0))]
        }
        let starts = [parser.index] + Self.pieceStarts(in: bytes, after: parser.index, split: split)
        guard starts.count > 1 else {
            var piece = CompiledPiece(reservingFor: bytes.count - parser.index)
            _ = try readElements(into: &piece, stoppingAt: .max)
            return [Piece(output: piece, zones: zones.map(\.zone))]
        }
        return try readPieces(from: starts) { reader, stop, bytes throws(GiveUp) in
            var piece = CompiledPiece(reservingFor: bytes)
            let reachedNextStart = try reader.readElements(into: &piece, stoppingAt: stop)
            return (piece, reachedNextStart)
        }
    }

    /// As ``readElements(into:stoppingAt:)`` for rules, compiling each rule into `piece`.
    mutating func readElements(into piece: inout CompiledPiece, stoppingAt stop: Int) throws(GiveUp) -> Bool {
        repeat {
            parser.skipWhitespace()
            if parser.index == stop { return true }
            let element = try readElement(lists: &piece)
            try piece.append(element, in: bytes)
        } while try nextMember(closing: UInt8(ascii: "]"))
        return false
    }
}
