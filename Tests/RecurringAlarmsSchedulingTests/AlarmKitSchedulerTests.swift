import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

// The scheduler driving the simulated AlarmKit center, with a pinned clock and zones. By
// hand: Monday 2026-06-01 00:00 CEST is 2026-05-31T22:00:00Z; Tokyo is +09:00 all year, so the
// stand-up at 09:00 JST on a weekday is 00:00Z that day (02:00 CEST); the floating 07:30 wake
// on Mon/Tue/Thu is 05:30Z in Berlin's summer.

/// The book every test starts with: one rule AlarmKit can repeat, one it cannot (fixed zone).
private let book = AlarmBook(rules: [
    weeklyRule("wake", days: [.monday, .tuesday, .thursday], times: ["07:30"]),
    weeklyRule("standup", days: .weekdays, times: ["09:00"], zone: Zones.tokyo)
])

/// Monday 2026-06-01 00:00 in Berlin.
private let monday = at(1_780_264_800)

/// A scheduler on the simulated AlarmKit center at `monday` in Berlin.
private func alarmDevice(
    _ book: AlarmBook = book, limit: Int? = nil
) -> (scheduler: AlarmScheduler, center: SimulatedAlarmCenter, clock: ManualClock, store: InMemoryStore) {
    let clock = ManualClock(now: monday)
    let zone = ManualTimeZone(Zones.berlin)
    let center = SimulatedAlarmCenter(limit: limit, clock: clock, deviceTimeZone: zone)
    let store = InMemoryStore(book)
    let scheduler = AlarmScheduler(store: store, alarmCenter: center, clock: .manual(clock), timeZone: .manual(zone))
    return (scheduler, center, clock, store)
}

@Suite("Scheduler on AlarmKit: what it holds")
struct AlarmKitSchedulerTests {
    @Test("a plain weekly rule is one repeating alarm per time; a fixed-zone rule's fires are one-shots filling the budget")
    func mapping() async throws {
        let device = alarmDevice()
        let report = try await device.scheduler.refresh()

        #expect(report.repeating.map(\.id) == ["wake#weekly-mon+tue+thu-07:30:00"])
        let held = await device.center.scheduledAlarms()
        // The default budget of 64: the repeating alarm and 63 stand-ups, soonest first.
        #expect(held.count == 64)
        let weekly = try #require(held.first { $0.identifier == "wake#weekly-mon+tue+thu-07:30:00" })
        #expect(weekly.id == NameBasedUUID.alarmID(for: "wake#weekly-mon+tue+thu-07:30:00"))
        #expect(weekly.schedule == .weekly(weekdays: [.monday, .tuesday, .thursday], hour: 7, minute: 30))
        let first = try #require(held.first { $0.identifier == "standup@2026-06-01T09:00:00" })
        #expect(first.schedule == .fixed(at(1_780_272_000)))   // 2026-06-01T00:00:00Z
        #expect(first.id == NameBasedUUID.alarmID(for: "standup@2026-06-01T09:00:00"))
        #expect(report.plan.fires.count == 63 && report.plan.fires.allSatisfy { $0.ruleID == "standup" })
        #expect(report.alarmLimit == nil)
    }

    @Test("a second refresh at the same moment changes nothing")
    func stable() async throws {
        let device = alarmDevice()
        try await device.scheduler.refresh()
        let again = try await device.scheduler.refresh()
        #expect(again.added.isEmpty && again.removed.isEmpty && again.replaced.isEmpty)
        #expect(again.unchanged.count == 64)
    }

    @Test("a one-shot that rang and vanished is delivered, not lost: the next refresh only adds one further ahead")
    func firedOneShotVanishes() async throws {
        let device = alarmDevice()
        try await device.scheduler.refresh()
        // 01:00Z: the stand-up of 00:00Z has rung and, unanswered for 15 minutes, stopped.
        await device.clock.advance(to: at(1_780_275_600))
        #expect(await device.center.deliveries.map(\.identifier) == ["standup@2026-06-01T09:00:00"])
        let report = try await device.scheduler.refresh()
        #expect(report.removed.isEmpty)
        #expect(report.added.count == 1)
        #expect(!report.added.contains("standup@2026-06-01T09:00:00"))
        #expect(await device.center.scheduledAlarms().count == 64)
    }

    @Test("denied authorization is a typed error and nothing is scheduled or recorded")
    func denied() async throws {
        let device = alarmDevice()
        await device.center.setAuthorization(.denied)
        await #expect(throws: SchedulingError.self) { try await device.scheduler.refresh() }
        do {
            try await device.scheduler.refresh()
        } catch {
            guard case .notAuthorized = error else {
                Issue.record("expected notAuthorized, got \(error)")
                return
            }
            #expect(error.description.contains("NSAlarmKitUsageDescription"))
        }
        #expect(await device.center.scheduledAlarms().isEmpty)
        #expect(try device.store.load().applied == nil)
    }
}

