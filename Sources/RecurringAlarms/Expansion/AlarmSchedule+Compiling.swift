import Foundation

extension AlarmSchedule {
    /// Compiles `rules`; when `checking`, `nil` unless every rule is valid on its own and
    /// no id is used twice (exactly when ``AlarmRuleSet/validationProblems(of:)`` is empty, whose
    /// messages the caller then builds).
    ///
    /// Every pass runs in chunks on all cores. Pass 1 reads the rules in input order (sequential
    /// memory) and writes an id key per rule, checking its id (and the whole rule when it is
    /// disabled: it is not compiled). The keys are sorted by id (``RuleIDOrder``), and pass 2
    /// compiles each enabled rule straight into its id-ordered slot; each chunk of the sorted keys
    /// keeps its own times, skips and zones (numbered in order of first use), which
    /// ``join(_:entries:)`` lays into the schedule's arrays, so the result does not depend on the
    /// chunking.
    static func compile(_ rules: [AlarmRule], checking: Bool, chunking: CoreSplit = .compiling) -> Parts? {
        rules.withUnsafeBufferPointer { compile($0, checking: checking, chunking: chunking) }
    }

    private static func compile(_ rules: UnsafeBufferPointer<AlarmRule>, checking: Bool, chunking: CoreSplit) -> Parts? {
        let filled = SharedSlots<RuleIDOrder.Key>.filling(count: rules.count) { keys in
            let slots = KeySlots(rules: SharedSlots(readOnly: rules), keys: keys)
            return !chunking.map(count: rules.count) { _, range in slots.fill(range, checking: checking) }.contains(false)
        }
        guard var keys = filled else { return nil }
        let repeats = RuleIDOrder.repeats(sorting: &keys) { rules[$0].id }
        if checking && !repeats.isEmpty { return nil }
        keys.removeAll { !$0.isEnabled }

        let count = keys.count
        var ruleIDs = [String](repeating: "", count: count)
        var chunks: [CompiledChunk] = []
        let filledEntries = SharedSlots<CompiledRule>.filling(count: count) { compiled in
            keys.withUnsafeBufferPointer { keys in
                SharedSlots.lending(&ruleIDs) { ruleIDs in
                    let slots = RuleSlots(
                        rules: SharedSlots(readOnly: rules), keys: SharedSlots(readOnly: keys), compiled: compiled, ruleIDs: ruleIDs)
                    chunks = chunking.map(count: count) { _, range in
                        var chunk = CompiledChunk(range: range)
                        chunk.compile(slots, checking: checking)
                        return chunk
                    }
                }
            }
            return !checking || chunks.allSatisfy(\.isValid)
        }
        guard var compiled = filledEntries else { return nil }
        // Lazily: a small book's one chunk allocates no array of parts.
        let (times, skips, zones) = join(
            chunks.lazy.map { CompiledPart(range: $0.range, times: $0.times, skips: $0.skips, zones: $0.zones.zones) }, entries: &compiled)
        return Parts(ruleIDs: ruleIDs, rules: compiled, times: times, skips: skips, zones: zones)
    }

    /// Rules compiled on their own, a part of a schedule: its entries, at ``range`` of the
    /// entries being joined, start their times and skips at 0 in the part's own arrays and
    /// number its zones from 1 (0 floats).
    struct CompiledPart: Sendable {
        var range: Range<Int>
        var times: [Int32]
        var skips: [Int32]
        var zones: [TimeZone]
    }

