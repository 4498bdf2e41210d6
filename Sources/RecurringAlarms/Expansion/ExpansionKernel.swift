import Foundation

/// The zone windows of one plan (or one fire sequence), flattened for the expansion loop:
/// one ``ZoneSpan`` per zone and every zone's offset segments in two shared arrays.
struct ExpansionTables: Sendable {
    /// The zone of each index, index 0 being the device zone.
    let zones: [TimeZone]
    let spans: [ZoneSpan]
    let segmentStarts: [Int64]
    let segmentOffsets: [Int64]

    init(windows: [ZoneWindow]) {
        var spans: [ZoneSpan] = []
        var starts: [Int64] = []
        var offsets: [Int64] = []
        spans.reserveCapacity(windows.count)
        for window in windows {
            spans.append(
                ZoneSpan(
                    firstDay: window.firstDay, lastDay: window.lastDay, minOffset: window.table.minOffset,
                    maxOffset: window.table.maxOffset, segmentStart: starts.count,
                    segmentCount: window.table.offsets.count))
            starts += window.table.starts
            offsets += window.table.offsets
        }
        zones = windows.map(\.zone)
        self.spans = spans
        segmentStarts = starts
        segmentOffsets = offsets
    }
}

/// The one expansion loop, over borrowed buffers of a schedule and its ``ExpansionTables``.
///
/// Everything here is a plain integer or a pointer, so the loop does no reference counting,
/// no bounds-checked array access and no allocation. A kernel is only valid inside
/// ``AlarmSchedule/withExpansionKernel(_:lower:upper:_:)``, which keeps the buffers alive.
/// The buffers are never written while a kernel exists, so any number of threads may read them
/// at once: each is held as read-only ``SharedSlots``, and read through a plain buffer pointer.
struct ExpansionKernel: Sendable {
    private let shared: Buffers
    var rules: UnsafeBufferPointer<CompiledRule> { shared.rules.reading }
    var times: UnsafeBufferPointer<Int32> { shared.times.reading }
    var skips: UnsafeBufferPointer<Int32> { shared.skips.reading }
    var spans: UnsafeBufferPointer<ZoneSpan> { shared.spans.reading }
    var segmentStarts: UnsafeBufferPointer<Int64> { shared.segmentStarts.reading }
    var segmentOffsets: UnsafeBufferPointer<Int64> { shared.segmentOffsets.reading }
    /// Fires are in `(lower, upper]` (seconds since 1970).
    let lower: Int64
    let upper: Int64

    /// The schedule's and the tables' buffers, lent by ``AlarmSchedule/withExpansionKernel(_:lower:upper:_:)``.
    private struct Buffers: Sendable {
        let rules: SharedSlots<CompiledRule>
        let times: SharedSlots<Int32>
        let skips: SharedSlots<Int32>
        let spans: SharedSlots<ZoneSpan>
        let segmentStarts: SharedSlots<Int64>
        let segmentOffsets: SharedSlots<Int64>
    }

    init(
        rules: UnsafeBufferPointer<CompiledRule>, times: UnsafeBufferPointer<Int32>, skips: UnsafeBufferPointer<Int32>,
        spans: UnsafeBufferPointer<ZoneSpan>, segmentStarts: UnsafeBufferPointer<Int64>,
        segmentOffsets: UnsafeBufferPointer<Int64>, lower: Int64, upper: Int64
    ) {
        shared = Buffers(
            rules: SharedSlots(readOnly: rules), times: SharedSlots(readOnly: times), skips: SharedSlots(readOnly: skips),
            spans: SharedSlots(readOnly: spans), segmentStarts: SharedSlots(readOnly: segmentStarts),
            segmentOffsets: SharedSlots(readOnly: segmentOffsets))
        self.lower = lower
        self.upper = upper
    }

