import Foundation
import RecurringAlarms

/// What the user did with one of the scheduler's notifications: the platform-neutral form of a
/// `UNNotificationResponse`, for ``AlarmScheduler/handle(_:)``.
///
/// On Apple platforms make it with `NotificationActionResponse(_:)` from the
/// `UNNotificationResponse` the notification center's delegate receives.
///
/// ```swift
/// let response = NotificationActionResponse(
///     requestIdentifier: "wake#weekly-tue-07:30:00", actionIdentifier: "recurring-alarms.snooze",
///     deliveredAt: Date(timeIntervalSince1970: 1_796_193_000))   // 2026-12-08T06:30:00Z, 07:30 in Berlin
/// response.fire(deviceTimeZone: berlin)?.description   // "wake@2026-12-08T07:30:00"
/// ```
public struct NotificationActionResponse: Sendable, Hashable {
    /// The delivered request's identifier: a fire id, a repeating slot id, a reminder's id, or
    /// one of the app's own.
    public var requestIdentifier: String
    /// The action the user chose: one of ``AlarmNotificationCategory``'s, or the system's
    /// default (the notification was tapped) or dismiss action.
    public var actionIdentifier: String
    /// The fire id the content carried in `userInfo` under ``NotificationContent/fireIDKey``;
    /// `nil` when it carried none.
    public var fireID: String?
    /// When the notification was delivered (`UNNotification.date`).
    public var deliveredAt: Date

    /// Creates a response from its parts as given.
    public init(requestIdentifier: String, actionIdentifier: String, fireID: String? = nil, deliveredAt: Date) {
        self.requestIdentifier = requestIdentifier
        self.actionIdentifier = actionIdentifier
        self.fireID = fireID
        self.deliveredAt = deliveredAt
    }

    /// The fire the delivered notification stands for, or `nil` for a reminder or a request
    /// that is not the scheduler's.
    ///
    /// - A fire id (`wake@2026-12-01T07:30:00`, or a snooze's `…+snooze`) is that fire.
    /// - The id of a repeating request (`wake#weekly-tue-07:30:00`, `wake#daily-07:30:00`: a
    ///   ``/RecurringAlarms/RepeatingAlarm`` on one weekday or every day) is its fire on the date
    ///   the clock of `deviceTimeZone` showed at ``deliveredAt``, or the day before when that
    ///   clock already read earlier than its time; the `userInfo` fire id of a repeating request
    ///   names only its first week, so it is not used.
    /// - Anything else falls back to ``fireID``, when it parses as a fire id.
    ///
    /// - Complexity: O(n) in the length of the identifiers.
    public func fire(deviceTimeZone: TimeZone) -> FireID? {
        if let alarm = RepeatingAlarm(parsing: requestIdentifier), alarm.isPerWeekday {
            return alarm.deliveredFire(at: deliveredAt, deviceTimeZone: deviceTimeZone)
        }
        if RefreshReminder.isReminderIdentifier(requestIdentifier) { return nil }
        return FireID(parsing: requestIdentifier) ?? fireID.flatMap(FireID.init(parsing:))
    }
}
