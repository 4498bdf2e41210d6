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
        self.init(compiling: bytes, split: .reading)
    }

    /// As ``init(compiling:)``, cutting a large rules array as `split` cuts it.
    init?(compiling bytes: some Collection<UInt8>, split: CoreSplit) {
        guard let compiled = bytes.withContiguousStorageIfAvailable({ Self.compile($0, split: split) }) ?? nil else {
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
                labels[id] = JSONParser.string(at: labelStarts[index], in: bytes)
            }
        }
        return labels
    }

    private static func compile(_ bytes: UnsafeBufferPointer<UInt8>, split: CoreSplit) -> RuleFileSchedule? {
        guard case (var pieces, let otherMembers)? = DirectRuleReader.compile(bytes, split: split) else { return nil }
        let ruleCount = pieces.reduce(0) { $0 + $1.output.ruleCount }
        guard let parts = join(&pieces) else { return nil }
        let schedule = AlarmSchedule(parts.schedule)
        // A disabled rule is not compiled, but its id is taken all the same.
        var disabledIDs = Set<String>(minimumCapacity: parts.disabledIDs.count)
        for id in parts.disabledIDs {
            guard disabledIDs.insert(id).inserted, !schedule.position(ofRuleID: id).found else { return nil }
        }
        return RuleFileSchedule(
            schedule: schedule, ruleCount: ruleCount, otherMembers: otherMembers, labelStarts: parts.labelStarts)
    }

    /// The pieces' entries in id order, pointing at the pieces' times and skips appended in
    /// piece order and at zones numbered in order of first use in the file, and the ids of
    /// the disabled rules; the pieces are left empty. `nil` when two enabled rules share an id
    /// (the reader does not check: here a repeated id sits next to its twin once sorted), or
    /// when an entry's ranges do not lie inside what was joined (``AlarmSchedule/Parts/hasValidRanges``).
    ///
    /// The pieces are first appended in file order, each freed once copied, and the entries
    /// sorted as ``AlarmSchedule/compile(_:checking:chunking:)`` sorts rules (``RuleIDOrder``:
    /// a radix sort of the ids' first eight bytes, ties compared whole, equal ids by position).
    /// Then the entries, the ids and the label starts are put in id order in place
    /// (``PermutationCycles``), after the sort's keys are freed for the positions alone (a
    /// quarter of their size): so no element exists twice at once but while its piece is
    /// appended, and no piece is retained per rule.
    private static func join(
        _ pieces: inout [DirectRuleReader.Piece<DirectRuleReader.CompiledPiece>]
    ) -> (schedule: AlarmSchedule.Parts, labelStarts: [Int], disabledIDs: [String])? {
        var zones = [TimeZone(identifier: "UTC")!]
        let zoneMaps = pieces.map { piece in
            piece.zones.map { zone -> UInt16 in
                if let known = zones.indices.dropFirst().first(where: { zones[$0].identifier == zone.identifier && zones[$0] == zone }) {
                    return UInt16(known)
                }
                zones.append(zone)
                return UInt16(zones.count - 1)
            }
        }
        let count = pieces.reduce(0) { $0 + $1.output.entries.count }
        let hasLabels = pieces.contains(where: \.output.hasLabels)
        var entries: [CompiledRule] = []
        entries.reserveCapacity(count)
        var ids: [String] = []
        ids.reserveCapacity(count)
        var fileLabelStarts: [Int] = []
        if hasLabels { fileLabelStarts.reserveCapacity(count) }
        var times: [Int32] = []
        times.reserveCapacity(pieces.reduce(0) { $0 + $1.output.times.count })
        var skips: [Int32] = []
        skips.reserveCapacity(pieces.reduce(0) { $0 + $1.output.skips.count })
        var disabledIDs: [String] = []
        for number in pieces.indices {
            // Moved out, so that its storage is freed at the end of this iteration.
            var piece = DirectRuleReader.CompiledPiece(reservingFor: 0)
            swap(&piece, &pieces[number].output)
            let timesBase = Int32(times.count)
            let skipsBase = Int32(skips.count)
            let zoneMap = zoneMaps[number]
            for var entry in piece.entries {
                entry.timesStart += timesBase
                entry.skipsStart += skipsBase
                if entry.zoneIndex != 0 { entry.zoneIndex = zoneMap[Int(entry.zoneIndex) - 1] }
                entries.append(entry)
            }
            ids.append(contentsOf: piece.ids)
            if hasLabels {
                if piece.hasLabels {
                    fileLabelStarts.append(contentsOf: piece.labelStarts)
                } else {
                    fileLabelStarts.append(contentsOf: repeatElement(-1, count: piece.entries.count))
                }
            }
            times.append(contentsOf: piece.times)
            skips.append(contentsOf: piece.skips)
            disabledIDs.append(contentsOf: piece.disabledIDs)
        }
        guard count <= Int(UInt32.max) else { return nil }

        var keys = [RuleIDOrder.Key](unsafeUninitializedCapacity: count) { keys, initialized in
            ids.withUnsafeBufferPointer { ids in
                let slots = SharedSlots(keys)
                let source = SharedSlots(readOnly: ids)
                _ = CoreSplit.compiling.map(count: count) { _, range in
                    for position in range {
                        (slots.slots.baseAddress! + position).initialize(
                            to: RuleIDOrder.Key(
                                prefix: RuleIDOrder.prefix(ofUTF8: source.reading[position]), position: position, isEnabled: true))
                    }
                }
            }
            initialized = count
        }
        let repeats = ids.withUnsafeBufferPointer { ids in RuleIDOrder.repeats(sorting: &keys) { ids[$0] } }
        guard repeats.isEmpty else { return nil }
        // In place rather than gathered into new arrays, because the join is when reading a
        // large file needs the most memory, and a second copy of the entries is a fifth of it.
        let cycles = PermutationCycles(order: keys.map { UInt32(truncatingIfNeeded: $0.position) })
        keys = []
        cycles.apply(to: &entries)
        cycles.apply(to: &ids)
        if hasLabels { cycles.apply(to: &fileLabelStarts) }
        let parts = AlarmSchedule.Parts(ruleIDs: ids, rules: entries, times: times, skips: skips, zones: zones)
        // The entries' ranges were moved by each piece's bases: checked before any plan indexes
        // with them, so a wrong one gives up (the full reader answers) instead of trapping.
        guard parts.hasValidRanges, !hasLabels || fileLabelStarts.count == entries.count else { return nil }
        return (parts, fileLabelStarts, disabledIDs)
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
