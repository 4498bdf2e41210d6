import Foundation
import RecurringAlarms

/// One alarm the scheduler asks an AlarmKit-style center to hold: AlarmKit's `Alarm`, with
/// the library's identifiers, in platform-neutral terms.
///
/// ``identifier`` is the fire id for a one-shot (`wake@2026-03-29T07:30:00`) or the repeating
/// alarm's id (`wake#weekly-mon+tue-07:30:00`, `wake#daily-07:30:00`); ``id`` is the UUID
/// AlarmKit keys alarms by, derived from ``identifier`` by the caller so that a re-plan after a
/// relaunch names the same alarms again.
///
/// ```swift
/// let request = AlarmRequest(
///     id: UUID(uuidString: "0B2E1F5A-7C3D-5E4F-9A1B-2C3D4E5F6A7B")!,
///     identifier: "wake#weekly-mon+tue-07:30:00", ruleID: "wake",
///     schedule: .weekly(weekdays: [.monday, .tuesday], hour: 7, minute: 30),
///     title: "Wake up", snoozeLength: 9 * 60)
/// ```
public struct AlarmRequest: Sendable, Hashable, Codable {
    /// When an alarm rings, as AlarmKit can say it.
    ///
    /// - ``fixed(_:)`` is AlarmKit's `Alarm.Schedule.fixed(Date)`: one instant, whatever zone the
    ///   device is in ("not a time relative to the current time zone").
    /// - ``weekly(weekdays:hour:minute:)`` is `.relative(Relative(time: .init(hour:minute:),
    ///   repeats: .weekly(days)))`: whenever the device clock, in the device zone of the moment,
    ///   shows `hour:minute:00` on one of `weekdays`. It has no date, no seconds and no zone.
    ///
    /// ```swift
    /// let oneShot = AlarmRequest.Schedule.fixed(Date(timeIntervalSince1970: 1_774_762_200))  // 2026-03-29T05:30:00Z
    /// let weekdays = AlarmRequest.Schedule.weekly(weekdays: .weekdays, hour: 7, minute: 30)
    /// ```
    public enum Schedule: Sendable, Hashable, Codable {
        /// Rings once, at this instant.
        case fixed(Date)
        /// Rings every week on `weekdays` when the device clock shows `hour:minute:00`.
        case weekly(weekdays: WeekdaySet, hour: Int, minute: Int)
    }

    /// The UUID the center keys the alarm by (AlarmKit's `Alarm.ID`).
    public var id: UUID
    /// The library's name for the alarm: a fire id or a repeating alarm's id, kept in the
    /// alarm's metadata so the app can tell which alarm is ringing.
    public var identifier: String
    /// The id of the rule the alarm rings for.
    public var ruleID: String
    /// When the alarm rings.
    public var schedule: Schedule
    /// The alert's title.
    public var title: String
    /// How long the alarm's snooze button snoozes for, in seconds (AlarmKit's
    /// `CountdownDuration.postAlert`); `nil` when the alarm has no snooze.
    public var snoozeLength: TimeInterval?

    /// Creates a request; nothing is checked until a center schedules it.
    ///
    /// ```swift
    /// let request = AlarmRequest(
    ///     id: id, identifier: "wake@2026-03-29T07:30:00", ruleID: "wake",
    ///     schedule: .fixed(instant), title: "Wake up", snoozeLength: nil)
    /// ```
    public init(id: UUID, identifier: String, ruleID: String, schedule: Schedule, title: String, snoozeLength: TimeInterval?) {
        self.id = id
        self.identifier = identifier
        self.ruleID = ruleID
        self.schedule = schedule
        self.title = title
        self.snoozeLength = snoozeLength
    }
}
