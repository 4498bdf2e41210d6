import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// Snooze and Stop from a notification: `AlarmScheduler.handle(_:)` records the action through
/// the store and refreshes; the category reaches the content; the interruption level passes
/// through. Clocks and zones are pinned: Europe/Berlin is UTC+1 in December (CET).
@Suite("Notification actions")
struct NotificationActionTests {
    static let start = at(1_796_083_200)   // 2026-12-01T00:00:00Z = Tue 01:00 CET
    static let tuesday0730 = at(1_796_106_600)   // 2026-12-01T06:30:00Z = 07:30 CET
    static let nextTuesday0730 = at(1_796_711_400)   // 2026-12-08T06:30:00Z = 07:30 CET, a week later
    static let category = AlarmNotificationCategory()
    static let wake = weekly("wake", .tuesday, times: ["07:30"], label: "Wake up")

    /// A store with `wake`, a center and a scheduler on one manual clock, in Berlin.
    struct World {
        let store: InMemoryStore
        let clock: ManualClock
        let center: SimulatedNotificationCenter
        let scheduler: AlarmScheduler
    }

    func makeWorld(strategy: SchedulingStrategy = .rolling, actions: AlarmNotificationCategory? = category) -> World {
        let store = InMemoryStore(AlarmBook(rules: [Self.wake]))
        let clock = ManualClock(now: Self.start)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: store, center: center, clock: .manual(clock), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(strategy: strategy, actions: actions))
        return World(store: store, clock: clock, center: center, scheduler: scheduler)
    }

    func response(_ request: String, _ action: String, at delivered: Date, fireID: String? = nil) -> NotificationActionResponse {
        NotificationActionResponse(requestIdentifier: request, actionIdentifier: action, fireID: fireID, deliveredAt: delivered)
    }

    @Test("snoozing a one-shot delivery snoozes until delivery plus 9 minutes, and the refresh registers the snooze")
    func snoozeOneShot() async throws {
        let world = makeWorld()
        try await world.scheduler.refresh()
        await world.clock.advance(to: Self.tuesday0730.addingTimeInterval(20))   // the user answers 20 s later
        #expect(await world.center.deliveries.map(\.identifier) == ["wake@2026-12-01T07:30:00"])

        let report = try await world.scheduler.handle(
            response("wake@2026-12-01T07:30:00", Self.category.snoozeActionIdentifier, at: Self.tuesday0730))

        // 07:30 CET + 9 min = 07:39 CET = 06:39Z = 1_796_106_600 + 540.
        let expected = Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: at(1_796_107_140))
        #expect(try world.store.load().snoozes == [expected])
        // The 7-day rolling window now reaches 2026-12-08T06:30:20Z, so next Tuesday's 07:30 CET
        // (06:30Z) enters it too; requests are added latest first.
        #expect(report.added == ["wake@2026-12-08T07:30:00", "wake@2026-12-01T07:39:00+snooze"])
        let snoozed = try #require(await world.center.pending().first { $0.request.identifier == "wake@2026-12-01T07:39:00+snooze" })
        #expect(snoozed.fireDate == at(1_796_107_140))
    }

    @Test("snoozing a repeating slot's delivery snoozes that week's fire, not the first week's in userInfo")
    func snoozeRepeatingSlot() async throws {
        let world = makeWorld(strategy: .hybrid)
        try await world.scheduler.refresh()
        let slot = try #require(await world.center.pending().first { $0.request.identifier == "wake#weekly-tue-07:30:00" })
        // The slot's content names its first fire: the one of 2026-12-01.
        let firstWeek = slot.request.content.userInfo[NotificationContent.fireIDKey]
        #expect(firstWeek == "wake@2026-12-01T07:30:00")

        await world.clock.advance(to: Self.nextTuesday0730.addingTimeInterval(5))
        #expect(await world.center.deliveries.map(\.identifier) == ["wake#weekly-tue-07:30:00", "wake#weekly-tue-07:30:00"])
        let report = try await world.scheduler.handle(
            response("wake#weekly-tue-07:30:00", Self.category.snoozeActionIdentifier, at: Self.nextTuesday0730, fireID: firstWeek))

        // 2026-12-08 07:30 CET + 9 min = 06:39Z = 1_796_711_400 + 540.
        let expected = Snooze(ruleID: "wake", fireID: "wake@2026-12-08T07:30:00", instant: at(1_796_711_940))
        #expect(try world.store.load().snoozes == [expected])
        #expect(report.added == ["wake@2026-12-08T07:39:00+snooze"])
        #expect(await world.center.pendingIdentifiers().contains("wake#weekly-tue-07:30:00"))   // the slot rings on
    }

    @Test("a snooze answered after delivery plus the snooze length has passed runs from now")
    func lateSnoozeRunsFromNow() async throws {
        let world = makeWorld()
        try await world.scheduler.refresh()
        await world.clock.advance(to: Self.tuesday0730.addingTimeInterval(20 * 60))   // 07:50 CET: 07:39 has passed
        try await world.scheduler.handle(
            response("wake@2026-12-01T07:30:00", Self.category.snoozeActionIdentifier, at: Self.tuesday0730))
        // 07:50 CET + 9 min = 07:59 CET = 06:59Z = 1_796_106_600 + 1_200 + 540.
        #expect(try world.store.load().snoozes.map(\.instant) == [at(1_796_108_340)])
    }

    @Test("snoozing the snooze moves it 9 minutes on and keeps the original occurrence")
    func snoozeTheSnooze() async throws {
        let world = makeWorld()
        try await world.scheduler.refresh()
        await world.clock.advance(to: Self.tuesday0730.addingTimeInterval(20))
        try await world.scheduler.handle(
            response("wake@2026-12-01T07:30:00", Self.category.snoozeActionIdentifier, at: Self.tuesday0730))
        let snoozeRang = at(1_796_107_140)   // 07:39 CET = 06:39Z
        await world.clock.advance(to: snoozeRang.addingTimeInterval(10))
        #expect(await world.center.deliveries.map(\.identifier).last == "wake@2026-12-01T07:39:00+snooze")
        let report = try await world.scheduler.handle(
            response("wake@2026-12-01T07:39:00+snooze", Self.category.snoozeActionIdentifier, at: snoozeRang))
        // 07:39 CET + 9 min = 07:48 CET = 06:48Z = 1_796_107_140 + 540.
        let expected = Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: at(1_796_107_680))
        #expect(try world.store.load().snoozes == [expected])
        #expect(report.added == ["wake@2026-12-01T07:48:00+snooze"])
    }

    @Test("a store that cannot record the action fails the call as a store error, and nothing is registered")
    func storeFailure() async throws {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.tuesday0730, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: UnreadableStore(), center: center, clock: .constant(Self.tuesday0730), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(actions: Self.category))
        let error = try #require(
            await #expect(throws: SchedulingError.self) {
                try await scheduler.handle(
                    response("wake@2026-12-01T07:30:00", Self.category.snoozeActionIdentifier, at: Self.tuesday0730))
            })
        let underlying = AlarmStoreError.permissionDenied(path: "/books/alarms.json", operation: "lock")
        #expect(error.description == "refresh: the store could not record the notification action: \(underlying)")
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test("stop creates no snooze and changes nothing pending")
    func stopCreatesNothing() async throws {
        let world = makeWorld()
        try await world.scheduler.refresh()
        await world.clock.advance(to: Self.tuesday0730.addingTimeInterval(20))
        let before = Set(await world.center.pendingIdentifiers())
        let report = try await world.scheduler.handle(
            response("wake@2026-12-01T07:30:00", Self.category.stopActionIdentifier, at: Self.tuesday0730))
        #expect(try world.store.load().snoozes.isEmpty)
        #expect(report.removed.isEmpty && report.replaced.isEmpty)
        // Only the window's move: it now reaches 2026-12-08T06:30:20Z, past next Tuesday's 06:30Z.
        #expect(report.added == ["wake@2026-12-08T07:30:00"])
        #expect(Set(await world.center.pendingIdentifiers()) == before.union(["wake@2026-12-08T07:30:00"]))
    }

    @Test("stop on the occurrence a snooze was made for clears the snooze and its pending request")
    func stopClearsSnooze() async throws {
        let world = makeWorld()
        try await world.scheduler.refresh()
        await world.clock.advance(to: Self.tuesday0730.addingTimeInterval(20))
        try await world.scheduler.handle(
            response("wake@2026-12-01T07:30:00", Self.category.snoozeActionIdentifier, at: Self.tuesday0730))
        await world.clock.advance(by: 60)   // 07:31 CET: the user is up after all and taps Stop on the first notification
        let report = try await world.scheduler.handle(
            response("wake@2026-12-01T07:30:00", Self.category.stopActionIdentifier, at: Self.tuesday0730))
        #expect(try world.store.load().snoozes.isEmpty)
        #expect(report.removed == ["wake@2026-12-01T07:39:00+snooze"])
        #expect(!(await world.center.pendingIdentifiers().contains("wake@2026-12-01T07:39:00+snooze")))
    }

    @Test(
        "the default tap, a dismissal, an unknown action and the reminder only refresh",
        arguments: [
            ("wake@2026-12-01T07:30:00", "com.apple.UNNotificationDefaultActionIdentifier"),
            ("wake@2026-12-01T07:30:00", "com.apple.UNNotificationDismissActionIdentifier"),
            ("wake@2026-12-01T07:30:00", "com.example.share"),
            ("recurring-alarms.reminder:2026-12-08T00:00:00Z", AlarmNotificationCategory().snoozeActionIdentifier)
        ])
    func otherResponsesOnlyRefresh(request: String, action: String) async throws {
        let world = makeWorld()
        try await world.scheduler.refresh()
        await world.clock.advance(to: Self.tuesday0730.addingTimeInterval(20))
        let report = try await world.scheduler.handle(response(request, action, at: Self.tuesday0730))
        #expect(try world.store.load().snoozes.isEmpty)
        #expect(try world.store.load().applied?.appliedAt == Self.tuesday0730.addingTimeInterval(20))   // it did refresh
        // Only the window's move: it now reaches 2026-12-08T06:30:20Z, past next Tuesday's 06:30Z.
        #expect(report.added == ["wake@2026-12-08T07:30:00"] && report.removed.isEmpty)
    }

    @Test("without actions in the options a snooze identifier only refreshes")
    func noActionsNoSnooze() async throws {
        let world = makeWorld(actions: nil)
        try await world.scheduler.refresh()
        await world.clock.advance(to: Self.tuesday0730.addingTimeInterval(20))
        try await world.scheduler.handle(
            response("wake@2026-12-01T07:30:00", Self.category.snoozeActionIdentifier, at: Self.tuesday0730))
        #expect(try world.store.load().snoozes.isEmpty)
    }

    @Test("the category and the interruption level reach every fire's request; without actions no category")
    func categoryAndLevelPassThrough() async throws {
        let provider = NotificationContentProvider { fire, rule in
            var content = NotificationContentProvider.standardContent(for: fire, rule: rule)
            content.interruptionLevel = .timeSensitive
            return content
        }
        for actions in [Self.category, nil] {
            let store = InMemoryStore(AlarmBook(rules: [Self.wake]))
            let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.berlin)
            let options = SchedulerOptions(content: provider, strategy: .hybrid, actions: actions)
            let scheduler = AlarmScheduler(
                store: store, center: center, clock: .constant(Self.start), timeZone: .constant(Zones.berlin), options: options)
            try await scheduler.refresh()
            let contents = await center.pending().map(\.request.content)
            #expect(!contents.isEmpty)
            #expect(contents.allSatisfy { $0.interruptionLevel == .timeSensitive })
            #expect(contents.allSatisfy { $0.categoryIdentifier == actions?.identifier })
        }
    }

    @Test("a content that names its own category keeps it")
    func ownCategoryKept() async throws {
        let provider = NotificationContentProvider { fire, rule in
            var content = NotificationContentProvider.standardContent(for: fire, rule: rule)
            content.categoryIdentifier = "APP"
            return content
        }
        let store = InMemoryStore(AlarmBook(rules: [Self.wake]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: store, center: center, clock: .constant(Self.start), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(content: provider, actions: Self.category))
        try await scheduler.refresh()
        #expect(await center.pending().map(\.request.content.categoryIdentifier) == ["APP"])
    }
}

