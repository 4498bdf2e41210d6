import Foundation
import RecurringAlarmsScheduling

/// An alarm center passed through to another, counting what a simulation reports and the
/// center does not keep: how often it refused an alarm over its limit, and the most alarms it
/// held right after a schedule.
///
/// Alarms are only added by ``schedule(_:)``, so the count after each successful one is the
/// peak of the center's count between two of them.
actor RefusalCountingAlarmCenter<Center: AlarmCenterAdapter>: AlarmCenterAdapter {
    let center: Center
    /// How many times ``schedule(_:)`` threw `maximumLimitReached`.
    private(set) var refusals = 0
    /// The most alarms the center held after a schedule.
    private(set) var peakHeld = 0

    init(_ center: Center) { self.center = center }

    func requestAuthorization() async throws(AlarmCenterError) -> Bool { try await center.requestAuthorization() }

    func scheduledAlarms() async throws(AlarmCenterError) -> [ScheduledAlarm] { try await center.scheduledAlarms() }

    func schedule(_ request: AlarmRequest) async throws(AlarmCenterError) {
        do {
            try await center.schedule(request)
        } catch {
            if case .maximumLimitReached = error { refusals += 1 }
            throw error
        }
        peakHeld = max(peakHeld, try await center.scheduledAlarms().count)
    }

    func cancel(id: UUID) async throws(AlarmCenterError) { try await center.cancel(id: id) }
}