    /// Calls `body` for each fire of compiled rule `index` with `lower < instant <= upper`,
    /// in nominal wall-time order, until the pruning bound is passed: once every remaining
    /// wall time of the rule must resolve after the bound, the walk stops. The bound starts
    /// at `bound` (the caller's current cut-off, or `upper`) and becomes whatever `body` returns;
    /// returning `Int64.min` stops the walk after that fire.
    ///
    /// `body` gets each fire's instant (seconds since 1970) and its nominal wall time both as
    /// seconds since 1970 (wall time) and as a day number and seconds since midnight, so that
    /// no caller divides or multiplies for the form it keeps.
    ///
    /// `resumeWall` resumes a stopped walk: only fires whose nominal wall time (seconds since
    /// 1970, wall time) is at or after it are visited. A rule's wall times are distinct, so a
    /// walk resumes one second after the last wall time it produced. `Int64.min` walks the
    /// whole rule, and then every test of `resumeWall` folds away: the planner's code is the
    /// same as without it.
    ///
    /// A gap-shifted fire that lands on another fire of the rule is left out, so the rule rings
    /// once at that instant (see ``fireRingingInstead(ofRule:wall:instant:span:)``).
    ///
    /// This is the one expansion loop; the planner, the occurrence sequence (and the fire
    /// sequence over it) and the fire count all use it.
    /// Days whose weekday the rule lacks are stepped over in one move (the weekday mask,
    /// doubled to 14 bits and shifted to today, has the distance to the next eligible
    /// weekday as its trailing zero count), and so are the off-phase weeks of an
    /// every-N-weeks rule: a long window of a sparse rule costs its fires, not its days.
    ///
    /// Inputs are clamped to years 1…9999 (`CivilArithmetic.wholeSeconds`, `LocalDate`), so
    /// day numbers and seconds stay far inside `Int64` and the loop uses wrapping arithmetic
    /// without overflow checks.
    /// - Complexity: O(eligible days × times) in the worst case, usually O(1) once the bound is tight.
    @inline(__always)
    func forEachFire(
        ofRule index: Int, resumeWall: Int64, bound initialBound: Int64,
        _ body: (
            _ instant: Int64, _ wall: Int64, _ day: Int64, _ secondOfDay: Int32,
            _ adjustment: FireAdjustment
        ) -> Int64
    ) {
        let rule = rules[index]
        let span = spans[Int(truncatingIfNeeded: rule.zoneIndex)]
        let timesStart = Int(truncatingIfNeeded: rule.timesStart)
        let timesEnd = timesStart &+ Int(truncatingIfNeeded: rule.timesCount)
        guard timesStart < timesEnd else { return }
        var bound = initialBound
        var day = max(span.firstDay, Int64(rule.firstDay))
        if resumeWall != .min { day = max(day, CivilArithmetic.floorDiv(resumeWall, CivilArithmetic.secondsPerDay)) }
        let lastDay = min(span.lastDay, Int64(rule.lastDay))
        let earliestTime = Int64(times[timesStart])
        let weekdays = UInt32(truncatingIfNeeded: rule.weekdayMask & 0x7F) &* 0x81   // the mask twice: bits 0…6 and 7…13
        guard weekdays != 0 else { return }
        // 0 = Monday … 6 = Sunday.
        var weekday = UInt32(truncatingIfNeeded: CivilArithmetic.floorMod(day &+ 3, 7))
        while true {
            let ahead = UInt32(truncatingIfNeeded: (weekdays &>> weekday).trailingZeroBitCount)
            day &+= Int64(ahead)
            weekday &+= ahead
            if weekday >= 7 { weekday &-= 7 }
            if day > lastDay { return }
            // Tested before the phase: a day whose earliest time is past the bound ends the walk
            // whatever its week, and most rules end here, so they divide by nothing.
            let midnight = day &* CivilArithmetic.secondsPerDay
            if midnight &+ earliestTime &- span.maxOffset > bound { return }
            if rule.everyWeeks > 1 {
                // An off-phase week has no fire: go on at the Monday of the next phase week
                // rather than testing its days (every 52 weeks would test a year of them).
                let monday = day &- Int64(weekday)
                let everyWeeks = Int64(rule.everyWeeks)
                let phase = CivilArithmetic.floorMod((monday &- Int64(rule.anchorMonday)) / 7, everyWeeks)
                if phase != 0 {
                    day = monday &+ (everyWeeks &- phase) &* 7
                    weekday = 0
                    continue
                }
            }
            // The weekday, range and phase checks hold by construction of the walk (one
            // definition of each, in CompiledRule+Eligibility.swift); skips are tested per day.
            assert(
                rule.hasWeekday(day: day) && rule.isInRange(day: day) && rule.isInActiveWeek(day: day),
                "the walk visited a day the rule's weekdays, range or phase exclude")
            if !rule.isSkipped(day: day, skips: skips) {
                for timeIndex in timesStart..<timesEnd {
                    let secondOfDay = times[timeIndex]
                    let wall = midnight &+ Int64(secondOfDay)
                    if wall &- span.minOffset <= lower || wall < resumeWall { continue }
                    if wall &- span.maxOffset > bound { return }
                    let instant: Int64
                    let adjustment: FireAdjustment
                    if span.segmentCount == 1 {
                        // The zone keeps one offset over the window (the common case).
                        instant = wall &- span.minOffset
                        adjustment = .none
                    } else {
                        let segments = span.segmentStart..<(span.segmentStart &+ span.segmentCount)
                        let resolution = ZoneOffsetTable.resolve(
                            wall: wall, starts: UnsafeBufferPointer(rebasing: segmentStarts[segments]),
                            offsets: UnsafeBufferPointer(rebasing: segmentOffsets[segments]))
                        guard let resolved = resolution.instant(gap: rule.gapPolicy, overlap: rule.overlapPolicy) else { continue }
                        // One rule rings once per instant: a shifted time that lands on another
                        // fire of the rule is dropped (rare: only on a gap's day).
                        if resolved.adjustment == .gapShifted && resolved.instant > lower && resolved.instant <= upper
                            && fireRingingInstead(ofRule: rule, wall: wall, instant: resolved.instant, span: span) != nil
                        {
                            continue
                        }
                        instant = resolved.instant
                        adjustment = resolved.adjustment
                    }
                    if instant <= lower || instant > upper { continue }
                    bound = body(instant, wall, day, secondOfDay, adjustment)
                }
            }
            day &+= 1
            weekday = weekday == 6 ? 0 : weekday &+ 1
        }
    }