/// Which fire a delivered request stands for, and what the category's defaults are.
@Suite("Notification action responses")
struct NotificationActionResponseTests {
    @Test(
        "a delivery maps to the fire it stands for",
        arguments: [
            // A fire id is itself.
            ("wake@2026-12-01T07:30:00", nil, 1_796_106_600, "wake@2026-12-01T07:30:00"),
            // A slot at 07:30 CET on Tuesday 2026-12-08 (06:30Z) is that day's fire.
            ("wake#weekly-tue-07:30:00", "wake@2026-12-01T07:30:00", 1_796_711_400, "wake@2026-12-08T07:30:00"),
            // A 23:59:59 slot delivered 6 s late, 00:00:05 CET on 2026-12-03 (23:00:05Z), is 2026-12-02's.
            ("late#daily-23:59:59", nil, 1_796_252_405, "late@2026-12-02T23:59:59"),
            // 02:30 on 2027-03-28 falls in Berlin's gap; it rings at 03:30 CEST (01:30Z) and keeps its 02:30 name.
            ("gap#daily-02:30:00", nil, 1_806_197_400, "gap@2027-03-28T02:30:00"),
            // An identifier of the app's own falls back to the fire id in userInfo.
            ("custom-42", "wake@2026-12-01T07:30:00", 1_796_106_600, "wake@2026-12-01T07:30:00")
        ] as [(String, String?, Int, String)])
    func mapsToFire(request: String, userInfoFireID: String?, delivered: Int, expected: String) {
        let response = NotificationActionResponse(
            requestIdentifier: request, actionIdentifier: "x", fireID: userInfoFireID, deliveredAt: at(delivered))
        #expect(response.fire(deviceTimeZone: Zones.berlin)?.description == expected)
    }

