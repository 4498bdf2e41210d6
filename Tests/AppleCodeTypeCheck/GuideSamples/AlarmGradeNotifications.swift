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
