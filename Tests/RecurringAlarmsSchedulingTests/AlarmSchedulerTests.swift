import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// One refresh: plan, reconcile with what is pending, add latest first, record the applied plan.
@Suite("Alarm scheduler")
struct AlarmSchedulerTests {
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z (Tue)

    static let rules = [
        weekly("wake", .weekdays, times: ["07:30"], label: "Wake up"),
        weekly("call", times: ["21:00"], zone: Zones.tokyo, label: "Call Tokyo")
    ]

    func makeScheduler(
        _ store: some AlarmStore, _ center: some NotificationCenterAdapter, now: Date = now,
        zone: TimeZone = Zones.berlin, options: SchedulerOptions = SchedulerOptions(strategy: .rolling)
    ) -> AlarmScheduler {
        AlarmScheduler(store: store, center: center, clock: .constant(now), timeZone: .constant(zone), options: options)
    }

    @Test("a refresh registers the plan and records it as applied")
    func registersPlan() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let report = try await makeScheduler(store, center).refresh()

        let expected = try AlarmBook(rules: Self.rules).plan(now: Self.now, options: PlanOptions(deviceTimeZone: Zones.berlin))
        #expect(report.plan == expected)
        #expect(Set(await center.pendingIdentifiers()) == Set(expected.fires.map(\.id)))
        #expect(report.added.count == expected.fires.count)
        #expect(report.removed.isEmpty && report.unchanged.isEmpty && report.replaced.isEmpty)
        #expect(report.coveredUntil == at(1_796_688_000))   // 2026-12-08T00:00:00Z: the 7-day horizon
        #expect(report.refillDeadline == at(1_796_687_999))   // one second before
        let applied = try #require(try store.load().applied)
        #expect(applied.fires.map(\.id) == expected.fires.map(\.id))
        #expect(applied.appliedAt == Self.now)
        #expect(applied.deviceTimeZone == Zones.berlin)
    }

    @Test("a book whose rules share an id is refused as invalid rules, and nothing is registered")
    func unplannableBookIsRefused() async throws {
        // InMemoryStore(_:) takes the book as given (only save checks), the way a custom store
        // could hand out a book it never checked: two rules "wake" would plan colliding ids.
        let twice = [weekly("wake", times: ["07:30"]), weekly("wake", times: ["08:00"])]
        let store = InMemoryStore(AlarmBook(rules: twice))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        do {
            _ = try await makeScheduler(store, center).refresh()
            Issue.record("a refresh planned a book whose rules share an id")
        } catch {
            guard case .invalidRules(.invalid(let problems)) = error else {
                Issue.record("expected invalidRules, got \(error)")
                return
            }
            #expect(problems.map(\.field) == ["id"])
            #expect(error.description.hasPrefix("refresh: the alarm book's rules cannot be planned: "))
        }
        #expect(await center.pendingIdentifiers().isEmpty)
        #expect(try store.load().applied == nil)
    }

    @Test("the registered requests ring at the planned instants with the rule's label")
    func requestsMatchPlan() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let report = try await makeScheduler(store, center).refresh()
        let pending = await center.pending()
        #expect(pending.map(\.fireDate) == report.plan.fires.map(\.instant))
        #expect(pending.first?.request.content.title == "Wake up")   // 07:30 CET = 06:30Z, before 21:00 JST = 12:00Z
        #expect(pending.first?.request.content.body == "07:30")
        let call = try #require(pending.first { $0.request.identifier == "call@2026-12-01T21:00:00" })
        #expect(call.request.content.title == "Call Tokyo")
        #expect(call.request.content.body == "21:00 Asia/Tokyo")
        #expect(
            call.request.content.userInfo == [
                NotificationContent.fireIDKey: "call@2026-12-01T21:00:00", NotificationContent.ruleIDKey: "call"
            ])
    }

    @Test("a second refresh at the same moment changes nothing")
    func idempotent() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(eviction: .keepLastAdded, now: Self.now, deviceTimeZone: Zones.berlin)
        let first = try await makeScheduler(store, center).refresh()
        let second = try await makeScheduler(store, center).refresh()
        #expect(second.isEmpty)
        #expect(second.unchanged == first.plan.fires.map(\.id).sorted())
    }

    @Test("requests are added latest-firing first, so the soonest are added last")
    func latestFirst() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = RecordingCenter(
            base: SimulatedNotificationCenter(eviction: .keepLastAdded, now: Self.now, deviceTimeZone: Zones.berlin),
            zone: Zones.berlin)
        let report = try await makeScheduler(store, center).refresh()
        let instants = await center.addedInstants.map(\.instant)
        #expect(instants.count == report.plan.fires.count)
        #expect(instants == instants.sorted(by: >))
        #expect(await center.addedInstants.last?.id == report.plan.fires.first?.id)
    }

    @Test("removals go to the center before additions, so it never holds more than the cap")
    func removeBeforeAdd() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let base = SimulatedNotificationCenter(eviction: .keepLastAdded, now: Self.now, deviceTimeZone: Zones.berlin)
        let center = RecordingCenter(base: base, zone: Zones.berlin)
        try await makeScheduler(store, center).refresh()
        await center.clear()
        await base.advance(to: Self.now.addingTimeInterval(2 * dayLength))
        try await makeScheduler(store, center, now: Self.now.addingTimeInterval(2 * dayLength)).refresh()
        let calls = await center.calls
        #expect(calls.count == 2)   // nothing fired is pending, so: pending, then add (no removal needed)
        #expect(calls.first == .pending)
        if case .add(let ids)? = calls.last { #expect(!ids.isEmpty) } else { Issue.record("expected an add, got \(calls)") }
    }

    @Test(
        "the app's own requests are left alone and take slots, as does the budget",
        arguments: [(budget: 0, expectedSlots: 61), (budget: 2, expectedSlots: 61), (budget: 5, expectedSlots: 59)])
    func budgetAndForeignRequests(budget: Int, expectedSlots: Int) async throws {
        // 12 fires a day: far more than 64 in 7 days, so every slot is used.
        let busy = weekly("busy", times: (8...19).map { String(format: "%02d:00", $0) })
        let store = InMemoryStore(AlarmBook(rules: [busy]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.london)
        let own = (1...3).map {
            NotificationRequest(
                identifier: "promo-\($0)", trigger: .zoned(wall("2026-12-20T10:00:00"), Zones.london),
                content: NotificationContent(title: "Sale", body: ""))
        }
        await center.add(own)
        var options = SchedulerOptions(strategy: .rolling)
        options.budget = budget
        let report = try await makeScheduler(store, center, zone: Zones.london, options: options).refresh()
        #expect(report.foreignPendingCount == 3)
        #expect(report.slots == expectedSlots)
        #expect(report.plan.fires.count == expectedSlots)
        #expect(report.isTruncated)
        let pending = await center.pendingIdentifiers()
        #expect(pending.count == expectedSlots + 3)
        #expect(Set(pending).isSuperset(of: ["promo-1", "promo-2", "promo-3"]))
        #expect(await center.drops.isEmpty)
        #expect(await center.peakPendingCount <= 64)
    }

    @Test("only fire and reminder identifiers are the scheduler's; look-alikes of the app's own are left alone")
    func ownedIdentifiers() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let later = NotificationTrigger.zoned(wall("2026-12-05T10:00:00"), Zones.berlin)
        let ids = [
            "promo", "wake@tomorrow", "bad id@2026-12-02T07:30:00", "old@2026-12-02T07:30:00",
            "old@2026-12-02T07:39:00+snooze", "recurring-alarms.reminder:2026-12-05T09:00:00Z"
        ]
        await center.add(ids.map { NotificationRequest(identifier: $0, trigger: later, content: NotificationContent(title: "", body: "")) })
        let report = try await makeScheduler(store, center).refresh()
        #expect(report.foreignPendingCount == 3)
        #expect(
            report.removed == [
                "old@2026-12-02T07:30:00", "old@2026-12-02T07:39:00+snooze",
                "recurring-alarms.reminder:2026-12-05T09:00:00Z"
            ])
        #expect(Set(await center.pendingIdentifiers()).isSuperset(of: ["promo", "wake@tomorrow", "bad id@2026-12-02T07:30:00"]))
    }

    @Test("the reminder takes the last slot and rings at the coverage end, the first fire that did not fit")
    func reminderSlot() async throws {
        let busy = weekly("busy", times: (8...19).map { String(format: "%02d:00", $0) })
        let store = InMemoryStore(AlarmBook(rules: [busy]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.utc)
        var options = SchedulerOptions(strategy: .rolling)
        options.reminder = RefreshReminder()
        let report = try await makeScheduler(store, center, zone: Zones.utc, options: options).refresh()
        #expect(report.plan.fires.count == 63)
        // 63 fires: Dec 1–5 hold 60 (08:00–19:00), Dec 6 08:00, 09:00, 10:00; 11:00 is the first that did not fit.
        #expect(report.coveredUntil == at(1_796_554_800))   // 2026-12-06T11:00:00Z
        #expect(report.reminderAt == report.coveredUntil)
        let pending = await center.pending()
        #expect(pending.count == 64)
        #expect(pending.last?.request.identifier == "recurring-alarms.reminder:2026-12-06T11:00:00Z")
        #expect(pending.last?.fireDate == report.coveredUntil)
    }

    @Test("under the cap, the refill deadline is one second before the first fire that did not fit, not before the horizon end")
    func refillDeadlineUnderTheCap() async throws {
        // 12 fires a day (08:00–19:00 UTC) from Tue 2026-12-01 00:00Z: Dec 1–5 hold 60, Dec 6 08:00–11:00
        // the last 4 of 64. Dec 6 12:00 is the first that did not fit, 36 h before the 7-day horizon ends.
        let busy = weekly("busy", times: (8...19).map { String(format: "%02d:00", $0) })
        let store = InMemoryStore(AlarmBook(rules: [busy]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.utc)
        let report = try await makeScheduler(store, center, zone: Zones.utc).refresh()
        #expect(report.plan.fires.count == 64)
        #expect(report.isTruncated)
        #expect(report.plan.horizonEnd == at(1_796_688_000))   // 2026-12-08T00:00:00Z
        #expect(report.coveredUntil == at(1_796_558_400))   // 2026-12-06T12:00:00Z
        #expect(report.refillDeadline == at(1_796_558_399))   // 2026-12-06T11:59:59Z
        #expect(try store.load().applied?.coveredUntil == at(1_796_558_400))
    }

    @Test(
        "with no slot left, no reminder is added: the budget or the app's own requests take all 64",
        arguments: [(budget: 64, foreign: 0), (budget: 0, foreign: 64)])
    func noReminderWithoutASlot(budget: Int, foreign: Int) async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let own = (0..<foreign).map {
            NotificationRequest(
                identifier: "promo-\($0)", trigger: .zoned(wall("2026-12-20T10:00:00"), Zones.berlin),
                content: NotificationContent(title: "Sale", body: ""))
        }
        await center.add(own)
        var options = SchedulerOptions(strategy: .rolling)
        options.budget = budget
        options.reminder = RefreshReminder()
        let report = try await makeScheduler(store, center, options: options).refresh()
        #expect(report.slots == 0)
        #expect(report.plan.fires.isEmpty)
        #expect(report.reminderAt == nil)
        #expect(report.added.isEmpty)
        #expect(await center.pendingIdentifiers().count == foreign)
        #expect(await center.drops.isEmpty)
    }

    @Test("a refresh drops snoozes and skip-next dates that have passed from the stored book, and keeps live ones")
    func refreshPrunesExpiredState() async throws {
        let liveSnooze = Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: at(1_796_110_740))   // 2026-12-01T07:39:00Z
        let liveSkip = SkippedOccurrence(ruleID: "call", date: day("2026-12-02"))
        let book = AlarmBook(
            rules: Self.rules,
            snoozes: [
                Snooze(ruleID: "wake", fireID: "wake@2026-11-30T07:30:00", instant: at(1_796_020_740)),   // 2026-11-30T06:39:00Z, rang
                liveSnooze
            ],
            skippedOccurrences: [
                // A skipped date is kept until 00:00 UTC two days after it: for 2026-11-29 that is now.
                SkippedOccurrence(ruleID: "wake", date: day("2026-11-29")),
                liveSkip
            ])
        let store = InMemoryStore(book)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        try await makeScheduler(store, center).refresh()
        let stored = try store.load()
        #expect(stored.snoozes == [liveSnooze])
        #expect(stored.skippedOccurrences == [liveSkip])
        #expect(stored.applied != nil)
    }

    @Test("no reminder when nothing would ring after the coverage end")
    func noReminderWithoutLaterFires() async throws {
        let once = AlarmRule(id: "dentist", repeats: .once(day("2026-12-03")), times: [clock("09:00")])
        let store = InMemoryStore(AlarmBook(rules: [once]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.utc)
        var options = SchedulerOptions(strategy: .rolling)
        options.reminder = RefreshReminder()
        let report = try await makeScheduler(store, center, zone: Zones.utc, options: options).refresh()
        #expect(report.reminderAt == nil)
        #expect(await center.pendingIdentifiers() == ["dentist@2026-12-03T09:00:00"])
    }

    @Test("a rule moved to another zone is registered again at its new instant, not left at the old one")
    func changedRegistrationIsReplaced() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        try await makeScheduler(store, center).refresh()
        try store.update { book in
            book.rules[1].timeZone = .fixed(Zones.kolkata)   // "call": 21:00 Tokyo → 21:00 Kolkata, same ids
        }
        let report = try await makeScheduler(store, center).refresh()
        #expect(report.replaced.count == 7)
        #expect(report.replaced.allSatisfy { $0.hasPrefix("call@") })
        #expect(report.removed.isEmpty)
        #expect(report.unchanged.allSatisfy { $0.hasPrefix("wake@") })
        let pending = await center.pending()
        #expect(pending.map(\.fireDate) == report.plan.fires.map(\.instant))
    }

    @Test("snoozes and skip-next requests flow through a refresh")
    func snoozeAndSkip() async throws {
        var book = AlarmBook(rules: Self.rules)
        try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: at(1_796_110_740))   // 2026-12-01T07:39:00Z
        try book.skipNext(ruleID: "call", now: Self.now, deviceTimeZone: Zones.berlin)   // skips 2026-12-01 21:00 JST
        let store = InMemoryStore(book)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        try await makeScheduler(store, center).refresh()
        let pending = await center.pendingIdentifiers()
        #expect(pending.contains("wake@2026-12-01T08:39:00+snooze"))   // 07:39Z = 08:39 CET
        #expect(!pending.contains("call@2026-12-01T21:00:00"))
        #expect(pending.contains("call@2026-12-02T21:00:00"))
    }

    @Test("a center failure names the operation and leaves the applied plan unrecorded")
    func centerFailure() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let error = await #expect(throws: SchedulingError.self) {
            try await makeScheduler(store, FailingCenter()).refresh()
        }
        #expect(error?.description == "refresh: the notification center could not add requests: notifications are not allowed")
        #expect(try store.load().applied == nil)
    }

    @Test("a store failure names the operation and the store's reason")
    func storeFailure() async throws {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let error = await #expect(throws: SchedulingError.self) {
            try await makeScheduler(UnreadableStore(), center).refresh()
        }
        #expect(
            error?.description == "refresh: the store could not load the alarm book: "
                + "cannot read '/books/alarms.json': permission denied; check the owner and mode of the file and of its folder")
        #expect(await center.addedCount == 0)
    }

    @Test("concurrent refreshes run one at a time and add each request once")
    func concurrentRefreshes() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let scheduler = makeScheduler(store, center)
        let reports = try await withThrowingTaskGroup(of: RefreshReport.self) { group in
            for _ in 0..<8 { group.addTask { try await scheduler.refresh() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let planned = reports[0].plan.fires.count
        #expect(reports.map(\.added.count).reduce(0, +) == planned)
        #expect(await center.addedCount == planned)
        #expect(await center.pendingIdentifiers().count == planned)
    }
}

/// A center that keeps fewer requests than the scheduler's cap: the refresh plans only what
/// the center holds, so its report never claims coverage the center dropped.
@Suite("Alarm scheduler with a small center")
struct SmallCenterTests {
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z (Tue)
    // Daily 07:30 floating, on a Berlin device (UTC+1 in December): 06:30Z each day.
    static let rules = [weekly("wake", times: ["07:30"])]

    func refresh(capacity: Int) async throws -> (RefreshReport, SimulatedNotificationCenter) {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(
            capacity: capacity, eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: store, center: center, clock: .constant(Self.now), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(reminder: RefreshReminder(), strategy: .rolling))
        return (try await scheduler.refresh(), center)
    }

    @Test("a center of capacity 0 gets nothing, not even the reminder, and the report covers nothing: the first fire is its end")
    func capacityZero() async throws {
        let (report, center) = try await refresh(capacity: 0)
        #expect(report.added.isEmpty && report.reminderAt == nil)
        #expect(await center.pendingIdentifiers().isEmpty)
        #expect(report.slots == 0)
        #expect(report.plan.isTruncated)
        #expect(report.coveredUntil == at(1_796_106_600))   // 2026-12-01T06:30:00Z, the first 07:30 in Berlin
    }

    @Test("a center of capacity 3 holds two fires and the reminder, and the report covers just those two")
    func capacityThree() async throws {
        let (report, center) = try await refresh(capacity: 3)
        // 12-01 and 12-02 at 06:30Z ring; the third, 12-03T06:30:00Z, is where coverage ends.
        #expect(report.plan.fires.map(\.id) == ["wake@2026-12-01T07:30:00", "wake@2026-12-02T07:30:00"])
        #expect(report.coveredUntil == at(1_796_279_400))   // 2026-12-03T06:30:00Z
        #expect(report.reminderAt == report.coveredUntil)
        #expect(await center.pendingIdentifiers().count == 3)
    }
}
