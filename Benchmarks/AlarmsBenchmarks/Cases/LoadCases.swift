import Foundation
import RecurringAlarms

/// `load/rules-R`: a rule file of R workload rules read and validated from its bytes
/// (`AlarmRuleSet(jsonData:)`: parsing, reading every field, checking every rule and the
/// uniqueness of ids), and `baseline/JSONSerialization/rules-R`: Foundation's
/// `JSONSerialization` parsing the same bytes into dictionaries, without any checking, as
/// the yardstick. Expected, for both: the checksum of the rule ids of the generated rules
/// (not of anything parsed), in order; the engine's set read back is also compared whole.
enum LoadCases {
    static func specs(rules count: Int, runs: Int) -> [CaseSpec] {
        [
            CaseSpec(
                name: "load/rules-\(SizeLabel.of(count))", group: "load", rules: count, runs: runs,
                prepare: { () throws(BenchmarkFailure) in try prepare(rules: count, foundation: false) }),
            CaseSpec(
                name: "baseline/JSONSerialization/rules-\(SizeLabel.of(count))", group: "baseline-json", rules: count, runs: runs,
                prepare: { () throws(BenchmarkFailure) in try prepare(rules: count, foundation: true) })
        ]
    }

    static func prepare(rules count: Int, foundation: Bool) throws(BenchmarkFailure) -> PreparedCase {
        let ruleSet: AlarmRuleSet
        do {
            ruleSet = try AlarmRuleSet(rules: Workload.rules(count: count))
        } catch {
            throw BenchmarkFailure(message: "load: the workload is not a valid rule set: \(error)")
        }
        let data = ruleSet.jsonData
        guard (try? AlarmRuleSet(jsonData: data)) == ruleSet else {
            throw BenchmarkFailure(message: "load: the rule set read back differs from the one written")
        }
        let expected = StoreCases.idChecksum(ruleSet.rules)
        let notes = [
            "a \(data.count / 1024) KiB rule file (pretty, as `jsonData` writes it)",
            "expected: the ids of the generated rules, in order" + (foundation ? "" : "; the set read back equal to them")
        ]
        let run: () -> RunOutcome
        if foundation {
            run = {
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
                let rules = object?["rules"] as? [[String: Any]] ?? []
                var checksum = Checksum()
                for rule in rules { checksum.add(rule["id"] as? String ?? "") }
                checksum.add(UInt64(rules.count))
                return RunOutcome(checksum: checksum.value, fires: 0)
            }
        } else {
            run = {
                let loaded = try? AlarmRuleSet(jsonData: data)
                return RunOutcome(checksum: loaded.map { StoreCases.idChecksum($0.rules) } ?? 0, fires: 0)
            }
        }
        return PreparedCase(
            rules: count, operationsPerRun: 1, expected: expected, compiledBytesPerRule: nil, notes: notes,
            bytesPerOperation: data.count, run: run)
    }
}

/// `load+compile/R`: a rule file of R workload rules, its bytes in memory, compiled straight
/// into a schedule (`AlarmSchedule(jsonData:)`: reading, checking and compiling every rule on
/// all cores, no `AlarmRule` built). Inside the loop each run checks what it compiled: the
/// rule count, the compiled bytes per rule and the plan of the first scenario. Expected: the
/// same three from the schedule compiled from the generated rules, its plan made without the
/// planner (``Reference/plan(_:_:cap:)``).
enum LoadAndCompileCase {
    static func spec(rules count: Int, runs: Int) -> CaseSpec {
        CaseSpec(
            name: "load+compile/\(SizeLabel.of(count))", group: "load+compile", rules: count, runs: runs,
            prepare: { () throws(BenchmarkFailure) in try prepare(rules: count) })
    }

    static func checksum(count: Int, bytesPerRule: Double, plan: UInt64) -> UInt64 {
        PlanChecksum.combine([UInt64(count), bytesPerRule.bitPattern, plan])
    }

    static func prepare(rules count: Int) throws(BenchmarkFailure) -> PreparedCase {
        let ruleSet: AlarmRuleSet
        do {
            ruleSet = try AlarmRuleSet(rules: Workload.rules(count: count))
        } catch {
            throw BenchmarkFailure(message: "load+compile: the workload is not a valid rule set: \(error)")
        }
        let data = ruleSet.jsonData
        let reference = AlarmSchedule(ruleSet)
        let scenario = EngineCases.scenarios[0]
        let expected = checksum(
            count: reference.count, bytesPerRule: reference.compiledBytesPerRule, plan: Reference.plan(reference, scenario))
        let options = PlanOptions(deviceTimeZone: scenario.deviceTimeZone)
        let run: () -> RunOutcome = {
            guard let schedule = try? AlarmSchedule(jsonData: data) else { return RunOutcome(checksum: 0, fires: 0) }
            let plan = schedule.plan(now: scenario.now, options: options)
            return RunOutcome(
                checksum: checksum(count: schedule.count, bytesPerRule: schedule.compiledBytesPerRule, plan: PlanChecksum.of(plan)),
                fires: plan.fires.count)
        }
        return PreparedCase(
            rules: count, operationsPerRun: 1, expected: expected, compiledBytesPerRule: reference.compiledBytesPerRule,
            notes: [
                "a \(data.count / 1024) KiB rule file (pretty, as `jsonData` writes it) in memory → compiled schedule",
                "expected: the count, compiled bytes and first scenario's plan (public sequence) of the schedule compiled from the rules"
            ],
            bytesPerOperation: data.count, run: run)
    }
}