    @Test("the reminder and an unknown identifier without a fire id stand for no fire")
    func noFire() {
        for request in ["recurring-alarms.reminder:2026-12-08T00:00:00Z", "custom-42"] {
            let response = NotificationActionResponse(requestIdentifier: request, actionIdentifier: "x", deliveredAt: at(1_796_106_600))
            #expect(response.fire(deviceTimeZone: Zones.berlin) == nil)
        }
    }

    @Test("the category defaults are the Clock app's: 9 minutes, Snooze and Stop")
    func categoryDefaults() {
        let category = AlarmNotificationCategory()
        #expect(category.identifier == "recurring-alarms.alarm")
        #expect(category.snoozeLength == 540)   // 9 × 60
        #expect([category.snoozeTitle, category.stopTitle] == ["Snooze", "Stop"])
        #expect(category.snoozeActionIdentifier != category.stopActionIdentifier)
    }

    @Test(
        "the snooze length is clamped to 1 second through 1 day, and a non-number is 9 minutes",
        arguments: [(0, 1), (-60, 1), (300, 300), (200_000, 86_400), (.nan, 540), (.infinity, 540)] as [(Double, Double)])
    func snoozeLengthClamped(length: Double, effective: Double) {
        #expect(AlarmNotificationCategory(snoozeLength: length).effectiveSnoozeLength == effective)
    }
}

