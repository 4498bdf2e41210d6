// snippet:begin setup
import BackgroundTasks
import OSLog
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsStore
import UIKit

/// The app's one store and scheduler.
final class Alarms: Sendable {
    static let shared = Alarms()
    /// Also listed in Info.plist under BGTaskSchedulerPermittedIdentifiers (see below).
    static let refreshTaskID = "com.example.alarms.refresh"
    /// Snooze and Stop on every alarm; registered at launch (see the AppDelegate).
    static let actions = AlarmNotificationCategory(snoozeTitle: "Snooze 9 min")
    private static let log = Logger(subsystem: "com.example.alarms", category: "alarms")

    let store: JSONFileStore
    let scheduler: AlarmScheduler

    private init() {
        let folder = URL.applicationSupportDirectory
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = JSONFileStore(url: folder.appending(path: "alarms.json"))
        var options = SchedulerOptions()
        options.budget = 2   // the app schedules up to 2 notifications of its own
        options.reminder = RefreshReminder(
            content: NotificationContent(
                title: "Alarms paused soon", body: "Open Alarms so your next alarms keep ringing."))
        options.actions = Self.actions
        scheduler = AlarmScheduler(store: store, center: UserNotificationCenterAdapter(), options: options)
    }

    /// Refreshes now and asks for a background refresh well before the coverage runs out.
    func refresh() async {
        do {
            let report = try await scheduler.refresh()
            scheduleBackgroundRefresh(before: report.refillDeadline)
        } catch {
            Self.log.error("refresh failed: \(error.description, privacy: .public)")
        }
    }

    /// Starts a refresh and returns at once, for callers that must answer iOS promptly.
    func refreshSoon() { Task { await refresh() } }

    /// Runs `work` (a store write, a refresh) with background time from iOS: an app suspended
    /// while it holds a file lock in a shared container is killed (0xdead10cc).
    @MainActor
    func withBackgroundTime(_ name: String, _ work: @escaping @Sendable () async -> Void) {
        let task = BackgroundTime()
        task.identifier = UIApplication.shared.beginBackgroundTask(withName: name) { task.end() }
        Task {
            await work()
            task.end()
        }
    }

    private func scheduleBackgroundRefresh(before deadline: Date) {
        let request = BGAppRefreshTaskRequest(identifier: Self.refreshTaskID)
        // "Not before" this date; iOS often runs it hours later, so aim halfway to the deadline.
        request.earliestBeginDate = Date(timeIntervalSinceNow: max(0, deadline.timeIntervalSinceNow / 2))
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            // .notPermitted: Info.plist lacks UIBackgroundModes "fetch" or the task identifier.
            Self.log.error("background refresh not scheduled: \(String(describing: error), privacy: .public)")
        }
    }
}

/// One background task, ended once: when the work is done or when iOS says time is up.
@MainActor
private final class BackgroundTime {
    var identifier = UIBackgroundTaskIdentifier.invalid

    func end() {
        guard identifier != .invalid else { return }
        UIApplication.shared.endBackgroundTask(identifier)
        identifier = .invalid
    }
}
// snippet:end
