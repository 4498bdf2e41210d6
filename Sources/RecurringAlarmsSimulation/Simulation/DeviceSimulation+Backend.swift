import Foundation
import RecurringAlarmsScheduling

extension DeviceSimulation {
    /// Which system service the simulated app schedules its alarms with.
    ///
    /// ```swift
    /// var simulation = DeviceSimulation(book: book, timeline: .fixed(berlin), start: start,
    ///                                   end: start.addingTimeInterval(365 * 86_400), opens: .at([start]))
    /// simulation.backend = .alarmKit(limit: 30)   // a device that holds 30 alarms
    /// let report = try await simulation.run()
    /// report.alarmKit?.learnedLimit                // 30: learned on the first refresh
    /// ```
    public enum Backend: Sendable, Hashable {
        /// Local notifications (UserNotifications) in a ``SimulatedNotificationCenter`` holding
        /// ``/RecurringAlarmsScheduling/SchedulerOptions/cap`` requests, dropping by
        /// ``DeviceSimulation/eviction``: the scheduler's
        /// ``/RecurringAlarmsScheduling/AlarmScheduler/init(store:center:clock:timeZone:options:)``.
        case notifications
        /// AlarmKit alarms (iOS 26) in a ``SimulatedAlarmCenter`` that refuses an alarm past
        /// `limit` held at once (`nil`: no limit; a negative one counts as 0), planned within
        /// ``/RecurringAlarmsScheduling/SchedulerOptions/alarmKit``'s budget: the scheduler's
        /// ``/RecurringAlarmsScheduling/AlarmScheduler/init(store:alarmCenter:reminderCenter:clock:timeZone:options:)``.
        /// The refresh reminder, when ``/RecurringAlarmsScheduling/SchedulerOptions/reminder``
        /// is set, is a notification in a center of its own.
        case alarmKit(limit: Int?)
    }
}
