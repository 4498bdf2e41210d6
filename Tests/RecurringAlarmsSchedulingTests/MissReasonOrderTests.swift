import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsStore
import Testing

@testable import RecurringAlarmsSimulation

/// A missed fire gets one reason, the first that applies in the order no-open-in-time, cap,
/// evicted, time-zone-change, not-pending: a request the center evicted did not ring whatever
/// the device's zone did afterwards, so a fire both evicted and crossed by a zone change is
/// `evicted`.
///
/// June 2026: Europe/Berlin is UTC+2, America/New_York UTC−4 (no transitions).
@Suite("Which reason a missed fire gets")
struct MissReasonOrderTests {
    static let open = at(1_781_049_600)   // 2026-06-10T00:00:00Z, the one open
    static let eviction = at(1_781_136_000)   // 2026-06-11T00:00:00Z
    static let landing = at(1_781_179_200)   // 2026-06-11T12:00:00Z: Berlin → New York
    // The floating 07:30 of 2026-06-12 on New York's clock: 11:30Z, inside the open's 7-day plan.
    static let fireInstant = at(1_781_263_800)   // 2026-06-12T11:30:00Z

    @Test(
        "a fire evicted after the last open and crossed by a zone change is 'evicted'; each alone gives its own reason",
        arguments: [
            (true, true, SimulationReport.MissReason.evicted), (true, false, .evicted), (false, true, .timeZoneChange),
            (false, false, .notPending)
        ])
    func evictedBeforeZoneChange(evicted: Bool, zoneChanged: Bool, reason: SimulationReport.MissReason) async throws {
        let book = AlarmBook(rules: [weekly("wake", times: ["07:30"])])
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.open, deviceTimeZone: Zones.berlin)
        let refresh = try await AlarmScheduler(
            store: InMemoryStore(book), center: center, clock: .constant(Self.open), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(strategy: .rolling)
        ).refresh()
        #expect(!refresh.isTruncated && refresh.plan.horizonEnd > Self.fireInstant)

        let timeline = DeviceTimeZoneTimeline(
            initial: Zones.berlin, changes: zoneChanged ? [.init(at: Self.landing, to: Zones.newYork)] : [])
        let accounting = FireAccounting(book: book, timeline: timeline, start: Self.open, end: Self.fireInstant)
        let fire = Fire(
            ruleID: "wake", instant: Self.fireInstant, local: wall("2026-06-12T07:30:00"), timeZone: Zones.newYork,
            utcOffsetSeconds: -14_400, adjustment: .none, isFloating: true)
        let evictions = evicted ? [fire.id: [Self.eviction]] : [:]
        #expect(accounting.missReason(fire, refreshes: [refresh], evictions: evictions) == reason)
    }
}