    /// The one join of a compile, whether its parts are chunks of a rule set compiled on all
    /// cores or the pieces of a file read on all cores: the parts' times and skips appended
    /// in part order, each entry's starts moved by its part's base, and the zones numbered in
    /// order of first use in part order, as one part would have numbered them, so the result
    /// does not depend on how the work was cut. `entries` holds every part's entries at its
    /// range; they are moved in place, the parts on all cores.
    ///
    /// - Returns: the schedule's times, skips and zones (index 0 the device zone's placeholder).
    /// - Complexity: O(e + t + s) for e entries, t times and s skips, on all cores; nothing is
    ///   copied for one part.
    static func join(
        _ parts: some RandomAccessCollection<CompiledPart>, entries: inout [CompiledRule]
    ) -> (times: [Int32], skips: [Int32], zones: [TimeZone]) {
        let utc = Self.placeholderZone
        if parts.count == 1, let part = parts.first { return (part.times, part.skips, [utc] + part.zones) }
        let parts = Array(parts)
        var zones = ZoneList()
        let zoneMaps = parts.map { part in part.zones.map { UInt16(zones.index(of: $0)) } }
        var starts: [(times: Int, skips: Int)] = []
        var total = (times: 0, skips: 0)
        for part in parts {
            starts.append(total)
            total = (total.times + part.times.count, total.skips + part.skips.count)
        }
        var times = [Int32](repeating: 0, count: total.times)
        var skips = [Int32](repeating: 0, count: total.skips)
        SharedSlots.lending(&entries) { entries in
            SharedSlots.lending(&times) { times in
                SharedSlots.lending(&skips) { skips in
                    let layout = PartLayout(
                        entries: entries, times: times, skips: skips, parts: parts, zoneMaps: zoneMaps, starts: starts)
                    _ = CoreSplit.concurrentMap(count: parts.count) { layout.place($0) }
                }
            }
        }
        return (times, skips, [utc] + zones.zones)
    }

    /// What ``zones`` holds at index 0, which stands for the device zone: made once, as
    /// `TimeZone(identifier:)` costs more than compiling a small book's rules.
    static let placeholderZone = TimeZone(identifier: "UTC")!

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
        // A buffer pointer: this runs for every rule compiled, and the array's bounds and
        // uniqueness checks cost the loop more than the sort.
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
    /// Compiles one rule: appends its times (seconds since midnight) to `times` and its
    /// skipped dates (day numbers) to `skips`, each sorted and without repeats, and gives the
    /// entry that points at them. The one per-rule compile, whether the rule is an
    /// ``AlarmRule`` (compiling a set, ``AlarmSchedule/updateRule(_:)``) or fields read
    /// straight from a file's bytes; the caller numbers the zone.
    ///
    /// - Returns: the entry, and whether the times were distinct (validation rejects a
    ///   repeated one; every time is kept once, so a rule plans exactly the times that
    ///   validation and ``FireExplanation`` see).
    /// - Complexity: O(t log t + s log s) for t times and s skipped dates.
    ///
    /// Inlined into each caller's loop: a call per rule, with its arrays retained for it, cost
    /// a tenth of compiling a small book.
    @inline(__always)
    static func compile(
        repeats: Recurrence, gapPolicy: GapPolicy, overlapPolicy: OverlapPolicy, zoneIndex: UInt16,
        times ruleTimes: [TimeOfDay], skippedDates: some Sequence<LocalDate>, appendingTo times: inout [Int32],
        _ skips: inout [Int32]
    ) -> (entry: CompiledRule, timesDistinct: Bool) {
        let timesStart = times.count
        let timesDistinct = AlarmSchedule.appendSortedUnique(ruleTimes, to: &times)
        let skipsStart = skips.count
        for date in skippedDates { skips.append(Int32(clamping: date.daysSinceEpoch)) }
        if skips.count - skipsStart > 1 {
            // Sorted and without repeats, as the set of dates they come from.
            skips[skipsStart...].sort()
            var kept = skipsStart + 1
            for reading in (skipsStart + 1)..<skips.count where skips[reading] != skips[kept - 1] {
                skips[kept] = skips[reading]
                kept += 1
            }
            skips.removeSubrange(kept...)
        }
        let entry = CompiledRule(
            repeats: repeats, gapPolicy: gapPolicy, overlapPolicy: overlapPolicy, zoneIndex: zoneIndex,
            times: (Int32(timesStart), UInt32(times.count - timesStart)), skips: (Int32(skipsStart), Int32(skips.count - skipsStart)))
        return (entry, timesDistinct)
    }

    /// What a disabled rule's slot holds: never read.
    static let placeholder = CompiledRule(
        weekdayMask: 0, everyWeeks: 1, skipsGap: false, prefersLaterInOverlap: false, zoneIndex: 0, timesCount: 0,
        timesStart: 0, skipsStart: 0, skipsCount: 0, firstDay: 0, lastDay: 0, anchorMonday: 0)
}

/// The rules and the keys pass 1 writes, shared by its chunks: every chunk reads `rules` only
/// and writes `keys` only at the positions of its own range (see ``SharedSlots``).
private struct KeySlots: Sendable {
    let rules: SharedSlots<AlarmRule>
    let keys: SharedSlots<RuleIDOrder.Key>

