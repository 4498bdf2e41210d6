import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// Weeks of simulated device life: what the rules required, what rang, and why anything did not.
///
/// Transitions crossed (tz database 2026): America/New_York Mar 8 (gap) and Nov 1 (overlap);
/// Europe/London and Europe/Berlin Mar 29 (gap) and Oct 25 (overlap); Australia/Sydney Apr 5
/// (overlap) and Oct 4 (gap); Australia/Lord_Howe Apr 5 (30-min overlap) and Oct 4 (30-min gap).
@Suite("Device simulation")
struct DeviceSimulationTests {
    static let spring = at(1_771_545_600)   // 2026-02-20T00:00:00Z
    static let autumn = at(1_789_430_400)   // 2026-09-15T00:00:00Z

    /// 54 fires a week, in several zones, with times inside the gaps and overlaps above.
    static let dstRules = [
        weekly("wake", .weekdays, times: ["06:45"]),
        weekly("weekend", .weekends, times: ["09:00"]),
        weekly("night", times: ["02:30"]),   // floating: the device zone's gap
        weekly("late", times: ["01:30"], zone: Zones.newYork, overlap: .last),   // New York's overlap, second 01:30
        weekly("standup", .weekdays, times: ["09:00"], zone: Zones.newYork),
        weekly("london", times: ["01:30"], zone: Zones.london),   // London's gap on Mar 29
        weekly("sydney", times: ["02:30"], zone: Zones.sydney, overlap: .last),   // Sydney's gap and overlap
        weekly("lordhowe", times: ["02:15"], zone: Zones.lordHowe),   // the 30-minute gap
        weekly("kolkata", times: ["12:00"], zone: Zones.kolkata)
    ]

    struct Scenario: Sendable, CustomTestStringConvertible {
        let device: TimeZone
        let start: Date
        let eviction: EvictionModel
        let seed: UInt64
        var testDescription: String { "\(device.identifier) from \(RFC3339.format(start, utcOffsetSeconds: 0)), \(eviction)" }
    }

    static let ninetyDayScenarios: [Scenario] = EvictionModel.allCases.flatMap { eviction in
        [
            Scenario(device: Zones.newYork, start: spring, eviction: eviction, seed: 1),
            Scenario(device: Zones.sydney, start: spring, eviction: eviction, seed: 2),
            Scenario(device: Zones.berlin, start: autumn, eviction: eviction, seed: 3),
            Scenario(device: Zones.lordHowe, start: autumn, eviction: eviction, seed: 4)
        ]
    }

