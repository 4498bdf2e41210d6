import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import RecurringAlarmsTesting
import Testing

// Expected texts worked out by hand: a floating daily 07:30 rule on a device in Berlin (+01:00
// in December), the rolling strategy, the seven-day default horizon.

@Suite("Golden text forms of reports")
struct GoldenReportTests {
    static let wake = weeklyRule("wake", days: .daily, times: ["07:30"])

    /// One refresh of `rules` with `strategy` and a cap of 2, on a Berlin device at
    /// `december1`, through a simulated notification center.
    static func refresh(_ rules: [AlarmRule], strategy: SchedulingStrategy) async throws -> RefreshReport {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: december1, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: rules)), center: center, clock: .constant(december1),
            timeZone: .constant(Zones.berlin), options: SchedulerOptions(cap: 2, strategy: strategy))
        return try await scheduler.refresh()
    }

    @Test("a refresh report lists the request ids it changed and every planned fire")
    func refreshText() async throws {
        // 2026-12-01T00:00:00Z, 01:00 in Berlin.
        let report = try await Self.refresh([Self.wake], strategy: .rolling)
        // Two slots: Dec 1 and 2 at 07:30 fit, and the Dec 3 fire is where coverage ends.
        #expect(
            report.goldenText == """
                RefreshReport
                now: 2026-12-01T01:00:00+01:00
                device zone: Europe/Berlin
                cap: 2
                horizon end: 2026-12-08T01:00:00+01:00
                covered until: 2026-12-03T07:30:00+01:00 (cap reached)
                time-zone database: \(GoldenLines.databaseVersion)
                slots: 2
                foreign pending: 0
                reminder: none
                added: 2
                  wake@2026-12-01T07:30:00
                  wake@2026-12-02T07:30:00
                removed: 0
                replaced: 0
                unchanged: 0
                repeating: 0
                fires: 2
                  2026-12-01T07:30:00+01:00 wake@2026-12-01T07:30:00 floating
                  2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00 floating
                """)
    }

    @Test("a hybrid refresh's golden names the rules that stay one-shot because they are fixed to the device's zone")
    func refreshFixedToDeviceZone() async throws {
        // 2026-12-01T00:00:00Z, Tuesday 01:00 in Berlin.
        let weekend = weeklyRule("weekend", days: [.saturday, .sunday], times: ["09:00"], zone: Zones.berlin)
        let report = try await Self.refresh([weekend], strategy: .hybrid)
        // Nothing repeats: two one-shots, Sat 5 and Sun 6 December at 09:00, fill the cap, and
        // the Sat 12 December fire is where coverage ends; the hybrid plan looks 366 days ahead.
        // The fires are on the device's zone, so their lines name no zone, and are not floating.
        #expect(
            report.goldenText == """
                RefreshReport
                now: 2026-12-01T01:00:00+01:00
                device zone: Europe/Berlin
                cap: 2
                horizon end: 2027-12-02T01:00:00+01:00
                covered until: 2026-12-12T09:00:00+01:00 (cap reached)
                time-zone database: \(GoldenLines.databaseVersion)
                slots: 2
                foreign pending: 0
                reminder: none
                added: 2
                  weekend@2026-12-05T09:00:00
                  weekend@2026-12-06T09:00:00
                removed: 0
                replaced: 0
                unchanged: 0
                repeating: 0
                one-shot, fixed to the device zone: 1
                  weekend
                fires: 2
                  2026-12-05T09:00:00+01:00 weekend@2026-12-05T09:00:00
                  2026-12-06T09:00:00+01:00 weekend@2026-12-06T09:00:00
                """)
    }

    @Test("a simulation report lists its settings, opens, required fires and summary")
    func simulationText() async throws {
        let start = Date(timeIntervalSince1970: 1_796_022_000)   // 2026-11-30T07:00:00Z, 08:00 in Berlin
        let report = try await DeviceSimulation(
            book: AlarmBook(rules: [Self.wake]), timeline: .fixed(Zones.berlin), start: start,
            end: start.addingTimeInterval(3 * 86_400), opens: .at([start]), options: SchedulerOptions(strategy: .rolling)
        ).run()
        // The one open plans Dec 1 … 7 at 07:30 (the horizon ends Dec 7 08:00); Dec 1, 2 and 3
        // fall inside the three days and ring.
        #expect(
            report.goldenText == """
                SimulationReport
                start: 2026-11-30T08:00:00+01:00
                end: 2026-12-03T08:00:00+01:00
                device zone: Europe/Berlin
                capacity: 64
                budget: 0
                eviction: keep-soonest-firing
                reminder: off
                time-zone database: \(GoldenLines.databaseVersion)
                zone changes: 0
                opens: 1
                  2026-11-30T08:00:00+01:00 Europe/Berlin: 7 added, 0 removed, 0 replaced, 0 unchanged; \
                covered until 2026-12-07T08:00:00+01:00, horizon end 2026-12-07T08:00:00+01:00, slots 64, reminder none
                fires: 3
                  2026-12-01T07:30:00+01:00 wake@2026-12-01T07:30:00 floating delivered
                  2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00 floating delivered
                  2026-12-03T07:30:00+01:00 wake@2026-12-03T07:30:00 floating delivered
                unexpected deliveries: 0
                reminders: 0
                drops: 0
                longest uncovered: none
                summary: 3 required, 3 delivered on time, 0 missed; 0 reminders, 1 open, peak pending 7, 0 evictions, \
                longest uncovered none
                """)
    }

    @Test("instants without a zone of their own read at the device's offset then, and misses name their reason")
    func simulationAcrossZones() async throws {
        let start = Date(timeIntervalSince1970: 1_796_022_000)   // 2026-11-30T07:00:00Z, 08:00 in Berlin
        let flight = Date(timeIntervalSince1970: 1_796_126_400)   // 2026-12-01T12:00:00Z, 21:00 in Tokyo
        let report = try await DeviceSimulation(
            book: AlarmBook(rules: [Self.wake]),
            timeline: DeviceTimeZoneTimeline(initial: Zones.berlin, changes: [.init(at: flight, to: Zones.tokyo)]), start: start,
            end: start.addingTimeInterval(3 * 86_400), opens: .at([]), options: SchedulerOptions(strategy: .rolling)
        ).run()
        // Never opened: Dec 1 07:30 in Berlin, then Dec 2 and 3 07:30 in Tokyo are required and
        // missed; the end, 2026-12-03T07:00:00Z, reads at Tokyo's +09:00.
        #expect(
            report.goldenText == """
                SimulationReport
                start: 2026-11-30T08:00:00+01:00
                end: 2026-12-03T16:00:00+09:00
                device zone: Europe/Berlin
                capacity: 64
                budget: 0
                eviction: keep-soonest-firing
                reminder: off
                time-zone database: \(GoldenLines.databaseVersion)
                zone changes: 1
                  2026-12-01T21:00:00+09:00 Asia/Tokyo
                opens: 0
                fires: 3
                  2026-12-01T07:30:00+01:00 wake@2026-12-01T07:30:00 floating missed no-open-in-time
                  2026-12-02T07:30:00+09:00 wake@2026-12-02T07:30:00 floating missed no-open-in-time
                  2026-12-03T07:30:00+09:00 wake@2026-12-03T07:30:00 floating missed no-open-in-time
                unexpected deliveries: 0
                reminders: 0
                drops: 0
                longest uncovered: 2026-11-30T08:00:00+01:00 to 2026-12-03T16:00:00+09:00 (3 d)
                summary: 3 required, 0 delivered on time, 3 missed (no-open-in-time 3); 0 reminders, 0 opens, peak pending 0, \
                0 evictions, longest uncovered 3 d
                """)
    }
}
