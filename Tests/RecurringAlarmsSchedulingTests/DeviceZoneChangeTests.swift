import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// The device changes zone between two opens of the app.
///
/// June 2026: Europe/Berlin is UTC+2, America/New_York UTC−4, Asia/Tokyo UTC+9 (no transitions).
@Suite("Device time-zone change")
struct DeviceZoneChangeTests {
    static let start = at(1_781_049_600)   // 2026-06-10T00:00:00Z
    static let landing = at(1_781_179_200)   // 2026-06-11T12:00:00Z: Berlin → New York
    static let nextOpen = at(1_781_222_400)   // 2026-06-12T00:00:00Z = 2026-06-11 20:00 EDT

    static let rules = [
        weekly("wake", times: ["07:30"]),   // floating: 07:30 wherever the device is
        weekly("call", times: ["21:00"], zone: Zones.tokyo)   // fixed: 21:00 in Tokyo = 12:00Z
    ]

    @Test(
        "pending floating fires move with the device clock at once, fixed-zone fires keep their instants, and the next refresh agrees with both without churn",
        arguments: EvictionModel.allCases)
    func zoneChangeBetweenOpens(eviction: EvictionModel) async throws {
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(eviction: eviction, now: Self.start, deviceTimeZone: Zones.berlin)
        try await AlarmScheduler(
            store: store, center: center, clock: .constant(Self.start), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(strategy: .rolling)
        ).refresh()

        await center.advance(to: Self.landing)
        let before = Dictionary(uniqueKeysWithValues: await center.pending().map { ($0.request.identifier, $0.fireDate) })
        await center.changeDeviceTimeZone(to: Zones.newYork)
        let after = Dictionary(uniqueKeysWithValues: await center.pending().map { ($0.request.identifier, $0.fireDate) })

        #expect(Set(after.keys) == Set(before.keys))
        #expect(after.keys.contains("wake@2026-06-12T07:30:00") && after.keys.contains("call@2026-06-12T21:00:00"))
        for (id, moment) in after {
            if id.hasPrefix("wake@") {
                // 07:30 on the same wall date, now read in New York: six hours later than in Berlin.
                let nominal = wall(String(id.dropFirst("wake@".count)))
                #expect(moment == NotificationTrigger.floating(nominal).instant(deviceTimeZone: Zones.newYork))
                #expect(moment.timeIntervalSince(before[id]!) == 6 * hour)
            } else {
                #expect(moment == before[id])
            }
        }
        #expect(await center.drops.isEmpty)

        await center.advance(to: Self.nextOpen)
        let pendingBefore = await center.pendingIdentifiers()
        let report = try await AlarmScheduler(
            store: store, center: center, clock: .constant(Self.nextOpen),
            timeZone: .constant(Zones.newYork), options: SchedulerOptions(strategy: .rolling)
        ).refresh()
        #expect(report.removed.isEmpty)
        #expect(report.replaced.isEmpty)
        #expect(report.unchanged == pendingBefore.sorted())
        #expect(
            Set(report.added) == [
                "wake@2026-06-17T07:30:00", "wake@2026-06-18T07:30:00",
                "call@2026-06-17T21:00:00", "call@2026-06-18T21:00:00"
            ])
        // Everything pending rings exactly when the new plan says.
        #expect(await center.pending().map(\.fireDate) == report.plan.fires.map(\.instant))
    }

    @Test("a floating fire registered gap-shifted is registered again when the device moves to a zone without that gap")
    func gapShiftedFloatingFireFollowsNewZone() async throws {
        // New York skips 02:00–03:00 on 2026-03-08, so a floating 02:30 rings at 03:30 there; London
        // has no change that night, so once the device is in London it must ring at 02:30.
        let now = at(1_772_841_600)   // 2026-03-07T00:00:00Z
        let store = InMemoryStore(AlarmBook(rules: [weekly("night", times: ["02:30"])]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: now, deviceTimeZone: Zones.newYork)
        try await AlarmScheduler(
            store: store, center: center, clock: .constant(now), timeZone: .constant(Zones.newYork),
            options: SchedulerOptions(strategy: .rolling)
        ).refresh()
        let registered = await center.pending().first { $0.request.identifier == "night@2026-03-08T02:30:00" }
        #expect(registered?.request.trigger == .floating(wall("2026-03-08T03:30:00")))

        let moved = at(1_772_870_400)   // 2026-03-07T08:00:00Z
        await center.advance(to: moved)
        await center.changeDeviceTimeZone(to: Zones.london)
        let report = try await AlarmScheduler(
            store: store, center: center, clock: .constant(moved), timeZone: .constant(Zones.london),
            options: SchedulerOptions(strategy: .rolling)
        ).refresh()
        #expect(report.replaced == ["night@2026-03-08T02:30:00"])
        #expect(report.removed.isEmpty)
        let fixed = await center.pending().first { $0.request.identifier == "night@2026-03-08T02:30:00" }
        #expect(fixed?.fireDate == at(1_772_937_000))   // 2026-03-08T02:30:00Z = 02:30 GMT
    }
}
