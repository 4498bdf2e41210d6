import Foundation

// Editing one rule of a compiled schedule without compiling the others.
//
// The compact arrays stay in id order (``Occurrence/ruleIndex`` and ``AlarmSchedule/partitions(_:)``
// promise it), so a rule is found by binary search over `ruleIDs`. Its times and skips are
// written over its old slots when they fit, else appended to the shared arrays; slots left
// behind are counted in `unused` and reclaimed in one pass once they outnumber the live ones.
//
// The zone offset-table cache stays shared with copies of the schedule even when an edit adds
// a zone: it is keyed by zone identifier and week, never by a zone's index in `zones`, so a
// copy with other zones reads and fills it correctly.

extension AlarmSchedule {
    /// Counts of the slots in ``times`` and ``skips`` that no compiled rule addresses any more.
    struct UnusedSlots: Sendable {
        var times = 0
        var skips = 0
    }

    /// Whether the schedule holds an enabled rule with id `ruleID`.
    ///
    /// ```swift
    /// let schedule = try AlarmSchedule(rules: [wake])   // wake's id is "wake"
    /// schedule.contains(ruleID: "wake")    // true
    /// schedule.contains(ruleID: "Wake")    // false: ids compare exactly
    /// ```
    /// - Complexity: O(log n) for n rules.
    public func contains(ruleID: String) -> Bool {
        position(ofRuleID: ruleID).found
    }

    /// Adds `rule`, or replaces the rule with the same id, compiling only that rule.
    ///
    /// Plans, occurrences and ``ruleID(of:)`` are afterwards exactly those of a schedule compiled
    /// from scratch with the edited rules. Rules stay in id order, so replacing a rule keeps every
    /// ``Occurrence/ruleIndex``, while adding or removing one shifts the positions of the rules
    /// after it. Copies of the schedule taken before the edit keep the rules they had. A
    /// disabled `rule` removes the rule with its id, as compiling drops disabled rules.
    ///
    /// ```swift
    /// var schedule = try AlarmSchedule(rules: [wake, standup])
    /// var later = wake
    /// later.times = [TimeOfDay(hour: 7, minute: 30)!]
    /// try schedule.updateRule(later)        // replaces "wake": same positions, new times
    /// try schedule.updateRule(gym)          // adds "gym" at position 0: the others move up one
    /// schedule.count                        // 3
    /// later.id = "bad id!"
    /// try schedule.updateRule(later)        // throws .invalid; the schedule is unchanged
    /// ```
    ///
    /// - Throws: ``AlarmRulesError/invalid(_:)`` with every problem
    ///   ``AlarmRule/validationProblems(number:)`` finds in `rule`; the schedule is then unchanged.
    /// - Complexity: Replacing: O(t + s + log n) for a rule of t times and s skipped dates among
    ///   n rules, plus a look-up among the schedule's fixed zones (at most one per zone of the tz
    ///   database). Adding: the same, plus moving the compiled entries and ids after the new
    ///   position (a memory move of 48 bytes per rule: about 24 MB in the middle of a million rules).
    ///   Edits leave old time and skip slots unused; once they outnumber both the used slots and
    ///   the rules, one pass over the rules and their times (or skips) reclaims them, which
    ///   amortises to O(1) per slot freed.
    public mutating func updateRule(_ rule: AlarmRule) throws(AlarmRulesError) {
        let problems = rule.validationProblems()
        guard problems.isEmpty else { throw .invalid(problems) }
        guard rule.isEnabled else {
            removeRule(id: rule.id)
            return
        }
        let (index, found) = position(ofRuleID: rule.id)
        // Compiled on its own, then its times and skips placed among the others'.
        var ruleTimes: [Int32] = []
        var ruleSkips: [Int32] = []
        var (entry, _) = CompiledRule.compile(
            repeats: rule.repeats, gapPolicy: rule.gapPolicy, overlapPolicy: rule.overlapPolicy,
            zoneIndex: zoneIndex(of: rule.timeZone), times: rule.times, skippedDates: rule.skippedDates, appendingTo: &ruleTimes,
            &ruleSkips)
        let previous = found ? rules[index] : nil
        entry.timesStart = Self.place(ruleTimes, over: previous.map(\.timeSlots) ?? 0..<0, in: &times, unused: &unused.times)
        entry.skipsStart = Self.place(ruleSkips, over: previous.map(\.skipSlots) ?? 0..<0, in: &skips, unused: &unused.skips)
        if found {
            rules[index] = entry
        } else {
            rules.insert(entry, at: index)
            ruleIDs.insert(rule.id, at: index)
        }
        reclaimUnusedSlots()
    }

    /// Removes the rule with id `id`, if the schedule holds it.
    ///
    /// The rules after it move up one position (``Occurrence/ruleIndex``); copies of the schedule
    /// taken before keep it.
    ///
    /// ```swift
    /// var schedule = try AlarmSchedule(rules: [standup, wake])
    /// schedule.removeRule(id: "standup")   // true; "wake" is now at position 0
    /// schedule.removeRule(id: "standup")   // false: no such rule any more
    /// ```
    /// - Returns: whether a rule was removed.
    /// - Complexity: O(t + s + log n) for a rule of t times and s skipped dates among n rules,
    ///   plus moving the compiled entries and ids after it (48 bytes per rule); reclaiming unused
    ///   slots as for ``updateRule(_:)``.
    @discardableResult
    public mutating func removeRule(id: String) -> Bool {
        let (index, found) = position(ofRuleID: id)
        guard found else { return false }
        let removed = rules[index]
        _ = Self.place([], over: removed.timeSlots, in: &times, unused: &unused.times)
        _ = Self.place([], over: removed.skipSlots, in: &skips, unused: &unused.skips)
        rules.remove(at: index)
        ruleIDs.remove(at: index)
        reclaimUnusedSlots()
        return true
    }

