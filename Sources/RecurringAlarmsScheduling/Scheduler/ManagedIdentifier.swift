import RecurringAlarms

/// Which pending identifiers the scheduler owns: fire ids and reminder ids. Anything else
/// belongs to the app and is left alone (and counted against the cap).
enum ManagedIdentifier {
    /// Whether `identifier` is a fire id (`<rule id>@YYYY-MM-DDTHH:MM:SS`, optionally
    /// `+snooze`) or a ``RefreshReminder`` identifier.
    static func isManaged(_ identifier: String) -> Bool {
        if RefreshReminder.isReminderIdentifier(identifier) { return true }
        guard let at = identifier.firstIndex(of: "@") else { return false }
        guard AlarmRule.isValidID(String(identifier[..<at])) else { return false }
        var rest = identifier[identifier.index(after: at)...]
        if rest.hasSuffix(Fire.snoozeSuffix) { rest = rest.dropLast(Fire.snoozeSuffix.count) }
        return rest.utf8.count == 19 && LocalDateTime(parsing: String(rest)) != nil
    }
}
