import Foundation

/// The four things the scheduler asks of an AlarmKit-style alarm center.
///
/// An `AlarmKitCenter` (where AlarmKit exists) forwards to `AlarmManager.shared`;
/// `RecurringAlarmsSimulation`'s `SimulatedAlarmCenter` behaves like AlarmKit on any platform,
/// for tests and the simulator. Implementations are `Sendable` and may be called from any task.
///
/// ```swift
/// struct LoggingAlarmCenter: AlarmCenterAdapter {
///     let base: any AlarmCenterAdapter
///     func requestAuthorization() async throws(AlarmCenterError) -> Bool { try await base.requestAuthorization() }
///     func scheduledAlarms() async throws(AlarmCenterError) -> [ScheduledAlarm] { try await base.scheduledAlarms() }
///     func schedule(_ request: AlarmRequest) async throws(AlarmCenterError) {
///         print("scheduling", request.identifier); try await base.schedule(request)
///     }
///     func cancel(id: UUID) async throws(AlarmCenterError) { try await base.cancel(id: id) }
/// }
/// ```
public protocol AlarmCenterAdapter: Sendable {
    /// Asks the user, the first time, to allow alarms; `true` when they are allowed, `false`
    /// when the user denied them.
    ///
    /// - Throws: ``AlarmCenterError/failed(_:)`` when the center cannot tell, for instance
    ///   because `NSAlarmKitUsageDescription` is missing.
    func requestAuthorization() async throws(AlarmCenterError) -> Bool

    /// Every alarm the center holds now. A one-shot that rang and was stopped is gone, as in
    /// AlarmKit; a repeating alarm stays.
    ///
    /// - Complexity: the scheduler calls it once per refresh; an implementation should be O(n)
    ///   in the n alarms held.
    func scheduledAlarms() async throws(AlarmCenterError) -> [ScheduledAlarm]

    /// Schedules `request`, replacing an alarm held under the same ``AlarmRequest/id``.
    ///
    /// - Throws: ``AlarmCenterError/maximumLimitReached(scheduled:)`` when the device holds no
    ///   more alarms (nothing is scheduled), ``AlarmCenterError/notAuthorized`` when alarms are
    ///   not allowed.
    func schedule(_ request: AlarmRequest) async throws(AlarmCenterError)

    /// Cancels the alarm with this id, one-shot or repeating; an id the center does not hold
    /// is ignored.
    func cancel(id: UUID) async throws(AlarmCenterError)
}