    /// Writes the keys of the rules at `positions`; when `checking`, checks their ids, and
    /// disabled rules whole. Returns whether every rule passed (stopping at the first that fails).
    func fill(_ positions: Range<Int>, checking: Bool) -> Bool {
        var scratch: [Int32] = []
        for position in positions {
            let rule = rules.reading.baseAddress! + position
            let isEnabled = rule.pointee.isEnabled
            let id = rule.pointee.id
            let (prefix, validID) =
                id.utf8.withContiguousStorageIfAvailable { utf8 in
                    (RuleIDOrder.prefix(of: utf8), AlarmRule.isValidID(utf8: utf8))
                } ?? Array(id.utf8).withUnsafeBufferPointer { utf8 in (RuleIDOrder.prefix(of: utf8), AlarmRule.isValidID(id)) }
            keys[position] = RuleIDOrder.Key(prefix: prefix, position: position, isEnabled: isEnabled)
            guard checking else { continue }
            guard validID else { return false }
            if !isEnabled {
                scratch.removeAll(keepingCapacity: true)
                let timesDistinct = AlarmSchedule.appendSortedUnique(rule.pointee.times, to: &scratch)
                var validZone = true
                if case .fixed(let zone) = rule.pointee.timeZone { validZone = TimeZone.isIANAForm(zone.identifier) }
                guard timesDistinct && !scratch.isEmpty && validZone && AlarmRule.isValidRecurrence(rule.pointee.repeats)
                else { return false }
            }
        }
        return true
    }
}

/// Pass 2's inputs (the rules, the sorted keys of enabled rules) and the entries and ids it
/// writes in id order, shared by its chunks: every chunk reads `rules` and `keys` only and
/// writes `compiled` and `ruleIDs` only at the indices of its own range of keys (see
/// ``SharedSlots``).
private struct RuleSlots: Sendable {
    let rules: SharedSlots<AlarmRule>
    let keys: SharedSlots<RuleIDOrder.Key>
    let compiled: SharedSlots<CompiledRule>
    let ruleIDs: SharedSlots<String>
}

/// What one chunk of pass 2 keeps for itself: times and skips (its entries address them from 0),
/// and zones (its entries number them from 1 in this chunk's order).
private struct CompiledChunk: Sendable {
    let range: Range<Int>
    var times: [Int32] = []
    var skips: [Int32] = []
    var zones: ZoneList
    /// Whether every rule of the chunk passed the checks; when checking, the chunk stops at the first that fails.
    var isValid = true

    init(range: Range<Int>) {
        self.range = range
        zones = ZoneList(rules: range.count)
        times.reserveCapacity(range.count * 2)
    }

    /// Compiles the enabled rules of sorted keys `range` into their slots.
    mutating func compile(_ slots: RuleSlots, checking: Bool) {
        for index in range {
            let rule = slots.rules.reading.baseAddress! + slots.keys.reading[index].position
            let zoneIndex = zones.index(ofZoneOf: rule)
            let (entry, timesDistinct) = CompiledRule.compile(
                repeats: rule.pointee.repeats, gapPolicy: rule.pointee.gapPolicy, overlapPolicy: rule.pointee.overlapPolicy,
                zoneIndex: UInt16(zoneIndex), times: rule.pointee.times, skippedDates: rule.pointee.skippedDates, appendingTo: &times,
                &skips)
            if checking {
                let validZone = zoneIndex == 0 || zones.isIANAForm[zoneIndex - 1]
                guard timesDistinct && entry.timesCount > 0 && validZone && AlarmRule.isValidRecurrence(rule.pointee.repeats) else {
                    isValid = false
                    return
                }
            }
            slots.compiled[index] = entry
            slots.ruleIDs[index] = rule.pointee.id
        }
    }
}

/// The join's inputs (the parts, their zones' final numbers, where their times and skips
/// start) and outputs, shared by the threads that place the parts: each reads the inputs only
/// and writes only its own part's range of `entries` and its own slots of `times` and `skips`
/// (from its starts, as many as it has), which do not overlap (see ``SharedSlots``).
private struct PartLayout: Sendable {
    let entries: SharedSlots<CompiledRule>
    let times: SharedSlots<Int32>
    let skips: SharedSlots<Int32>
    let parts: [AlarmSchedule.CompiledPart]
    let zoneMaps: [[UInt16]]
    let starts: [(times: Int, skips: Int)]

