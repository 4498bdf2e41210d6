import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// The code of the DocC articles, line for line, with the results their comments state.
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

        // Describe the alarms
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
        #expect(AlarmRuleSet.validationProblems(of: rules) == [])

        // Plan
        let now = Date(timeIntervalSince1970: 1_796_108_400)   // 2026-12-01T07:00:00Z, a Tuesday
        let options = PlanOptions(deviceTimeZone: TimeZone(identifier: "Europe/London")!)
        let planned = try plan(rules, now: now, options: options)
        #expect(planned.fires[0].id == "wake@2026-12-01T07:30:00")
        #expect(planned.fires[1].rfc3339 == "2026-12-02T09:00:00+09:00")
        #expect(planned.coveredUntil == at(1_796_713_200))   // 2026-12-08T07:00:00Z: now + 7 days, nothing cut

        // Edit one rule of a compiled schedule: wake at 08:00 (08:00Z in London) still comes
        // before Wednesday's stand-up (00:00Z).
        var schedule = try AlarmSchedule(rules: rules)
        var later = rules[0]   // "wake"
        later.times = [TimeOfDay(hour: 8, minute: 0)!]
        try schedule.updateRule(later)
        #expect(schedule.plan(now: now, options: options).fires[0].id == "wake@2026-12-01T08:00:00")

        // Reconcile
        let change = Reconciliation(pending: ["wake@2026-11-30T07:30:00"], plan: planned)
        #expect(change.toRemove == ["wake@2026-11-30T07:30:00"])
        // Wake-ups Tue 1, Thu 3, Mon 7 (07:30Z; Tue 8 is past the window) and stand-ups
        // Wed 2 to Tue 8 (09:00 in Tokyo is 00:00Z; Tue 1's has passed): 3 + 5.
        #expect(change.toAdd.count == 8)

        // Store
        let store = JSONFileStore(url: folder.appending(path: "alarms.json"))   // folder: Application Support, say
        try store.update { book in book.rules = rules }
        try store.update { book in
            _ = try book.skipNext(ruleID: "wake", now: now, deviceTimeZone: options.deviceTimeZone)
        }
        // Tuesday's 07:30 wake-up is skipped, so Wednesday's stand-up (00:00Z) is first.
        #expect(try store.load().plan(now: now, options: options).fires[0].id == "standup@2026-12-02T09:00:00")

        // Schedule
        let london = TimeZone(identifier: "Europe/London")!
        let center = SimulatedNotificationCenter(eviction: .keepLastAdded, now: now, deviceTimeZone: london)
        let scheduler = AlarmScheduler(
            store: store, center: center,
            clock: .constant(now), timeZone: .constant(london))
        let report = try await scheduler.refresh()
        // The default strategy is hybrid, but neither rule may repeat (wake: skip pending;
        // standup: Tokyo's clock), so the 64 slots hold one-shot fires, 8 a week: Dec 2–4 (3
        // stand-ups, Thu's wake-up), 7 weeks from Mon Dec 7 (56), Mon Jan 25 and Tue Jan 26 (4).
        #expect(report.repeating.isEmpty)
        #expect(report.added.count == 64)
        #expect(report.refillDeadline == at(1_801_007_999))   // 2027-01-26T23:59:59Z: before Wed 27's stand-up (00:00Z)
    }

    // MARK: Simulating Weeks on a Device

    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let wake = AlarmRule(
        id: "wake", repeats: .weekly(days: .daily),
        times: [TimeOfDay(hour: 7, minute: 0)!])   // floating: the device's clock
    let start = Date(timeIntervalSince1970: 1_793_577_600)   // 2026-11-02T00:00:00Z, a Monday
    var end: Date { start.addingTimeInterval(28 * 86_400) }   // 2026-11-30T00:00:00Z

    var simulation: DeviceSimulation {
        DeviceSimulation(
            book: AlarmBook(rules: [wake]), timeline: .fixed(berlin),
            start: start, end: end,
            opens: .every(6 * 86_400, jitter: 86_400, seed: 7),
            options: SchedulerOptions(strategy: .rolling))
    }

    @Test("Run a simulation: opens at most 6 days apart miss none of the month's 28 wake-ups")
    func runASimulation() async throws {
        let report = try await simulation.run()
        #expect(report.summary.required == 28)   // Nov 2 through Nov 29
        #expect(report.fires.map(\.instant) == (0..<28).map { start.addingTimeInterval(Double($0) * 86_400 + 6 * 3600) })
        #expect(report.summary.missed == 0)
        #expect(report.drops.isEmpty)
    }

    @Test("Find what was missed: opens every 10 days lose the 3 days after each 7-day plan, and the reminder rings at each coverage end")
    func findWhatWasMissed() async throws {
        var rare = simulation
        rare.opens = .every(10 * 86_400)   // Nov 2, 12, 22
        rare.options.reminder = RefreshReminder()
        let late = try await rare.run()
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

        var hybrid = rare
        hybrid.options.strategy = .hybrid
        let repeating = try await hybrid.run()
        #expect(repeating.summary.missed == 0)   // wake#daily-07:00:00 rings on its own
        #expect(repeating.summary.required == 28)
    }

    @Test(
        "Travel: the wake-up that rang in Berlin on the day of a westward flight is missed in New York unless the app opens after landing")
    func travel() async throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        let landing = Date(timeIntervalSince1970: 1_794_304_800)   // 2026-11-10T10:00:00Z, 05:00 in New York
        var trip = simulation
        trip.timeline = DeviceTimeZoneTimeline(initial: berlin, changes: [.init(at: landing, to: newYork)])
        trip.opens = .every(5 * 86_400)   // Nov 2, 7, 12, 17, 22, 27
        let report = try await trip.run()
        let missed = report.fires.filter { !$0.delivered }
        #expect(missed.map(\.id) == ["wake@2026-11-10T07:00:00"])
        #expect(missed.map(\.instant) == [at(1_794_312_000)])   // 2026-11-10T12:00:00Z = 07:00 EST
        #expect(missed.map(\.missReason) == [.timeZoneChange])
        // 9 in Berlin (Nov 2–10 at 06:00Z), then 20 in New York (Nov 10–29 at 12:00Z).
        #expect(report.summary.required == 29)

        // Open the app once after landing as well: nothing is missed.
        trip.opens = .at((0..<6).map { start.addingTimeInterval(Double($0) * 5 * 86_400) } + [landing])
        let repaired = try await trip.run()
        #expect(repaired.summary.missed == 0)
        #expect(repaired.summary.required == 29)
    }

    @Test("Finer steps: one refresh, then a simulated day, rings the first wake-up")
    func centerOnItsOwn() async throws {
        let center = SimulatedNotificationCenter(eviction: .keepLastAdded, now: start, deviceTimeZone: berlin)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [wake])), center: center,
            clock: .constant(start), timeZone: .constant(berlin))
        try await scheduler.refresh()
        await center.advance(to: start.addingTimeInterval(86_400))
        // The default strategy, hybrid: the floating daily rule is one repeating request.
        #expect(await center.deliveries.map(\.identifier) == ["wake#daily-07:00:00"])
        #expect(await center.deliveries.map(\.instant) == [at(1_793_599_200)])   // 2026-11-02T06:00:00Z
    }
}
