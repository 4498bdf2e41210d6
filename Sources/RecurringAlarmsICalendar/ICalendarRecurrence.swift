import RecurringAlarms

/// One rule's recurrence as RFC 5545 properties: what a server that stores `RRULE` strings keeps.
///
/// A rule is one recurrence when its times are one `BYHOUR` × `BYMINUTE` × `BYSECOND` product;
/// otherwise it is several (see `AlarmRule.recurrences(start:)`), each with its own `DTSTART`.
///
/// ```swift
/// let wake = AlarmRule(
///     id: "wake", repeats: .weekly(days: [.monday, .wednesday]),
///     times: [TimeOfDay(hour: 7, minute: 30)!], timeZone: .fixed(TimeZone(identifier: "Europe/Berlin")!),
///     skippedDates: [LocalDate(year: 2026, month: 12, day: 9)!])
/// let recurrence = try wake.recurrences(start: .date(LocalDate(year: 2026, month: 12, day: 1)!))[0]
/// recurrence.dtstart   // "DTSTART;TZID=Europe/Berlin:20261202T073000"
/// recurrence.rrule     // "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30"
/// recurrence.exdates   // ["EXDATE;TZID=Europe/Berlin:20261209T073000"]
/// ```
public struct ICalendarRecurrence: Sendable, Hashable {
    /// The event's `UID`: the rule id, or `<id>~<n>` (n = 1, 2, …, soonest time first) when
    /// the rule needs several; `~` is not an id character, so no such UID is another rule's id.
    public var uid: String
    /// The `DTSTART` content line, with its `TZID` parameter for a fixed-zone rule.
    public var dtstart: String
    /// The `RRULE` value (without the `RRULE:` name), or `nil` for a one-shot rule.
    public var rrule: String?
    /// The `EXDATE` content lines, one per skipped date and time, in order.
    public var exdates: [String]

    /// Creates a recurrence from its parts.
    public init(uid: String, dtstart: String, rrule: String?, exdates: [String]) {
        self.uid = uid
        self.dtstart = dtstart
        self.rrule = rrule
        self.exdates = exdates
    }
}