    /// Copies part `part`'s times and skips to their places and points its entries at them
    /// and at the final zone numbers.
    func place(_ part: Int) {
        let start = starts[part]
        times.update(from: parts[part].times, at: start.times)
        skips.update(from: parts[part].skips, at: start.skips)
        let zoneMap = zoneMaps[part]
        for index in parts[part].range {
            var entry = entries[index]
            entry.timesStart += Int32(start.times)
            entry.skipsStart += Int32(start.skips)
            if entry.zoneIndex != 0 { entry.zoneIndex = zoneMap[Int(entry.zoneIndex) - 1] }
            entries[index] = entry
        }
    }
}

/// Distinct fixed zones in order of first use. Zones are found by identifier first: hashing a
/// `TimeZone` and comparing two costs more than hashing its identifier (equal identifiers are
/// still told apart by `==`). Each zone's ``TimeZone/isIANAForm(_:)`` is worked out once.
///
/// Before that, a rule's zone is looked up by its ``ZoneBits``: rules that share zone objects,
/// as rules read from a file do, cost a hash of two words each.
private struct ZoneList: Sendable {
    var zones: [TimeZone] = []
    var isIANAForm: [Bool] = []
    private var byIdentifier: [String: [Int]] = [:]
    /// The index last found: rules often share the zone of the rule before.
    private var last = -1
    /// Open addressing on ``ZoneBits``: `bitsTable[slot]` has number `numbers[slot]` (0: empty).
    /// Allocated on the first lookup by bits, so a list that never makes one (pass 3's) costs
    /// nothing for it.
    private var bitsTable: [ZoneBits] = []
    private var numbers: [Int] = []
    private var bitsCount = 0
    /// A power of two, ``maximumBitsSlots`` or fewer for a chunk of few rules (a book's five
    /// would not fill 16); at most half of the slots are filled, so probes stay short.
    private let bitsSlots: Int
    private static let maximumBitsSlots = 256

    /// A list for a chunk of `rules` rules, which sizes the table of zone bits: there are at most
    /// as many zones as rules.
    init(rules: Int = .max) {
        var slots = 8
        while slots < Self.maximumBitsSlots && slots / 2 < rules { slots *= 2 }
        bitsSlots = slots
    }
    /// Up to this many zones, `byIdentifier` stays empty and zones are compared one by one.
    private static let fewZones = 8

    /// The index of `zone` from 1 (0 stands for floating), adding it if new.
    mutating func index(of zone: TimeZone) -> Int {
        if last >= 0 && zones[last] == zone { return last + 1 }
        // A few zones (a small book's) are found faster by looking at each than by hashing.
        if zones.count <= Self.fewZones {
            if let known = zones.firstIndex(of: zone) {
                last = known
                return known + 1
            }
        } else if let known = byIdentifier[zone.identifier]?.first(where: { zones[$0] == zone }) {
            last = known
            return known + 1
        }
        let identifier = zone.identifier
        if zones.count == Self.fewZones {
            for (index, known) in zones.enumerated() { byIdentifier[known.identifier, default: []].append(index) }
        }
        if zones.count >= Self.fewZones { byIdentifier[identifier, default: []].append(zones.count) }
        last = zones.count
        zones.append(zone)
        isIANAForm.append(TimeZone.isIANAForm(identifier))
        return zones.count
    }

    /// The index of the zone of `rule` from 1, or 0 when it floats, adding the zone if new.
    mutating func index(ofZoneOf rule: UnsafePointer<AlarmRule>) -> Int {
        guard let bits = ZoneBits(ofZoneOf: rule) else { return slowIndex(ofZoneOf: rule) }
        if numbers.isEmpty {
            bitsTable = [ZoneBits](repeating: ZoneBits(low: 0, high: 0), count: bitsSlots)
            numbers = [Int](repeating: 0, count: bitsSlots)
        }
        var slot = bits.slot(of: bitsSlots)
        while numbers[slot] != 0 {
            if bitsTable[slot] == bits { return numbers[slot] }
            slot = (slot + 1) & (bitsSlots - 1)
        }
        let number = slowIndex(ofZoneOf: rule)
        if number != 0 && bitsCount < bitsSlots / 2 {
            bitsTable[slot] = bits
            numbers[slot] = number
            bitsCount += 1
        }
        return number
    }

    private mutating func slowIndex(ofZoneOf rule: UnsafePointer<AlarmRule>) -> Int {
        guard case .fixed(let zone) = rule.pointee.timeZone else { return 0 }
        return index(of: zone)
    }
}
