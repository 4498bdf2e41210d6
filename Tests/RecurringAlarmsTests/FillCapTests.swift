import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// Plans that fill the cap: the soonest `cap` fires of up to 366 days rather than of a fixed
/// 7-day window. Offsets checked with `TimeZone.secondsFromGMT(for:)`: Europe/Berlin is UTC+1
/// until 2027-03-28 01:00Z and UTC+2 from then until 2027-10-31 01:00Z.
@Suite("Filling the cap")
struct FillCapTests {
    /// Every Monday at 07:00 on the device's clock.
    static let mondays = weeklyRule("wake", days: [.monday], times: ["07:00"])
    /// Mon 2026-11-30T07:00:00Z = 08:00 in Berlin, an hour after that Monday's fire.
    static let now = at(1_796_022_000)
    /// 2026-12-07T07:00:00+01:00, the next Monday's fire.
    static let firstMonday = 1_796_623_200
    static let week = 604_800

    @Test("one weekly alarm: the 7-day window plans one fire, filling the cap the 52 of the next 366 days")
    func weeklyAlarmForAYear() throws {
        let fixed = try plan([Self.mondays], now: Self.now, options: PlanOptions(deviceTimeZone: Zones.berlin))
        #expect(fixed.fires.map(\.id) == ["wake@2026-12-07T07:00:00"])

        let options = PlanOptions.fillingCap(deviceTimeZone: Zones.berlin)
        #expect(options.fillsCap && options.cap == 64 && options.horizon == 366 * 86_400)
        let filled = try plan([Self.mondays], now: Self.now, options: options)
        // Mondays 2026-12-07 … 2027-11-29; the next, 2027-12-06, is past 2027-12-01T07:00Z.
        #expect(filled.fires.count == 52)
        #expect(filled.fires.first?.id == "wake@2026-12-07T07:00:00")
        #expect(filled.fires.first?.instant == at(Self.firstMonday))
        #expect(filled.fires[26].id == "wake@2027-06-07T07:00:00")
        #expect(filled.fires[26].instant == at(1_812_344_400))   // 2027-06-07T05:00:00Z, summer time
        #expect(filled.fires.last?.id == "wake@2027-11-29T07:00:00")
        #expect(filled.fires.last?.instant == at(1_827_468_000))   // 2027-11-29T06:00:00Z
        #expect(filled.horizonEnd == at(1_827_644_400))   // 2027-12-01T07:00:00Z, now + 366 × 24 h
        #expect(!filled.isTruncated)
        #expect(filled.coveredUntil == filled.horizonEnd)
    }

    @Test("when the cap runs out first, the plan covers until the first fire that did not fit")
    func capEndsThePlan() throws {
        let filled = try plan([Self.mondays], now: Self.now, options: .fillingCap(deviceTimeZone: Zones.berlin, cap: 10))
        #expect(filled.fires.count == 10)
        #expect(filled.fires.last?.id == "wake@2027-02-08T07:00:00")
        #expect(filled.isTruncated)
        #expect(filled.coveredUntil == at(1_802_671_200))   // 2027-02-15T06:00:00Z, the 11th Monday
        #expect(filled.horizonEnd == at(1_827_644_400))
    }

    /// The first 17 days from `now` hold two Mondays (12-07 and 12-14; 12-21 07:00 is 20 d 23 h
    /// away): with a cap of 2 or more the plan must look past them for the first fire that did not fit.
    @Test(
        "the first fire that did not fit is found past the first 17 days too",
        arguments: [
            (1, 1_797_228_000),   // 2026-12-14T06:00:00Z
            (2, 1_797_832_800),   // 2026-12-21T06:00:00Z
            (3, 1_798_437_600)   // 2026-12-28T06:00:00Z
        ])
    func coverageAcrossTheFirstDays(cap: Int, coveredUntil: Int) throws {
        let filled = try plan([Self.mondays], now: Self.now, options: .fillingCap(deviceTimeZone: Zones.berlin, cap: cap))
        #expect(filled.fires.count == cap)
        #expect(filled.isTruncated)
        #expect(filled.coveredUntil == at(coveredUntil))
    }

