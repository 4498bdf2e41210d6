import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// The simulated center behaves like iOS: a cap of 64 with either eviction model, delivery at
/// the trigger's moment, floating triggers on the device clock of the moment.
@Suite("Simulated notification center")
struct SimulatedNotificationCenterTests {
    static let start = at(1_781_049_600)   // 2026-06-10T00:00:00Z

    /// A zoned request in UTC ringing `minutes` after the start.
    func request(_ id: String, minutes: Int) -> NotificationRequest {
        let instant = Self.start.addingTimeInterval(TimeInterval(minutes * 60))
        return NotificationRequest(
            identifier: id, trigger: .zoned(LocalDateTime(instant: instant, utcOffsetSeconds: 0), Zones.utc),
            content: NotificationContent(title: id, body: ""))
    }

    @Test("a request rings at its moment and leaves pending then")
    func deliversAndRemoves() async {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.berlin)
        await center.add([request("b", minutes: 20), request("a", minutes: 10)])
        #expect(await center.pendingIdentifiers() == ["a", "b"])
        let first = await center.advance(to: Self.start.addingTimeInterval(15 * 60))
        #expect(first.map(\.identifier) == ["a"])
        #expect(first.map(\.instant) == [at(1_781_050_200)])   // 2026-06-10T00:10:00Z
        #expect(await center.pendingIdentifiers() == ["b"])
        await center.advance(to: Self.start.addingTimeInterval(20 * 60))
        #expect(await center.deliveries.map(\.identifier) == ["a", "b"])
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test("over the cap, keep-soonest-firing drops the request that rings last")
    func keepSoonestFiring() async {
        let center = SimulatedNotificationCenter(capacity: 3, eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.utc)
        await center.add([
            request("m10", minutes: 10), request("m40", minutes: 40), request("m30", minutes: 30), request("m20", minutes: 20)
        ])
        #expect(await center.pendingIdentifiers() == ["m10", "m20", "m30"])
        #expect(await center.drops.map(\.identifier) == ["m40"])
        #expect(await center.drops.map(\.reason) == [.evicted])
    }

    @Test("over the cap, keep-last-added drops the request added first")
    func keepLastAdded() async {
        let center = SimulatedNotificationCenter(capacity: 3, eviction: .keepLastAdded, now: Self.start, deviceTimeZone: Zones.utc)
        await center.add([
            request("m10", minutes: 10), request("m40", minutes: 40), request("m30", minutes: 30), request("m20", minutes: 20)
        ])
        #expect(await center.pendingIdentifiers() == ["m20", "m30", "m40"])
        #expect(await center.drops.map(\.identifier) == ["m10"])
        #expect(await center.peakPendingCount == 4)
    }

    @Test("adding a pending identifier replaces the request")
    func sameIdentifierReplaces() async {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.utc)
        await center.add([request("x", minutes: 10)])
        await center.add([
            NotificationRequest(
                identifier: "x", trigger: request("y", minutes: 50).trigger,
                content: NotificationContent(title: "x", body: ""))
        ])
        #expect(await center.pending().map(\.fireDate) == [at(1_781_052_600)])   // 2026-06-10T00:50:00Z
    }

    @Test("a request whose moment has passed is dropped when added")
    func pastRequestIsDropped() async {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.utc)
        await center.add([request("past", minutes: -5)])
        #expect(await center.pendingIdentifiers().isEmpty)
        #expect(await center.drops.map(\.reason) == [.inThePast])
    }

    @Test("a request whose moment is exactly now is in the past too: dropped when added, never delivered")
    func requestAtNowIsDropped() async {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.utc)
        await center.add([request("now", minutes: 0), request("next", minutes: 1)])
        #expect(await center.pendingIdentifiers() == ["next"])
        #expect(await center.drops.map(\.identifier) == ["now"])
        #expect(await center.drops.map(\.reason) == [.inThePast])
        await center.advance(to: Self.start.addingTimeInterval(60))
        #expect(await center.deliveries.map(\.identifier) == ["next"])
    }

    @Test("a device zone change moves floating requests to the new clock at once and leaves zoned ones alone")
    func zoneChangeMovesFloating() async {
        // Berlin (UTC+2 in June) → New York (UTC−4) at 2026-06-10T00:00:00Z.
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.berlin)
        let floating = NotificationRequest(
            identifier: "wake@2026-06-10T07:30:00", trigger: .floating(wall("2026-06-10T07:30:00")),
            content: NotificationContent(title: "", body: ""))
        let tokyo = NotificationRequest(
            identifier: "call@2026-06-10T21:00:00", trigger: .zoned(wall("2026-06-10T21:00:00"), Zones.tokyo),
            content: NotificationContent(title: "", body: ""))
        await center.add([floating, tokyo])
        // 05:30Z (07:30 CEST), 12:00Z (21:00 JST)
        #expect(await center.pending().map(\.fireDate) == [at(1_781_069_400), at(1_781_092_800)])
        await center.changeDeviceTimeZone(to: Zones.newYork)
        let moved = await center.pending()
        #expect(moved.map(\.request.identifier) == ["wake@2026-06-10T07:30:00", "call@2026-06-10T21:00:00"])
        #expect(moved.map(\.fireDate) == [at(1_781_091_000), at(1_781_092_800)])   // 11:30Z (07:30 EDT), 12:00Z unchanged
        await center.advance(to: at(1_781_092_800))   // 2026-06-10T12:00:00Z
        #expect(await center.deliveries.map(\.deviceTimeZone) == ["America/New_York", "America/New_York"])
        #expect(await center.deliveries.map(\.isFloating) == [true, false])
    }

    @Test("a floating request whose wall time the new zone's clock has already passed is dropped, not rung late")
    func eastwardJumpSkipsWallTime() async {
        let now = at(1_781_085_600)   // 2026-06-10T10:00:00Z = 06:00 EDT = 12:00 CEST
        let center = SimulatedNotificationCenter(eviction: .keepLastAdded, now: now, deviceTimeZone: Zones.newYork)
        await center.add([
            NotificationRequest(
                identifier: "wake@2026-06-10T07:30:00", trigger: .floating(wall("2026-06-10T07:30:00")),
                content: NotificationContent(title: "", body: ""))
        ])
        await center.changeDeviceTimeZone(to: Zones.berlin)
        #expect(await center.pendingIdentifiers().isEmpty)
        #expect(await center.drops.map(\.reason) == [.skippedByClockChange])
        await center.advance(to: now.addingTimeInterval(dayLength))
        #expect(await center.deliveries.isEmpty)
    }
}

