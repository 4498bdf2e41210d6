import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// The three strategies through the scheduler and the device simulator.
@Suite("Scheduling strategies")
struct SchedulingStrategyTests {
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z = Tue 01:00 CET
    static let wake = weekly("wake", .weekdays, times: ["07:30"])
    static let call = weekly("call", times: ["21:00"], zone: Zones.tokyo)

    static func refresh(
        _ store: InMemoryStore, _ center: SimulatedNotificationCenter, at now: Date,
        strategy: SchedulingStrategy = .hybrid
    ) async throws -> RefreshReport {
        try await AlarmScheduler(
            store: store, center: center, clock: .constant(now), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(strategy: strategy)
        ).refresh()
    }

    @Test("hybrid registers repeating requests for plain weekly rules and fills the cap with the rest")
    func hybridRegistersRepeatingAndFillsTheCap() async throws {
        let store = InMemoryStore(AlarmBook(rules: [Self.wake, Self.call]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let report = try await Self.refresh(store, center, at: Self.now)
        #expect(
            report.repeating.map(\.id) == [
                "wake#weekly-mon-07:30:00", "wake#weekly-tue-07:30:00", "wake#weekly-wed-07:30:00",
                "wake#weekly-thu-07:30:00", "wake#weekly-fri-07:30:00"
            ])
        #expect(report.plan.fires.count == 59 && report.plan.fires.allSatisfy { $0.ruleID == "call" })
        #expect(await center.pendingIdentifiers().count == 64)
        // A second refresh changes nothing.
        #expect(try await Self.refresh(store, center, at: Self.now.addingTimeInterval(60)).isEmpty)
    }

    @Test("hybrid is the default: a scheduler made without options registers the repeating requests")
    func hybridIsTheDefault() async throws {
        #expect(SchedulerOptions().strategy == .hybrid)
        let store = InMemoryStore(AlarmBook(rules: [Self.wake, Self.call]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        let report = try await AlarmScheduler(
            store: store, center: center, clock: .constant(Self.now),
            timeZone: .constant(Zones.berlin)
        ).refresh()
        // wake (floating, weekdays) takes one slot per weekday; call (Tokyo's clock) the other 59.
        #expect(report.repeating.count == 5)
        #expect(report.added.count == 64)
    }

    @Test("skip-next swaps the rule to one-shot requests until the skipped date has passed, then back to repeating")
    func skipNextSwapsAndSwapsBack() async throws {
        let store = InMemoryStore(AlarmBook(rules: [Self.wake]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        _ = try await Self.refresh(store, center, at: Self.now)
        try store.update { book in try book.skipNext(ruleID: "wake", now: Self.now, deviceTimeZone: Zones.berlin) }   // Tue 2026-12-01
        let skipped = try await Self.refresh(store, center, at: Self.now)
        #expect(skipped.removed.count == 5 && skipped.removed.allSatisfy { RepeatingAlarm(parsing: $0) != nil })
        #expect(skipped.repeating.isEmpty)
        #expect(skipped.plan.fires.first?.id == "wake@2026-12-02T07:30:00")
        let nextDay = at(1_796_166_000)   // 2026-12-01T23:00:00Z = Wed 00:00 CET
        await center.advance(to: nextDay)
        let back = try await Self.refresh(store, center, at: nextDay)
        #expect(back.repeating.count == 5)
        #expect(back.removed.allSatisfy { FireID(parsing: $0)?.ruleID == "wake" } && !back.removed.isEmpty)
        #expect(Set(await center.pendingIdentifiers()) == Set(back.repeating.map(\.id)))
    }

    @Test("an end date added to a repeating rule swaps it to one-shot requests")
    func endDateSwapsToOneShot() async throws {
        let store = InMemoryStore(AlarmBook(rules: [Self.wake]))
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        _ = try await Self.refresh(store, center, at: Self.now)
        try store.update { book in book.rules[0].repeats = .weekly(days: .weekdays, end: day("2026-12-31")) }
        let report = try await Self.refresh(store, center, at: Self.now)
        #expect(report.repeating.isEmpty && report.removed.count == 5)
        #expect(report.plan.fires.map(\.id).last == "wake@2026-12-31T07:30:00")
        #expect(report.plan.fires.count == 23)
    }

    @Test("plain floating weekly rules in Europe/Berlin miss nothing over 365 days with one open, under hybrid only")
    func hybridMissesNothingWithoutOpens() async throws {
        let book = AlarmBook(rules: [
            Self.wake, weekly("gym", [.monday, .wednesday], times: ["18:00"]),
            weekly("pill", times: ["09:00", "21:00"]), weekly("late", .weekends, times: ["23:59:59"])
        ])
        let start = at(1_796_022_000)   // 2026-11-30T07:00:00Z = 08:00 CET
        var missed: [SchedulingStrategy: Int] = [:]
        for strategy in SchedulingStrategy.allCases {
            let report = try await DeviceSimulation(
                book: book, timeline: .fixed(Zones.berlin), start: start,
                end: start.addingTimeInterval(365 * 86_400), opens: .at([start]),
                options: SchedulerOptions(strategy: strategy)
            ).run()
            missed[strategy] = report.summary.missed
            #expect(report.summary.peakPending <= 64)
            #expect(report.summary.unexpectedDeliveries == 0)
        }
        #expect(missed[.hybrid] == 0)
        #expect(missed[.fillCap]! > 0 && missed[.rolling]! > missed[.fillCap]!)
    }

    @Test(
        "for random books and open patterns, hybrid misses no more than fill-cap, fill-cap no more than rolling, and the cap holds",
        arguments: 1...6)
    func strategiesAreOrdered(seed: UInt64) async throws {
        var rng = SplitMix64(seed: seed)
        let zone = rng.pick([Zones.berlin, Zones.newYork, Zones.sydney])
        let rules = (0..<Int.random(in: 2...14, using: &rng)).map { index in
            let days = WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &rng))
            let times = Set(
                (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    TimeOfDay(secondsSinceMidnight: 900 * Int.random(in: 0..<96, using: &rng))!
                })
            var rule = AlarmRule(
                id: "r\(index)", repeats: .weekly(days: days), times: times.sorted(),
                timeZone: rng.chance(1, in: 5) ? .fixed(Zones.tokyo) : .floating)
            if rng.chance(1, in: 6) { rule.repeats = .weekly(days: days, end: day("2027-02-15")) }
            return rule
        }
        let start = at(1_796_022_000)   // 2026-11-30T07:00:00Z
        let interval = rng.pick([1.0, 6, 10, 30, 400]) * 86_400
        var missed: [SchedulingStrategy: Int] = [:]
        for strategy in SchedulingStrategy.allCases {
            let report = try await DeviceSimulation(
                book: AlarmBook(rules: rules), timeline: .fixed(zone), start: start,
                end: start.addingTimeInterval(120 * 86_400),
                opens: .every(interval, jitter: interval / 4, seed: seed),
                options: SchedulerOptions(strategy: strategy)
            ).run()
            missed[strategy] = report.summary.missed
            #expect(report.summary.peakPending <= 64)
        }
        #expect(missed[.hybrid]! <= missed[.fillCap]!, "seed \(seed)")
        #expect(missed[.fillCap]! <= missed[.rolling]!, "seed \(seed)")
    }
}

extension SplitMix64 {
    fileprivate mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        Int.random(in: 0..<denominator, using: &self) < numerator
    }
    fileprivate mutating func pick<T>(_ elements: [T]) -> T { elements[Int.random(in: 0..<elements.count, using: &self)] }
}
