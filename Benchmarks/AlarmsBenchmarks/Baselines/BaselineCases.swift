import Foundation
import RecurringAlarms

/// `baseline/<kind>/R`: a plan per scenario the way an app using the baseline would build
/// it (every fire of every rule, sorted, cut to the cap). Timed exactly like `plan/R`.
enum BaselineCases {
    /// Every fire of `rules` in the scenario's window by `baseline`, unsorted.
    static func fires(_ baseline: Baseline, _ rules: [BaselineRule], _ zones: BaselineZones, _ scenario: Scenario) -> [FireKey] {
        let upper = scenario.now.addingTimeInterval(Reference.horizon)
        var fires: [FireKey] = []
        for rule in rules {
            baseline.fires(of: rule, tools: zones.tools(for: rule, scenario), now: scenario.now, upper: upper, into: &fires)
        }
        return fires
    }

    /// The plan checksum of `fires`, as the engine's plan is checksummed.
    static func planChecksum(_ fires: [FireKey], _ scenario: Scenario, cap: Int = PlanOptions.defaultCap) -> UInt64 {
        let sorted = fires.sorted(by: FireKey.precedes)
        let truncated = sorted.count > cap
        let end = Int64(scenario.now.addingTimeInterval(Reference.horizon).timeIntervalSince1970.rounded(.down))
        return PlanChecksum.of(
            fires: Array(sorted.prefix(cap)), coveredUntil: truncated ? sorted[cap].instant : end, isTruncated: truncated)
    }

    /// The expected checksum is the baseline's own first run (computed here, untimed); that
    /// run's fires are also compared with the engine's: in the `quiet` scenario they must be
    /// identical, elsewhere the disagreements are counted (see `--compare` for what they are).
    static func plan(_ baseline: Baseline, rules count: Int) throws(BenchmarkFailure) -> PreparedCase {
        let model = Workload.rules(count: count)
        let rules = BaselineRule.enabled(model)
        let zones = BaselineZones()
        let scenarios = Workload.scenarios
        let schedule = try! AlarmSchedule(rules: model)

        var checksums: [UInt64] = []
        var disagreements = 0
        var engineFires = 0
        for scenario in scenarios {
            let fires = Self.fires(baseline, rules, zones, scenario)
            checksums.append(planChecksum(fires, scenario))
            // Keyed by rule and nominal wall time, as `--compare` counts: a fire at another
            // instant is one difference, not two.
            var engine: [Comparison.Pair: Int64] = [:]
            for fire in schedule.fires(
                after: scenario.now, through: scenario.now.addingTimeInterval(Reference.horizon),
                deviceTimeZone: scenario.deviceTimeZone)
            {
                engine[Comparison.Pair(fire.ruleID, fire.wallSeconds)] = fire.instantSeconds
            }
            var own: [Comparison.Pair: Int64] = [:]
            for fire in fires { own[Comparison.Pair(fire.ruleID, fire.wall)] = fire.instant }
            let differing = Set(engine.keys).union(own.keys).filter { engine[$0] != own[$0] }.count
            engineFires += engine.count
            disagreements += differing
            if scenario.name == "quiet" && (differing != 0 || own.count != fires.count) {
                throw BenchmarkFailure(
                    message: "\(baseline.caseName)/\(SizeLabel.of(count)): differs from the engine in the quiet scenario "
                        + "(\(differing) fires differ); the port is wrong")
            }
        }
        let expected = PlanChecksum.combine(checksums)
        let run: () -> RunOutcome = {
            var checksums: [UInt64] = []
            var total = 0
            for scenario in scenarios {
                let fires = Self.fires(baseline, rules, zones, scenario)
                checksums.append(planChecksum(fires, scenario))
                total += fires.count
            }
            return RunOutcome(checksum: PlanChecksum.combine(checksums), fires: total)
        }
        return PreparedCase(
            rules: count, operationsPerRun: scenarios.count, expected: expected, compiledBytesPerRule: nil,
            notes: [
                "expected: its own first run; identical to the engine in the quiet scenario",
                "\(disagreements) fire(s) differ from the engine's \(engineFires) over all scenarios"
            ],
            warmedUp: true, run: run)
    }
}
