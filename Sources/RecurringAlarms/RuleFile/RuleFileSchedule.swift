import Foundation

/// A valid rule file (or book file) compiled straight from its bytes into the schedule the
/// planner works on, for callers that only plan: no ``AlarmRule`` is built.
///
/// The schedule plans exactly what `AlarmSchedule(AlarmRuleSet(jsonData: bytes))` plans; a
/// file this cannot compile (invalid, or valid but unusual: see ``DirectRuleReader``) gives
/// `nil`, and the caller reads it the full way, which reports every problem with its line
/// and column. Labels are not decoded; ``labels(ofRules:in:)`` decodes the few a caller shows.
///
/// ```swift
/// if let compiled = RuleFileSchedule(compiling: data) {
///     let plan = compiled.schedule.plan(now: now, options: options)
/// } else {
///     let ruleSet = try AlarmRuleSet(jsonData: data)   // throws every problem
/// }
/// ```
package struct RuleFileSchedule: Sendable {
    /// The enabled rules, compiled. Settable inside the module, so that a book's skip-next
    /// dates join their rules' skipped days (``BookFileSchedule``).
    package internal(set) var schedule: AlarmSchedule
    /// Every rule of the file, disabled ones too.
    package let ruleCount: Int
    /// The file's top-level members other than `version` and `rules`, in file order (an alarm
    /// book's state is among them).
    let otherMembers: [(key: String, value: JSONValue)]
    /// Where compiled rule `i`'s label starts in the bytes (its opening quote), -1 for none;
    /// empty when no rule has a label.
    let labelStarts: [Int]

    /// Compiles `bytes`, reading a large rules array in pieces on all cores; `nil` when the
    /// full reader must read them.
    ///
    /// - Complexity: O(n) in the number of bytes, plus a radix sort of the ids as
    ///   ``AlarmSchedule/init(_:)`` sorts them.
    package init?(compiling bytes: some Collection<UInt8>) {
        self.init(compiling: bytes, splitting: .cores)
    }

    /// As ``init(compiling:)``, cutting a large rules array as `splitting` says.
    init?(compiling bytes: some Collection<UInt8>, splitting: DirectRuleReader.Splitting) {
        guard let compiled = bytes.withContiguousStorageIfAvailable({ Self.compile($0, splitting: splitting) }) ?? nil else {
            return nil
        }
        self = compiled
    }

    private init(schedule: AlarmSchedule, ruleCount: Int, otherMembers: [(key: String, value: JSONValue)], labelStarts: [Int]) {
        self.schedule = schedule
        self.ruleCount = ruleCount
        self.otherMembers = otherMembers
        self.labelStarts = labelStarts
    }

    /// The keys of the file's top-level members other than `version` and `rules`, in file order.
    package var otherMemberKeys: [String] { otherMembers.map(\.key) }

    /// Whether the file holds alarm-book state (snoozes, skip-next requests, the applied plan),
    /// which a book's planning applies and this schedule does not (``BookFileSchedule`` does).
    package var hasBookState: Bool { otherMembers.contains { AlarmBook.stateKeys.contains($0.key) } }

    /// The labels of the rules `ids` that have one, decoded from `bytes` (the bytes compiled).
    ///
    /// - Complexity: O(k log n) for k ids among n rules, plus the labels' lengths.
    package func labels(ofRules ids: some Sequence<String>, in bytes: some Collection<UInt8>) -> [String: String] {
        var labels: [String: String] = [:]
        _ = bytes.withContiguousStorageIfAvailable { bytes in
            for id in ids where labels[id] == nil {
                let (index, found) = schedule.position(ofRuleID: id)
                guard found, !labelStarts.isEmpty, labelStarts[index] >= 0 else { continue }
                var parser = JSONParser(bytes: bytes)
                parser.index = labelStarts[index]
                if let label = try? parser.parseString() { labels[id] = label }
            }
        }
        return labels
    }

    private static func compile(_ bytes: UnsafeBufferPointer<UInt8>, splitting: DirectRuleReader.Splitting) -> RuleFileSchedule? {
        guard let (pieces, otherMembers) = DirectRuleReader.compile(bytes, splitting: splitting) else { return nil }
        let parts = join(pieces.map(\.output), zones: pieces.map(\.zones))
        return RuleFileSchedule(
            schedule: AlarmSchedule(parts.schedule), ruleCount: pieces.reduce(0) { $0 + $1.output.ruleCount },
            otherMembers: otherMembers, labelStarts: parts.labelStarts)
    }

    /// The pieces' entries in id order, pointing at the pieces' times and skips appended in
    /// piece order and at zones numbered in order of first use in the file.
    ///
    /// The entries are sorted as ``AlarmSchedule/compile(_:checking:chunking:)`` sorts rules
    /// (``RuleIDOrder``: a radix sort of the ids' first eight bytes, ties compared whole; the
    /// reader has already found every id distinct), then moved into place in chunks on all
    /// cores, each chunk writing only its own range of the results (see ``SharedSlots``).
    private static func join(
        _ pieces: [DirectRuleReader.CompiledPiece], zones pieceZones: [[TimeZone]]
    ) -> (schedule: AlarmSchedule.Parts, labelStarts: [Int]) {
        var zones = [TimeZone(identifier: "UTC")!]
        let zoneMaps = pieceZones.map { list in
            list.map { zone -> UInt16 in
                if let known = zones.indices.dropFirst().first(where: { zones[$0].identifier == zone.identifier && zones[$0] == zone }) {
                    return UInt16(known)
                }
                zones.append(zone)
                return UInt16(zones.count - 1)
            }
        }
        var starts: [Base] = []
        var total = Base(entries: 0, times: 0, skips: 0)
        for piece in pieces {
            starts.append(total)
            total = Base(
                entries: total.entries + piece.entries.count, times: total.times + piece.times.count,
                skips: total.skips + piece.skips.count)
        }
        let bases = starts
        var times: [Int32] = []
        times.reserveCapacity(total.times)
        var skips: [Int32] = []
        skips.reserveCapacity(total.skips)
        for piece in pieces {
            times.append(contentsOf: piece.times)
            skips.append(contentsOf: piece.skips)
        }

        let count = total.entries
        var keys = [RuleIDOrder.Key](unsafeUninitializedCapacity: count) { keys, initialized in
            let slots = SharedSlots(keys)
            _ = RuleChunks.concurrentMap(count: pieces.count) { number in
                let base = bases[number].entries
                for (offset, id) in pieces[number].ids.enumerated() {
                    let prefix = RuleIDOrder.prefix(ofUTF8: id)
                    (slots.slots.baseAddress! + base + offset).initialize(
                        to: RuleIDOrder.Key(prefix: prefix, position: base + offset, isEnabled: true))
                }
            }
            initialized = count
        }
        func id(at position: Int) -> String {
            let piece = bases.lastIndex { $0.entries <= position }!
            return pieces[piece].ids[position - bases[piece].entries]
        }
        RuleIDOrder.sort(&keys) { a, b in RuleIDOrder.utf8Precedes(id(at: a), id(at: b)) }

        var ruleIDs = [String](repeating: "", count: count)
        let hasLabels = pieces.contains(where: \.hasLabels)
        var labelStarts = [Int](repeating: -1, count: hasLabels ? count : 0)
        let compiled = [CompiledRule](unsafeUninitializedCapacity: count) { compiled, initialized in
            keys.withUnsafeBufferPointer { keys in
                ruleIDs.withUnsafeMutableBufferPointer { ruleIDs in
                    labelStarts.withUnsafeMutableBufferPointer { labelStarts in
                        let slots = JoinSlots(
                            keys: SharedSlots(readOnly: keys), compiled: SharedSlots(compiled), ruleIDs: SharedSlots(ruleIDs),
                            labelStarts: SharedSlots(labelStarts))
                        _ = AlarmSchedule.compiling.map(ruleCount: count) { range in
                            slots.place(range, pieces: pieces, bases: bases, zoneMaps: zoneMaps)
                        }
                    }
                }
            }
            initialized = count
        }
        let parts = AlarmSchedule.Parts(ruleIDs: ruleIDs, rules: compiled, times: times, skips: skips, zones: zones)
        return (parts, labelStarts)
    }

    /// Where a piece's entries, times and skips start in the joined arrays.
    private struct Base: Sendable {
        var entries: Int
        var times: Int
        var skips: Int
    }

    /// The sorted keys and the arrays the join writes in id order, shared by its chunks: each
    /// chunk reads `keys` only and writes the other three only at the indices of its own range.
    private struct JoinSlots: Sendable {
        let keys: SharedSlots<RuleIDOrder.Key>
        let compiled: SharedSlots<CompiledRule>
        let ruleIDs: SharedSlots<String>
        let labelStarts: SharedSlots<Int>

        /// Writes the entry, id and label start of each sorted key of `range`.
        func place(
            _ range: Range<Int>, pieces: [DirectRuleReader.CompiledPiece], bases: [Base], zoneMaps: [[UInt16]]
        ) {
            for index in range {
                let position = keys.reading[index].position
                // Pieces are few: the last that starts at or before the position holds it.
                var number = bases.count - 1
                while bases[number].entries > position { number -= 1 }
                let offset = position - bases[number].entries
                var entry = pieces[number].entries[offset]
                entry.timesStart += Int32(bases[number].times)
                entry.skipsStart += Int32(bases[number].skips)
                if entry.zoneIndex != 0 { entry.zoneIndex = zoneMaps[number][Int(entry.zoneIndex) - 1] }
                (compiled.slots.baseAddress! + index).initialize(to: entry)
                ruleIDs.slots[index] = pieces[number].ids[offset]
                if !labelStarts.slots.isEmpty {
                    let starts = pieces[number].labelStarts
                    labelStarts.slots[index] = pieces[number].hasLabels ? starts[offset] : -1
                }
            }
        }
    }
}

