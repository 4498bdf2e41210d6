import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

// Saturday 2026-03-28 12:00 CET in Berlin, the day before the clocks go forward (Sunday
// 02:00 CET becomes 03:00 CEST, at 01:00Z). Worked by hand, each alarm's next ring:
//
//   alpha  Sat 13:00      Sat 28 13:00 CET  = 12:00Z   (11:00 has passed today)
//   charlie daily 23:30   Sat 28 23:30 CET  = 22:30Z
//   bravo  Sun 01:30      Sun 29 01:30 CET  = 00:30Z   (before the change)
//   bravo  Sun 07:00      Sun 29 07:00 CEST = 05:00Z   (after it: 06:00Z on the winter clock)
//   delta  Mon–Fri 06:15  Mon 30 06:15 CEST = 04:15Z
//   alpha  Sat 11:00      Sat 04 11:00 CEST = 09:00Z   (April 4)
//
// and the fixed-zone "tokyo" rule, which AlarmKit cannot repeat, is one-shot at 14:30 JST,
// 05:30Z every day from Sunday 29 on (Saturday's was at 05:30Z, before now).
//
// With a budget of 14 the hybrid plan is: the 14 soonest fires of all rules (up to tokyo on
// April 1) reach every time but alpha's 11:00, so five alarms repeat; the 9 soonest of what
// is left (tokyo, alpha 11:00) hold alpha's April 4 11:00, so it repeats too; tokyo takes the
// 8 left, March 29 to April 5.

/// Four floating weekly rules AlarmKit repeats, one fixed-zone rule it cannot.
private let book = AlarmBook(rules: [
    weeklyRule("alpha", days: [.saturday], times: ["11:00", "13:00"]),
    weeklyRule("bravo", days: [.sunday], times: ["01:30", "07:00"]),
    weeklyRule("charlie", times: ["23:30"]),
    weeklyRule("delta", days: .weekdays, times: ["06:15"]),
    weeklyRule("tokyo", times: ["14:30"], zone: Zones.tokyo)
])

/// Saturday 2026-03-28 12:00 CET.
private let saturday = at(1_774_695_600)   // 2026-03-28T11:00:00Z

/// Every alarm of the plan, soonest first, with the instant it next rings.
private let soonestFirst: [(identifier: String, instant: Date)] = [
    ("alpha#weekly-sat-13:00:00", at(1_774_699_200)),   // 2026-03-28T12:00:00Z
    ("charlie#daily-23:30:00", at(1_774_737_000)),   // 2026-03-28T22:30:00Z
    ("bravo#weekly-sun-01:30:00", at(1_774_744_200)),   // 2026-03-29T00:30:00Z
    ("bravo#weekly-sun-07:00:00", at(1_774_760_400)),   // 2026-03-29T05:00:00Z
    ("tokyo@2026-03-29T14:30:00", at(1_774_762_200)),   // 2026-03-29T05:30:00Z
    ("delta#weekly-mon+tue+wed+thu+fri-06:15:00", at(1_774_844_100)),   // 2026-03-30T04:15:00Z
    ("tokyo@2026-03-30T14:30:00", at(1_774_848_600)),   // 2026-03-30T05:30:00Z
    ("tokyo@2026-03-31T14:30:00", at(1_774_935_000)),   // 2026-03-31T05:30:00Z
    ("tokyo@2026-04-01T14:30:00", at(1_775_021_400)),   // 2026-04-01T05:30:00Z
    ("tokyo@2026-04-02T14:30:00", at(1_775_107_800)),   // 2026-04-02T05:30:00Z
    ("tokyo@2026-04-03T14:30:00", at(1_775_194_200)),   // 2026-04-03T05:30:00Z
    ("tokyo@2026-04-04T14:30:00", at(1_775_280_600)),   // 2026-04-04T05:30:00Z
    ("alpha#weekly-sat-11:00:00", at(1_775_293_200)),   // 2026-04-04T09:00:00Z
    ("tokyo@2026-04-05T14:30:00", at(1_775_367_000))   // 2026-04-05T05:30:00Z
]

/// A scheduler with a budget of 14 on the simulated AlarmKit center at `saturday` in Berlin.
private func alarmDevice(limit: Int?) -> (scheduler: AlarmScheduler, center: SimulatedAlarmCenter) {
    let clock = ManualClock(now: saturday)
    let zone = ManualTimeZone(Zones.berlin)
    let center = SimulatedAlarmCenter(limit: limit, clock: clock, deviceTimeZone: zone)
    var options = SchedulerOptions()
    options.alarmKit.budget = 14
    let scheduler = AlarmScheduler(
        store: InMemoryStore(book), alarmCenter: center, clock: .manual(clock), timeZone: .manual(zone), options: options)
    return (scheduler, center)
}

@Suite("Scheduler on AlarmKit: soonest first")
struct AlarmKitOrderTests {
    @Test("repeating alarms and one-shots are scheduled in the order they next ring, across the spring-forward change")
    func soonestFirstAcrossTheChange() async throws {
        let device = alarmDevice(limit: nil)
        let report = try await device.scheduler.refresh()

        #expect(report.repeating.count == 6)
        #expect(report.plan.fires.count == 8)
        #expect(report.added == soonestFirst.map(\.identifier))
        #expect(await device.center.scheduledAlarms().map(\.identifier) == soonestFirst.map(\.identifier))
        // The first fire past the budget: tokyo on April 6, 05:30Z.
        #expect(report.coveredUntil == at(1_775_453_400))   // 2026-04-06T05:30:00Z
    }

    /// A device that takes only `limit` alarms refuses the next one, and the report's coverage
    /// ends where that alarm would first have rung: the instant of a repeating alarm is seen.
    @Test(
        "a device that refuses an alarm keeps the soonest and covers until the refused alarm's next ring",
        arguments: [
            (1, "charlie#daily-23:30:00"),   // 22:30Z on the winter clock
            (3, "bravo#weekly-sun-07:00:00"),   // 05:00Z, the first hours on the summer clock
            (5, "delta#weekly-mon+tue+wed+thu+fri-06:15:00"),
            (12, "alpha#weekly-sat-11:00:00"),   // a week ahead, after six one-shots
            (13, "tokyo@2026-04-05T14:30:00")
        ])
    func refusalCoversUntilTheRefusedAlarm(limit: Int, refused: String) async throws {
        let device = alarmDevice(limit: limit)
        let report = try await device.scheduler.refresh()

        let expected = try #require(soonestFirst.firstIndex { $0.identifier == refused })
        #expect(expected == limit)
        #expect(report.added == soonestFirst.prefix(limit).map(\.identifier))
        #expect(report.alarmLimit == limit)
        #expect(report.isTruncated)
        #expect(report.coveredUntil == soonestFirst[limit].instant)
    }
}