/// The user switches the system calendar (Settings › General › Language & Region › Calendar)
/// with requests pending. Components numbered in the old calendar name another day in the new
/// one (2569 BE read as Gregorian is 543 years late; 2026 read as Buddhist is 1483 CE, gone), and
/// a refresh must repair that, whichever calendar iOS reads components in.
///
/// June 2026: Europe/Berlin is UTC+2, Asia/Tokyo UTC+9 (no transitions).
@Suite("User calendar change")
struct CalendarChangeTests {
    static let start = at(1_781_049_600)   // 2026-06-10T00:00:00Z
    static let change = at(1_781_053_200)   // 2026-06-10T01:00:00Z: the user switches calendar
    static let nextDay = at(1_781_136_000)   // 2026-06-11T00:00:00Z
    static let rules = [
        weekly("wake", times: ["07:30"]),   // floating: 07:30 CEST = 05:30Z
        weekly("call", times: ["21:00"], zone: Zones.tokyo)   // fixed: 21:00 JST = 12:00Z
    ]
    // The 7-day plan from the start or from the change: 2026-06-10 … 2026-06-16.
    static let wakeIDs = Set((10...16).map { "wake@2026-06-\($0)T07:30:00" })
    static let callIDs = Set((10...16).map { "call@2026-06-\($0)T21:00:00" })

    func scheduler(_ store: InMemoryStore, _ center: SimulatedNotificationCenter, at now: Date) -> AlarmScheduler {
        AlarmScheduler(
            store: store, center: center, clock: .constant(now), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(strategy: .rolling))
    }

    @Test("without a refresh, requests numbered in the old calendar do not ring on their day")
    func changeMisreadsPendingRequests() async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(
            eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.berlin,
            userCalendar: .gregorian, calendarReading: .userCalendar)
        try await scheduler(store, center, at: Self.start).refresh()
        await center.advance(to: Self.change)
        await center.changeUserCalendar(to: .japanese)
        // Numbered 2026 (Gregorian, no era), now read as year 2026 of the current Japanese era
        // (Reiwa, from 2019): 4044-06-10 07:30 CEST.
        let wake = try #require(await center.pending().first { $0.request.identifier == "wake@2026-06-10T07:30:00" })
        #expect(wake.fireDate == at(65_463_053_400))   // 4044-06-10T05:30:00Z
        await center.advance(to: Self.nextDay)
        #expect(await center.deliveries.isEmpty)
    }

    @Test(
        "a refresh after the change registers again exactly the requests read as another day, and they ring on time",
        arguments: [
            (CalendarReading.userCalendar, Calendar.Identifier.buddhist, Calendar.Identifier.gregorian, wakeIDs.union(callIDs)),
            (.userCalendar, .gregorian, .buddhist, wakeIDs.union(callIDs)),   // read as 1483 CE: dropped at the change
            (.userCalendar, .gregorian, .japanese, wakeIDs.union(callIDs)),   // read as 4044 CE: still pending, misread
            (.componentsCalendar, .buddhist, .gregorian, wakeIDs),   // zoned ones carry the Gregorian calendar
            (.componentsCalendar, .gregorian, .japanese, wakeIDs)
        ])
    func refreshRepairsCalendarChange(
        reading: CalendarReading, from: Calendar.Identifier, to: Calendar.Identifier,
        misread: Set<String>
    ) async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(
            eviction: .keepSoonestFiring, now: Self.start, deviceTimeZone: Zones.berlin,
            userCalendar: from, calendarReading: reading)
        let first = try await scheduler(store, center, at: Self.start).refresh()
        #expect(Set(first.added) == Self.wakeIDs.union(Self.callIDs))
        await center.advance(to: Self.change)
        await center.changeUserCalendar(to: to)

        let report = try await scheduler(store, center, at: Self.change).refresh()
        #expect(Set(report.added) == misread)
        #expect(Set(report.unchanged) == Self.wakeIDs.union(Self.callIDs).subtracting(misread))
        #expect(await center.drops.allSatisfy { $0.reason == .calendarChange })
        #expect(Set(await center.drops.map(\.identifier)) == misread)
        #expect(await center.pending().map(\.fireDate) == report.plan.fires.map(\.instant))

        await center.advance(to: Self.nextDay)
        #expect(await center.deliveries.map(\.identifier) == ["wake@2026-06-10T07:30:00", "call@2026-06-10T21:00:00"])
        #expect(await center.deliveries.map(\.instant) == [at(1_781_069_400), at(1_781_092_800)])   // 05:30Z, 12:00Z
    }
}
