import Foundation

extension AlarmSchedule {
    /// Large rule sets compile on all cores: a rule costs about 100 ns, so below this it is not
    /// worth waking another thread.
    static let compiling = RuleChunks(minimumParallelRules: 32_768, minimumChunkRules: 8_192)

    /// Compiles `rules`; when `checking`, `nil` unless every rule is valid on its own and
    /// no id is used twice (exactly when ``AlarmRuleSet/validationProblems(of:)`` is empty, whose
    /// messages the caller then builds).
    ///
    /// Pass 1 reads the rules in input order, which keeps memory access sequential (in id order
    /// every rule would be a cache miss), in chunks on all cores: each checks its rules, writes
    /// an entry and an id key per position and keeps its own times, skips and zones. The keys
    /// are sorted by id (``RuleIDOrder``), and pass 2 lays the entries out in that order, their
    /// times and skips contiguous with them and zones numbered in order of first use, so the
    /// result does not depend on the chunking.
    static func compile(_ rules: [AlarmRule], checking: Bool, chunking: RuleChunks = AlarmSchedule.compiling) -> Parts? {
        let count = rules.count
        var keys = [RuleIDOrder.Key](repeating: RuleIDOrder.Key(prefix: 0, position: 0, isEnabled: false), count: count)
        var byPosition = [CompiledRule](repeating: CompiledRule.placeholder, count: count)
        var ids = [String](repeating: "", count: count)
        let chunks = rules.withUnsafeBufferPointer { rules in
            keys.withUnsafeMutableBufferPointer { keys in
                byPosition.withUnsafeMutableBufferPointer { byPosition in
                    ids.withUnsafeMutableBufferPointer { ids in
                        let slots = PositionSlots(rules: rules, keys: keys, entries: byPosition, ids: ids)
                        return chunking.map(ruleCount: count) { range in
                            var chunk = CompiledChunk(range: range)
                            chunk.compile(slots, checking: checking)
                            return chunk
                        }
                    }
                }
            }
        }
        if checking && chunks.contains(where: { !$0.isValid }) { return nil }

        // Zones numbered in order of first use, as one chunk would have numbered them.
        var zones = ZoneList()
        let zoneMaps = chunks.map { chunk in chunk.zones.zones.map { UInt16(zones.index(of: $0)) } }

        let hasDuplicates = ids.withUnsafeBufferPointer { RuleIDOrder.sort(&keys, ids: $0) }
        if checking && hasDuplicates { return nil }

        keys.removeAll { !$0.isEnabled }

        // Pass 2 lays the entries out in id order, on all cores too: each chunk of the sorted
        // keys first copies its entries and ids (counting their times and skips), then, once the
        // chunks before it have counted theirs, copies their times and skips.
        var compiled = [CompiledRule](repeating: CompiledRule.placeholder, count: keys.count)
        var ruleIDs = [String](repeating: "", count: keys.count)
        var times = [Int32](repeating: 0, count: chunks.reduce(0) { $0 + $1.times.count })
        var skips = [Int32](repeating: 0, count: chunks.reduce(0) { $0 + $1.skips.count })
        keys.withUnsafeBufferPointer { keys in
            byPosition.withUnsafeBufferPointer { byPosition in
                ids.withUnsafeBufferPointer { ids in
                    compiled.withUnsafeMutableBufferPointer { compiled in
                        ruleIDs.withUnsafeMutableBufferPointer { ruleIDs in
                            times.withUnsafeMutableBufferPointer { times in
                                skips.withUnsafeMutableBufferPointer { skips in
                                    let layout = LayoutSlots(
                                        keys: keys, byPosition: byPosition, ids: ids, compiled: compiled, ruleIDs: ruleIDs,
                                        times: times, skips: skips, chunks: chunks, zoneMaps: zoneMaps)
                                    let counts = chunking.map(ruleCount: keys.count) { layout.copyEntries($0) }
                                    var total = (times: 0, skips: 0)
                                    let starts = Dictionary(
                                        uniqueKeysWithValues: counts.map { count in
                                            defer { total = (total.times + count.times, total.skips + count.skips) }
                                            return (count.range.lowerBound, total)
                                        })
                                    _ = chunking.map(ruleCount: keys.count) { range in
                                        layout.copyTimesAndSkips(range, startingAt: starts[range.lowerBound]!)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return Parts(ruleIDs: ruleIDs, rules: compiled, times: times, skips: skips, zones: [TimeZone(identifier: "UTC")!] + zones.zones)
    }

    /// What ``compile(_:checking:chunking:)`` makes: the stored properties of a schedule.
    struct Parts {
        let ruleIDs: [String]
        let rules: [CompiledRule]
        let times: [Int32]
        let skips: [Int32]
        let zones: [TimeZone]
    }

    init(_ parts: Parts) {
        ruleIDs = parts.ruleIDs
        rules = parts.rules
        times = parts.times
        skips = parts.skips
        zones = parts.zones
    }

    /// Appends the seconds since midnight of `source`, sorted and without duplicates: at most
    /// 86,400 distinct values, which ``CompiledRule/timesCount`` holds. Every time is kept, so
    /// a rule plans exactly the times that validation and ``FireExplanation`` see.
    /// - Returns: whether every time was distinct.
    @discardableResult
    static func appendSortedUnique(_ source: [TimeOfDay], to times: inout [Int32]) -> Bool {
        let start = times.count
        for time in source { times.append(Int32(time.secondsSinceMidnight)) }
        times.withUnsafeMutableBufferPointer { buffer in
            var added = UnsafeMutableBufferPointer(rebasing: buffer[start...])
            if added.count <= 8 {
                // Insertion sort: rules have a handful of times.
                for index in added.indices.dropFirst() {
                    let value = added[index]
                    var slot = index
                    while slot > 0 && added[slot - 1] > value {
                        added[slot] = added[slot - 1]
                        slot -= 1
                    }
                    added[slot] = value
                }
            } else {
                added.sort()
            }
        }
        var kept = start
        for reading in start..<times.count where kept == start || times[reading] != times[kept - 1] {
            times[kept] = times[reading]
            kept += 1
        }
        let allDistinct = kept == times.count
        times.removeSubrange(kept...)
        return allDistinct
    }
}

extension CompiledRule {
    /// What a disabled rule's slot holds: never read.
    static let placeholder = CompiledRule(
        weekdayMask: 0, everyWeeks: 1, skipsGap: false, prefersLaterInOverlap: false, zoneIndex: 0, timesCount: 0,
        timesStart: 0, skipsStart: 0, skipsCount: 0, firstDay: 0, lastDay: 0, anchorMonday: 0)
}

/// The rules and the per-position outputs of pass 1, shared by the chunks that fill them.
///
/// `@unchecked Sendable` because every chunk reads `rules` only and writes `keys`, `entries` and
/// `ids` only at the positions of its own range, which do not overlap; the buffers outlive the
/// chunks (``RuleChunks/map(ruleCount:_:)`` returns after every chunk has finished).
private struct PositionSlots: @unchecked Sendable {
    let rules: UnsafeBufferPointer<AlarmRule>
    let keys: UnsafeMutableBufferPointer<RuleIDOrder.Key>
    let entries: UnsafeMutableBufferPointer<CompiledRule>
    let ids: UnsafeMutableBufferPointer<String>
}

/// Pass 2's inputs (sorted enabled keys, pass 1's outputs) and outputs, shared by the chunks
/// that fill them.
///
/// `@unchecked Sendable` because the chunks only read the inputs and write the outputs only at
/// the indices of their own range of keys (and the times and skips those entries own), which
/// do not overlap; the buffers outlive the chunks (``RuleChunks/map(ruleCount:_:)`` returns
/// after every chunk has finished).
private struct LayoutSlots: @unchecked Sendable {
    let keys: UnsafeBufferPointer<RuleIDOrder.Key>
    let byPosition: UnsafeBufferPointer<CompiledRule>
    let ids: UnsafeBufferPointer<String>
    let compiled: UnsafeMutableBufferPointer<CompiledRule>
    let ruleIDs: UnsafeMutableBufferPointer<String>
    let times: UnsafeMutableBufferPointer<Int32>
    let skips: UnsafeMutableBufferPointer<Int32>
    let chunks: [CompiledChunk]
    let zoneMaps: [[UInt16]]

    /// The pass-1 chunk that compiled the rule at `position`.
    func chunkIndex(ofPosition position: Int) -> Int {
        let ruleCount = chunks[chunks.count - 1].range.upperBound
        var index = min(position * chunks.count / ruleCount, chunks.count - 1)
        while chunks[index].range.lowerBound > position { index -= 1 }
        while chunks[index].range.upperBound <= position { index += 1 }
        return index
    }

    /// Copies the entries (zones renumbered) and ids of keys `range`; their times and skips
    /// still point into pass 1's chunks. Returns how many times and skips they have.
    func copyEntries(_ range: Range<Int>) -> (range: Range<Int>, times: Int, skips: Int) {
        var timesCount = 0
        var skipsCount = 0
        for index in range {
            let position = keys[index].position
            var entry = byPosition[position]
            if entry.zoneIndex != 0 { entry.zoneIndex = zoneMaps[chunkIndex(ofPosition: position)][Int(entry.zoneIndex) - 1] }
            timesCount += Int(entry.timesCount)
            skipsCount += Int(entry.skipsCount)
            compiled[index] = entry
            ruleIDs[index] = ids[position]
        }
        return (range, timesCount, skipsCount)
    }

    /// Copies the times and skips of keys `range` to their place, from `start` on.
    func copyTimesAndSkips(_ range: Range<Int>, startingAt start: (times: Int, skips: Int)) {
        var timesCount = start.times
        var skipsCount = start.skips
        for index in range {
            let chunk = chunkIndex(ofPosition: keys[index].position)
            var entry = compiled[index]
            chunks[chunk].times.withUnsafeBufferPointer { source in
                for offset in 0..<Int(entry.timesCount) { times[timesCount + offset] = source[Int(entry.timesStart) + offset] }
            }
            chunks[chunk].skips.withUnsafeBufferPointer { source in
                for offset in 0..<Int(entry.skipsCount) { skips[skipsCount + offset] = source[Int(entry.skipsStart) + offset] }
            }
            entry.timesStart = Int32(timesCount)
            entry.skipsStart = Int32(skipsCount)
            timesCount += Int(entry.timesCount)
            skipsCount += Int(entry.skipsCount)
            compiled[index] = entry
        }
    }
}

/// Distinct fixed zones in order of first use. Zones are found by identifier first: hashing a
/// `TimeZone` and comparing two costs more than hashing its identifier (equal identifiers are
/// still told apart by `==`). Each zone's ``TimeZone/isIANAForm(_:)`` is worked out once.
private struct ZoneList: Sendable {
    var zones: [TimeZone] = []
    var isIANAForm: [Bool] = []
    private var byIdentifier: [String: [Int]] = [:]
    /// The index last found: rules often share the zone of the rule before.
    private var last = -1

    /// The index of `zone` from 1 (0 stands for floating), adding it if new.
    mutating func index(of zone: TimeZone) -> Int {
        if last >= 0 && zones[last] == zone { return last + 1 }
        let identifier = zone.identifier
        if let known = byIdentifier[identifier]?.first(where: { zones[$0] == zone }) {
            last = known
            return known + 1
        }
        last = zones.count
        byIdentifier[identifier, default: []].append(zones.count)
        zones.append(zone)
        isIANAForm.append(TimeZone.isIANAForm(identifier))
        return zones.count
    }
}

/// What one chunk of pass 1 keeps for itself: times and skips (entries address them from 0),
/// and zones (entries number them from 1 in this chunk's order).
private struct CompiledChunk: Sendable {
    let range: Range<Int>
    var times: [Int32] = []
    var skips: [Int32] = []
    var zones = ZoneList()
    /// Whether every rule of the chunk passed the checks; when checking, the chunk stops at the first that fails.
    var isValid = true

    init(range: Range<Int>) {
        self.range = range
        times.reserveCapacity(range.count * 2)
    }

    mutating func compile(_ slots: PositionSlots, checking: Bool) {
        let rules = slots.rules
        for position in range {
            let isEnabled = rules[position].isEnabled
            let id = rules[position].id
            let (prefix, validID) =
                id.utf8.withContiguousStorageIfAvailable { utf8 in
                    (RuleIDOrder.prefix(of: utf8), (1...64).contains(utf8.count) && utf8.allSatisfy(AlarmRule.isIDByte))
                } ?? Array(id.utf8).withUnsafeBufferPointer { utf8 in (RuleIDOrder.prefix(of: utf8), AlarmRule.isValidID(id)) }
            slots.keys[position] = RuleIDOrder.Key(prefix: prefix, position: position, isEnabled: isEnabled)
            slots.ids[position] = id

            // Only enabled rules' zones are compiled; a disabled rule's zone is only checked.
            var zoneIndex = 0
            var validZone = true
            if case .fixed(let zone) = rules[position].timeZone {
                if isEnabled {
                    zoneIndex = zones.index(of: zone)
                    validZone = zones.isIANAForm[zoneIndex - 1]
                } else {
                    validZone = TimeZone.isIANAForm(zone.identifier)
                }
            }
            let timesStart = times.count
            let timesDistinct = AlarmSchedule.appendSortedUnique(rules[position].times, to: &times)
            if checking {
                let valid =
                    validID && timesDistinct && times.count > timesStart && validZone
                    && AlarmSchedule.hasValidRecurrence(rules[position].repeats)
                guard valid else {
                    isValid = false
                    return
                }
            }
            guard isEnabled else {
                times.removeSubrange(timesStart...)
                continue
            }
            let skipsStart = skips.count
            for date in rules[position].skippedDates { skips.append(Int32(clamping: date.daysSinceEpoch)) }
            if skips.count - skipsStart > 1 { skips[skipsStart...].sort() }

            slots.entries[position] = CompiledRule(
                repeats: rules[position].repeats, gapPolicy: rules[position].gapPolicy,
                overlapPolicy: rules[position].overlapPolicy, zoneIndex: UInt16(zoneIndex),
                times: (Int32(timesStart), UInt32(times.count - timesStart)),
                skips: (Int32(skipsStart), Int32(skips.count - skipsStart)))
        }
    }
}

extension AlarmSchedule {
    /// Whether `repeats` passes the checks of ``AlarmRule/validationProblems(number:)`` on days,
    /// `everyWeeks`, start and end.
    static func hasValidRecurrence(_ repeats: Recurrence) -> Bool {
        guard case .weekly(let days, let everyWeeks, let start, let end) = repeats else { return true }
        guard days.count != 0, AlarmRule.everyWeeksRange.contains(everyWeeks), everyWeeks == 1 || start != nil else { return false }
        if let start, let end, end < start { return false }
        return true
    }
}
