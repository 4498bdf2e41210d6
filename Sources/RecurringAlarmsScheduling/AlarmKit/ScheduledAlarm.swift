import Foundation

/// An alarm an AlarmKit-style center holds now, as `AlarmManager.alarms` lists it.
///
/// A one-shot that rang and was stopped is gone from the list, as in AlarmKit: compare with
/// what was scheduled to tell a delivered one-shot from a lost one.
///
/// ```swift
/// for alarm in try await center.scheduledAlarms() where alarm.state == .alerting {
///     print("ringing:", alarm.identifier)
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
    /// The library's name for the alarm, read back from its metadata.
    public var identifier: String
    /// When it rings.
    public var schedule: AlarmRequest.Schedule
    /// What it is doing now.
    public var state: State

    /// Creates the description of a held alarm.
    ///
    /// ```swift
    /// ScheduledAlarm(id: id, identifier: "wake#daily-07:30:00",
    ///                schedule: .weekly(weekdays: .daily, hour: 7, minute: 30), state: .scheduled)
    /// ```
    public init(id: UUID, identifier: String, schedule: AlarmRequest.Schedule, state: State) {
        self.id = id
        self.identifier = identifier
        self.schedule = schedule
        self.state = state
    }
}
