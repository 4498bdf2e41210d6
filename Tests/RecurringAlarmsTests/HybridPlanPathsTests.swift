import AlarmsTestSupport
import Foundation
import RecurringAlarmsTesting
import Testing

@testable import RecurringAlarms

/// A book's hybrid plan applies its state (skip-next dates, snoozes) to its compiled rules, as
/// its flat plan does; the rule-level view of the same state (``AlarmBook/rulesForPlanning``,
/// ``AlarmBook/snoozeFires(deviceTimeZone:)``) plans the same. And the planner's rounds edit
/// the compiled rules in place: a rule without the times that repeat plans as that rule
/// compiled without them.
@Suite("Hybrid plans of a book's compiled rules")
struct HybridPlanPathsTests {
    /// Around Berlin's spring-forward of 2027 (02:00 → 03:00 on Sunday 28 March).
    static let day = LocalDate(year: 2027, month: 3, day: 26)!
    static let hotspot = ZoneTransition.springForward(in: Zones.berlin, year: 2027)

    @Test("a book's hybrid plan is the hybrid plan of its rules with its state applied to them, at any cap and granularity")
    func bookStateAppliedOnceAgreesWithTheRuleView() throws {
        var repeated = 0
        var skipped = 0
        withSeeds(0..<200) { generator in
            let now = generator.instant(near: Self.day)
            let book = generator.book(now: now, deviceTimeZone: Zones.berlin, maximumRules: 8, hotspot: Self.hotspot)
            skipped += book.skippedOccurrences.count
            for granularity in RepeatingAlarm.Granularity.allCases {
                for cap in [3, 12, 64] {
                    let options = PlanOptions(deviceTimeZone: Zones.berlin, cap: cap, horizon: PlanOptions.maximumHorizon)
                    let compiled = try book.hybridPlan(now: now, options: options, repeating: granularity)
                    let fromRules = try hybridPlan(
                        book.rulesForPlanning, now: now, options: options, repeating: granularity,
                        including: book.snoozeFires(deviceTimeZone: Zones.berlin))
                    #expect(compiled == fromRules, "cap \(cap), \(granularity)")
                    repeated += compiled.repeating.count
                }
            }
        }
        // The property was checked on plans that repeat something, and on books that skip.
        #expect(repeated > 30)
        #expect(skipped > 50)
    }

    @Test("removing times from a compiled rule plans as the rule compiled without them, and the last time removes the rule")
    func removingTimesPlansAsTheRuleWithoutThem() throws {
        withSeeds(0..<200) { generator in
            let rules = generator.rules(maximumCount: 6, near: Self.day, hotspot: Self.hotspot).filter(\.isEnabled)
            guard let target = generator.pick(rules) else { return }
            let removed = Set(target.times.filter { _ in generator.chance(1, in: 2) })
            var edited = try AlarmSchedule(rules: rules)
            edited.removeTimes(removed, ofRule: target.id)
            var expectedRules = rules
            let index = expectedRules.firstIndex { $0.id == target.id }!
            expectedRules[index].times.removeAll(where: removed.contains)
            if expectedRules[index].times.isEmpty { expectedRules.remove(at: index) }
            let expected = try AlarmSchedule(rules: expectedRules)
            let now = generator.instant(near: Self.day)
            let options = PlanOptions(deviceTimeZone: Zones.berlin, horizon: PlanOptions.maximumHorizon)
            #expect(edited.plan(now: now, options: options).fires == expected.plan(now: now, options: options).fires)
            #expect(edited.count == expected.count)
        }
    }
}
