// snippet:begin alarm-grade-scheduler
import RecurringAlarmsScheduling
import RecurringAlarmsStore
import UserNotifications

/// An alarm app's scheduler on notifications: Snooze and Stop on every alarm, Time Sensitive.
func makeAlarmScheduler(store: JSONFileStore) async -> AlarmScheduler {
    let actions = AlarmNotificationCategory(snoozeTitle: "Snooze 9 min")
    var options = SchedulerOptions(actions: actions)
    options.content = NotificationContentProvider { fire, rule in
        var content = NotificationContentProvider.standardContent(for: fire, rule: rule)
        content.sound = .named("alarm.caf")
        content.interruptionLevel = .timeSensitive   // needs the Time Sensitive Notifications capability
        return content
    }
    let center = UserNotificationCenterAdapter()
    await center.register(actions)   // at launch, before an alarm can be delivered
    return AlarmScheduler(store: store, center: center, options: options)
}
// snippet:end

// snippet:begin alarm-grade-delegate
@MainActor
final class AlarmNotificationDelegate: NSObject, UNUserNotificationCenterDelegate {
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        Alarms.shared.refreshSoon()
        Task { @MainActor in completionHandler([.banner, .sound]) }
    }

    // Snooze, Stop, a tap or a dismissal: one call records it through the store and refreshes.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let action = NotificationActionResponse(response)   // Sendable, unlike the response
        Task { @MainActor in
            Alarms.shared.withBackgroundTime("Alarm action") {
                _ = try? await Alarms.shared.scheduler.handle(action)
            }
            completionHandler()
        }
    }
}
// snippet:end
