import RecurringAlarms

/// Which pending identifiers the scheduler owns: fire ids and reminder ids. Anything else
/// belongs to the app and is left alone (and counted against the cap).
enum ManagedIdentifier {
    /// Whether `identifier` is a fire id (a ``FireID``: `<rule id>@YYYY-MM-DDTHH:MM:SS`,
    /// optionally `+snooze`), a repeating slot id (a ``RepeatingSlot``:
    /// `<rule id>#weekly-mon-07:30:00`) or a ``RefreshReminder`` identifier.
    static func isManaged(_ identifier: String) -> Bool {
        RefreshReminder.isReminderIdentifier(identifier) || FireID(parsing: identifier) != nil
            || RepeatingSlot(parsing: identifier) != nil
    }
}
