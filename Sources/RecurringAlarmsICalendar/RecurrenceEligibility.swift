import RecurringAlarms

/// Which days a recurrence has instances on, by the engine's one eligibility test (weekday,
/// range and every-N-weeks phase) rather than a second copy of it: the reader and the writer
/// work on dates, not on a compiled schedule, so they ask the compiled form of one rule.
struct RecurrenceEligibility: Sendable {
    private let rule: CompiledRule

    /// The test for `recurrence`; policies, times and skips play no part in it.
    init(_ recurrence: Recurrence) {
        rule = CompiledRule(
            repeats: recurrence, gapPolicy: .shift, overlapPolicy: .first, zoneIndex: 0, times: (0, 0), skips: (0, 0))
    }

    /// The weeks in one cycle: 1…52 for an every-N-weeks rule with a start, else 1.
    var weeksPerCycle: Int64 { Int64(rule.everyWeeks) }

    /// Whether day number `day` (days since 1970-01-01) has instances. O(1).
    func hasInstances(day: Int64) -> Bool {
        rule.hasWeekday(day: day) && rule.isInRange(day: day) && rule.isInActiveWeek(day: day)
    }
}
