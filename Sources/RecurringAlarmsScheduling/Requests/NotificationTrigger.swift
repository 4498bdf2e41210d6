import Foundation
import RecurringAlarms

/// When a notification goes off, as the OS is told: a wall-clock date-time, with or without a zone.
///
/// - ``floating(_:)``: no zone. It goes off when the device's clock shows that date and time,
///   in whatever zone the device is in by then, so a pending 07:30 moves with the traveller
///   at once (this is how iOS treats calendar components without a time zone).
/// - ``zoned(_:_:)``: the clock of one zone. It goes off at one instant, wherever the device is.
/// - ``repeatingWeekly(_:everyDay:)``: no zone, and it repeats: it goes off at the wall time
///   given, then every week on that weekday at that time (every day when `everyDay`), on the
///   device's clock, until removed. One pending request for all of them.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!, tokyo = TimeZone(identifier: "Asia/Tokyo")!
/// let local = LocalDateTime(parsing: "2026-12-01T07:30:00")!
/// NotificationTrigger.floating(local).instant(deviceTimeZone: berlin)   // 2026-12-01T06:30:00Z (07:30 CET)
/// NotificationTrigger.floating(local).instant(deviceTimeZone: tokyo)    // 2026-11-30T22:30:00Z (07:30 JST)
/// NotificationTrigger.zoned(local, berlin).instant(deviceTimeZone: tokyo) // 2026-12-01T06:30:00Z, wherever the device is
/// ```
public enum NotificationTrigger: Sendable, Hashable {
    /// Goes off when the device clock shows this wall time, in the device zone of the moment.
    case floating(LocalDateTime)
    /// Goes off when the clock of the zone shows this wall time.
    case zoned(LocalDateTime, TimeZone)
    /// Goes off when the device clock shows this wall time, then every week on its weekday at
    /// its time (every day at its time when `everyDay`), in the device zone of each moment.
    /// Registered as weekday (unless `everyDay`), hour, minute and second with `repeats: true`:
    /// the date only says when it first goes off. See ``init(repeating:after:deviceTimeZone:)``.
    case repeatingWeekly(LocalDateTime, everyDay: Bool)

    /// The wall-clock date-time of the trigger; for a repeating one, its first.
    public var local: LocalDateTime {
        switch self {
        case .floating(let local), .zoned(let local, _), .repeatingWeekly(let local, _): local
        }
    }

    /// The zone of a zoned trigger; `nil` for a floating or repeating one.
    public var timeZone: TimeZone? {
        switch self {
        case .floating, .repeatingWeekly: nil
        case .zoned(_, let zone): zone
        }
    }

    /// Whether the trigger goes off again after its first time (``repeatingWeekly(_:everyDay:)``).
    public var repeats: Bool {
        if case .repeatingWeekly = self { return true }
        return false
    }

    /// The repeating trigger for `alarm`, first going off at its next match after `now` on the
    /// clock of `deviceTimeZone`; `nil` when `alarm` rings on several weekdays but not all, as a
    /// calendar trigger holds one weekday or every day (the hybrid plan for notifications makes
    /// no other).
    ///
    /// ```swift
    /// // 2026-12-01T00:00:00Z is Tuesday 01:00 in Berlin
    /// let alarm = RepeatingAlarm(ruleID: "wake", weekdays: .monday, time: TimeOfDay(hour: 7, minute: 30)!)
    /// NotificationTrigger(repeating: alarm, after: now, deviceTimeZone: berlin)
    /// // .repeatingWeekly(2026-12-07T07:30:00, everyDay: false)
    /// ```
    /// - Complexity: O(1): one zone offset read, at most eight days stepped.
    public init?(repeating alarm: RepeatingAlarm, after now: Date, deviceTimeZone: TimeZone) {
        guard alarm.isPerWeekday else { return nil }
        let everyDay = alarm.weekdays == .daily
        let today = LocalDateTime(instant: now, utcOffsetSeconds: deviceTimeZone.secondsFromGMT(for: now))
        var date = today.date
        while !alarm.weekdays.contains(date.weekday) || (date == today.date && alarm.time <= today.time) {
            date = date.adding(days: 1)
        }
        self = .repeatingWeekly(LocalDateTime(date: date, time: alarm.time), everyDay: everyDay)
    }

