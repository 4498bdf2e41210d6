import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

// Sunday 2026-11-01 00:00 CET (2026-10-31T23:00:00Z) in Berlin, on CET (+01:00) all month. A
// weekend 09:00 fires on 9 days in November: the 1st, 7th–8th, 14th–15th, 21st–22nd, 28th–29th.

@Suite("The scheduler's report of rules fixed to the device's zone")
struct FixedToDeviceZoneReportTests {
    static let start = at(1_793_487_600)
    static let fixed = weekly("weekend", [.saturday, .sunday], times: ["09:00"], zone: Zones.berlin)
    static var floating: AlarmRule { weekly("weekend", [.saturday, .sunday], times: ["09:00"]) }

    static func refresh(_ rules: [AlarmRule], strategy: SchedulingStrategy) async throws -> RefreshReport {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: start, deviceTimeZone: Zones.berlin)
        let scheduler = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: rules)), center: center, clock: .constant(start), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(cap: 4, strategy: strategy))
        return try await scheduler.refresh()
    }

    @Test("under hybrid the report names the rule, and its plan is the one-shot fires it always was")
    func hybridReportsIt() async throws {
        let report = try await Self.refresh([Self.fixed], strategy: .hybrid)
        #expect(report.fixedToDeviceZone == [FixedToDeviceZoneWarning(ruleID: "weekend", timeZone: Zones.berlin)])
        #expect(report.repeating.isEmpty)
        #expect(
            report.plan.fires.map(\.id) == [
                "weekend@2026-11-01T09:00:00", "weekend@2026-11-07T09:00:00", "weekend@2026-11-08T09:00:00", "weekend@2026-11-14T09:00:00"
            ])
        #expect(report.description.hasSuffix("; rule 'weekend' fixed to the device's zone stays one-shot"))
        // Floating, the same rule repeats, and nothing is reported.
        let floating = try await Self.refresh([Self.floating], strategy: .hybrid)
        #expect(floating.fixedToDeviceZone.isEmpty)
        #expect(floating.repeating.map(\.id) == ["weekend#weekly-sat-09:00:00", "weekend#weekly-sun-09:00:00"])
        #expect(!floating.description.contains("fixed to the device's zone"))
    }

    @Test("under rolling and fill-cap nothing repeats, so nothing is reported", arguments: [SchedulingStrategy.rolling, .fillCap])
    func otherStrategies(_ strategy: SchedulingStrategy) async throws {
        #expect(try await Self.refresh([Self.fixed], strategy: strategy).fixedToDeviceZone.isEmpty)
    }

    @Test("two rules are named together in the description")
    func twoRules() async throws {
        let sunday = weekly("sunday", [.sunday], times: ["10:00"], zone: Zones.berlin)
        let report = try await Self.refresh([Self.fixed, sunday], strategy: .hybrid)
        #expect(report.fixedToDeviceZone.map(\.ruleID) == ["weekend", "sunday"])
        #expect(report.description.hasSuffix("; rules 'weekend', 'sunday' fixed to the device's zone stay one-shot"))
    }

    @Test("on AlarmKit a time repeats on its own, so a rule with a time in a clock change is reported there, not on notifications")
    func alarmKitGranularity() async throws {
        let night = weekly("night", times: ["02:30", "09:00"], zone: Zones.berlin)
        let clock = ManualClock(now: Self.start)
        let zone = ManualTimeZone(Zones.berlin)
        let alarms = AlarmScheduler(
            store: InMemoryStore(AlarmBook(rules: [night])),
            alarmCenter: SimulatedAlarmCenter(limit: nil, clock: clock, deviceTimeZone: zone),
            clock: .manual(clock), timeZone: .manual(zone))
        #expect(try await alarms.refresh().fixedToDeviceZone.map(\.ruleID) == ["night"])
        #expect(try await Self.refresh([night], strategy: .hybrid).fixedToDeviceZone.isEmpty)
    }

    @Test("a month opened once: fixed, the rule misses what the cap did not hold and the run names it; floating, it misses nothing")
    func month() async throws {
        func run(_ rule: AlarmRule) async throws -> (SimulationReport, [FixedToDeviceZoneWarning]) {
            let simulation = DeviceSimulation(
                book: AlarmBook(rules: [rule]), timeline: .fixed(Zones.berlin), start: Self.start,
                end: Self.start.addingTimeInterval(30 * dayLength), opens: .at([Self.start]), options: SchedulerOptions(cap: 4))
            let run = try await simulation.runCountingPending()
            return (run.report, run.fixedToDeviceZone)
        }
        // By hand: four one-shots (1, 7, 8, 14 November) ring; the other five weekend days are past the cap.
        let (fixed, warnings) = try await run(Self.fixed)
        #expect(fixed.summary.required == 9 && fixed.summary.missed == 5 && fixed.summary.missedByReason == ["cap": 5])
        #expect(warnings.map(\.ruleID) == ["weekend"])
        let (floating, none) = try await run(Self.floating)
        #expect(floating.summary.required == 9 && floating.summary.missed == 0)
        #expect(none.isEmpty)
    }
}