    /// The other fire of compiled rule `rule` that rings at `instant`, which the gap-shifted
    /// fire of nominal wall time `wall` (seconds since 1970, wall time) lands on, or `nil`
    /// when none does and the shifted fire rings.
    ///
    /// One rule rings once per instant (RFC 5545 §3.8.5.3 counts duplicate instances once).
    /// The fire kept is the one whose nominal time exists (resolved as unique or by the overlap
    /// policy); among gap-shifted ones only, the earliest nominal time. Any wall time that
    /// resolves to `instant` is `instant` plus one of the zone's offsets, so the candidates are
    /// those few wall times, each tested as the expansion loop would test it. Usually the
    /// fire found is a later time of the same day (New York 02:30 lands on 03:30), but not
    /// always: Apia's skipped 2011-12-30 lands 09:00 on the next day's 09:00.
    ///
    /// The shifted instant must be in `(lower, upper]`: then every candidate's day is inside
    /// the zone's span, so its offsets are in the tables. The rule's gap policy is
    /// ``GapPolicy/shift`` (only a shifted time can land on another).
    /// - Complexity: O(zone segments × (log times + log skips)); called only for gap-shifted fires.
    @inline(never)
    func fireRingingInstead(
        ofRule rule: CompiledRule, wall: Int64, instant: Int64,
        span: ZoneSpan
    ) -> (wall: Int64, adjustment: FireAdjustment)? {
        let segments = span.segmentStart..<(span.segmentStart &+ span.segmentCount)
        let starts = UnsafeBufferPointer(rebasing: segmentStarts[segments])
        let offsets = UnsafeBufferPointer(rebasing: segmentOffsets[segments])
        let timesStart = Int(truncatingIfNeeded: rule.timesStart)
        let ruleTimes = UnsafeBufferPointer(rebasing: times[timesStart..<(timesStart &+ Int(truncatingIfNeeded: rule.timesCount))])
        var earliestShifted: Int64?
        for index in offsets.indices where !offsets[..<index].contains(offsets[index]) {
            let candidate = instant &+ offsets[index]
            if candidate == wall { continue }
            let day = CivilArithmetic.floorDiv(candidate, CivilArithmetic.secondsPerDay)
            let secondOfDay = Int32(truncatingIfNeeded: candidate &- day &* CivilArithmetic.secondsPerDay)
            guard rule.isEligible(day: day, skips: skips), Self.contains(ruleTimes, secondOfDay),
                let resolved = ZoneOffsetTable.resolve(wall: candidate, starts: starts, offsets: offsets)
                    .instant(gap: rule.gapPolicy, overlap: rule.overlapPolicy),
                resolved.instant == instant
            else { continue }
            // A time that exists (once, or twice and picked by the overlap policy) rings rather
            // than a shifted one; among shifted ones, the earliest nominal time.
            if resolved.adjustment != .gapShifted { return (candidate, resolved.adjustment) }
            if candidate < wall && candidate < (earliestShifted ?? .max) { earliestShifted = candidate }
        }
        return earliestShifted.map { ($0, .gapShifted) }
    }

    /// Whether the sorted `times` hold `value`.
    private static func contains(_ times: UnsafeBufferPointer<Int32>, _ value: Int32) -> Bool {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < times.count && times[low] == value
    }

