import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// The code of the DocC articles: each block of these pages shows a region of this file (see
/// DocSnippetTests), and the tests run the regions in order and assert what their comments print.
///
/// - `Sources/RecurringAlarms/RecurringAlarms.docc/Articles/GettingStarted.md`
/// - `Sources/RecurringAlarmsSimulation/RecurringAlarmsSimulation.docc/Articles/SimulatingADevice.md`
///
/// November 2026 in Berlin is UTC+1 throughout (the clocks went back on Oct 25), so a floating
/// 07:00 there is 06:00Z every day of the simulated month.
@Suite("DocC article examples")
struct DocumentationExampleTests {
    @Test("Getting Started: describe, plan, reconcile, store and schedule as the article shows")
    func gettingStarted() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "docc-getting-started-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // snippet:begin getting-started-rules
        let rules = [
            AlarmRule(
                id: "wake", label: "Wake up",
                repeats: .weekly(days: [.monday, .tuesday, .thursday]),
                times: [TimeOfDay(hour: 7, minute: 30)!]),   // floating: device zone
            AlarmRule(
                id: "standup", repeats: .weekly(days: .weekdays),
                times: [TimeOfDay(hour: 9, minute: 0)!],
                timeZone: .fixed(TimeZone(identifier: "Asia/Tokyo")!))   // always Tokyo time
        ]
        print(AlarmRuleSet.validationProblems(of: rules))   // [] — every problem, with rule, field and value
        // snippet:end
        #expect(AlarmRuleSet.validationProblems(of: rules) == [])

        // snippet:begin getting-started-plan
        let now = Date(timeIntervalSince1970: 1_796_108_400)   // 2026-12-01T07:00:00Z, a Tuesday
        let options = PlanOptions(deviceTimeZone: TimeZone(identifier: "Europe/London")!)
        let planned = try plan(rules, now: now, options: options)   // checks the rules first

        print(planned.fires[0].id)   // wake@2026-12-01T07:30:00
        print(planned.fires[1].rfc3339)   // 2026-12-02T09:00:00+09:00
        print(planned.coveredUntil)   // 2026-12-08 07:00:00 +0000: plan again before this (here the window's end)
        // snippet:end
        #expect(planned.fires[0].id == "wake@2026-12-01T07:30:00")
        #expect(planned.fires[1].rfc3339 == "2026-12-02T09:00:00+09:00")
        #expect(planned.coveredUntil == at(1_796_713_200))   // 2026-12-08T07:00:00Z: now + 7 days, nothing cut
        #expect("\(planned.coveredUntil)" == "2026-12-08 07:00:00 +0000")

        // Edit one rule of a compiled schedule: wake at 08:00 (08:00Z in London) still comes
        // before Wednesday's stand-up (00:00Z).
        // snippet:begin getting-started-edit
        var schedule = try AlarmSchedule(rules: rules)
        var later = rules[0]   // "wake"
        later.times = [TimeOfDay(hour: 8, minute: 0)!]
        try schedule.updateRule(later)   // throws, changing nothing, if the rule is invalid
        print(schedule.plan(now: now, options: options).fires[0].id)   // wake@2026-12-01T08:00:00
        // snippet:end
        #expect(schedule.plan(now: now, options: options).fires[0].id == "wake@2026-12-01T08:00:00")

        // snippet:begin getting-started-reconcile
        let change = Reconciliation(pending: ["wake@2026-11-30T07:30:00"], plan: planned)
        print(change.toRemove)   // ["wake@2026-11-30T07:30:00"]: no longer planned
        print(change.toAdd.count)   // 8: every planned fire, as none was pending
        // snippet:end
        #expect(change.toRemove == ["wake@2026-11-30T07:30:00"])
        // Wake-ups Tue 1, Thu 3, Mon 7 (07:30Z; Tue 8 is past the window) and stand-ups
        // Wed 2 to Tue 8 (09:00 in Tokyo is 00:00Z; Tue 1's has passed): 3 + 5.
        #expect(change.toAdd.count == 8)

        // snippet:begin getting-started-store
        let store = JSONFileStore(url: folder.appending(path: "alarms.json"))   // folder: Application Support, say
        try store.update { book in book.rules = rules }
        try store.update { book in
            _ = try book.skipNext(ruleID: "wake", now: now, deviceTimeZone: options.deviceTimeZone)
        }
        print(try store.load().plan(now: now, options: options).fires[0].id)   // standup@2026-12-02T09:00:00
        // snippet:end
        // Tuesday's 07:30 wake-up is skipped, so Wednesday's stand-up (00:00Z) is first.
        #expect(try store.load().plan(now: now, options: options).fires[0].id == "standup@2026-12-02T09:00:00")

