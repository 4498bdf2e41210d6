import Foundation

/// One repeating AlarmKit alarm: a rule's time on a set of weekdays, on the device clock.
///
/// AlarmKit (iOS 26) repeats an alarm as `.relative(time: hour:minute, repeats: .weekly(days))`:
/// one alarm per time, ringing on every weekday it lists. An ``AlarmKitPlan`` hands a rule's
/// time to such an alarm only when it rings exactly what the engine plans (see
/// ``alarmKitPlan(_:now:options:budget:including:)``).
///
/// Its ``id`` is `<rule id>#daily-HH:MM:SS` on all seven days (the id of the daily
/// ``RepeatingSlot``), else `<rule id>#weekly-<days>-HH:MM:SS` with the days' three-letter
/// names joined by `+`, Monday first; a single day reads as the ``RepeatingSlot`` of that day.
/// Rule ids never hold `#` and fire ids always hold `@`, so an alarm id is never a fire id.
///
/// ```swift
/// let alarm = RepeatingAlarm(ruleID: "wake", weekdays: [.monday, .tuesday, .thursday], time: TimeOfDay(hour: 7, minute: 30)!)
/// alarm.id                                                  // "wake#weekly-mon+tue+thu-07:30:00"
/// RepeatingAlarm(parsing: "gym#daily-18:00:00")?.weekdays   // .daily
/// RepeatingAlarm(parsing: "wake@2026-12-01T07:30:00")       // nil: a fire id
/// ```
public struct RepeatingAlarm: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, Identifiable {
    /// The rule the alarm rings for.
    public let ruleID: String
    /// The weekdays it rings on.
    public let weekdays: WeekdaySet
    /// The wall time it rings at, on the device clock (AlarmKit takes hour and minute only).
    public let time: TimeOfDay

    /// Creates an alarm. Nothing is checked: the id reads back through ``init(parsing:)`` when
    /// `ruleID` is a valid rule id (see ``AlarmRule/id``) and `weekdays` is not empty.
    public init(ruleID: String, weekdays: WeekdaySet, time: TimeOfDay) {
        self.ruleID = ruleID
        self.weekdays = weekdays
        self.time = time
    }

    /// `<rule id>#weekly-<days>-HH:MM:SS` or `<rule id>#daily-HH:MM:SS`.
    public var id: String {
        let days = weekdays == .daily ? "daily-" : "weekly-" + weekdays.days.map(\.name).joined(separator: "+") + "-"
        return ruleID + RepeatingSlot.separator + days + time.fullDescription
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

    /// By rule id (Unicode code points), then time, then weekdays (by their first day, Monday first).
    public static func < (lhs: RepeatingAlarm, rhs: RepeatingAlarm) -> Bool {
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID.unicodeScalars.lexicographicallyPrecedes(rhs.ruleID.unicodeScalars) }
        if lhs.time != rhs.time { return lhs.time < rhs.time }
        return lhs.weekdays.days.map(\.isoNumber).lexicographicallyPrecedes(rhs.weekdays.days.map(\.isoNumber))
    }

    /// The fire a delivery of this alarm at `instant` stands for: its time on the date the
    /// clock of `deviceTimeZone` shows then, or on the day before when that clock already reads
    /// earlier than its time (a delivery late past midnight), as ``RepeatingSlot`` deliveries
    /// are read.
    ///
    /// - Complexity: O(1).
    package func deliveredFire(at instant: Date, deviceTimeZone: TimeZone) -> FireID {
        FireID.delivered(ruleID: ruleID, time: time, at: instant, deviceTimeZone: deviceTimeZone)
    }
}

extension RepeatingAlarm: StringCodable {
    /// Encoded as ``id``.
    package var codedText: String { id }

    package static let expectedForm =
        "a repeating alarm id; expected RULE#weekly-DAY+DAY-HH:MM:SS (Monday first) or RULE#daily-HH:MM:SS"
}

extension FireID {
    /// The fire a delivery at `instant` of a repeating trigger of `ruleID` at `time` stands
    /// for: `time` on the date the clock of `deviceTimeZone` shows then, or on the day before
    /// when that clock already reads earlier than `time` (a delivery late past midnight).
    ///
    /// The trigger's own time is kept, so a delivery pushed past a spring-forward gap (02:30
    /// rung at 03:30) is named as the engine names that fire, `…T02:30:00`.
    ///
    /// - Complexity: O(1).
    package static func delivered(ruleID: String, time: TimeOfDay, at instant: Date, deviceTimeZone: TimeZone) -> FireID {
        let shown = LocalDateTime(instant: instant, utcOffsetSeconds: deviceTimeZone.secondsFromGMT(for: instant))
        let date = shown.time < time ? shown.date.adding(days: -1) : shown.date
        return FireID(ruleID: ruleID, local: LocalDateTime(date: date, time: time))
    }
}
