import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsStore

/// The example on `RecurringAlarmsScheduling.docc/RecurringAlarmsScheduling.md`: it needs
/// UserNotifications, so on Linux it is type-checked here against the stand-ins, not run.
func schedulingLandingPage() async throws {
    // snippet:begin scheduling-landing
    let store = JSONFileStore(url: URL.applicationSupportDirectory.appending(path: "alarms.json"))
    let scheduler = AlarmScheduler(store: store, center: UserNotificationCenterAdapter())
    let report = try await scheduler.refresh()
    print(report.refillDeadline)   // refresh again before this, or an alarm goes missing
    // snippet:end
}