        // snippet:begin getting-started-schedule
        let london = TimeZone(identifier: "Europe/London")!
        let center = SimulatedNotificationCenter(eviction: .keepLastAdded, now: now, deviceTimeZone: london)
        let scheduler = AlarmScheduler(
            store: store, center: center,
            clock: .constant(now), timeZone: .constant(london))
        let report = try await scheduler.refresh()
        print(report.added.count)   // 64: one-shot fires from Wed Dec 2 to Tue 2027-01-26
        print(report.refillDeadline)   // 2027-01-26 23:59:59 +0000: refresh again before this, or an alarm goes missing
        // snippet:end
        // The default strategy is hybrid, but neither rule may repeat (wake: skip pending;
        // standup: Tokyo's clock), so the 64 slots hold one-shot fires, 8 a week: Dec 2–4 (3
        // stand-ups, Thu's wake-up), 7 weeks from Mon Dec 7 (56), Mon Jan 25 and Tue Jan 26 (4).
        #expect(report.repeating.isEmpty)
        #expect(report.added.count == 64)
        #expect(report.refillDeadline == at(1_801_007_999))   // 2027-01-26T23:59:59Z: before Wed 27's stand-up (00:00Z)
        #expect("\(report.refillDeadline)" == "2027-01-26 23:59:59 +0000")