    @Test(
        "with at most 64 fires per 7 days and an open at least every 6 days, 90 days across DST changes lose nothing",
        arguments: ninetyDayScenarios)
    func ninetyDaysLoseNothing(scenario: Scenario) async throws {
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: Self.dstRules), timeline: .fixed(scenario.device),
            start: scenario.start, end: scenario.start.addingTimeInterval(90 * dayLength),
            opens: .every(6 * dayLength, jitter: dayLength, seed: scenario.seed), eviction: scenario.eviction,
            options: SchedulerOptions(strategy: .rolling))
        let report = try await simulation.run()
        #expect(report.summary.required >= 690)   // 54 a week for 90 days, give or take the weekday mix
        #expect(report.summary.missed == 0)
        #expect(report.fires.filter { !$0.delivered }.map(\.id) == [])
        #expect(report.unexpectedDeliveries.isEmpty)
        #expect(report.drops.isEmpty)
        #expect(report.summary.peakPending <= 64)
        #expect(report.longestUncovered == nil)
        // The period really crosses the transitions.
        let adjustments = Set(report.fires.map(\.adjustment))
        #expect(adjustments.isSuperset(of: [.gapShifted, .overlapLast]))
        let gaps = zip(report.opens, report.opens.dropFirst()).map { $1.at.timeIntervalSince($0.at) }
        #expect(gaps.allSatisfy { $0 <= 6 * dayLength })
    }

    @Test("a gap-shifted time that lands on another time of its rule is not required, registered or rung")
    func oneRuleRingsOncePerInstant() async throws {
        // Floating 02:30 and 03:30 on a New York device. On 2026-03-08 02:30 EST would be 07:30Z, which
        // is 03:30 EDT: the rule's own 03:30, so the rule rings once then.
        let start = at(1_772_884_800)   // 2026-03-07T12:00:00Z
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: [weekly("night", times: ["02:30", "03:30"])]),
            timeline: .fixed(Zones.newYork), start: start, end: start.addingTimeInterval(2 * dayLength),
            opens: .every(dayLength), options: SchedulerOptions(strategy: .rolling))
        let report = try await simulation.run()
        #expect(report.fires.map(\.id) == ["night@2026-03-08T03:30:00", "night@2026-03-09T02:30:00", "night@2026-03-09T03:30:00"])
        // 2026-03-08T07:30:00Z, 2026-03-09T06:30:00Z, 2026-03-09T07:30:00Z
        #expect(report.fires.map(\.instant) == [at(1_772_955_000), at(1_773_037_800), at(1_773_041_400)])
        #expect(report.fires.allSatisfy { $0.delivered && $0.adjustment == .none })
        #expect(report.unexpectedDeliveries.isEmpty)
    }

    @Test(
        "with opens every 10 days, the missed fires are exactly those after each coverage end, and the reminder rings at it when enabled",
        arguments: EvictionModel.allCases, [false, true])
    func tenDayOpens(eviction: EvictionModel, reminder: Bool) async throws {
        var options = SchedulerOptions(strategy: .rolling)
        options.reminder = reminder ? RefreshReminder() : nil
        let end = Self.spring.addingTimeInterval(60 * dayLength)
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: Self.dstRules), timeline: .fixed(Zones.newYork), start: Self.spring,
            end: end, opens: .every(10 * dayLength), eviction: eviction, options: options)
        let report = try await simulation.run()
        #expect(report.opens.count == 7)
        #expect(report.opens.allSatisfy { !$0.truncated && $0.coveredUntil == $0.at.addingTimeInterval(7 * dayLength) })

        let expectedMissed = report.fires.filter { fire in
            let last = report.opens.last { $0.at < fire.instant }!
            return fire.instant > last.coveredUntil
        }
        #expect(!expectedMissed.isEmpty)
        #expect(report.fires.filter { !$0.delivered } == expectedMissed)
        #expect(expectedMissed.allSatisfy { $0.missReason == .noOpenInTime })
        #expect(report.summary.missedByReason == ["no-open-in-time": expectedMissed.count])
        #expect(report.longestUncovered?.seconds == Int(3 * dayLength))
        #expect(report.drops.isEmpty && report.unexpectedDeliveries.isEmpty)

        if reminder {
            let coverageEnds = report.opens.map(\.coveredUntil).filter { $0 <= end }
            #expect(report.opens.allSatisfy { $0.reminderAt == $0.coveredUntil })
            #expect(report.reminders.map(\.at) == coverageEnds)
            #expect(report.reminders.count == 6)
        } else {
            #expect(report.reminders.isEmpty)
            #expect(report.opens.allSatisfy { $0.reminderAt == nil })
        }
    }

    @Test(
        "with more fires than the slots hold, the misses before the horizon are the cap's, and the reminder rings at the first of them",
        arguments: EvictionModel.allCases)
    func capMisses(eviction: EvictionModel) async throws {
        // 12 fires a day, 84 a week: 63 slots (one for the reminder) last 5 days and 3 hours.
        let busy = weekly("busy", times: (8...19).map { String(format: "%02d:00", $0) })
        var options = SchedulerOptions(strategy: .rolling)
        options.reminder = RefreshReminder()
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: [busy]), timeline: .fixed(Zones.utc), start: Self.spring,
            end: Self.spring.addingTimeInterval(40 * dayLength), opens: .every(10 * dayLength),
            eviction: eviction, options: options)
        let report = try await simulation.run()
        #expect(report.opens.allSatisfy { $0.truncated })
        for fire in report.fires {
            let last = report.opens.last { $0.at < fire.instant }!
            let expected: SimulationReport.MissReason? =
                fire.instant < last.coveredUntil ? nil : fire.instant <= last.horizonEnd ? .cap : .noOpenInTime
            #expect(fire.missReason == expected, "\(fire.id)")
            #expect(fire.delivered == (expected == nil))
        }
        let firstMisses = report.opens.compactMap { open in report.fires.first { !$0.delivered && $0.instant > open.at }?.instant }
        #expect(report.reminders.map(\.at) == firstMisses)
        #expect(report.opens.map(\.coveredUntil).filter { $0 <= report.end } == firstMisses)
        #expect(report.summary.peakPending == 64)
        #expect(report.drops.isEmpty)
    }

    @Test("the longest uncovered stretch counts the one after the last coverage end, up to the end of the simulation")
    func longestUncoveredAtTheEnd() async throws {
        // One open at the start of 30 days; its plan reaches the 7-day horizon, so the last 23 days are uncovered.
        let end = Self.spring.addingTimeInterval(30 * dayLength)
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: [weekly("wake", .weekdays, times: ["07:30"])]), timeline: .fixed(Zones.utc),
            start: Self.spring, end: end, opens: .at([Self.spring]), options: SchedulerOptions(strategy: .rolling))
        let report = try await simulation.run()
        #expect(report.opens.map(\.coveredUntil) == [at(1_772_150_400)])   // 2026-02-27T00:00:00Z
        let longest = try #require(report.longestUncovered)
        #expect(longest.from == at(1_772_150_400))
        #expect(longest.to == at(1_774_137_600))   // 2026-03-22T00:00:00Z
        #expect(longest.seconds == Int(23 * dayLength))
        #expect(report.summary.longestUncoveredSeconds == Int(23 * dayLength))
        #expect(report.summary.description.hasSuffix("longest uncovered 23 d"))
    }

    /// 12 fires a day, 08:00–19:00 on the device clock: 64 slots last 5 days and 4 hours.
    static let busy = weekly("busy", times: (8...19).map { String(format: "%02d:00", $0) })
    static let december1 = at(1_796_083_200)   // 2026-12-01T00:00:00Z = Mon 19:00 EST = Tue 09:00 JST

    @Test("after an eastward zone change, uncovered time runs from the furthest coverage end so far, not the latest open's")
    func coverageAfterEastwardChangeIsTheFurthest() async throws {
        // Open 1 in New York at 2026-12-01T00:00Z (Mon 19:00 EST, a fire that is not after now): Dec 1–5 hold 60 fires,
        // Dec 6 08:00–11:00 EST the last 4 of 64, so its coverage ends at Dec 6 12:00 EST = 17:00Z.
        // The device moves to Tokyo at 00:30Z; open 2 at 01:00Z (Tue 10:00 JST, likewise not after now): Dec 1
        // 11:00–19:00 hold 9, Dec 2–5 48, Dec 6 08:00–14:00 JST 7, so its coverage ends at Dec 6 15:00 JST = 06:00Z,
        // 11 hours before open 1's. Uncovered: Dec 6 17:00Z to the end, Dec 8 00:00Z, 31 hours.
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: [Self.busy]),
            timeline: DeviceTimeZoneTimeline(
                initial: Zones.newYork,
                changes: [
                    .init(at: at(1_796_085_000), to: Zones.tokyo)   // 2026-12-01T00:30:00Z
                ]),
            start: Self.december1, end: at(1_796_688_000),   // 2026-12-08T00:00:00Z
            opens: .at([Self.december1, at(1_796_086_800)]), options: SchedulerOptions(strategy: .rolling))   // 2026-12-01T01:00:00Z
        let report = try await simulation.run()
        #expect(report.opens.map(\.timeZone.ianaName) == ["America/New_York", "Asia/Tokyo"])
        #expect(report.opens.map(\.truncated) == [true, true])
        #expect(report.opens.map(\.coveredUntil) == [at(1_796_576_400), at(1_796_536_800)])   // 2026-12-06T17:00:00Z, 2026-12-06T06:00:00Z
        let longest = try #require(report.longestUncovered)
        #expect(longest.from == at(1_796_576_400))
        #expect(longest.to == at(1_796_688_000))
        #expect(longest.seconds == 31 * 3600)
    }

    @Test("an open at the instant of a zone change plans for the new zone")
    func openAtZoneChangeSeesNewZone() async throws {
        // As above, but the device moves to Tokyo at the second open, 2026-12-01T01:00Z: that open plans Tokyo's
        // 08:00–19:00 (coverage to Dec 6 15:00 JST = 06:00Z); in New York it would have covered to Dec 6 17:00Z.
        let change = at(1_796_086_800)   // 2026-12-01T01:00:00Z
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: [Self.busy]),
            timeline: DeviceTimeZoneTimeline(initial: Zones.newYork, changes: [.init(at: change, to: Zones.tokyo)]),
            start: Self.december1, end: at(1_796_688_000),   // 2026-12-08T00:00:00Z
            opens: .at([Self.december1, change]), options: SchedulerOptions(strategy: .rolling))
        let report = try await simulation.run()
        #expect(report.opens.map(\.at) == [Self.december1, change])
        #expect(report.opens.map(\.timeZone.ianaName) == ["America/New_York", "Asia/Tokyo"])
        #expect(report.opens.last?.coveredUntil == at(1_796_536_800))   // 2026-12-06T06:00:00Z
    }

    /// Berlin → New York (west), → Tokyo (east), → Berlin (west), all in June 2026.
    static let trip = DeviceTimeZoneTimeline(
        initial: Zones.berlin,
        changes: [
            .init(at: at(1_781_085_600), to: Zones.newYork),   // 2026-06-10T10:00:00Z: 12:00 CEST → 06:00 EDT
            .init(at: at(1_781_920_800), to: Zones.tokyo),   // 2026-06-20T02:00:00Z: 22:00 EDT → 11:00 JST
            .init(at: at(1_782_777_600), to: Zones.berlin)   // 2026-06-30T00:00:00Z: 09:00 JST → 02:00 CEST
        ])
    static let tripRules = [
        weekly("wake", times: ["07:30"]),
        weekly("night", times: ["23:00"]),
        weekly("call", times: ["21:00"], zone: Zones.tokyo),
        weekly("standup", .weekdays, times: ["09:00"], zone: Zones.newYork)
    ]
    static let tripStart = at(1_780_272_000)   // 2026-06-01T00:00:00Z

    @Test("on a trip, opening the app soon after each zone change loses nothing", arguments: EvictionModel.allCases)
    func tripWithOpensAfterLanding(eviction: EvictionModel) async throws {
        let end = Self.tripStart.addingTimeInterval(40 * dayLength)
        let regular = AppOpenPattern.every(2 * dayLength).moments(from: Self.tripStart, through: end)
        let afterLanding = Self.trip.changes.map { $0.instant.addingTimeInterval(30 * 60) }
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: Self.tripRules), timeline: Self.trip, start: Self.tripStart, end: end,
            opens: .at(regular + afterLanding), eviction: eviction, options: SchedulerOptions(strategy: .rolling))
        let report = try await simulation.run()
        #expect(report.summary.missed == 0)
        #expect(report.unexpectedDeliveries.isEmpty)
        #expect(report.summary.evictions == 0)
        // Westward, 07:30 shows twice on the day of the change and rings twice under the same id.
        let wakes = report.fires.filter { $0.id == "wake@2026-06-10T07:30:00" }
        #expect(wakes.map(\.timeZone.ianaName) == ["Europe/Berlin", "America/New_York"])
        #expect(wakes.allSatisfy { $0.delivered })
        // Eastward, the clock jumps from 22:00 to 11:00: that night's 23:00 and the next 07:30 never show.
        #expect(!report.fires.contains { $0.id == "night@2026-06-19T23:00:00" || $0.id == "wake@2026-06-20T07:30:00" })
        #expect(Set(report.drops.map(\.id)) == ["night@2026-06-19T23:00:00", "wake@2026-06-20T07:30:00"])
        #expect(report.drops.allSatisfy { $0.reason == .skippedByClockChange })
    }

    @Test("on a trip without an open after a westward change, the second showing of a wall time is missed for the zone change")
    func tripWithoutOpensAfterLanding() async throws {
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: Self.tripRules), timeline: Self.trip, start: Self.tripStart,
            end: Self.tripStart.addingTimeInterval(40 * dayLength), opens: .every(2 * dayLength),
            options: SchedulerOptions(strategy: .rolling))
        let report = try await simulation.run()
        let missed = report.fires.filter { !$0.delivered }
        #expect(missed.map(\.id) == ["wake@2026-06-10T07:30:00", "wake@2026-06-30T07:30:00"])
        #expect(missed.map(\.instant) == [at(1_781_091_000), at(1_782_797_400)])   // 11:30Z (07:30 EDT), 05:30Z (07:30 CEST)
        #expect(missed.allSatisfy { $0.missReason == .timeZoneChange })
    }

    @Test("the report encodes to JSON with stable field names and decodes back unchanged")
    func reportJSON() async throws {
        var options = SchedulerOptions(strategy: .rolling)
        options.reminder = RefreshReminder()
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: Self.tripRules), timeline: Self.trip, start: Self.tripStart,
            end: Self.tripStart.addingTimeInterval(14 * dayLength), opens: .every(8 * dayLength),
            options: options)
        let report = try await simulation.run()
        let data = try SimulationReport.jsonEncoder().encode(report)
        #expect(try SimulationReport.jsonDecoder().decode(SimulationReport.self, from: data) == report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "start", "end", "eviction", "capacity", "budget", "reminderEnabled", "initialTimeZone", "zoneChanges",
                "opens", "fires", "unexpectedDeliveries", "reminders", "drops", "longestUncovered", "summary"
            ])
        #expect(object["start"] as? String == "2026-06-01T02:00:00+02:00")   // 00:00Z, in Berlin (CEST) where the trip starts
        let fires = try #require(object["fires"] as? [[String: Any]])
        let fire = try #require(fires.first { $0["missReason"] is String })
        #expect(
            Set(fire.keys) == [
                "id", "rule", "at", "local", "timeZone", "utcOffsetSeconds", "adjustment", "floating", "snooze",
                "delivered", "missReason"
            ])
        #expect(fire["adjustment"] is NSNull)
        #expect(fire["missReason"] as? String == "no-open-in-time")
        // The typed fields are written as the plan JSON writes a fire: the first is wake's 07:30 CEST on Mon 06-01 (05:30Z).
        let first = try #require(report.fires.first)
        #expect(first.local == LocalDateTime(parsing: "2026-06-01T07:30:00"))
        #expect(first.timeZone == Zones.berlin && first.adjustment == .none)
        #expect(fires.first?["local"] as? String == "2026-06-01T07:30:00")
        #expect(fires.first?["timeZone"] as? String == "Europe/Berlin")
        #expect(fires.first?["adjustment"] is NSNull)
        // Every zone in the report is a TimeZone, written as its IANA name.
        #expect(report.initialTimeZone == Zones.berlin && report.zoneChanges.map(\.timeZone) == [Zones.newYork])
        #expect(object["initialTimeZone"] as? String == "Europe/Berlin")
        #expect((object["zoneChanges"] as? [[String: Any]])?.map { $0["timeZone"] as? String } == ["America/New_York"])
        #expect((object["opens"] as? [[String: Any]])?.map { $0["timeZone"] as? String } == ["Europe/Berlin", "Europe/Berlin"])
        // A zone that is not an IANA name does not decode.
        let text = try #require(String(data: data, encoding: .utf8))
        let mars = Data(text.replacingOccurrences(of: "\"timeZone\" : \"Europe/Berlin\"", with: "\"timeZone\" : \"Mars/Olympus\"").utf8)
        #expect(mars != data)
        #expect(throws: DecodingError.self) { try SimulationReport.jsonDecoder().decode(SimulationReport.self, from: mars) }
    }

    @Test("the summary reads as one line for a table footer")
    func summaryLine() async throws {
        let rules = [weekly("wake", .weekdays, times: ["07:30"]), weekly("night", times: ["02:30"], zone: Zones.newYork)]
        let start = at(1_772_323_200)   // 2026-03-01T00:00:00Z
        var options = SchedulerOptions(strategy: .rolling)
        options.reminder = RefreshReminder()
        let store = InMemoryStore(AlarmBook(rules: rules))
        let simulation = try DeviceSimulation(
            store: store, timeline: .fixed(Zones.newYork), start: start,
            end: start.addingTimeInterval(12 * dayLength), opens: .every(10 * dayLength, jitter: dayLength, seed: 1),
            options: options)
        let report = try await simulation.run()
        #expect(try store.load().applied == nil)   // the simulation ran on a copy
        #expect(
            report.summary.description == "21 required, 17 delivered on time, 4 missed (no-open-in-time 4); 1 reminder, 2 opens, "
                + "peak pending 13, 0 evictions, longest uncovered 2 d 10 h")
    }
}