    /// Removes `times` from the rule with id `ruleID`, and the rule when no time is left: for
    /// the hybrid planner, which plans the times it leaves one-shot as the same rule without
    /// the ones that repeat (so their fire ids do not change). Nothing else of the rule changes.
    ///
    /// - Complexity: as ``updateRule(_:)``, for the rule's t times.
    mutating func removeTimes(_ removed: Set<TimeOfDay>, ofRule ruleID: String) {
        let (index, found) = position(ofRuleID: ruleID)
        guard found else { return }
        var entry = rules[index]
        let removedSeconds = Set(removed.map { Int32($0.secondsSinceMidnight) })
        let kept = times[entry.timeSlots].filter { !removedSeconds.contains($0) }
        guard !kept.isEmpty else {
            removeRule(id: ruleID)
            return
        }
        entry.timesStart = Self.place(Array(kept), over: entry.timeSlots, in: &times, unused: &unused.times)
        entry.timesCount = UInt32(kept.count)
        rules[index] = entry
        reclaimUnusedSlots()
    }

    /// Where `id` is in ``ruleIDs`` or would be inserted, comparing UTF-8 bytes as compiling
    /// orders ids (``idOrder(of:)``), and whether it is there.
    func position(ofRuleID id: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = ruleIDs.count
        while low < high {
            let middle = low + (high - low) / 2
            if ruleIDs[middle].utf8.lexicographicallyPrecedes(id.utf8) { low = middle + 1 } else { high = middle }
        }
        return (low, low < ruleIDs.count && ruleIDs[low].utf8.elementsEqual(id.utf8))
    }

    /// The index in ``zones`` of the zone `choice` names, appending it when it is new.
    ///
    /// Zones are never dropped: valid rules name tz database zones, so the list stays as short
    /// as that database however many edits there are.
    private mutating func zoneIndex(of choice: ZoneChoice) -> UInt16 {
        guard case .fixed(let zone) = choice else { return 0 }
        let identifier = zone.identifier
        // Identifiers first, as compiling compares them: cheaper than comparing two zones.
        if let known = zones.indices.dropFirst().first(where: { zones[$0].identifier == identifier && zones[$0] == zone }) {
            return UInt16(known)
        }
        zones.append(zone)
        return UInt16(zones.count - 1)
    }

    /// Puts `values` in `storage` in place of the `slots` a rule held and returns where they
    /// start: over the old slots when they end the storage or the values fit in them, else at the
    /// end (the old slots then count as unused, as do slots the values leave free).
    private static func place(_ values: [Int32], over slots: Range<Int>, in storage: inout [Int32], unused: inout Int) -> Int32 {
        let slots = slots.isEmpty ? storage.endIndex..<storage.endIndex : slots
        if slots.upperBound == storage.endIndex {
            storage.removeSubrange(slots)
            storage.append(contentsOf: values)
            return Int32(slots.lowerBound)
        }
        if values.count <= slots.count {
            for (offset, value) in values.enumerated() { storage[slots.lowerBound + offset] = value }
            unused += slots.count - values.count
            return Int32(slots.lowerBound)
        }
        unused += slots.count
        storage.append(contentsOf: values)
        return Int32(storage.count - values.count)
    }

    /// Copies the used slots of `times` or `skips` to a new array, in rule order, when the unused
    /// ones outnumber both them and the rules: the pass then costs no more than the edits that
    /// freed those slots, and memory stays within twice what a fresh compile uses.
    private mutating func reclaimUnusedSlots() {
        if unused.times > max(times.count - unused.times, rules.count) {
            times = Self.compacted(times, keeping: times.count - unused.times, rules: &rules, slots: \.timeSlots) { $0.timesStart = $1 }
            unused.times = 0
        }
        if unused.skips > max(skips.count - unused.skips, rules.count) {
            skips = Self.compacted(skips, keeping: skips.count - unused.skips, rules: &rules, slots: \.skipSlots) { $0.skipsStart = $1 }
            unused.skips = 0
        }
    }

    /// The `count` values of `storage` that `rules` address, rule after rule, with each rule's
    /// start moved to its new place.
    private static func compacted(
        _ storage: [Int32], keeping count: Int, rules: inout [CompiledRule],
        slots: (CompiledRule) -> Range<Int>, moveStart: (inout CompiledRule, Int32) -> Void
    ) -> [Int32] {
        var kept: [Int32] = []
        kept.reserveCapacity(count)
        for index in rules.indices {
            let range = slots(rules[index])
            // An empty range may start past the end (its neighbours' slots were dropped): read nothing.
            moveStart(&rules[index], range.isEmpty ? 0 : Int32(kept.count))
            if !range.isEmpty { kept.append(contentsOf: storage[range]) }
        }
        return kept
    }
}

extension CompiledRule {
    /// The positions of the rule's times in its schedule's ``AlarmSchedule/times``.
    var timeSlots: Range<Int> { Int(timesStart)..<(Int(timesStart) + Int(timesCount)) }

    /// The positions of the rule's skipped days in its schedule's ``AlarmSchedule/skips``.
    var skipSlots: Range<Int> { Int(skipsStart)..<(Int(skipsStart) + Int(skipsCount)) }
}