        // snippet:begin getting-started-manual-clock
        // In a test, one ManualClock moves time for the scheduler and the center alike.
        let clock = ManualClock(now: now)
        let testCenter = SimulatedNotificationCenter(eviction: .keepLastAdded, clock: clock, deviceTimeZone: london)
        let testScheduler = AlarmScheduler(
            store: store, center: testCenter,
            clock: .manual(clock), timeZone: .constant(london))
        try await testScheduler.refresh()
        await clock.advance(by: 86_400)   // to Wed 07:00Z: the center delivers what came due
        print(await testCenter.deliveries.map(\.identifier))   // ["standup@2026-12-02T09:00:00"]
        // snippet:end
        // From Tue 07:00Z to Wed 07:00Z: Tuesday's wake-up is skipped, Wednesday's stand-up is 00:00Z.
        #expect(await testCenter.deliveries.map(\.identifier) == ["standup@2026-12-02T09:00:00"])
    }

    @Test("Simulating Weeks on a Device: each step of the article, with the results it states")
    func simulatingADevice() async throws {
        // snippet:begin simulation-run
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let wake = AlarmRule(
            id: "wake", repeats: .weekly(days: .daily),
            times: [TimeOfDay(hour: 7, minute: 0)!])   // floating: the device's clock
        let start = Date(timeIntervalSince1970: 1_793_577_600)   // 2026-11-02T00:00:00Z, a Monday
        let end = start.addingTimeInterval(28 * 86_400)   // 2026-11-30T00:00:00Z

        let simulation = DeviceSimulation(
            book: AlarmBook(rules: [wake]), timeline: .fixed(berlin),
            start: start, end: end,
            opens: .every(6 * 86_400, jitter: 86_400, seed: 7),
            options: SchedulerOptions(strategy: .rolling))
        let report = try await simulation.run()
        print(report.summary.required)   // 28: Nov 2 through Nov 29, each at 06:00Z
        print(report.summary.missed)   // 0
        print(report.drops.isEmpty)   // true: the center never had to drop a request
        // snippet:end
        #expect(end == at(1_795_996_800))
        #expect(report.summary.required == 28)
        #expect(report.fires.map(\.instant) == (0..<28).map { start.addingTimeInterval(Double($0) * 86_400 + 6 * 3600) })
        #expect(report.summary.missed == 0)
        #expect(report.drops.isEmpty)

        // Opens every 10 days lose the 3 days after each 7-day plan, and the reminder rings at
        // each coverage end.
        // snippet:begin simulation-missed
        var rare = simulation
        rare.opens = .every(10 * 86_400)   // Nov 2, 12, 22
        rare.options.reminder = RefreshReminder()
        let late = try await rare.run()
        print(late.fires.filter { !$0.delivered }.map(\.id))
        // ["wake@2026-11-09T07:00:00", "wake@2026-11-10T07:00:00", "wake@2026-11-11T07:00:00",
        //  "wake@2026-11-19T07:00:00", "wake@2026-11-20T07:00:00", "wake@2026-11-21T07:00:00",
        //  "wake@2026-11-29T07:00:00"]
        print(late.summary.missedByReason)   // ["no-open-in-time": 7]
        print(late.reminders.count)   // 3: at Nov 9, 19 and 29, 00:00Z, each open's coverage end
        print(late.longestUncovered?.seconds ?? 0)   // 259200: three days without a plan

        var hybrid = rare
        hybrid.options.strategy = .hybrid
        print(try await hybrid.run().summary.missed)   // 0: the repeating request needs no open
        // snippet:end
        #expect(late.opens.map(\.at) == [start, start.addingTimeInterval(10 * 86_400), start.addingTimeInterval(20 * 86_400)])
        #expect(
            late.fires.filter { !$0.delivered }.map(\.id) == [
                "wake@2026-11-09T07:00:00", "wake@2026-11-10T07:00:00", "wake@2026-11-11T07:00:00",
                "wake@2026-11-19T07:00:00", "wake@2026-11-20T07:00:00", "wake@2026-11-21T07:00:00",
                "wake@2026-11-29T07:00:00"
            ])
        #expect(late.summary.missedByReason == ["no-open-in-time": 7])
        #expect(late.reminders.map(\.at) == [at(1_794_182_400), at(1_795_046_400), at(1_795_910_400)])   // Nov 9, 19, 29 00:00Z
        #expect(late.reminders.count == 3)
        #expect(late.longestUncovered?.seconds == 259_200)   // [Nov 9, Nov 12) and [Nov 19, Nov 22)
        let repeating = try await hybrid.run()
        #expect(repeating.summary.missed == 0)   // wake#daily-07:00:00 rings on its own
        #expect(repeating.summary.required == 28)

        // The wake-up that rang in Berlin on the day of a westward flight is missed in New York
        // unless the app opens after landing.
        // snippet:begin simulation-travel
        let newYork = TimeZone(identifier: "America/New_York")!
        let landing = Date(timeIntervalSince1970: 1_794_304_800)   // 2026-11-10T10:00:00Z, 05:00 in New York
        var trip = simulation
        trip.timeline = DeviceTimeZoneTimeline(initial: berlin, changes: [.init(at: landing, to: newYork)])
        trip.opens = .every(5 * 86_400)   // Nov 2, 7, 12, 17, 22, 27
        let missed = try await trip.run().fires.filter { !$0.delivered }
        print(missed.map(\.id))   // ["wake@2026-11-10T07:00:00"]: 12:00Z, 07:00 in New York
        print(missed.map(\.missReason) == [.timeZoneChange])   // true

        // Open the app once after landing as well: nothing is missed.
        trip.opens = .at((0..<6).map { start.addingTimeInterval(Double($0) * 5 * 86_400) } + [landing])
        print(try await trip.run().summary.missed)   // 0
        // snippet:end
        #expect(missed.map(\.id) == ["wake@2026-11-10T07:00:00"])
        #expect(missed.map(\.instant) == [at(1_794_312_000)])   // 2026-11-10T12:00:00Z = 07:00 EST
        #expect(missed.map(\.missReason) == [.timeZoneChange])
        let repaired = try await trip.run()
        #expect(repaired.summary.missed == 0)
        // 9 in Berlin (Nov 2–10 at 06:00Z), then 20 in New York (Nov 10–29 at 12:00Z).
        #expect(repaired.summary.required == 29)

        // snippet:begin simulation-center
        let center = SimulatedNotificationCenter(eviction: .keepLastAdded, now: start, deviceTimeZone: berlin)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [wake])), center: center,
            clock: .constant(start), timeZone: .constant(berlin))
        try await scheduler.refresh()
        await center.advance(to: start.addingTimeInterval(86_400))
        print(await center.deliveries.map(\.identifier))   // ["wake#daily-07:00:00"]: what rang on the first day

        // Or one ManualClock for both: the scheduler reads it and the center follows it.
        let clock = ManualClock(now: start)
        let following = SimulatedNotificationCenter(eviction: .keepLastAdded, clock: clock, deviceTimeZone: berlin)
        let clocked = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [wake])), center: following,
            clock: .manual(clock), timeZone: .constant(berlin))
        try await clocked.refresh()
        await clock.advance(by: 86_400)
        print(await following.deliveries.map(\.identifier))   // ["wake#daily-07:00:00"]
        // snippet:end
        // The default strategy, hybrid: the floating daily rule is one repeating request.
        #expect(await center.deliveries.map(\.identifier) == ["wake#daily-07:00:00"])
        #expect(await center.deliveries.map(\.instant) == [at(1_793_599_200)])   // 2026-11-02T06:00:00Z
        #expect(await following.deliveries.map(\.identifier) == ["wake#daily-07:00:00"])
        #expect(await following.deliveries.map(\.instant) == [at(1_793_599_200)])
    }
}
