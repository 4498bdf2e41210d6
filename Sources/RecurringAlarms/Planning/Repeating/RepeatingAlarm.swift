import Foundation

/// One repeating trigger: a rule's time on a set of weekdays, on the device clock.
///
/// An OS can hold a trigger that keeps ringing without the app. A notification's calendar
/// trigger (on iOS a `UNCalendarNotificationTrigger` with `repeats: true`) holds one weekday, or
/// every day, at one time; an AlarmKit alarm (`.relative(time, repeats: .weekly(days))`) holds
/// one time, in whole minutes, on a set of weekdays. A ``HybridPlan`` hands a rule to such
/// triggers only where they ring exactly what the engine plans, cut as the service's triggers
/// hold it (see ``hybridPlan(_:now:options:repeating:including:)``).
///
/// Its ``id`` is `<rule id>#daily-HH:MM:SS` on all seven days, else
/// `<rule id>#weekly-<days>-HH:MM:SS` with the days' three-letter names joined by `+`, Monday
/// first: `wake#weekly-mon-07:30:00` on one day, `wake#weekly-mon+tue+thu-07:30:00` on three.
/// Rule ids never hold `#` and fire ids always hold `@`, so an alarm id is never a fire id, and
/// the same alarm has the same id in every plan.
///
/// ```swift
/// let alarm = RepeatingAlarm(ruleID: "wake", weekdays: [.monday, .tuesday, .thursday], time: TimeOfDay(hour: 7, minute: 30)!)
/// alarm.id                                                  // "wake#weekly-mon+tue+thu-07:30:00"
/// RepeatingAlarm(ruleID: "wake", weekdays: .monday, time: TimeOfDay(hour: 7, minute: 30)!).id   // "wake#weekly-mon-07:30:00"
/// RepeatingAlarm(parsing: "gym#daily-18:00:00")?.weekdays   // .daily
/// RepeatingAlarm(parsing: "wake@2026-12-01T07:30:00")       // nil: a fire id
/// ```
public struct RepeatingAlarm: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, Identifiable {
    /// The rule the alarm rings for.
    public let ruleID: String
    /// The weekdays it rings on: one day or every day for a notification's calendar trigger,
    /// any set for an AlarmKit alarm.
    public let weekdays: WeekdaySet
    /// The wall time it rings at, on the device clock.
    public let time: TimeOfDay

    /// Creates an alarm. Nothing is checked: the id reads back through ``init(parsing:)`` when
    /// `ruleID` is a valid rule id (see ``AlarmRule/id``) and `weekdays` is not empty.
    public init(ruleID: String, weekdays: WeekdaySet, time: TimeOfDay) {
        self.ruleID = ruleID
        self.weekdays = weekdays
        self.time = time
    }

    /// `<rule id>#weekly-<days>-HH:MM:SS` or `<rule id>#daily-HH:MM:SS`: the identifier of the
    /// notification request or AlarmKit alarm.
    public var id: String {
        let days = weekdays == .daily ? "daily-" : "weekly-" + weekdays.days.map(\.name).joined(separator: "+") + "-"
        return ruleID + "#" + days + time.fullDescription
    }

    /// ``id``.
    public var description: String { id }

