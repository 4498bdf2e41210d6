/// When a rule repeats: weekly on some weekdays, or once on one date.
///
/// ```swift
/// let weekly = Recurrence.weekly(days: [.monday, .thursday])
/// let fortnightly = Recurrence.weekly(days: .weekdays, everyWeeks: 2,
///                                     start: LocalDate(parsing: "2026-12-01")!)
/// let once = Recurrence.once(LocalDate(parsing: "2026-12-05")!)
/// ```
public enum Recurrence: Sendable, Hashable {
    /// Every `everyWeeks` weeks (weeks start on Monday, counted from the week of `start`), on
    /// `days`, from `start` through `end` (local dates, both inclusive, both optional).
    case weekly(days: WeekdaySet, everyWeeks: Int = 1, start: LocalDate? = nil, end: LocalDate? = nil)
    /// Once, on a local date.
    case once(LocalDate)
}