    @Test("a shorter maximum bounds the window: up to 90 days holds the 12 Mondays before 2027-02-28T07:00Z")
    func shorterMaximum() throws {
        let filled = try plan(
            [Self.mondays], now: Self.now,
            options: .fillingCap(deviceTimeZone: Zones.berlin, cap: 64, upTo: 90 * 86_400))
        #expect(filled.fires.count == 12)
        #expect(filled.fires.last?.id == "wake@2027-02-22T07:00:00")
        #expect(filled.horizonEnd == at(1_796_022_000 + 90 * 86_400))
        #expect(filled.coveredUntil == filled.horizonEnd)
        #expect(!filled.isTruncated)
    }

    @Test("filling the cap is the fixed-window plan over the maximum: the same plan, fire for fire")
    func sameAsLongestWindow() throws {
        let rules = [Self.mondays, weeklyRule("tokyo", days: .weekdays, times: ["06:30", "21:00"], zone: Zones.tokyo)]
        let filling = PlanOptions.fillingCap(deviceTimeZone: Zones.berlin, cap: 100)
        let window = PlanOptions(deviceTimeZone: Zones.berlin, cap: 100, horizon: PlanOptions.maximumHorizon)
        #expect(!window.fillsCap)
        #expect(filling != window)
        #expect(try plan(rules, now: Self.now, options: filling) == plan(rules, now: Self.now, options: window))
    }

    @Test(
        "a schedule that planned a week first fills the cap as a fresh one does, summer offsets included",
        arguments: [false, true])
    func reusedSchedule(weekFirst: Bool) throws {
        let rules = [Self.mondays, weeklyRule("ny", days: [.friday], times: ["18:00"], zone: Zones.newYork)]
        let schedule = try AlarmSchedule(rules: rules)
        let filling = PlanOptions.fillingCap(deviceTimeZone: Zones.berlin, cap: 200)
        if weekFirst { _ = schedule.plan(now: Self.now, options: PlanOptions(deviceTimeZone: Zones.berlin)) }
        let filled = schedule.plan(now: Self.now, options: filling)
        #expect(filled == (try AlarmSchedule(rules: rules)).plan(now: Self.now, options: filling))
        // Mondays in Berlin summer time (UTC+2), Fridays in New York summer time (UTC−4).
        #expect(filled.fires.first { $0.id == "wake@2027-06-07T07:00:00" }?.instant == at(1_812_344_400))   // 05:00Z
        #expect(filled.fires.first { $0.id == "ny@2027-06-11T18:00:00" }?.instant == at(1_812_751_200))   // 22:00Z
    }

    @Test("every 52 weeks: the plan holds the next phase week's seven days, a year ahead")
    func everyFiftyTwoWeeks() throws {
        // The phase week starts Mon 2026-06-01 (the week of the start); the next is Mon 2027-05-31 … Sun 2027-06-06.
        let yearly = weeklyRule("yearly", times: ["09:00"], everyWeeks: 52, start: "2026-06-03")
        let filled = try plan([yearly], now: Self.now, options: .fillingCap(deviceTimeZone: Zones.berlin))
        #expect(
            filled.fires.map(\.id)
                == (31...37).map { day in
                    day <= 31 ? "yearly@2027-05-\(day)T09:00:00" : "yearly@2027-06-0\(day - 31)T09:00:00"
                })
        #expect(filled.fires.first?.instant == at(1_811_746_800))   // 2027-05-31T07:00:00Z, 09:00 CEST
    }

    @Test("every 52 weeks on one weekday, started ahead of now: the first fire is the start's own week")
    func everyFiftyTwoWeeksStartingLater() throws {
        // Start Thu 2027-01-14: weeks of Mon 2027-01-11, then 2028-01-10, past the window.
        let yearly = weeklyRule("yearly", days: [.thursday, .sunday], times: ["09:00"], everyWeeks: 52, start: "2027-01-14")
        let filled = try plan([yearly], now: Self.now, options: .fillingCap(deviceTimeZone: Zones.berlin))
        #expect(filled.fires.map(\.id) == ["yearly@2027-01-14T09:00:00", "yearly@2027-01-17T09:00:00"])
    }
}