    /// Parses an alarm id as ``id`` writes it; `nil` for anything else (a fire id, an invalid
    /// rule id, an unknown, repeated or out-of-order day, all seven days spelled out, a time
    /// without seconds).
    ///
    /// ```swift
    /// RepeatingAlarm(parsing: "wake#weekly-mon+fri-07:30:00")?.weekdays   // [.monday, .friday]
    /// RepeatingAlarm(parsing: "wake#weekly-fri+mon-07:30:00")             // nil: Monday first
    /// RepeatingAlarm(parsing: "wake#weekly-mon-07:30")                    // nil: seconds are required
    /// ```
    /// - Complexity: O(n) in the length of `text`.
    public init?(parsing text: String) {
        guard let hash = text.firstIndex(of: "#") else { return nil }
        let ruleID = String(text[..<hash])
        guard AlarmRule.isValidID(ruleID) else { return nil }
        let rest = text[text.index(after: hash)...]
        guard rest.utf8.count > 8 else { return nil }
        let timeText = String(rest.suffix(8))
        let head = rest.dropLast(8)
        guard let time = TimeOfDay(parsing: timeText), time.fullDescription == timeText else { return nil }
        var weekdays = WeekdaySet()
        if head == "daily-" {
            weekdays = .daily
        } else {
            guard head.hasPrefix("weekly-"), head.hasSuffix("-") else { return nil }
            let names = head.dropFirst("weekly-".count).dropLast().split(separator: "+", omittingEmptySubsequences: false)
            var last = 0
            for name in names {
                guard let day = Weekday(name: String(name)), day.isoNumber > last else { return nil }
                last = day.isoNumber
                weekdays.insert(WeekdaySet(day))
            }
            guard !weekdays.isEmpty, weekdays != .daily else { return nil }
        }
        self.init(ruleID: ruleID, weekdays: weekdays, time: time)
    }

    /// By rule id (Unicode code points), then weekdays (every day first, then by their days in
    /// order, Monday first, so single days run Monday … Sunday), then time.
    public static func < (lhs: RepeatingAlarm, rhs: RepeatingAlarm) -> Bool {
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID.unicodeScalars.lexicographicallyPrecedes(rhs.ruleID.unicodeScalars) }
        if lhs.weekdays != rhs.weekdays { return precedes(lhs.weekdays, rhs.weekdays) }
        return lhs.time < rhs.time
    }

    /// Every day first; other sets compared by their days in order, Monday first, a set that
    /// is the start of another first (Monday before Monday and Tuesday before Tuesday).
    private static func precedes(_ a: WeekdaySet, _ b: WeekdaySet) -> Bool {
        if a == .daily || b == .daily { return a == .daily && b != .daily }
        var (x, y) = (a.rawValue, b.rawValue)
        while x != 0 && y != 0 {
            // The lowest bit left is the earliest day left (bit 0 is Monday).
            let (dayX, dayY) = (x.trailingZeroBitCount, y.trailingZeroBitCount)
            if dayX != dayY { return dayX < dayY }
            x &= x - 1
            y &= y - 1
        }
        return x == 0 && y != 0
    }

    /// Whether it rings on one weekday or on every day: the only alarms a notification's
    /// calendar trigger holds, and the only ones a plan per weekday makes
    /// (``Granularity/perWeekday``).
    package var isPerWeekday: Bool { weekdays == .daily || weekdays.count == 1 }

    /// The fire a delivery of this alarm at `instant` stands for: its time on the date the
    /// clock of `deviceTimeZone` shows then, or on the day before when that clock already reads
    /// earlier than its time (a delivery late past midnight).
    ///
    /// The alarm's own time is kept, so a delivery pushed past a spring-forward gap (02:30 rung
    /// at 03:30) is named as the engine names that fire, `…T02:30:00`. The one mapping from a
    /// delivered repeating request or alarm to its fire, for the scheduler's notification
    /// actions, the AlarmKit metadata, the simulator and the testing kit's device alike.
    ///
    /// - Complexity: O(1).
    package func deliveredFire(at instant: Date, deviceTimeZone: TimeZone) -> FireID {
        let shown = LocalDateTime(instant: instant, utcOffsetSeconds: deviceTimeZone.secondsFromGMT(for: instant))
        let date = shown.time < time ? shown.date.adding(days: -1) : shown.date
        return FireID(ruleID: ruleID, local: LocalDateTime(date: date, time: time))
    }
}

extension RepeatingAlarm: StringCodable {
    /// Encoded as ``id``.
    package var codedText: String { id }

    package static let expectedForm =
        "a repeating alarm id; expected RULE#weekly-DAY+DAY-HH:MM:SS (Monday first) or RULE#daily-HH:MM:SS"
}