@Suite("Scheduler on AlarmKit: the device's limit")
struct AlarmKitLimitTests {
    @Test("a refusal keeps the soonest that fitted, learns the limit, reports the coverage honestly, and is never repeated")
    func learnsTheLimit() async throws {
        let device = alarmDevice(limit: 10)
        let report = try await device.scheduler.refresh()

        // Soonest first: stand-ups on June 1-5 and 8-11 (9) and the weekly 07:30 (whose next
        // ring is Monday's 05:30Z) fit; the 11th alarm, Friday 12 June's stand-up, was refused.
        let held = await device.center.scheduledAlarms()
        #expect(held.count == 10)
        #expect(report.alarmLimit == 10)
        #expect(report.isTruncated)
        #expect(report.coveredUntil == at(1_781_222_400))   // 2026-06-12T00:00:00Z
        #expect(report.repeating.map(\.id) == ["wake#weekly-mon+tue+thu-07:30:00"])
        #expect(try device.store.load().applied?.alarmLimit == 10)

        // Planned within the learned limit, the next refresh asks for nothing more.
        let again = try await device.scheduler.refresh()
        #expect(again.added.isEmpty && again.removed.isEmpty)
        #expect(again.alarmLimit == 10)
        #expect(again.coveredUntil == at(1_781_222_400))
        #expect(await device.center.scheduledAlarms().count == 10)
    }

    @Test(
        "a refresh while a still-planned repeating alarm is alerting schedules the full budget: the ringing alarm takes one place, not two")
    func ringingPlannedAlarmTakesOnePlace() async throws {
        let device = alarmDevice()
        #expect(try await device.scheduler.refresh().slots == 64)
        // 05:30:30Z, Monday 07:30:30 in Berlin: the weekly wake alarm rings as the user opens the
        // app (and rings for 15 minutes); the 00:00Z stand-up rang, stopped and is gone.
        await device.clock.advance(to: at(1_780_291_830))
        #expect(
            await device.center.deliveries.map(\.identifier) == ["standup@2026-06-01T09:00:00", "wake#weekly-mon+tue+thu-07:30:00"])
        let report = try await device.scheduler.refresh()
        let held = await device.center.scheduledAlarms()
        let wake = held.filter { $0.identifier == "wake#weekly-mon+tue+thu-07:30:00" }
        #expect(wake.map(\.state) == [.alerting])
        // The plan still holds the weekly alarm, so it is one of the 64, not a 65th place taken.
        #expect(report.repeating.map(\.id) == ["wake#weekly-mon+tue+thu-07:30:00"])
        #expect(report.slots == 64)
        #expect(held.count == 64)
        #expect(report.plan.fires.count == 63)
        #expect(report.removed.isEmpty && report.alarmLimit == nil)
    }

    @Test("a ringing alarm the plan no longer holds takes its place on the device: the refresh plans one fewer and is not refused")
    func ringingAlarmTakesAPlace() async throws {
        let clock = ManualClock(now: monday)
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedAlarmCenter(limit: 5, clock: clock, deviceTimeZone: zone)
        let store = InMemoryStore(AlarmBook(rules: [weeklyRule("standup", days: .weekdays, times: ["09:00"], zone: Zones.tokyo)]))
        var options = SchedulerOptions()
        options.alarmKit.budget = 5
        let scheduler = AlarmScheduler(store: store, alarmCenter: center, clock: .manual(clock), timeZone: .manual(zone), options: options)
        // 09:00 in Tokyo is 00:00Z: June 1-5 fill the budget of 5.
        #expect(try await scheduler.refresh().added.count == 5)

        // 00:05Z on June 1: Monday's stand-up rings (for 15 minutes) and is past the plan.
        await clock.advance(to: at(1_780_272_300))
        let ringing = try await scheduler.refresh()
        #expect(await center.scheduledAlarms().filter { $0.state == .alerting }.map(\.identifier) == ["standup@2026-06-01T09:00:00"])
        // 5 places less the ringing one: June 2-5 stay; June 8 waits for the place to free.
        #expect(ringing.slots == 4 && ringing.added.isEmpty && ringing.removed.isEmpty)
        #expect(ringing.alarmLimit == nil)

        // 00:20Z: unanswered for 15 minutes, it stopped and vanished; June 8 now fits.
        await clock.advance(to: at(1_780_273_200))
        let freed = try await scheduler.refresh()
        #expect(freed.added == ["standup@2026-06-08T09:00:00"] && freed.alarmLimit == nil)
        #expect(await center.scheduledAlarms().count == 5)
    }
}