/// The seeded comparison of fill-the-cap plans with the brute-force ``ReferenceExpansion``
/// over the full 366 days, with sparse rules (every 2 to 52 weeks, starting up to a year
/// away) mixed into the usual random ones, so the walk over off-phase weeks is exercised.
@Suite("Properties of fill-the-cap plans", .tags(.slow))
struct FillCapPropertyTests {
    static func scenario(seed: UInt64) -> (rules: [AlarmRule], now: Date, options: PlanOptions) {
        var rng = RuleGenerator(seed: seed)
        let nowSeconds: Int
        var hotspot: ZoneTransition?
        if rng.chance(1, in: 2) {
            let transition = rng.element(of: Zones.transitions)
            nowSeconds = transition.epochSeconds - Int.random(in: -7200...(60 * 86_400), using: &rng)
            hotspot = transition
        } else {
            nowSeconds = Int.random(in: 1_767_225_600...1_798_761_599, using: &rng)   // any second of 2026 (UTC)
        }
        let center = LocalDate(daysSinceEpoch: Int64(nowSeconds / 86_400))
        var rules = rng.rules(maximumCount: 5, near: center, hotspot: hotspot)
        for index in 0..<Int.random(in: 1...3, using: &rng) {
            let everyWeeks = rng.element(of: [2, 3, 13, 26, 51, 52])
            let start = center.adding(days: Int.random(in: -370...370, using: &rng))
            let zone: ZoneChoice = rng.chance(1, in: 2) ? .floating : .fixed(Zones.named(rng.element(of: RuleGenerator.zoneIdentifiers)))
            rules.append(
                AlarmRule(
                    id: "sparse\(index)",
                    repeats: .weekly(
                        days: WeekdaySet(rawValue: UInt8.random(in: 1...0x7F, using: &rng)),
                        everyWeeks: everyWeeks, start: start),
                    times: [rng.time()], timeZone: zone))
        }
        let options = PlanOptions.fillingCap(
            deviceTimeZone: Zones.named(rng.element(of: RuleGenerator.zoneIdentifiers)),
            cap: rng.element(of: [1, 2, 5, 16, 64, 300]))
        return (rules, Date(timeIntervalSince1970: TimeInterval(nowSeconds)), options)
    }

    @Test(
        "a fill-the-cap plan is the first cap fires of the 366-day reference, strictly ordered, inside the window",
        arguments: 0..<4)
    func matchesReference(batch: Int) throws {
        for index in 0..<20 {
            let seed = 700_000 + UInt64(batch) * 1000 + UInt64(index)
            let (rules, now, options) = Self.scenario(seed: seed)
            let context =
                "seed \(seed): now \(epoch(now)), device \(options.deviceTimeZone.identifier), cap \(options.cap), "
                + "rules \(rules.map { $0.json.jsonText })"
            let planned = try plan(rules, now: now, options: options)
            let horizonEnd = now.addingTimeInterval(366 * 86_400)
            let reference = ReferenceExpansion.fires(
                of: rules, after: epoch(now), through: epoch(horizonEnd),
                deviceTimeZone: options.deviceTimeZone)

            #expect(planned.horizonEnd == horizonEnd, "\(context)")
            #expect(planned.fires.map(PropertyTests.line) == reference.prefix(options.cap).map(PropertyTests.line), "\(context)")
            #expect(planned.isTruncated == (reference.count > options.cap), "\(context)")
            #expect(
                planned.coveredUntil == (reference.count > options.cap ? at(reference[options.cap].instant) : horizonEnd),
                "\(context)")
            for (earlier, later) in zip(planned.fires, planned.fires.dropFirst()) {
                #expect(Fire.precedesInPlan(earlier, later) && !Fire.precedesInPlan(later, earlier), "\(context)")
            }
            #expect(planned.fires.allSatisfy { $0.instant > now && $0.instant <= horizonEnd }, "\(context)")
        }
    }
}
