import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// Seeded randomized checks of the planner against ``ReferenceExpansion``, a brute-force
/// expansion written independently in the test target.
///
/// Each scenario draws rules (weekday masks, one to three times with about a fifth between
/// 00:30 and 03:00, thirteen zones, floating rules, everyWeeks with start, ends, skips, both
/// gap and overlap policies), a device zone, a cap, a horizon and a `now`. Four scenarios in
/// five put `now` up to two days before a DST or base-offset change and draw most zones and
/// times from that zone and the wall times around the change, so gaps and overlaps are common.
/// A failure names its seed.
@Suite("Properties", .tags(.slow))
struct PropertyTests {
    struct Scenario: CustomStringConvertible {
        let seed: UInt64
        let rules: [AlarmRule]
        let now: Date
        let options: PlanOptions
        var description: String {
            "seed \(seed): now \(now.timeIntervalSince1970), device \(options.deviceTimeZone.identifier), cap \(options.cap), "
                + "horizon \(options.horizon), rules \(rules.map { $0.json.jsonText })"
        }
    }

    static func scenario(seed: UInt64) -> Scenario {
        var rng = RuleGenerator(seed: seed)
        var nowSeconds: Double
        var hotspot: ZoneTransition?
        var deviceZone = rng.element(of: RuleGenerator.zoneIdentifiers)
        if rng.chance(4, in: 5) {
            // From two hours after to two days before a transition, at any second.
            let transition = rng.element(of: Zones.transitions)
            nowSeconds = Double(transition.epochSeconds - Int.random(in: -7200...(2 * 86_400), using: &rng))
            hotspot = transition
            if rng.chance(1, in: 2) { deviceZone = transition.zone.identifier }
        } else {
            nowSeconds = Double(Int.random(in: 1_767_225_600...1_798_761_599, using: &rng))   // any second of 2026 (UTC)
        }
        if rng.chance(1, in: 6) { nowSeconds += 0.5 }
        let center = LocalDate(daysSinceEpoch: Int64((nowSeconds / 86_400).rounded(.down)))
        let rules = rng.rules(maximumCount: 10, near: center, hotspot: hotspot)
        let options = PlanOptions(
            deviceTimeZone: Zones.named(deviceZone),
            cap: rng.element(of: [0, 1, 3, 8, 20, 64, 500]),
            horizon: rng.element(of: [3600, 86_400, 3 * 86_400 + 1020, 7 * 86_400, 43_201]))
        return Scenario(seed: seed, rules: rules, now: Date(timeIntervalSince1970: nowSeconds), options: options)
    }

    /// A fire as compared with the reference: every observable field.
    static func line(_ fire: Fire) -> String {
        "\(fire.id) @\(epoch(fire.instant)) \(fire.adjustment.rawValue) \(fire.timeZone.identifier) \(fire.utcOffsetSeconds)"
    }

    static func line(_ fire: ReferenceExpansion.Fire) -> String {
        "\(fire.id) @\(fire.instant) \(fire.adjustment.rawValue) \(fire.zoneIdentifier) \(fire.utcOffsetSeconds)"
    }

    static let batches = 0..<8
    static let scenariosPerBatch: UInt64 = 60

