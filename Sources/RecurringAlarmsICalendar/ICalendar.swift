import RecurringAlarms

/// The bridge between alarm rules and iCalendar (RFC 5545): `RRULE` strings and `.ics` files.
///
/// Only recurrences that map exactly onto an ``/RecurringAlarms/AlarmRule`` are read; everything else is an
/// error that names the property and says why. Writing gives calendar apps a `VEVENT` per
/// rule, with a `VALARM` so they ring it.
public enum ICalendar {
    /// `X-` properties this library writes to carry what RFC 5545 cannot say, and reads back.
    enum ExtensionProperty {
        /// `SHIFT` or `SKIP`: the rule's ``/RecurringAlarms/GapPolicy``. Written only for `SKIP`, which RFC 5545
        /// expansion cannot express (it always shifts a time in a gap).
        static let gapPolicy = "X-RECURRINGALARMS-GAP"
        /// `FIRST` or `LAST`: the rule's ``/RecurringAlarms/OverlapPolicy``. Written only for `LAST`.
        static let overlapPolicy = "X-RECURRINGALARMS-OVERLAP"
        /// `FALSE` for a disabled rule (whose event then has no `VALARM`).
        static let enabled = "X-RECURRINGALARMS-ENABLED"
        /// The rule id, on each of the events one rule is written as when its times are not
        /// one `BYHOUR` × `BYMINUTE` × `BYSECOND` product (or a one-shot rule has several
        /// times); reading merges the events that carry the same id back into one rule.
        static let rule = "X-RECURRINGALARMS-RULE"
    }
}
