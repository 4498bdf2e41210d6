import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// A year of device life on the AlarmKit backend: what repeats keeps ringing without the app,
/// what cannot repeat lasts as long as the budget's one-shot alarms, and a device's limit is
/// learned once.
///
/// Every run starts Mon 2026-11-30 08:00 in Berlin (07:00:00Z) and lasts 365 days, to Tue
/// 2027-11-30 08:00; Berlin's clock changes at 02:00/03:00, away from every time used here.
@Suite("Device simulation on AlarmKit")
struct DeviceSimulationAlarmKitTests {
    static let start = at(1_796_022_000)   // 2026-11-30T07:00:00Z, Mon 08:00 Berlin
    static let year: TimeInterval = 365 * dayLength

    /// Plain weekly floating rules: each time is one repeating alarm.
    static let plainWeekly = [
        weekly("wake", .weekdays, times: ["07:30"]),
        weekly("weekend", .weekends, times: ["09:00"]),
        weekly("gym", [.monday, .thursday], times: ["18:15"])
    ]

    /// `wake` repeats; `bins` (every 2 weeks), `meds` (an end date) and `standup` (Tokyo's clock)
    /// cannot, so their fires are one-shot alarms under the budget.
    static let mixed = [
        weekly("wake", .weekdays, times: ["07:30"]),
        AlarmRule(
            id: "bins", repeats: .weekly(days: [.tuesday], everyWeeks: 2, start: LocalDate(year: 2026, month: 12, day: 1)!),
            times: [clock("19:00")], timeZone: .floating),
        AlarmRule(
            id: "meds", repeats: .weekly(days: .daily, end: LocalDate(year: 2027, month: 3, day: 31)!), times: [clock("08:30")],
            timeZone: .floating),
        weekly("standup", .weekdays, times: ["09:00"], zone: Zones.tokyo)
    ]

    static func simulation(_ rules: [AlarmRule], opens: AppOpenPattern, limit: Int? = nil) -> DeviceSimulation {
        DeviceSimulation(
            book: AlarmBook(rules: rules), timeline: .fixed(Zones.berlin), start: start, end: start.addingTimeInterval(year),
            opens: opens, options: SchedulerOptions(strategy: .hybrid), backend: .alarmKit(limit: limit))
    }

    @Test("plain weekly floating rules opened once miss nothing in a year: three repeating alarms ring every fire")
    func plainWeeklyRulesMissNothing() async throws {
        let report = try await Self.simulation(Self.plainWeekly, opens: .at([Self.start])).run()
        // 365 days = 52 weeks and a day. wake: Tue 12-01 … Tue 2027-11-30 07:30 (before the 08:00 end), 52 × 5 + 1 = 261;
        // weekend: 52 × 2 = 104; gym: Mon 11-30 18:15 (after the 08:00 start) … Mon 2027-11-29, 52 × 2 + 1 = 105.
        #expect(report.summary.required == 261 + 104 + 105)
        #expect(report.summary.missed == 0)
        #expect(report.unexpectedDeliveries.isEmpty)
        // One alarm per rule and time, and no one-shots: nothing else is due.
        #expect(report.summary.peakPending == 3)
        #expect(report.backend == .alarmKit(limit: nil))
        let run = try #require(report.alarmKit)
        #expect((run.deviceLimit, run.budget, run.learnedLimit, run.refusals) == (nil, 64, nil, 0))
        #expect(report.capacity == 64)
    }

    @Test("rules that cannot repeat miss only what the budget cannot hold: exactly the fires past the refresh's coverage end")
    func nonRepeatingRulesMissPastCoverage() async throws {
        let report = try await Self.simulation(Self.mixed, opens: .at([Self.start])).run()
        let open = try #require(report.opens.first)
        #expect(report.opens.count == 1)
        #expect(open.truncated)
        // Counted here from the fires and the coverage end, not from the reasons.
        let oneShotRules: Set<String> = ["bins", "meds", "standup"]
        let pastCoverage = report.fires.count { oneShotRules.contains($0.ruleID) && $0.instant >= open.coveredUntil }
        #expect(pastCoverage > 0)
        #expect(report.summary.missed == pastCoverage)
        #expect(report.summary.missedByReason == ["cap": pastCoverage])
        #expect(report.fires.filter { $0.ruleID == "wake" }.allSatisfy { $0.delivered })
        // The budget of 64 less wake's one repeating alarm: 63 one-shots, each rang before the coverage end.
        let heldOneShots = report.fires.count { oneShotRules.contains($0.ruleID) && $0.instant < open.coveredUntil }
        #expect(heldOneShots == 63)
        #expect(report.fires.filter { $0.instant < open.coveredUntil }.allSatisfy { $0.delivered })
        #expect(report.summary.peakPending == 64)
        #expect(report.alarmKit?.refusals == 0)
    }

    @Test("a device limit under the plan is learned at the first refresh, refused once in a year of daily opens, and never exceeded")
    func limitIsLearnedOnce() async throws {
        let report = try await Self.simulation(Self.mixed, opens: .every(dayLength), limit: 20).run()
        // Opens at the start and every 24 hours: 365 more.
        #expect(report.opens.count == 366)
        let run = try #require(report.alarmKit)
        #expect((run.deviceLimit, run.budget, run.learnedLimit, run.refusals) == (20, 64, 20, 1))
        // The first open asked for 64 and the device took 20; every later one plans within 20.
        #expect(report.opens[0].slots == 64)
        #expect(report.opens.dropFirst().allSatisfy { $0.slots == 20 })
        #expect(report.summary.peakPending == 20)
        // 19 one-shots last more than a day (the three rules need at most 7 a day), so daily opens keep up.
        #expect(report.summary.missed == 0)
    }

    @Test("a notification run's report has no AlarmKit part, and its JSON no alarmKit key")
    func notificationRunHasNoAlarmKitPart() async throws {
        var simulation = Self.simulation(Self.plainWeekly, opens: .at([Self.start]))
        simulation.backend = .notifications
        simulation.end = Self.start.addingTimeInterval(7 * dayLength)
        let report = try await simulation.run()
        #expect(report.backend == .notifications)
        #expect(report.alarmKit == nil)
        let json = try #require(String(data: try SimulationReport.jsonEncoder().encode(report), encoding: .utf8))
        #expect(!json.contains("alarmKit"))
        #expect(try SimulationReport.jsonDecoder().decode(SimulationReport.self, from: Data(json.utf8)) == report)
    }

    @Test("an AlarmKit run's report reads back from its JSON with its AlarmKit part")
    func alarmKitReportRoundTrips() async throws {
        var simulation = Self.simulation(Self.mixed, opens: .at([Self.start]), limit: 5)
        simulation.end = Self.start.addingTimeInterval(7 * dayLength)
        let report = try await simulation.run()
        let data = try SimulationReport.jsonEncoder().encode(report)
        #expect(try SimulationReport.jsonDecoder().decode(SimulationReport.self, from: data) == report)
        #expect(report.alarmKit?.learnedLimit == 5)
    }
}