    @Test("the plan is the first cap fires of the brute-force reference, with the right coverage", arguments: batches)
    func planMatchesReference(batch: Int) throws {
        for index in 0..<Self.scenariosPerBatch {
            let scenario = Self.scenario(seed: UInt64(batch) * 1000 + index)
            let planned = try plan(scenario.rules, now: scenario.now, options: scenario.options)
            let reference = ReferenceExpansion.fires(
                of: scenario.rules, after: epoch(scenario.now), through: epoch(planned.horizonEnd),
                deviceTimeZone: scenario.options.deviceTimeZone)
            let cap = max(scenario.options.cap, 0)

            #expect(planned.fires.map(Self.line) == reference.prefix(cap).map(Self.line), "\(scenario)")
            #expect(planned.isTruncated == (reference.count > cap), "\(scenario)")
            let expectedCoverage = reference.count > cap ? at(reference[cap].instant) : planned.horizonEnd
            #expect(planned.coveredUntil == expectedCoverage, "\(scenario)")
            #expect(planned.horizonEnd == scenario.now.addingTimeInterval(scenario.options.horizon), "\(scenario)")

            let sequence = Array(
                try AlarmSchedule(rules: scenario.rules).fires(
                    after: scenario.now, through: planned.horizonEnd,
                    deviceTimeZone: scenario.options.deviceTimeZone))
            #expect(sequence.count == reference.count, "\(scenario)")
            #expect(sequence.sorted(by: Fire.precedesInPlan).map(Self.line) == reference.map(Self.line), "\(scenario)")
        }
    }

    @Test(
        "plans are strictly ordered, inside the window, on eligible local dates, with unique ids, a rule once per instant",
        arguments: batches)
    func planInvariants(batch: Int) throws {
        for index in 0..<Self.scenariosPerBatch {
            let scenario = Self.scenario(seed: 50_000 + UInt64(batch) * 1000 + index)
            var options = scenario.options
            options.cap = 500
            let planned = try plan(scenario.rules, now: scenario.now, options: options)
            let rulesByID = Dictionary(uniqueKeysWithValues: scenario.rules.map { ($0.id, $0) })

            for (earlier, later) in zip(planned.fires, planned.fires.dropFirst()) {
                #expect(Fire.precedesInPlan(earlier, later) && !Fire.precedesInPlan(later, earlier), "\(scenario)")
                #expect(earlier.instant <= later.instant, "\(scenario)")
            }
            #expect(planned.fires.allSatisfy { $0.instant > scenario.now && $0.instant <= planned.horizonEnd }, "\(scenario)")
            #expect(Set(planned.fires.map(\.id)).count == planned.fires.count, "\(scenario)")
            // One rule rings once per instant.
            #expect(Set(planned.fires.map { "\($0.ruleID) \(epoch($0.instant))" }).count == planned.fires.count, "\(scenario)")
            for fire in planned.fires {
                guard let rule = rulesByID[fire.ruleID] else {
                    Issue.record("unknown rule \(fire.ruleID): \(scenario)")
                    continue
                }
                #expect(rule.isEnabled, "\(scenario)")
                #expect(rule.times.contains(fire.local.time), "\(scenario)")
                #expect(!rule.skippedDates.contains(fire.local.date), "\(scenario)")
                let localDay = ReferenceExpansion.dayNumber(fire.local.date)
                switch rule.repeats {
                case .once(let date):
                    #expect(fire.local.date == date, "\(scenario)")
                case .weekly(let days, _, let start, let end):
                    #expect(days.contains(ReferenceExpansion.weekday(ofDay: localDay)), "\(fire.id): \(scenario)")
                    #expect(start.map { fire.local.date >= $0 } ?? true, "\(scenario)")
                    #expect(end.map { fire.local.date <= $0 } ?? true, "\(scenario)")
                }
                let zone = rule.timeZone.resolved(deviceTimeZone: options.deviceTimeZone)
                #expect(fire.timeZone == zone, "\(scenario)")
                #expect(fire.isFloating == (rule.timeZone == .floating), "\(scenario)")
                #expect(fire.utcOffsetSeconds == zone.secondsFromGMT(for: fire.instant), "\(scenario)")
                // Unless a gap moved it, the fire rings at its nominal wall time.
                let clockAtFire = LocalDateTime(instant: fire.instant, utcOffsetSeconds: fire.utcOffsetSeconds)
                #expect((clockAtFire == fire.local) == (fire.adjustment != .gapShifted), "\(fire.id): \(scenario)")
            }
        }
    }

