import Foundation

/// A large rules array read in pieces, one per core: where the array is cut, and how the
/// pieces read on their own threads are joined into the rules of one reading from the start.
extension DirectRuleReader {
    /// Guessed starts of the pieces after the first, which starts at `first`, in increasing
    /// order: as many pieces as `split` cuts the bytes from `first` on into.
    ///
    /// The cuts are guesses made without parsing: a line starting with `{` after a line ending
    /// in `},`, as the library writes a pretty file. A guess is only trusted when the piece
    /// before it, read from a trusted start, stops exactly there after a comma: then it is the
    /// start of the array's next element, whatever the bytes around it are. The first piece
    /// starts where the array's first element does; a piece that runs past its cut (a wrong
    /// guess) reads on to the end of the array, and the pieces after it are dropped. So the
    /// rules are those of one reading from the start, only sooner.
    static func pieceStarts(in bytes: UnsafeBufferPointer<UInt8>, after first: Int, split: CoreSplit) -> [Int] {
        let length = bytes.count - first
        let count = split.partCount(for: length)
        guard count > 1 else { return [] }
        // Each guess looks on for half the smallest piece at most.
        let within = max(split.minimumPartCount / 2, 1024)
        var starts: [Int] = []
        for piece in 1..<count {
            let from = max(first + CoreSplit.range(piece, of: count, count: length).lowerBound, (starts.last ?? first) + 1)
            if let start = elementStart(in: bytes, from: from, within: within) {
                starts.append(start)
            }
        }
        return starts
    }

    /// The first `{` at or after `from` (looking at most `within` bytes on) that starts a
    /// line, after spaces or tabs, whose line before ends in `},` and spaces or tabs.
    private static func elementStart(in bytes: UnsafeBufferPointer<UInt8>, from: Int, within: Int) -> Int? {
        let limit = min(bytes.count, from + within)
        var newline = from
        while newline < limit {
            guard bytes[newline] == UInt8(ascii: "\n") else {
                newline += 1
                continue
            }
            var before = newline - 1
            while before >= 0 && (bytes[before] == 0x20 || bytes[before] == 0x09 || bytes[before] == 0x0D) { before -= 1 }
            var after = newline + 1
            while after < bytes.count && (bytes[after] == 0x20 || bytes[after] == 0x09) { after += 1 }
            if before >= 1 && bytes[before] == UInt8(ascii: ",") && bytes[before - 1] == UInt8(ascii: "}")
                && after < bytes.count && bytes[after] == UInt8(ascii: "{")
            {
                return after
            }
            newline += 1
        }
        return nil
    }

    /// What reading one piece gave: `output` (its rules, or their compiled entries) and the
    /// zones its reader met, numbered from 1 in that order.
    struct Piece<Output: Sendable>: Sendable {
        var output: Output
        var zones: [TimeZone] = []
        /// The reader's ``idKeys`` (positions from 0 in this piece) and ``idRanges``.
        var idKeys: [RuleIDOrder.Key] = []
        var idRanges: [Range<Int>] = []
        /// Where the cursor was left: at the next piece's start, or past the array's `]`.
        var end = 0
        var reachedNextStart = false
    }

    /// The rules array read in pieces from `starts` (the first trusted, the others guesses) on
    /// all cores, then joined as ``pieceStarts(in:after:split:)`` says; the cursor is left past the array.
    mutating func readRules(inPiecesFrom starts: [Int]) throws(GiveUp) -> [AlarmRule] {
        var pieces = try readPieces(from: starts) { reader, stop, bytes throws(GiveUp) in
            var rules: [AlarmRule] = []
            rules.reserveCapacity(bytes / Self.fewestBytesPerRule)
            let reachedNextStart = try reader.readElements(into: &rules, stoppingAt: stop)
            return (rules, reachedNextStart)
        }
        // The first piece's array is moved out to become the result (a copy would retain every
        // rule's strings and arrays, and the appends below would copy it again); the others
        // are appended.
        var rules: [AlarmRule] = []
        swap(&rules, &pieces[0].output)
        for piece in pieces.dropFirst() { rules.append(contentsOf: piece.output) }
        return rules
    }

    /// The pieces from `starts`, each read by `read` (given a reader at the piece's start, where
    /// the next piece starts and the piece's length in bytes) on its own thread: the ones that
    /// make one reading from the start (``pieceStarts(in:after:split:)``); the cursor is left
    /// past the array.
    mutating func readPieces<Output: Sendable>(
        from starts: [Int], _ read: @Sendable (inout DirectRuleReader, Int, Int) throws(GiveUp) -> (Output, Bool)
    ) throws(GiveUp) -> [Piece<Output>] {
        // Read only, and lent by the caller's `withContiguousStorageIfAvailable` for the whole
        // pass: `concurrentMap` returns after every piece is read.
        let shared = SharedSlots(readOnly: bytes)
        var pieces = CoreSplit.concurrentMap(count: starts.count) { number -> Piece<Output>? in
            let stop = number + 1 < starts.count ? starts[number + 1] : .max
            var reader = DirectRuleReader(bytes: shared.reading)
            reader.parser.index = starts[number]
            do throws(GiveUp) {
                let (output, reachedNextStart) = try read(&reader, stop, min(stop, shared.reading.count) - starts[number])
                return Piece(
                    output: output, zones: reader.zones, idKeys: reader.idKeys, idRanges: reader.idRanges, end: reader.parser.index,
                    reachedNextStart: reachedNextStart)
            } catch {
                return nil
            }
        }
        // The first piece starts at a trusted start; each one that reached the next start makes
        // that one trusted too.
        // Each piece is moved out of `pieces` as it is used, and its ids into ``idKeys`` and
        // ``idRanges``, so no copy of them stays behind.
        var used: [Piece<Output>] = []
        for number in pieces.indices {
            guard var piece = pieces[number].take() else { throw GiveUp() }
            let base = idRanges.count
            if base == 0 {
                // The first piece's positions are the file's: its keys are taken as they are.
                swap(&idKeys, &piece.idKeys)
            } else {
                idKeys.reserveCapacity(idKeys.count + piece.idKeys.count)
                for key in piece.idKeys {
                    idKeys.append(RuleIDOrder.Key(prefix: key.prefix, position: key.position + base, isEnabled: true))
                }
            }
            idRanges.append(contentsOf: piece.idRanges)
            piece.idKeys = []
            piece.idRanges = []
            parser.index = piece.end
            let reachedNextStart = piece.reachedNextStart
            used.append(piece)
            if !reachedNextStart { break }
        }
        return used
    }
}
