import Foundation
import RecurringAlarms
import RecurringAlarmsStore

extension AlarmScheduler {
    /// Does what the user chose on an alarm notification, through the store, then refreshes:
    /// the one call for a notification response.
    ///
    /// With ``SchedulerOptions/actions`` set to a category, the response's action is read as:
    /// - **Snooze** (``AlarmNotificationCategory/snoozeActionIdentifier``): the delivered fire is
    ///   snoozed with ``/RecurringAlarms/AlarmBook/snooze(fireID:until:)`` until
    ///   ``NotificationActionResponse/deliveredAt`` plus the
    ///   ``AlarmNotificationCategory/effectiveSnoozeLength`` (07:30 + 9 min = 07:39), or, when
    ///   that moment has already passed (the user answered late), until now plus the length. A
    ///   rule keeps one snooze, so snoozing a snooze moves it.
    /// - **Stop** (``AlarmNotificationCategory/stopActionIdentifier``): no snooze is made, and a
    ///   pending snooze of the same occurrence (or any snooze of the rule, when the delivered
    ///   fire was itself a snooze) is removed, so the refresh takes its request away.
    /// - **Anything else** (the notification was tapped, dismissed, an action of the app's own,
    ///   or no ``SchedulerOptions/actions``): nothing changes in the book; it is a plain refresh.
    ///
    /// The delivered fire is ``NotificationActionResponse/fire(deviceTimeZone:)`` for the device
    /// zone now: a repeating request's delivery is the fire of that week. A response that names
    /// no fire (the reminder, the app's own requests) or a rule no longer in the book changes
    /// nothing either.
    ///
    /// ```swift
    /// // in userNotificationCenter(_:didReceive:withCompletionHandler:)
    /// let report = try await scheduler.handle(NotificationActionResponse(response))
    /// ```
    ///
    /// It waits its turn like ``refresh()``, and the store write and the refresh run in the
    /// same turn, so no other refresh comes between them.
    ///
    /// - Returns: the report of the refresh that followed.
    /// - Throws: ``SchedulingError/store(operation:underlying:)`` when the snooze or stop could not
    ///   be recorded (nothing was refreshed then), any error ``refresh()`` throws, and
    ///   ``SchedulingError/cancelled`` when the task was cancelled before its turn.
    /// - Complexity: one store update for a snooze or stop (O(R + s) for R rules and s snoozes),
    ///   then one ``refresh()``.
    @discardableResult
    public func handle(_ response: NotificationActionResponse) async throws(SchedulingError) -> RefreshReport {
        guard let category = options.actions else { return try await refresh(editingBook: nil) }
        let edit: (@Sendable (inout AlarmBook, Date, TimeZone) -> Void)?
        switch response.actionIdentifier {
        case category.snoozeActionIdentifier:
            let length = category.effectiveSnoozeLength
            edit = { book, now, zone in
                guard let fire = response.fire(deviceTimeZone: zone) else { return }
                var until = response.deliveredAt.addingTimeInterval(length)
                if until <= now { until = now.addingTimeInterval(length) }
                // A fire of a rule no longer in the book has nothing to snooze.
                _ = try? book.snooze(fireID: fire.description, until: until)
            }
        case category.stopActionIdentifier:
            edit = { book, _, zone in
                guard let fire = response.fire(deviceTimeZone: zone) else { return }
                let occurrence = FireID(ruleID: fire.ruleID, local: fire.local).description
                book.snoozes.removeAll { $0.ruleID == fire.ruleID && (fire.isSnooze || $0.fireID == occurrence) }
            }
        default:
            edit = nil
        }
        return try await refresh(editingBook: edit)
    }
}
