import RecurringAlarms

/// Which pending identifiers the scheduler owns: fire ids and reminder ids. Anything else
/// belongs to the app and is left alone (and counted against the cap).
enum ManagedIdentifier {
    /// Whether `identifier` is a fire id (a ``FireID``: `<rule id>@YYYY-MM-DDTHH:MM:SS`,
    /// optionally `+snooze`), the id of a repeating alarm on one weekday or every day (a
    /// ``RepeatingAlarm``: `<rule id>#weekly-mon-07:30:00`, `<rule id>#daily-07:30:00`, the only
    /// ones a notification repeats) or a ``RefreshReminder`` identifier.
    static func isManaged(_ identifier: String) -> Bool {
        RefreshReminder.isReminderIdentifier(identifier) || FireID(parsing: identifier) != nil
            || RepeatingAlarm(parsing: identifier)?.isPerWeekday == true
    }
}
