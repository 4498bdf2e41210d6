import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsStore

/// The simulated services of one device on a ``DeviceSimulation/Backend``, following one clock
/// and one device zone, and what they rang: the one wiring that ``DeviceSimulation`` and the
/// testing kit's device both run a scheduler over and account for.
///
/// On ``DeviceSimulation/Backend/notifications`` the app's requests go to ``notifications``,
/// which holds the scheduler's cap. On ``DeviceSimulation/Backend/alarmKit(limit:)`` they go to
/// ``alarms``, which refuses an alarm past the device's limit, and ``notifications`` holds only
/// the refresh reminder.
///
/// ```swift
/// let centers = SimulatedCenters(backend: .alarmKit(limit: 30), cap: 64, eviction: .keepSoonestFiring, clock: clock, zone: zone)
/// let scheduler = centers.scheduler(store: store, clock: .manual(clock), timeZone: .manual(zone), options: options)
/// try await scheduler.refresh()
/// await clock.advance(by: 7 * 86_400)
/// let report = try await centers.report(accounting, refreshes: refreshes, eviction: .keepSoonestFiring, options: options)
/// ```
package struct SimulatedCenters: Sendable {
    /// The service the app schedules with.
    package let backend: DeviceSimulation.Backend
    /// The notification center: the app's requests on notifications, the refresh reminder on AlarmKit.
    package let notifications: SimulatedNotificationCenter
    /// The AlarmKit center; `nil` on notifications.
    package var alarms: SimulatedAlarmCenter? { counting?.center }
    /// The AlarmKit center as the scheduler sees it, counting refusals and the most alarms held.
    private let counting: RefusalCountingAlarmCenter<SimulatedAlarmCenter>?

    /// Centers for `backend`, following `clock` and `zone`: a notification center holding `cap`
    /// requests that drops by `eviction`, and on AlarmKit an alarm center with the backend's limit.
    package init(backend: DeviceSimulation.Backend, cap: Int, eviction: EvictionModel, clock: ManualClock, zone: ManualTimeZone) {
        self.backend = backend
        notifications = SimulatedNotificationCenter(capacity: cap, eviction: eviction, clock: clock, deviceTimeZone: zone)
        if case .alarmKit(let limit) = backend {
            counting = RefusalCountingAlarmCenter(SimulatedAlarmCenter(limit: limit, clock: clock, deviceTimeZone: zone))
        } else {
            counting = nil
        }
    }

    /// The notification backend over a center the caller made (and wired) itself.
    package init(notifications: SimulatedNotificationCenter) {
        backend = .notifications
        self.notifications = notifications
        counting = nil
    }

    /// A scheduler over these centers: the notification scheduler, or the AlarmKit scheduler
    /// with ``notifications`` as its reminder center.
    package func scheduler(
        store: some AlarmStore, clock: SchedulerClock, timeZone: TimeZoneProvider, options: SchedulerOptions
    ) -> AlarmScheduler {
        guard let counting else {
            return AlarmScheduler(store: store, center: notifications, clock: clock, timeZone: timeZone, options: options)
        }
        return AlarmScheduler(
            store: store, alarmCenter: counting, reminderCenter: notifications, clock: clock, timeZone: timeZone, options: options)
    }

    /// Everything that rang so far, in order of instant: the notifications delivered, and on
    /// AlarmKit the alarms' scheduled rings (nobody snoozes in a simulation, so a ring at the
    /// end of a snooze is the user's, not a fire) and the reminders delivered.
    package func rings() async -> [FireAccounting.Ring] {
        let delivered = await notifications.deliveries.map {
            FireAccounting.Ring(identifier: $0.identifier, instant: $0.instant, deviceTimeZone: $0.deviceTimeZone)
        }
        guard let alarms else { return delivered }
        let rung = await alarms.deliveries.filter { !$0.isSnoozeRing }.map {
            FireAccounting.Ring(identifier: $0.identifier, instant: $0.instant, deviceTimeZone: $0.deviceTimeZone)
        }
        // Both lists are in order of instant; merged stably, an alarm before a reminder at the same instant.
        var merged: [FireAccounting.Ring] = []
        merged.reserveCapacity(rung.count + delivered.count)
        var (alarm, reminder) = (0, 0)
        while alarm < rung.count || reminder < delivered.count {
            if reminder == delivered.count || (alarm < rung.count && rung[alarm].instant <= delivered[reminder].instant) {
                merged.append(rung[alarm])
                alarm += 1
            } else {
                merged.append(delivered[reminder])
                reminder += 1
            }
        }
        return merged
    }

    /// The report of the run so far: what rang matched against the fires `accounting` requires.
    ///
    /// - Parameters:
    ///   - refreshes: every refresh of the run, in order.
    ///   - options: the scheduler's options.
    /// - Throws: ``/RecurringAlarms/AlarmRulesError/invalid(_:)`` when the book's rules are not valid together.
    package func report(
        _ accounting: FireAccounting, refreshes: [RefreshReport], eviction: EvictionModel, options: SchedulerOptions
    ) async throws(AlarmRulesError) -> SimulationReport {
        let rings = await rings()
        guard let counting, case .alarmKit(let limit) = backend else {
            let (drops, peak) = (await notifications.drops, await notifications.peakPendingCount)
            return try accounting.report(
                refreshes: refreshes, rings: rings, drops: drops, peakPending: peak, eviction: eviction, capacity: max(options.cap, 0),
                options: options, alarmKit: nil)
        }
        let run = SimulationReport.AlarmKitRun(
            deviceLimit: limit.map { max($0, 0) }, budget: options.alarmKit.budget, learnedLimit: refreshes.last?.alarmLimit,
            refusals: await counting.refusals)
        return try accounting.report(
            refreshes: refreshes, rings: rings, drops: [], peakPending: await counting.peakHeld, eviction: eviction,
            capacity: max(options.alarmKit.budget, 0), options: options, alarmKit: run)
    }
}
