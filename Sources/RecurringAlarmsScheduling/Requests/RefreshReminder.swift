import Foundation
import RecurringAlarms

/// The "open the app to keep your alarms" notification in the last slot, placed at the
/// coverage end.
///
/// The OS holds at most 64 requests, so a plan covers a limited time. When the app is not
/// opened before its coverage runs out, the first alarm that did not fit would ring silently
/// nowhere; with the reminder enabled, a notification rings at exactly that moment instead
/// (``/RecurringAlarms/Plan/coveredUntil``: the first fire that did not fit, or the horizon end), asking the
/// user to open the app, which refreshes. It costs one slot, so the plan holds one fire fewer.
///
/// ```swift
/// var options = SchedulerOptions()
/// options.reminder = RefreshReminder(content: NotificationContent(
///     title: "Alarms paused soon", body: "Open Alarms so your next alarms keep ringing."))
/// ```
public struct RefreshReminder: Sendable, Hashable {
    /// What the reminder shows and plays.
    public var content: NotificationContent

    /// Creates a reminder showing `content`, ``defaultContent`` unless given.
    public init(content: NotificationContent = RefreshReminder.defaultContent) {
        self.content = content
    }

    /// "Open the app to keep your alarms", with a line saying why, and the default sound.
    public static let defaultContent = NotificationContent(
        title: "Open the app to keep your alarms",
        body: "Your alarms are scheduled up to now. Open the app so the next ones ring.")

    /// Reminder identifiers start with this; rule ids cannot contain `:`, so no fire id does.
    public static let identifierPrefix = "recurring-alarms.reminder:"

    /// Whether `identifier` is a reminder's.
    public static func isReminderIdentifier(_ identifier: String) -> Bool { identifier.hasPrefix(identifierPrefix) }

    /// `recurring-alarms.reminder:2026-12-08T07:30:00Z`: the prefix and the instant in UTC.
    public static func identifier(at instant: Date) -> String {
        identifierPrefix + RFC3339.format(instant, utcOffsetSeconds: 0)
    }

    /// The request ringing at `instant` (whole seconds), zoned in UTC so it names one instant
    /// whatever the device zone.
    public func request(at instant: Date) -> NotificationRequest {
        let utc = TimeZone(secondsFromGMT: 0)!
        return NotificationRequest(
            identifier: RefreshReminder.identifier(at: instant),
            trigger: .zoned(LocalDateTime(instant: instant, utcOffsetSeconds: 0), utc), content: content)
    }
}