/// Content written before the interruption level existed still decodes.
@Suite("Notification content coding")
struct NotificationContentCodingTests {
    @Test("content encoded without an interruption level decodes as active")
    func oldDataDecodes() throws {
        // Written by hand as the synthesized coding of the earlier fields encodes them
        // (an enum case without values is an object with an empty object under its name).
        let json = #"""
            {"title":"Wake up","body":"07:30","sound":{"default":{}},"categoryIdentifier":"ALARM",
            "userInfo":{"fireID":"wake@2026-12-01T07:30:00"}}
            """#
        let content = try JSONDecoder().decode(NotificationContent.self, from: Data(json.utf8))
        #expect(
            content
                == NotificationContent(
                    title: "Wake up", body: "07:30", categoryIdentifier: "ALARM", userInfo: ["fireID": "wake@2026-12-01T07:30:00"]))
        #expect(content.interruptionLevel == .active)
    }

    @Test(
        "every interruption level survives a round trip, written under its name",
        arguments: NotificationContent.InterruptionLevel.allCases)
    func roundTrip(level: NotificationContent.InterruptionLevel) throws {
        let content = NotificationContent(title: "Wake up", body: "07:30", sound: .named("chime.caf"), interruptionLevel: level)
        let data = try JSONEncoder().encode(content)
        #expect(String(decoding: data, as: UTF8.self).contains(#""interruptionLevel":"\#(level.rawValue)""#))
        #expect(try JSONDecoder().decode(NotificationContent.self, from: data) == content)
    }
}