    /// Whether compiled rule `index` may have a fire in `(lower, bound]`: `false` only when
    /// ``forEachFire(ofRule:bound:_:)`` with that bound would call its body for no fire, so a
    /// caller may leave the rule out. The planner asks it of every rule once its cut-off is
    /// tight, and nearly every rule of a large set is left out this way.
    ///
    /// The test is the walk's own first steps without the walk: the first day `d0` the rule's
    /// weekdays and range allow, and the one after it, `d1`. A fire on a day needs a wall time
    /// `w` with `w - minOffset > lower`, and none on or after a day whose earliest wall time
    /// has `w - maxOffset > bound` (the walk's two prunes). So when `d0`'s latest time is at or
    /// before `lower + minOffset`, the first day that may fire is `d1`, else `d0`; the rule may
    /// fire only when that day is in range and its earliest time is not past the bound. The
    /// phase of an every-N-weeks rule and its skips only remove days, so they are not looked at.
    /// - Complexity: O(1): the compiled entry, its zone's span and its first and last times.
    @inline(__always)
    func mayFire(ofRule index: Int, bound: Int64) -> Bool {
        let rule = rules[index]
        let span = spans[Int(truncatingIfNeeded: rule.zoneIndex)]
        let timesStart = Int(truncatingIfNeeded: rule.timesStart)
        let timesCount = Int(truncatingIfNeeded: rule.timesCount)
        let weekdays = UInt32(truncatingIfNeeded: rule.weekdayMask & 0x7F) &* 0x81   // the mask twice, as in the walk
        guard timesCount > 0 && weekdays != 0 else { return false }
        let earliestTime = Int64(times[timesStart])
        let latestTime = Int64(times[timesStart &+ timesCount &- 1])
        let start = max(span.firstDay, Int64(rule.firstDay))
        var weekday = UInt32(truncatingIfNeeded: CivilArithmetic.floorMod(start &+ 3, 7))
        let ahead = UInt32(truncatingIfNeeded: (weekdays &>> weekday).trailingZeroBitCount)
        let first = start &+ Int64(ahead)
        weekday &+= ahead
        if weekday >= 7 { weekday &-= 7 }
        // Bits 7…13 repeat the mask, so a shift by up to 7 still sees all seven weekdays.
        let second = first &+ 1 &+ Int64((weekdays &>> (weekday &+ 1)).trailingZeroBitCount)
        let firstIsOver = first &* CivilArithmetic.secondsPerDay &+ latestTime &- span.minOffset <= lower
        let day = firstIsOver ? second : first
        return day <= min(span.lastDay, Int64(rule.lastDay))
            && day &* CivilArithmetic.secondsPerDay &+ earliestTime &- span.maxOffset <= bound
    }

    /// ``forEachFire(ofRule:resumeWall:bound:_:)`` over the whole rule, with each fire's
    /// nominal wall time as seconds since 1970 (wall time): the planner's form.
    @inline(__always)
    func forEachFire(
        ofRule index: Int, bound: Int64,
        _ body: (_ instant: Int64, _ wall: Int64, _ adjustment: FireAdjustment) -> Int64
    ) {
        forEachFire(ofRule: index, resumeWall: .min, bound: bound) { instant, wall, _, _, adjustment in
            body(instant, wall, adjustment)
        }
    }
}

extension AlarmSchedule {
    /// The fire of compiled rule `index` that rings at `instant` in place of the gap-shifted
    /// fire of nominal wall time `wall`, or `nil` when the shifted fire rings: the expansion's
    /// own test (``ExpansionKernel/fireRingingInstead(ofRule:wall:instant:span:)``) on a
    /// one-second window, for the diagnostics.
    func fireRingingInstead(ofRule index: Int, wall: Int64, instant: Int64, deviceTimeZone: TimeZone) -> Fire? {
        let tables = expansionTables(deviceTimeZone: deviceTimeZone, lower: instant &- 1, upper: instant)
        let kept = withExpansionKernel(tables, lower: instant &- 1, upper: instant) { kernel in
            let rule = kernel.rules[index]
            return kernel.fireRingingInstead(ofRule: rule, wall: wall, instant: instant, span: kernel.spans[Int(rule.zoneIndex)])
        }
        return kept.map { makeFire(rule: index, instant: instant, wall: $0.wall, adjustment: $0.adjustment, tables: tables) }
    }

    /// Runs `body` with a kernel over this schedule's compiled rules and `tables`, for fires
    /// in `(lower, upper]`. The kernel must not escape `body`.
    func withExpansionKernel<Result>(
        _ tables: ExpansionTables, lower: Int64, upper: Int64,
        _ body: (ExpansionKernel) throws -> Result
    ) rethrows -> Result {
        try rules.withUnsafeBufferPointer { rules in
            try times.withUnsafeBufferPointer { times in
                try skips.withUnsafeBufferPointer { skips in
                    try tables.spans.withUnsafeBufferPointer { spans in
                        try tables.segmentStarts.withUnsafeBufferPointer { segmentStarts in
                            try tables.segmentOffsets.withUnsafeBufferPointer { segmentOffsets in
                                try body(
                                    ExpansionKernel(
                                        rules: rules, times: times, skips: skips, spans: spans,
                                        segmentStarts: segmentStarts, segmentOffsets: segmentOffsets,
                                        lower: lower, upper: upper))
                            }
                        }
                    }
                }
            }
        }
    }
}
