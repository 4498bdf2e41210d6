import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsStore

extension DeviceSimulation {
    /// The run on ``Backend/alarmKit(limit:)``: a ``SimulatedAlarmCenter`` with `limit`, and a
    /// ``SimulatedNotificationCenter`` for the refresh reminder when
    /// ``/RecurringAlarmsScheduling/SchedulerOptions/reminder`` is set, both following one
    /// clock and one device zone; each open refreshes through the AlarmKit scheduler.
    ///
    /// - Complexity: O(opens × budget² + rings × budget + required fires), plus the expansion
    ///   of the rules over the period once per zone change.
    func runAlarmKit(limit: Int?, start: Date, end: Date) async throws(SchedulingError) -> SimulationReport {
        let store = InMemoryStore(book)
        let clock = ManualClock(now: start)
        let zone = ManualTimeZone(timeline.zone(at: start))
        let alarms = SimulatedAlarmCenter(limit: limit, clock: clock, deviceTimeZone: zone)
        let counting = RefusalCountingAlarmCenter(alarms)
        let reminders =
            options.reminder == nil
            ? nil : SimulatedNotificationCenter(capacity: options.cap, eviction: eviction, clock: clock, deviceTimeZone: zone)

        var refreshes: [RefreshReport] = []
        for (instant, event) in events(start: start, end: end) {
            await clock.advance(to: instant)
            switch event {
            case .change(let newZone):
                await zone.change(to: newZone)
            case .open:
                let scheduler = AlarmScheduler(
                    store: store, alarmCenter: counting, reminderCenter: reminders, clock: .constant(instant),
                    timeZone: .constant(zone.current), options: options)
                refreshes.append(try await scheduler.refresh())
            }
        }
        await clock.advance(to: end)

        let run = SimulationReport.AlarmKitRun(
            deviceLimit: limit.map { max($0, 0) }, budget: options.alarmKit.budget, learnedLimit: refreshes.last?.alarmLimit,
            refusals: await counting.refusals)
        let accounting = FireAccounting(book: book, timeline: timeline, start: start, end: end)
        do throws(AlarmRulesError) {
            return try accounting.report(
                refreshes: refreshes, alarmDeliveries: await alarms.deliveries, reminderDeliveries: await reminders?.deliveries ?? [],
                peakHeld: await counting.peakHeld, eviction: eviction, options: options, alarmKit: run)
        } catch {
            throw .invalidRules(error)
        }
    }
}
