/// The hot-path form of one enabled rule: a few integers, no strings or references.
///
/// Times and skipped days live in shared flat arrays of the ``AlarmSchedule``, addressed by
/// `timesStart`/`timesCount` and `skipsStart`/`skipsCount`. `timesCount` is 32 bits wide
/// because a valid rule may list every second of the day (86,400 times); the two policy flags
/// share a byte with `everyWeeks` (1…52 needs six bits) so the entry stays 32 bytes.
package struct CompiledRule: Sendable {
    /// Bit `isoWeekday - 1` set for each eligible weekday; all seven for one-shot rules.
    var weekdayMask: UInt8
    /// `everyWeeks` in bits 0…5, ``skipsGap`` in bit 6, ``prefersLaterInOverlap`` in bit 7.
    private var weeksAndFlags: UInt8
    /// Index into the schedule's zones; 0 is the device zone (floating rules). Valid rules name
    /// IANA zones only, far fewer than 65,536.
    var zoneIndex: UInt16
    var timesCount: UInt32
    var timesStart: Int32
    var skipsStart: Int32
    var skipsCount: Int32
    /// First and last eligible day numbers (inclusive); one-shot rules have one day.
    var firstDay: Int32
    var lastDay: Int32
    /// Day number of the Monday of `start`'s week, the phase of `everyWeeks`.
    var anchorMonday: Int32

    init(
        weekdayMask: UInt8, everyWeeks: UInt8, skipsGap: Bool, prefersLaterInOverlap: Bool, zoneIndex: UInt16,
        timesCount: UInt32, timesStart: Int32, skipsStart: Int32, skipsCount: Int32, firstDay: Int32, lastDay: Int32,
        anchorMonday: Int32
    ) {
        self.weekdayMask = weekdayMask
        weeksAndFlags = 0
        self.zoneIndex = zoneIndex
        self.timesCount = timesCount
        self.timesStart = timesStart
        self.skipsStart = skipsStart
        self.skipsCount = skipsCount
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.anchorMonday = anchorMonday
        self.everyWeeks = everyWeeks
        self.skipsGap = skipsGap
        self.prefersLaterInOverlap = prefersLaterInOverlap
    }

    /// 1…52 (stored in six bits; the compiler clamps it before storing).
    package var everyWeeks: UInt8 {
        get { weeksAndFlags & 0x3F }
        set { weeksAndFlags = (weeksAndFlags & 0xC0) | (newValue & 0x3F) }
    }

    /// Whether a wall time in a spring-forward gap is dropped (``GapPolicy/skip``).
    var skipsGap: Bool {
        get { weeksAndFlags & 0x40 != 0 }
        set { weeksAndFlags = newValue ? weeksAndFlags | 0x40 : weeksAndFlags & ~0x40 }
    }

    /// Whether a repeated wall time fires at its second instant (``OverlapPolicy/last``).
    var prefersLaterInOverlap: Bool {
        get { weeksAndFlags & 0x80 != 0 }
        set { weeksAndFlags = newValue ? weeksAndFlags | 0x80 : weeksAndFlags & ~0x80 }
    }

    /// The rule's gap policy, for ``WallInstants/instant(gap:overlap:)``.
    @inline(__always)
    var gapPolicy: GapPolicy { skipsGap ? .skip : .shift }

    /// The rule's overlap policy, for ``WallInstants/instant(gap:overlap:)``.
    @inline(__always)
    var overlapPolicy: OverlapPolicy { prefersLaterInOverlap ? .last : .first }
}

extension CompiledRule {
    /// The entry of a rule with `repeats` and the two policies, whose zone, times and skips the
    /// caller has placed: the one mapping that compiling a set and editing one rule share.
    /// `everyWeeks` is clamped to 1…52 and counts only with a start (the phase needs one).
    package init(
        repeats: Recurrence, gapPolicy: GapPolicy, overlapPolicy: OverlapPolicy, zoneIndex: UInt16,
        times: (start: Int32, count: UInt32), skips: (start: Int32, count: Int32)
    ) {
        self.init(
            weekdayMask: 0x7F, everyWeeks: 1, skipsGap: gapPolicy == .skip, prefersLaterInOverlap: overlapPolicy == .last,
            zoneIndex: zoneIndex, timesCount: times.count, timesStart: times.start, skipsStart: skips.start,
            skipsCount: skips.count, firstDay: Int32.min, lastDay: Int32.max, anchorMonday: 0)
        switch repeats {
        case .weekly(let days, let everyWeeks, let start, let end):
            weekdayMask = days.rawValue
            if let start {
                self.everyWeeks = UInt8(min(max(everyWeeks, 1), 52))
                firstDay = Int32(clamping: start.daysSinceEpoch)
                anchorMonday = Int32(clamping: CivilArithmetic.monday(ofDay: start.daysSinceEpoch))
            }
            if let end { lastDay = Int32(clamping: end.daysSinceEpoch) }
        case .once(let date):
            firstDay = Int32(clamping: date.daysSinceEpoch)
            lastDay = firstDay
        }
    }
}

extension CompiledRule {
    /// The recurrence the entry plans, read back: the inverse of ``init(repeats:gapPolicy:overlapPolicy:zoneIndex:times:skips:)``
    /// as far as planning can tell. A one-shot rule, compiled to one day on every weekday,
    /// reads back as a weekly rule on every day from that day to that day, which plans the
    /// same fires (and, having an end, never repeats).
    var plannedRecurrence: Recurrence {
        .weekly(
            days: WeekdaySet(rawValue: weekdayMask), everyWeeks: Int(everyWeeks),
            start: firstDay == Int32.min ? nil : LocalDate(daysSinceEpoch: Int64(firstDay)),
            end: lastDay == Int32.max ? nil : LocalDate(daysSinceEpoch: Int64(lastDay)))
    }
}
