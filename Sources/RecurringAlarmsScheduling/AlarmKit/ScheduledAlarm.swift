import Foundation

/// An alarm an AlarmKit-style center holds now, as `AlarmManager.alarms` lists it.
///
/// A one-shot that rang and was stopped is gone from the list, as in AlarmKit: compare with
/// what was scheduled to tell a delivered one-shot from a lost one.
///
/// ```swift
/// for alarm in try await center.scheduledAlarms() where alarm.state == .alerting {
///     print("ringing:", alarm.identifier ?? "an alarm of another part of the app")
/// }
/// ```
public struct ScheduledAlarm: Sendable, Hashable {
    /// What an alarm is doing, as AlarmKit's `Alarm.State`.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// Waiting for its time.
        case scheduled
        /// Snoozed: counting down to ring again.
        case countdown
        /// A countdown on hold.
        case paused
        /// Ringing now.
        case alerting
    }

    /// The UUID the center keys the alarm by.
    public var id: UUID
    /// The library's name for the alarm (a fire id or a repeating alarm's id), as the center
    /// recorded it; `nil` for an alarm this library did not schedule.
    public var identifier: String?
    /// When it rings; `nil` for an alarm whose schedule the library never uses (an AlarmKit
    /// timer, a one-time relative alarm).
    public var schedule: AlarmRequest.Schedule?
    /// What it is doing now.
    public var state: State

    /// Creates the description of a held alarm.
    ///
    /// ```swift
    /// ScheduledAlarm(id: id, identifier: "wake#daily-07:30:00",
    ///                schedule: .weekly(weekdays: .daily, hour: 7, minute: 30), state: .scheduled)
    /// ```
    public init(id: UUID, identifier: String?, schedule: AlarmRequest.Schedule?, state: State) {
        self.id = id
        self.identifier = identifier
        self.schedule = schedule
        self.state = state
    }
}
