import Foundation

/// The Snooze and Stop actions of alarm notifications: a notification category, independent of
/// any notification framework.
///
/// Set it as ``SchedulerOptions/actions`` so every fire's notification carries its
/// ``identifier``, register it with `UserNotificationCenterAdapter.register(_:)` at launch, and
/// hand each response to ``AlarmScheduler/handle(_:)``, which snoozes for ``snoozeLength``
/// or stops.
///
/// ```swift
/// let actions = AlarmNotificationCategory()   // "Snooze" (9 minutes) and "Stop"
/// let options = SchedulerOptions(actions: actions)
/// actions.identifier                          // "recurring-alarms.alarm"
/// ```
public struct AlarmNotificationCategory: Sendable, Hashable, Codable {
    /// The category identifier the notifications carry; `"recurring-alarms.alarm"` by default.
    public var identifier: String
    /// The identifier of the Snooze action; `"recurring-alarms.snooze"` by default.
    public var snoozeActionIdentifier: String
    /// The Snooze button's title; `"Snooze"` by default. Localize it in the app.
    public var snoozeTitle: String
    /// The identifier of the Stop action; `"recurring-alarms.stop"` by default.
    public var stopActionIdentifier: String
    /// The Stop button's title; `"Stop"` by default. Localize it in the app.
    public var stopTitle: String
    /// How long a snooze lasts, in seconds; 540 (9 minutes, as the Clock app) by default.
    /// Stored as given and clamped where used to 1 second … 1 day (``effectiveSnoozeLength``).
    public var snoozeLength: TimeInterval

    /// The default ``identifier``.
    public static let defaultIdentifier = "recurring-alarms.alarm"
    /// The default ``snoozeLength``: 9 minutes, as the Clock app snoozes.
    public static let defaultSnoozeLength: TimeInterval = 9 * 60

    /// Creates a category; by default the identifiers above, "Snooze" and "Stop", and 9 minutes.
    public init(
        identifier: String = AlarmNotificationCategory.defaultIdentifier,
        snoozeActionIdentifier: String = "recurring-alarms.snooze", snoozeTitle: String = "Snooze",
        stopActionIdentifier: String = "recurring-alarms.stop", stopTitle: String = "Stop",
        snoozeLength: TimeInterval = AlarmNotificationCategory.defaultSnoozeLength
    ) {
        self.identifier = identifier
        self.snoozeActionIdentifier = snoozeActionIdentifier
        self.snoozeTitle = snoozeTitle
        self.stopActionIdentifier = stopActionIdentifier
        self.stopTitle = stopTitle
        self.snoozeLength = snoozeLength
    }

    /// ``snoozeLength`` as a snooze uses it: clamped to 1 second … 1 day (86 400 s), and the
    /// default 9 minutes when it is not a finite number.
    ///
    /// ```swift
    /// AlarmNotificationCategory(snoozeLength: 0).effectiveSnoozeLength   // 1
    /// ```
    public var effectiveSnoozeLength: TimeInterval {
        guard snoozeLength.isFinite else { return Self.defaultSnoozeLength }
        return min(max(snoozeLength, 1), 86_400)
    }
}

extension NotificationContentProvider {
    /// This provider with `identifier` as the category of every content that names none.
    func categorized(as identifier: String) -> NotificationContentProvider {
        NotificationContentProvider { fire, rule in
            var content = self.content(for: fire, rule: rule)
            if content.categoryIdentifier == nil { content.categoryIdentifier = identifier }
            return content
        }
    }
}