    /// The next instant after `moment` at which a repeating trigger goes off on the clock of
    /// `deviceTimeZone`: the soonest match of its weekday (any day when `everyDay`) and time
    /// from its first date on, read as the engine reads wall times (a gap's wall time with the
    /// offset before it, an overlap's first occurrence). `nil` for a trigger that does not
    /// repeat. At most eight days are read.
    package func nextRepeat(after moment: Date, deviceTimeZone: TimeZone) -> Date? {
        guard case .repeatingWeekly(let first, let everyDay) = self else { return nil }
        let wall = LocalDateTime(instant: moment, utcOffsetSeconds: deviceTimeZone.secondsFromGMT(for: moment))
        // A day before the device's date too: a wall time an overlap repeats can still be ahead.
        var date = max(first.date, wall.date.adding(days: -1))
        for _ in 0...8 {
            if everyDay || date.weekday == first.date.weekday,
                let instant = NotificationTrigger.floating(LocalDateTime(date: date, time: first.time))
                    .candidateInstants(in: deviceTimeZone).first(where: { $0 > moment })
            {
                return instant
            }
            date = date.adding(days: 1)
        }
        return nil
    }

    /// Whether the trigger follows the device zone.
    public var isFloating: Bool { timeZone == nil }

    /// How a fire is registered so that the OS rings it at ``/RecurringAlarms/Fire/instant``.
    ///
    /// - The wall time registered is the clock **at the instant** in the fire's zone, not the
    ///   nominal one: a gap-shifted New York 02:30 on 2026-03-08 is registered as 03:30, the
    ///   time the clock shows when it rings (02:30 does not exist that day).
    /// - Floating fires are ``floating(_:)``, fixed-zone fires ``zoned(_:_:)`` in the rule's zone.
    /// - Snoozes ring at an instant ("in 9 minutes"), so they are always zoned.
    /// - A wall time that occurs twice (a fall-back overlap) is ambiguous as components. A
    ///   zoned one is registered in a fixed-offset zone (`GMT-0500` for 01:30 EST in New York
    ///   on 2026-11-01), which names exactly one instant. A floating one that rings at the
    ///   first occurrence stays floating (the device clock shows it first then); one that rings
    ///   at the second (`overlap: last`) is registered in the fixed-offset zone too, trading
    ///   following the device for ringing at the right instant. See `Docs/iOS.md`.
    ///
    /// ```swift
    /// // 2026-11-01T01:30:00 in New York, overlap: last → 06:30:00Z (01:30 EST)
    /// NotificationTrigger(fire: fire)   // .zoned(2026-11-01T01:30:00, GMT-0500)
    /// ```
    public init(fire: Fire) {
        let wall = LocalDateTime(instant: fire.instant, utcOffsetSeconds: fire.utcOffsetSeconds)
        let isAmbiguous: Bool
        let isLaterOccurrence: Bool
        if case .overlap(let earlier, _) = wall.resolution(in: fire.timeZone) {
            isAmbiguous = true
            isLaterOccurrence = fire.instant > earlier
        } else {
            isAmbiguous = false
            isLaterOccurrence = false
        }
        let fixedOffset = TimeZone(secondsFromGMT: fire.utcOffsetSeconds) ?? fire.timeZone
        if fire.isFloating && !fire.isSnooze {
            self = isLaterOccurrence ? .zoned(wall, fixedOffset) : .floating(wall)
        } else {
            self = .zoned(wall, isAmbiguous ? fixedOffset : fire.timeZone)
        }
    }

    /// The instants at which the clock of `zone` shows ``local``, soonest first: one, two in a
    /// fall-back overlap, or, in a spring-forward gap, the wall time read with the offset before
    /// it (as the engine's `gap: shift` does).
    package func candidateInstants(in zone: TimeZone) -> [Date] {
        local.resolution(in: zone).instants
    }

    /// The first instant at which the trigger goes off if the device stays in `deviceTimeZone`:
    /// the first occurrence of the wall time in the trigger's zone (the device zone when floating).
    ///
    /// - Complexity: as ``/RecurringAlarms/LocalDateTime/resolution(in:)``: O(1) calls to `TimeZone`.
    public func instant(deviceTimeZone: TimeZone) -> Date {
        candidateInstants(in: timeZone ?? deviceTimeZone)[0]
    }

