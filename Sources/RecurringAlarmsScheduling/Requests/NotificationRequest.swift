import Foundation
import RecurringAlarms

/// One notification to register: an identifier, when it goes off, and what it shows.
///
/// The platform-neutral form of a `UNNotificationRequest`. The scheduler makes one per planned
/// fire, identified by the fire id, so that a later refresh recognises it among the pending
/// requests; ``RefreshReminder`` requests have identifiers no fire can have.
///
/// ```swift
/// let request = NotificationRequest(fire: fire, content: .standard, rule: wake)
/// request.identifier   // "wake@2026-03-08T02:30:00"
/// request.trigger      // .floating(2026-03-08T03:30:00): the clock when it rings (gap-shifted)
/// ```
public struct NotificationRequest: Sendable, Hashable, Identifiable {
    /// Unique among the app's pending requests; adding one with a pending identifier replaces it.
    public var identifier: String
    /// When it goes off, as the OS is told.
    public var trigger: NotificationTrigger
    /// What it shows and plays.
    public var content: NotificationContent

    /// The ``identifier``, for `Identifiable`.
    public var id: String { identifier }

    /// Creates a request from its parts as given. Use ``init(fire:content:rule:)`` for a fire, so
    /// the identifier is the fire id a later refresh recognises.
    public init(identifier: String, trigger: NotificationTrigger, content: NotificationContent) {
        self.identifier = identifier
        self.trigger = trigger
        self.content = content
    }

    /// The repeating request for `alarm`: its id (`wake#weekly-mon-07:30:00`),
    /// ``NotificationTrigger/init(repeating:after:deviceTimeZone:)``, and the provider's content
    /// for the alarm's first fire; `nil` when `alarm` rings on several weekdays but not all,
    /// which no calendar trigger holds.
    ///
    /// ```swift
    /// let alarm = RepeatingAlarm(ruleID: "wake", weekdays: .monday, time: TimeOfDay(hour: 7, minute: 30)!)
    /// let request = NotificationRequest(repeating: alarm, after: now, deviceTimeZone: berlin, rule: wake)
    /// request?.identifier   // "wake#weekly-mon-07:30:00"
    /// request?.trigger      // .repeatingWeekly(2026-12-07T07:30:00, everyDay: false)
    /// ```
    public init?(
        repeating alarm: RepeatingAlarm, after now: Date, deviceTimeZone: TimeZone,
        content provider: NotificationContentProvider = .standard, rule: AlarmRule?
    ) {
        guard let trigger = NotificationTrigger(repeating: alarm, after: now, deviceTimeZone: deviceTimeZone) else { return nil }
        let instant = trigger.instant(deviceTimeZone: deviceTimeZone)
        let fire = Fire(
            ruleID: alarm.ruleID, instant: instant, local: trigger.local, timeZone: deviceTimeZone,
            utcOffsetSeconds: deviceTimeZone.secondsFromGMT(for: instant), adjustment: .none, isFloating: true)
        self.init(identifier: alarm.id, trigger: trigger, content: provider.content(for: fire, rule: rule))
    }

    /// The request for `fire`: its id, ``NotificationTrigger/init(fire:)``, and the provider's content.
    public init(fire: Fire, content provider: NotificationContentProvider = .standard, rule: AlarmRule?) {
        self.init(identifier: fire.id, trigger: NotificationTrigger(fire: fire), content: provider.content(for: fire, rule: rule))
    }
}