extension AlarmSchedule {
    /// Reads a rule file (UTF-8 JSON bytes) and compiles it, for code that only plans.
    ///
    /// A valid file compiles straight from its bytes into the schedule, on all cores for a
    /// large one, without building an ``AlarmRule`` for each rule; the schedule plans exactly
    /// what `AlarmSchedule(try AlarmRuleSet(jsonData: data))` plans. Any other file is read as
    /// ``AlarmRuleSet/init(jsonData:)`` reads it, which throws every problem.
    ///
    /// ```swift
    /// let schedule = try AlarmSchedule(jsonData: data)
    /// let plan = schedule.plan(now: now, options: PlanOptions(deviceTimeZone: zone))
    /// ```
    /// - Throws: ``AlarmRulesError/malformedJSON(message:line:column:)`` when the bytes are not
    ///   JSON, ``AlarmRulesError/invalid(_:)`` with every problem otherwise.
    /// - Complexity: O(n) in the number of bytes, plus sorting the ids as ``init(_:)`` does.
    public init(jsonData: some Collection<UInt8>) throws(AlarmRulesError) {
        if let compiled = RuleFileSchedule(compiling: jsonData) {
            self = compiled.schedule
        } else {
            self.init(try AlarmRuleSet(jsonData: jsonData))
        }
    }
}
