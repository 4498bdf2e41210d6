import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// The seeded comparison with ``ReferenceExpansion`` over windows of 21, 35, 90 and 366 days,
/// which take the paths short windows never do: zone tables built for the window rather than
/// the cache's four-week span, and three or more offset segments per zone.
///
/// `now` is drawn from the whole window before a transition (not just the two days before),
/// so the change falls anywhere in it, including past the cache's four weeks. Fewer scenarios
/// for longer windows keep the suite quick.
@Suite("Properties over long windows", .tags(.slow))
struct LongWindowPropertyTests {
    static func scenario(seed: UInt64, days: Int) -> PropertyTests.Scenario {
        var rng = RuleGenerator(seed: seed)
        let transition = rng.element(of: Zones.transitions)
        let nowSeconds = Double(transition.epochSeconds - Int.random(in: -7200...(days * 86_400), using: &rng))
        let deviceZone = rng.chance(1, in: 2) ? transition.zone.identifier : rng.element(of: RuleGenerator.zoneIdentifiers)
        // Dates (starts, ends, one-shots, skips) cluster around the transition, wherever it falls.
        let center = LocalDate(daysSinceEpoch: Int64(transition.epochSeconds / 86_400))
        let rules = rng.rules(maximumCount: 6, near: center, hotspot: transition)
        let options = PlanOptions(
            deviceTimeZone: Zones.named(deviceZone), cap: PlanOptions.maximumCap,
            horizon: TimeInterval(days * 86_400))
        return PropertyTests.Scenario(seed: seed, rules: rules, now: Date(timeIntervalSince1970: nowSeconds), options: options)
    }

    @Test("every fire of a long window matches the brute-force reference", arguments: [(21, 40), (35, 40), (90, 12), (366, 3)])
    func longWindows(days: Int, scenarios: Int) throws {
        for index in 0..<scenarios {
            let scenario = Self.scenario(seed: 300_000 + UInt64(days) * 1000 + UInt64(index), days: days)
            let schedule = try AlarmSchedule(rules: scenario.rules)
            let planned = schedule.plan(now: scenario.now, options: scenario.options)
            let reference = ReferenceExpansion.fires(
                of: scenario.rules, after: epoch(scenario.now), through: epoch(planned.horizonEnd),
                deviceTimeZone: scenario.options.deviceTimeZone)
            #expect(!planned.isTruncated, "\(scenario)")
            #expect(planned.fires.map(PropertyTests.line) == reference.map(PropertyTests.line), "\(scenario)")
            let sequence = schedule.fires(after: scenario.now, through: planned.horizonEnd, deviceTimeZone: scenario.options.deviceTimeZone)
            #expect(sequence.sorted(by: Fire.precedesInPlan).map(PropertyTests.line) == reference.map(PropertyTests.line), "\(scenario)")
        }
    }
}

/// A schedule compiled once and planned again much later, the way the docs recommend (compile
/// when rules change, plan often): the second plan must not reuse what the first one learned
/// about the zones. Expected instants are worked out by hand from each zone's offset.
@Suite("A compiled schedule reused across months")
struct ScheduleReuseTests {
    static let rules = [
        weeklyRule("berlin", times: ["07:30"], zone: Zones.berlin),   // CET +1 until 2026-03-29, then CEST +2
        weeklyRule("ny", times: ["07:30"], zone: Zones.newYork),   // EST −5 until 2026-03-08, then EDT −4
        weeklyRule("tokyo", times: ["07:30"], zone: Zones.tokyo),   // JST +9 all year
        weeklyRule("wake", times: ["06:00"])   // floating: the device in Los Angeles, PST −8 / PDT −7
    ]
    static let february = at(1_769_990_400)   // Mon 2026-02-02T00:00:00Z
    static let april = at(1_775_433_600)   // Mon 2026-04-06T00:00:00Z
    static let options = PlanOptions(deviceTimeZone: Zones.named("America/Los_Angeles"), horizon: 86_400)

    static let februaryFires = [
        "berlin@2026-02-02T07:30:00 2026-02-02T06:30:00Z",
        "ny@2026-02-02T07:30:00 2026-02-02T12:30:00Z",
        "wake@2026-02-02T06:00:00 2026-02-02T14:00:00Z",
        "tokyo@2026-02-03T07:30:00 2026-02-02T22:30:00Z"
    ]
    static let aprilFires = [
        "berlin@2026-04-06T07:30:00 2026-04-06T05:30:00Z",
        "ny@2026-04-06T07:30:00 2026-04-06T11:30:00Z",
        "wake@2026-04-06T06:00:00 2026-04-06T13:00:00Z",
        "tokyo@2026-04-07T07:30:00 2026-04-06T22:30:00Z"
    ]

    static func utc(_ fires: [Fire]) -> [String] {
        fires.map { "\($0.id) \(RFC3339.format($0.instant, utcOffsetSeconds: 0))" }
    }

    @Test("planned in February and again in April, across the spring changes, in either order", arguments: [false, true])
    func februaryThenApril(aprilFirst: Bool) throws {
        let schedule = try AlarmSchedule(rules: Self.rules)
        if aprilFirst { #expect(Self.utc(schedule.plan(now: Self.april, options: Self.options).fires) == Self.aprilFires) }
        #expect(Self.utc(schedule.plan(now: Self.february, options: Self.options).fires) == Self.februaryFires)
        #expect(Self.utc(schedule.plan(now: Self.april, options: Self.options).fires) == Self.aprilFires)
        #expect(Self.utc(schedule.plan(now: Self.february, options: Self.options).fires) == Self.februaryFires)
        // The sequences share the same cached tables.
        let aprilSequence = schedule.fires(
            after: Self.april, through: Self.april.addingTimeInterval(86_400),
            deviceTimeZone: Self.options.deviceTimeZone)
        #expect(Self.utc(aprilSequence.sorted(by: Fire.precedesInPlan)) == Self.aprilFires)
    }

    @Test("a copy of the schedule planned weekly from February to April stays on each day's offsets")
    func weeklyReplans() throws {
        let schedule = try AlarmSchedule(rules: [weeklyRule("ny", times: ["07:30"], zone: Zones.newYork)])
        let copy = schedule
        // Mondays 2026-02-02 … 2026-04-06; 07:30 is 12:30Z under EST, 11:30Z from Sunday 2026-03-08 on (EDT).
        for week in 0..<10 {
            let now = Self.february.addingTimeInterval(TimeInterval(week * 7 * 86_400))
            let plan = copy.plan(now: now, options: PlanOptions(deviceTimeZone: Zones.utc, cap: 1))
            let fire = try #require(plan.fires.first)
            let expectedHour = now < at(1_772_928_000) ? 12 : 11   // 2026-03-08T00:00:00Z: Monday 03-09 is the first EDT Monday
            #expect(RFC3339.format(fire.instant, utcOffsetSeconds: 0).hasSuffix("T\(expectedHour):30:00Z"), "week \(week): \(fire.id)")
        }
    }
}