    /// The trigger that `components` name when an OS reads their numbers in `calendar`: the same
    /// numbers as a wall time of that calendar, in the components' zone (floating when they carry
    /// none). The inverse of ``dateComponents(in:)``; `nil` when they name no date in years 1 to 9999.
    ///
    /// This is how a calendar change is modelled: components numbered in the Gregorian calendar
    /// (year 2026) read in the Buddhist one name a day 543 years earlier (2026 BE = 1483 CE).
    ///
    /// ```swift
    /// let buddhist = NotificationTrigger.floating(LocalDateTime(parsing: "2026-12-01T07:30:00")!)
    ///     .dateComponents(in: Calendar(identifier: .buddhist))          // year 2569 BE
    /// NotificationTrigger(components: buddhist, readIn: Calendar(identifier: .gregorian))
    /// // .floating(2569-12-01T07:30:00)
    /// ```
    package init?(components: DateComponents, readIn calendar: Calendar) {
        // Read the numbers in UTC, so no zone arithmetic moves them, as dateComponents(in:) writes them.
        let utc = TimeZone(secondsFromGMT: 0)!
        var reader = calendar
        reader.timeZone = utc
        var numbers = components
        numbers.calendar = nil
        numbers.timeZone = nil
        // 0001-01-01 … 9999-12-31T23:59:59 UTC
        let civilRange = Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)
        guard let instant = reader.date(from: numbers), civilRange.contains(instant) else { return nil }
        let wall = LocalDateTime(instant: instant, utcOffsetSeconds: 0)
        self = components.timeZone.map { .zoned(wall, $0) } ?? .floating(wall)
    }

    /// The date components to hand to `UNCalendarNotificationTrigger(dateMatching:repeats:)`:
    /// year, month, day, hour, minute and second, plus the zone for a zoned trigger (none for a
    /// floating one, so the OS reads them on the device's clock).
    ///
    /// The numbers are expressed in `calendar`, which must be the calendar the OS matches
    /// components with (`Calendar.current` on iOS when the components carry none). For the
    /// Gregorian calendar they are the wall time's own numbers; for another calendar (Buddhist,
    /// Japanese …) the same day and time in that calendar's numbering, with the era.
    ///
    /// ```swift
    /// NotificationTrigger.floating(LocalDateTime(parsing: "2026-12-01T07:30:00")!)
    ///     .dateComponents(in: Calendar(identifier: .gregorian))
    /// // year 2026 month 12 day 1 hour 7 minute 30 second 0, no time zone
    /// NotificationTrigger.floating(…).dateComponents(in: Calendar(identifier: .buddhist))
    /// // era 0 year 2569 month 12 day 1 hour 7 minute 30 second 0
    /// ```
    ///
    /// A repeating trigger gives weekday (numbered as `DateComponents` does: Sunday = 1 …
    /// Saturday = 7; none when `everyDay`), hour, minute and second, in any calendar.
    public func dateComponents(in calendar: Calendar) -> DateComponents {
        let local = self.local
        if case .repeatingWeekly(_, let everyDay) = self {
            return DateComponents(
                hour: local.time.hour, minute: local.time.minute, second: local.time.second,
                weekday: everyDay ? nil : local.date.weekday.isoNumber % 7 + 1)
        }
        var components: DateComponents
        if calendar.identifier == .gregorian {
            components = DateComponents(
                year: local.date.year, month: local.date.month, day: local.date.day,
                hour: local.time.hour, minute: local.time.minute, second: local.time.second)
        } else {
            // Read the wall time as if it were UTC, then in the other calendar, also in UTC: the
            // same day and time, renumbered, with no zone arithmetic in between.
            let utc = TimeZone(secondsFromGMT: 0)!
            var converter = calendar
            converter.timeZone = utc
            components = converter.dateComponents(
                [.era, .year, .month, .day, .hour, .minute, .second],
                from: candidateInstants(in: utc)[0])
        }
        components.timeZone = timeZone
        return components
    }
}
