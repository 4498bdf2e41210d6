// The "AlarmKit (iOS 26)" section of Docs/iOS.md: the scheduler on AlarmKit, and the app
// telling which alarm rings. Compiled against the AlarmKit stand-in on Linux.
#if canImport(AlarmKit)
    // snippet:begin alarmkit-scheduler
    import AlarmKit
    import RecurringAlarmsScheduling
    import RecurringAlarmsStore

    /// The app's scheduler: AlarmKit's alarms from iOS 26, notifications before.
    func makeScheduler(store: JSONFileStore, options: SchedulerOptions) -> AlarmScheduler {
        guard #available(iOS 26.0, *) else {
            return AlarmScheduler(store: store, center: UserNotificationCenterAdapter(), options: options)
        }
        var options = options
        options.alarmKit.snoozeLength = 9 * 60   // the snooze button's countdown; nil: no snooze button
        return AlarmScheduler(
            store: store, alarmCenter: AlarmKitCenter(),
            reminderCenter: UserNotificationCenterAdapter(),   // "open the app" stays a notification
            options: options)
    }
    // snippet:end

    // snippet:begin alarmkit-updates
    /// Refills as alarms ring and are stopped, and tells the app which fire is ringing.
    @available(iOS 26.0, *)
    func followAlarms(index: AlarmIdentifierIndex = .inApplicationSupport) async {
        var held: Set<Alarm.ID> = []
        for await alarms in AlarmManager.shared.alarmUpdates {
            let current = Set(alarms.map(\.id))
            // A one-shot that rang and was stopped is gone from the list: a slot is free.
            if !held.isSubset(of: current) { Alarms.shared.refreshSoon() }
            held = current
            let entries = (try? index.entries()) ?? [:]
            for alarm in alarms where alarm.state == .alerting {
                guard let entry = entries[alarm.id] else { continue }   // not one of the book's
                let metadata = AlarmKitMetadata(ruleID: entry.ruleID, identifier: entry.identifier)
                print("ringing:", metadata.fireID(ringingAt: Date(), deviceTimeZone: .current))
            }
        }
    }
// snippet:end
#endif
