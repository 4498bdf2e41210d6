import Foundation

/// One fire of an ``AlarmSchedule`` as a plain value: which rule, when, the nominal wall
/// time it asked for, and how a gap or overlap was resolved.
///
/// An occurrence holds four integers and no references (it is `BitwiseCopyable`), so
/// producing, copying and dropping one costs no reference counting and no allocation. That
/// makes it the element of ``AlarmSchedule/occurrences(after:through:deviceTimeZone:rules:)``,
/// the fast way to walk every fire of a large schedule. Ask the schedule that produced it for
/// the rest: ``AlarmSchedule/ruleID(of:)`` for the rule's id and
/// ``AlarmSchedule/fire(for:deviceTimeZone:)`` for the full ``Fire`` with zone and UTC offset.
///
/// ```swift
/// // A rule "wake" at 02:30 in America/New_York; 2026-03-08 02:30 does not exist there.
/// let after = Date(timeIntervalSince1970: 1_772_884_800)    // 2026-03-07T12:00:00Z
/// let through = Date(timeIntervalSince1970: 1_773_489_600)  // 2026-03-14T12:00:00Z
/// let zone = TimeZone(identifier: "America/New_York")!
/// let first = schedule.occurrences(after: after, through: through, deviceTimeZone: zone)
///     .first { $0.adjustment == .gapShifted }!
/// first.local.description          // "2026-03-08T02:30:00"  (nominal, as the rule says)
/// first.instant                    // 2026-03-08T07:30:00Z   (03:30 EDT: gap-shifted)
/// schedule.ruleID(of: first)       // "wake"
/// schedule.fire(for: first, deviceTimeZone: zone)?.utcOffsetSeconds  // -14400
/// ```
///
/// Occurrences compare equal when all four parts are equal. They identify a fire only
/// together with the schedule they came from: ``ruleIndex`` is a position in that schedule.
public struct Occurrence: Sendable, Hashable, BitwiseCopyable {
    /// ``instant`` in whole seconds since 1970-01-01T00:00:00Z.
    @usableFromInline let instantSeconds: Int64
    /// ``local`` as a day number (days since 1970-01-01) and seconds since midnight, kept
    /// apart as the expansion finds them so that reading ``local`` divides nothing.
    @usableFromInline let day: Int32
    @usableFromInline let secondOfDay: Int32
    @usableFromInline let rule: Int32
    /// How a gap or overlap was resolved, if one was involved.
    public let adjustment: FireAdjustment

    /// An occurrence of rule `rule` on `day` at `secondOfDay`; the expansion's day numbers
    /// (years 1…9999) and times (0 ..< 86,400) fit `Int32`.
    @usableFromInline
    init(instantSeconds: Int64, day: Int64, secondOfDay: Int32, rule: Int32, adjustment: FireAdjustment) {
        self.instantSeconds = instantSeconds
        self.day = Int32(truncatingIfNeeded: day)
        self.secondOfDay = secondOfDay
        self.rule = rule
        self.adjustment = adjustment
    }

    /// ``local`` as seconds since 1970-01-01T00:00:00 wall time, as the engine counts.
    var wallSeconds: Int64 { Int64(day) &* CivilArithmetic.secondsPerDay &+ Int64(secondOfDay) }

    /// The position of the rule in its schedule: `0 ..< schedule.count`, enabled rules in
    /// id order (Unicode code points). ``AlarmSchedule/ruleID(of:)`` turns it into the id.
    @inlinable
    public var ruleIndex: Int { Int(rule) }

    /// When the alarm goes off (whole seconds).
    @inlinable
    public var instant: Date { Date(timeIntervalSince1970: TimeInterval(instantSeconds)) }

    /// The nominal wall time from the rule, which differs from the clock at ``instant`` only
    /// when ``adjustment`` is ``FireAdjustment/gapShifted``.
    @inlinable
    public var local: LocalDateTime {
        LocalDateTime(date: LocalDate(daysSinceEpoch: Int64(day)), time: TimeOfDay(secondsSinceMidnight: Int(secondOfDay))!)
    }
}

extension AlarmSchedule {
    /// The id of the rule `occurrence` belongs to.
    ///
    /// ```swift
    /// for occurrence in schedule.occurrences(after: now, through: end, deviceTimeZone: zone) {
    ///     print(schedule.ruleID(of: occurrence) ?? "?", occurrence.local)   // "wake 2026-12-01T07:00:00"
    /// }
    /// ```
    /// `occurrence` should come from this schedule (a copy of it is the same schedule).
    ///
    /// - Returns: the id, or `nil` when the occurrence's rule index is past this schedule's
    ///   rules (so it came from another, larger schedule).
    /// - Complexity: O(1).
    public func ruleID(of occurrence: Occurrence) -> String? {
        guard rules.indices.contains(occurrence.ruleIndex) else { return nil }
        return ruleIDs[occurrence.ruleIndex]
    }

    /// The full ``Fire`` of `occurrence`: rule id, zone, UTC offset, floating flag.
    ///
    /// ```swift
    /// let zone = TimeZone(identifier: "America/New_York")!
    /// let fire = schedule.fire(for: occurrence, deviceTimeZone: zone)!
    /// fire.id          // "wake@2026-03-08T02:30:00"
    /// fire.rfc3339     // "2026-03-08T03:30:00-04:00"  (gap-shifted)
    /// ```
    /// This is what ``fires(after:through:deviceTimeZone:)`` yields for each occurrence, so
    /// converting only the occurrences you keep costs nothing for the rest.
    ///
    /// - Parameters:
    ///   - occurrence: An occurrence of this schedule.
    ///   - deviceTimeZone: The device zone the occurrence was expanded with: floating rules
    ///     report it as their ``Fire/timeZone``.
    /// - Returns: the fire, or `nil` when the occurrence's rule index is past this schedule's
    ///   rules (so it came from another, larger schedule).
    /// - Complexity: O(1); a gap-shifted occurrence asks its zone for the offset once.
    public func fire(for occurrence: Occurrence, deviceTimeZone: TimeZone) -> Fire? {
        guard rules.indices.contains(occurrence.ruleIndex) else { return nil }
        return makeFire(occurrence, deviceTimeZone: deviceTimeZone)
    }

    /// ``fire(for:deviceTimeZone:)``, inlined into the fire sequence's loop, for occurrences
    /// this schedule produced (an index past its rules is a bug in the engine and stops it).
    @inline(__always)
    func makeFire(_ occurrence: Occurrence, deviceTimeZone: TimeZone) -> Fire {
        precondition(
            rules.indices.contains(occurrence.ruleIndex),
            "occurrence of rule index \(occurrence.ruleIndex) is not from this schedule of \(rules.count) rules")
        let zoneIndex = Int(rules[occurrence.ruleIndex].zoneIndex)
        let zone = zoneIndex == 0 ? deviceTimeZone : zones[zoneIndex]
        // The instant is the wall time less the offset in force at it, except in a gap: there
        // the wall time was read with the offset before the change and the instant lies after it.
        let offset =
            occurrence.adjustment == .gapShifted
            ? zone.secondsFromGMT(for: occurrence.instant)
            : Int(occurrence.wallSeconds - occurrence.instantSeconds)
        return Fire(
            ruleID: ruleIDs[occurrence.ruleIndex], instant: occurrence.instant,
            local: occurrence.local, timeZone: zone, utcOffsetSeconds: offset,
            adjustment: occurrence.adjustment, isFloating: zoneIndex == 0)
    }
}