    @Test("re-planning later keeps every still-covered fire with the same id and instant", arguments: batches)
    func replanStability(batch: Int) throws {
        for index in 0..<Self.scenariosPerBatch {
            let scenario = Self.scenario(seed: 100_000 + UInt64(batch) * 1000 + index)
            var rng = RuleGenerator(seed: 900_000 + UInt64(batch) * 1000 + index)
            let delta = TimeInterval(rng.element(of: [1, 59, 3600, 3601, 86_400, Int.random(in: 1...(2 * 86_400), using: &rng)]))
            let first = try plan(scenario.rules, now: scenario.now, options: scenario.options)
            let laterNow = scenario.now.addingTimeInterval(delta)
            let second = try plan(scenario.rules, now: laterNow, options: scenario.options)
            let secondByID = Dictionary(second.fires.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

            for fire in first.fires where fire.instant > laterNow {
                let covered = second.isTruncated ? fire.instant < second.coveredUntil : fire.instant <= second.horizonEnd
                guard covered else { continue }
                #expect(secondByID[fire.id]?.instant == fire.instant, "\(fire.id) after \(delta) s: \(scenario)")
            }
        }
    }

    @Test("a smaller cap gives a prefix of a larger cap's plan", arguments: batches)
    func capPrefix(batch: Int) throws {
        for index in 0..<Self.scenariosPerBatch / 2 {
            let scenario = Self.scenario(seed: 200_000 + UInt64(batch) * 1000 + index)
            var small = scenario.options
            var large = scenario.options
            small.cap = 5
            large.cap = 40
            let smallPlan = try plan(scenario.rules, now: scenario.now, options: small)
            let largePlan = try plan(scenario.rules, now: scenario.now, options: large)
            #expect(smallPlan.fires == Array(largePlan.fires.prefix(5)), "\(scenario)")
            if smallPlan.isTruncated {
                #expect(largePlan.fires.count > 5 && smallPlan.coveredUntil == largePlan.fires[5].instant, "\(scenario)")
            }
        }
    }

    @Test("the reference itself agrees with the hand-checked New York and Lord Howe cases")
    func referenceSanity() {
        // Guards the oracle: if it drifted, every comparison above would be meaningless.
        let rules = [
            weeklyRule("ny", times: ["02:30", "01:30"], zone: Zones.newYork, overlap: .last),
            weeklyRule("lh", times: ["02:15", "01:45"], zone: Zones.lordHowe, gap: .skip)
        ]
        let spring = ReferenceExpansion.fires(
            of: rules, after: 1_772_928_000, through: 1_773_014_400,   // 2026-03-08T00:00Z … 03-09T00:00Z
            deviceTimeZone: Zones.utc
        ).filter { $0.ruleID == "ny" }
        #expect(
            spring.map(\.description) == [
                "ny@2026-03-08T01:30:00 @1772951400 none",   // 06:30:00Z
                "ny@2026-03-08T02:30:00 @1772955000 gap-shifted"
            ])   // 07:30:00Z
        let autumn = ReferenceExpansion.fires(
            of: rules, after: 1_775_260_800, through: 1_775_347_200,   // 2026-04-04T00:00Z … 04-05T00:00Z
            deviceTimeZone: Zones.utc
        ).filter { $0.ruleID == "lh" }
        #expect(
            autumn.map(\.description) == [
                "lh@2026-04-05T01:45:00 @1775313900 overlap-first",   // 2026-04-04T14:45:00Z
                "lh@2026-04-05T02:15:00 @1775317500 none"
            ])   // 2026-04-04T15:45:00Z
        let lordHoweSpring = ReferenceExpansion.fires(
            of: rules, after: 1_790_985_600, through: 1_791_072_000,   // 2026-10-03T00:00Z … 10-04T00:00Z
            deviceTimeZone: Zones.utc
        ).filter { $0.ruleID == "lh" }
        #expect(lordHoweSpring.map(\.description) == ["lh@2026-10-04T01:45:00 @1791040500 none"])   // 2026-10-03T15:15:00Z; 02:15 skipped
    }
}
