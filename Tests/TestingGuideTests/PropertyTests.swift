import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// The guide's property test (Docs/Testing.md): invariants of Docs/Semantics.md ("The window",
// "The plan under a cap") over random books drawn around Berlin's spring-forward.

// snippet:begin properties
@Suite("Plans of random rules")
struct RandomRulePropertyTests {
    @Test("a week's plan is in order, inside its window, and the start of the fortnight's")
    func weekStartsTheFortnight() throws {
        let berlin = try zone("Europe/Berlin")
        let spring = ZoneTransition.springForward(in: berlin, year: 2026)
        let day = LocalDate(year: 2026, month: 3, day: 29)!
        withSeeds(0..<200) { generator in
            let rules = try AlarmRuleSet(rules: generator.rules(maximumCount: 8, near: day, hotspot: spring))
            let now = generator.instant(near: day)
            let week = plan(rules, now: now, options: PlanOptions(deviceTimeZone: berlin))
            let fortnight = plan(rules, now: now, options: PlanOptions(deviceTimeZone: berlin, horizon: 14 * 86_400))

            #expect(zip(week.fires, week.fires.dropFirst()).allSatisfy { $0.instant <= $1.instant })
            #expect(week.fires.allSatisfy { $0.instant > now && $0.instant <= week.horizonEnd })
            #expect(Array(fortnight.fires.prefix(week.fires.count)) == week.fires)
        }
    }
}
// snippet:end
