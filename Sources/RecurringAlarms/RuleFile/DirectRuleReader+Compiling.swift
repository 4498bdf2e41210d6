import Foundation

/// A valid rule file read straight into compiled entries: each rule's fields become one
/// ``CompiledRule`` and its times and skipped days are appended to flat arrays, with no
/// ``AlarmRule``, no `String` (ids and labels stay where they are in the bytes) and no array
/// per rule. ``compileFile(_:split:)`` joins the entries and sorts them by id into a schedule.
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

    /// A valid rule file compiled from its bytes.
    struct CompiledFile {
        /// The enabled rules compiled, in id order.
        var schedule: AlarmSchedule.Parts
        /// Every rule of the file, disabled ones too.
        var ruleCount: Int
        /// Where compiled rule `i`'s label starts in the bytes (its opening quote), -1 for
        /// none; empty when no rule has a label.
        var labelStarts: [Int]
        /// The file's top-level members other than `version` and `rules`, in file order (an
        /// alarm book's state is among them).
        var otherMembers: [(key: String, value: JSONValue)]
    }

    /// A valid rule file (or book file) compiled straight from its bytes, its rules array read
    /// in pieces as `split` cuts it, or `nil` when the full reader must read it (invalid, or
    /// valid but unusual).
    ///
    /// - Complexity: O(n) in the number of bytes, on all cores for a large file, plus a radix
    ///   sort of the ids as ``AlarmSchedule/init(_:)`` sorts them.
    static func compileFile(_ bytes: UnsafeBufferPointer<UInt8>, split: CoreSplit = .reading) -> CompiledFile? {
        var reader = DirectRuleReader(bytes: bytes)
        guard
            case (var pieces, let otherMembers)? = try? reader.readFile(
                split: split, rules: { reader, split throws(GiveUp) in try reader.compileRules(split: split) }),
            let (schedule, ruleCount, labelStarts) = join(&pieces)
        else { return nil }
        return CompiledFile(schedule: schedule, ruleCount: ruleCount, labelStarts: labelStarts, otherMembers: otherMembers)
    }

    /// The pieces joined into one schedule's parts, the rules in id order (the pieces are left
    /// empty); `nil` when two rules share an id, enabled or not (the reader does not check: here
    /// a repeated id sits next to its twin once sorted), or when an entry's ranges do not lie
    /// inside what was joined (``AlarmSchedule/Parts/hasValidRanges``).
    ///
    /// The pieces' entries, ids and label starts are appended in file order, each piece freed
    /// once copied (one piece's are moved), and ``AlarmSchedule/join(_:entries:)`` lays their
    /// times, skips and zones out as a compile's chunks. The ids are then sorted as compiling
    /// a rule set sorts them (``RuleIDOrder``), and the entries, the ids and the label starts
    /// put in id order in place (``PermutationCycles``), after the sort's keys are freed for
    /// the positions alone (a quarter of their size): so no element exists twice at once but
    /// while its piece is appended, and no piece is retained per rule.
    private static func join(
        _ pieces: inout [Piece<CompiledPiece>]
    ) -> (schedule: AlarmSchedule.Parts, ruleCount: Int, labelStarts: [Int])? {
        let ruleCount = pieces.reduce(0) { $0 + $1.output.ruleCount }
        let count = pieces.reduce(0) { $0 + $1.output.entries.count }
        guard count <= Int(UInt32.max) else { return nil }
        let hasLabels = pieces.contains(where: \.output.hasLabels)
        var entries: [CompiledRule] = []
        var ids: [String] = []
        var labelStarts: [Int] = []
        var disabledIDs: [String] = []
        var parts: [AlarmSchedule.CompiledPart] = []
        for number in pieces.indices {
            // Moved out, so that its storage is freed at the end of this iteration.
            var piece = CompiledPiece(reservingFor: 0)
            swap(&piece, &pieces[number].output)
            let range = entries.count..<(entries.count + piece.entries.count)
            if pieces.count == 1 {
                swap(&entries, &piece.entries)
                swap(&ids, &piece.ids)
                swap(&labelStarts, &piece.labelStarts)
            } else {
                if number == 0 {
                    entries.reserveCapacity(count)
                    ids.reserveCapacity(count)
                    if hasLabels { labelStarts.reserveCapacity(count) }
                }
                entries.append(contentsOf: piece.entries)
                ids.append(contentsOf: piece.ids)
                if hasLabels {
                    if piece.hasLabels {
                        labelStarts.append(contentsOf: piece.labelStarts)
                    } else {
                        labelStarts.append(contentsOf: repeatElement(-1, count: piece.entries.count))
                    }
                }
            }
            disabledIDs.append(contentsOf: piece.disabledIDs)
            parts.append(AlarmSchedule.CompiledPart(range: range, times: piece.times, skips: piece.skips, zones: pieces[number].zones))
        }
        let (times, skips, zones) = AlarmSchedule.join(parts, entries: &entries)
        parts = []

        // A disabled rule is not compiled, but its id is taken all the same: its keys follow.
        func id(_ position: Int) -> String { position < count ? ids[position] : disabledIDs[position - count] }
        var keys = RuleIDOrder.keys(count: count + disabledIDs.count, id: id, isEnabled: { $0 < count })
        let repeats = RuleIDOrder.repeats(sorting: &keys, id: id)
        guard repeats.isEmpty else { return nil }
        disabledIDs = []
        keys.removeAll { !$0.isEnabled }
        // In place rather than gathered into new arrays, because the join is when reading a
        // large file needs the most memory, and a second copy of the entries is a fifth of it.
        let cycles = PermutationCycles(order: keys.map { UInt32(truncatingIfNeeded: $0.position) })
        keys = []
        cycles.apply(to: &entries)
        cycles.apply(to: &ids)
        if hasLabels { cycles.apply(to: &labelStarts) }
        let schedule = AlarmSchedule.Parts(ruleIDs: ids, rules: entries, times: times, skips: skips, zones: zones)
        // The entries' ranges were moved by each piece's bases: checked before any plan indexes
        // with them, so a wrong one gives up (the full reader answers) instead of trapping.
        guard schedule.hasValidRanges, !hasLabels || labelStarts.count == entries.count else { return nil }
        return (schedule, ruleCount, labelStarts)
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
            return [Piece(output: piece, zones: zones)]
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
