/// The one eligibility test: whether a compiled rule fires on a day, check by check.
///
/// Each check is defined once, here, on the integers of ``CompiledRule``. The expansion kernel
/// applies them in loop form, with no per-day call for the first four: it steps from one day
/// whose weekday is in ``CompiledRule/weekdayMask`` to the next, walks only from
/// ``CompiledRule/firstDay`` to ``CompiledRule/lastDay`` and steps over the off-phase weeks of
/// an every-N-weeks rule (debug builds assert that each day it visits passes
/// ``hasWeekday(day:)``, ``isInRange(day:)`` and ``isInActiveWeek(day:)``), then calls
/// ``isSkipped(day:skips:)`` per day. The clock-change warnings call
/// ``isEligible(day:skips:)``, and ``FireExplanation`` reports ``failedChecks(day:skips:)``, so
/// `explain` cannot drift from `plan`.
extension CompiledRule {
    /// The checks a day fails: empty when the rule fires on it.
    struct FailedChecks: OptionSet, Sendable {
        let rawValue: UInt8
        /// The day's weekday is not one of the rule's (always passes for a one-shot rule).
        static let weekday = FailedChecks(rawValue: 1 << 0)
        /// The day is before the rule's first day (its start, or a one-shot rule's date).
        static let start = FailedChecks(rawValue: 1 << 1)
        /// The day is after the rule's last day (its end, or a one-shot rule's date).
        static let end = FailedChecks(rawValue: 1 << 2)
        /// The day's week is not one of an every-N-weeks rule's active weeks.
        static let everyWeeks = FailedChecks(rawValue: 1 << 3)
        /// The day is in the rule's skip list.
        static let skip = FailedChecks(rawValue: 1 << 4)
    }

    /// Whether day number `day` falls on one of the rule's weekdays (day 0, 1970-01-01, was a Thursday).
    @inline(__always)
    package func hasWeekday(day: Int64) -> Bool {
        weekdayMask & (UInt8(1) << UInt8(truncatingIfNeeded: CivilArithmetic.floorMod(day &+ 3, 7))) != 0
    }

    /// Whether `day` is on or after the rule's first day.
    @inline(__always)
    func isOnOrAfterStart(day: Int64) -> Bool { day >= Int64(firstDay) }

    /// Whether `day` is on or before the rule's last day.
    @inline(__always)
    func isOnOrBeforeEnd(day: Int64) -> Bool { day <= Int64(lastDay) }

    /// Whether `day` is between the rule's first and last days, both included.
    @inline(__always)
    package func isInRange(day: Int64) -> Bool { isOnOrAfterStart(day: day) && isOnOrBeforeEnd(day: day) }

    /// Whole weeks from the week of the rule's start (Monday to Sunday) to the week of `day`,
    /// negative before it: the phase ``everyWeeks`` divides.
    @inline(__always)
    func weeksFromStart(day: Int64) -> Int64 {
        (CivilArithmetic.monday(ofDay: day) &- Int64(anchorMonday)) / 7
    }

    /// Whether `day`'s week is an active week of an every-N-weeks rule (always, for N = 1).
    @inline(__always)
    package func isInActiveWeek(day: Int64) -> Bool {
        everyWeeks <= 1 || CivilArithmetic.floorMod(weeksFromStart(day: day), Int64(everyWeeks)) == 0
    }

    /// Whether `day` is in the rule's skip list (`skips`: the schedule's shared skipped days,
    /// sorted within each rule), by binary search.
    @inline(__always)
    func isSkipped(day: Int64, skips: UnsafeBufferPointer<Int32>) -> Bool {
        guard skipsCount > 0 else { return false }
        let target = Int32(clamping: day)
        let end = Int(skipsStart) + Int(skipsCount)
        var low = Int(skipsStart)
        var high = end
        while low < high {
            let middle = (low + high) / 2
            if skips[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low < end && skips[low] == target
    }

    /// Every check `day` fails; empty when the rule fires on it.
    func failedChecks(day: Int64, skips: UnsafeBufferPointer<Int32>) -> FailedChecks {
        var failed: FailedChecks = []
        if !hasWeekday(day: day) { failed.insert(.weekday) }
        if !isOnOrAfterStart(day: day) { failed.insert(.start) }
        if !isOnOrBeforeEnd(day: day) { failed.insert(.end) }
        if !isInActiveWeek(day: day) { failed.insert(.everyWeeks) }
        if isSkipped(day: day, skips: skips) { failed.insert(.skip) }
        return failed
    }

    /// Whether the rule fires on `day`: every check passes.
    func isEligible(day: Int64, skips: UnsafeBufferPointer<Int32>) -> Bool {
        failedChecks(day: day, skips: skips).isEmpty
    }
}

extension AlarmSchedule {
    /// The times of rule `index`, read back from their seconds since midnight, in order.
    ///
    /// - Complexity: O(1); O(t) to iterate its t times, with no allocation.
    func ruleTimes(at index: Int) -> some Sequence<TimeOfDay> {
        times[rules[index].timeSlots].lazy.compactMap { TimeOfDay(secondsSinceMidnight: Int($0)) }
    }

    /// Whether rule `index` skips a day on or after `date`: the last of its skipped days, which
    /// are sorted, says it. What a repeating trigger cannot do, so such a rule stays one-shot.
    ///
    /// - Complexity: O(1).
    func skipsFromDay(_ date: LocalDate, ofRuleAt index: Int) -> Bool {
        let entry = rules[index]
        guard entry.skipsCount > 0 else { return false }
        return Int64(skips[Int(entry.skipsStart) + Int(entry.skipsCount) - 1]) >= date.daysSinceEpoch
    }
}
