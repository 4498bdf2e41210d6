extension AlarmSchedule {
    /// Rule `index` (in id order) read back from its compiled entry, times and skipped days,
    /// as an ``AlarmRule`` that plans exactly as the entry does: for a caller that compiled a
    /// file straight from its bytes and needs a rule-level answer about a few of its rules.
    /// The label is not kept by a schedule, so the rule has none; a one-shot rule reads back
    /// as ``CompiledRule/plannedRecurrence`` says.
    ///
    /// - Complexity: O(t + s) for the rule's t times and s skipped days.
    func plannedRule(at index: Int) -> AlarmRule {
        let entry = rules[index]
        let ruleTimes = times[Int(entry.timesStart)..<Int(entry.timesStart) + Int(entry.timesCount)].compactMap {
            TimeOfDay(secondsSinceMidnight: Int($0))
        }
        let skippedDays = skips[Int(entry.skipsStart)..<Int(entry.skipsStart) + Int(entry.skipsCount)].map {
            LocalDate(daysSinceEpoch: Int64($0))
        }
        return AlarmRule(
            id: ruleIDs[index], repeats: entry.plannedRecurrence, times: ruleTimes,
            timeZone: entry.zoneIndex == 0 ? .floating : .fixed(zones[Int(entry.zoneIndex)]), skippedDates: Set(skippedDays),
            gapPolicy: entry.gapPolicy, overlapPolicy: entry.overlapPolicy)
    }
}
