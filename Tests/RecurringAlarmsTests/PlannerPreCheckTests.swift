import Foundation
import RecurringAlarmsTesting
import Testing

@testable import RecurringAlarms

/// The planner leaves a rule out before its walk when ``ExpansionKernel/mayFire(ofRule:bound:)``
/// says it cannot fire up to the cut-off: that answer must never be wrong (it may only let
/// too many rules through), and it must leave rules out, or the pre-check only costs time.
@Suite("Planner pre-check")
struct PlannerPreCheckTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"].map {
        TimeZone(identifier: $0)!
    }

    /// Whether the walk of rule `index` up to `bound` offers any fire.
    static func walkOffersFire(_ kernel: ExpansionKernel, rule index: Int, bound: Int64) -> Bool {
        var offered = false
        kernel.forEachFire(ofRule: index, bound: bound) { _, _, _ in
            offered = true
            return .min
        }
        return offered
    }

    @Test("a rule left out by the pre-check has no fire up to the cut-off", arguments: [1, 2, 3, 4] as [UInt64])
    func leftOutRulesHaveNoFire(seed: UInt64) throws {
        var rng = RuleGenerator(seed: seed)
        let near = LocalDate(parsing: "2026-03-29")!
        var rules = (0..<300).map { rng.rule(id: "r\($0)", near: near) }
        // Sparse rules as plans that fill the cap meet them: every 2 to 52 weeks.
        for number in 0..<100 {
            rules.append(
                AlarmRule(
                    id: "sparse\(number)",
                    repeats: .weekly(
                        days: WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &rng)),
                        everyWeeks: Int.random(in: 2...52, using: &rng), start: near.adding(days: -Int.random(in: 0...400, using: &rng))),
                    times: [TimeOfDay(hour: Int.random(in: 0...23, using: &rng), minute: 30)!]))
        }
        rules = rules.filter(\.isEnabled)
        let schedule = try AlarmSchedule(rules: rules)
        var leftOut = 0
        var leftOutSparse = 0
        for zone in Self.zones {
            for startHour in stride(from: -48, through: 48, by: 24) {
                let lower = Int64(near.daysSinceEpoch) * 86_400 + Int64(startHour) * 3600
                let upper = lower + 366 * 86_400
                let tables = schedule.expansionTables(deviceTimeZone: zone, lower: lower, upper: upper)
                schedule.withExpansionKernel(tables, lower: lower, upper: upper) { kernel in
                    for hours in [1, 6, 30, 24 * 7, 24 * 60, 24 * 366] {
                        let bound = lower + Int64(hours) * 3600
                        for index in kernel.rules.indices where !kernel.mayFire(ofRule: index, bound: bound) {
                            let offersFire = Self.walkOffersFire(kernel, rule: index, bound: bound)
                            #expect(!offersFire, "rule \(schedule.ruleIDs[index]) left out with a fire by \(bound) in \(zone.identifier)")
                            leftOut += 1
                            if schedule.ruleIDs[index].hasPrefix("sparse") { leftOutSparse += 1 }
                        }
                    }
                }
            }
        }
        #expect(leftOut > 0)
        #expect(leftOutSparse > 0, "the pre-check should leave out sparse rules too")
    }
}
