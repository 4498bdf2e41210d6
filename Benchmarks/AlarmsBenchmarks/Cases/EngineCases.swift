import Dispatch
import Foundation
import RecurringAlarms
import Synchronization

/// The engine's cases: plan (from compiled rules and including compilation), expand, replan.
/// One run covers every scenario of ``Workload/scenarios``; times are reported per scenario.
enum EngineCases {
    static var scenarios: [Scenario] { Workload.scenarios }

    /// `plan/R` (from an `AlarmSchedule` compiled beforehand) or `plan+compile/R` (from the
    /// rule model each time). Expected: ``Reference/plan(_:_:cap:)``, the sorted public sequence.
    static func plan(rules count: Int, includingCompilation: Bool) -> PreparedCase {
        let start = residentNote("before the rules", since: nil)
        let rules = Workload.rules(count: count)
        let model = residentNote("the rule model", since: start.now)
        let schedule = try! AlarmSchedule(rules: rules)
        let compiled = residentNote("the compiled schedule", since: model.now)
        let options = scenarios.map { PlanOptions(deviceTimeZone: $0.deviceTimeZone) }
        let expected = PlanChecksum.combine(scenarios.map { Reference.plan(schedule, $0) })
        let scenarios = self.scenarios
        // `plan+compile` compiles the rule model for every plan; one branch per plan costs nothing here.
        let run = planning(scenarios, options) { includingCompilation ? try! AlarmSchedule(rules: rules) : schedule }
        return PreparedCase(
            rules: count, operationsPerRun: scenarios.count, expected: expected,
            compiledBytesPerRule: schedule.compiledBytesPerRule,
            notes: ["expected: every fire of the public sequence, sorted, first 64"]
                + [start.note, model.note, compiled.note].compactMap { $0 }, run: run)
    }

    /// One timed run of a plan case: each scenario planned once with its options from the
    /// schedule `schedule` gives for it, each plan checksummed inside the loop.
    static func planning(
        _ scenarios: [Scenario], _ options: [PlanOptions], schedule: @escaping () -> AlarmSchedule
    ) -> () -> RunOutcome {
        {
            var checksums: [UInt64] = []
            var fires = 0
            for (index, scenario) in scenarios.enumerated() {
                let plan = schedule().plan(now: scenario.now, options: options[index])
                checksums.append(PlanChecksum.of(plan))
                fires += plan.fires.count
            }
            return RunOutcome(checksum: PlanChecksum.combine(checksums), fires: fires)
        }
    }

    /// `plan-fill/R`: `schedule.plan(now:options:)` with `PlanOptions.fillingCap` (cap 64, up
    /// to 366 days) on the usual workload, where the first days hold the cap; `plan-fill-sparse/R`
    /// on ``Workload/sparseRules(count:)``, where the plan reaches weeks or months ahead.
    /// Expected: ``Reference/fillingPlan(_:_:cap:)``, from the public sequence.
    static func planFillingCap(rules count: Int, sparse: Bool) -> PreparedCase {
        let rules = sparse ? Workload.sparseRules(count: count) : Workload.rules(count: count)
        let schedule = try! AlarmSchedule(rules: rules)
        let options = scenarios.map { PlanOptions.fillingCap(deviceTimeZone: $0.deviceTimeZone) }
        let expected = PlanChecksum.combine(scenarios.map { Reference.fillingPlan(schedule, $0) })
        let scenarios = self.scenarios
        let reach = scenarios.indices.map {
            schedule.plan(now: scenarios[$0].now, options: options[$0]).coveredUntil
                .timeIntervalSince(scenarios[$0].now) / 86_400
        }
        let run = planning(scenarios, options) { schedule }
        return PreparedCase(
            rules: count, operationsPerRun: scenarios.count, expected: expected,
            compiledBytesPerRule: schedule.compiledBytesPerRule,
            notes: [
                "expected: the public sequence over 7, 14, 28 … days until a window holds 65 fires, or 366 days",
                String(format: "plans cover %.1f to %.1f days", reach.min() ?? 0, reach.max() ?? 0)
            ],
            run: run)
    }

    /// How an expansion case walks the window's fires; every path uses only public API.
    enum ExpandPath: Sendable {
        /// `occurrences(after:through:deviceTimeZone:rules:)` over `partitions(n)`, each
        /// partition on a thread of its own; with one partition, the whole sequence on the calling thread.
        case occurrences(partitions: Int)
        /// `fires(after:through:deviceTimeZone:)` on the calling thread: a `Fire` per fire.
        case fires
    }

    /// `expand/R` (and `expand/R-1core`): every fire of the window as public `Occurrence`
    /// values, folded into a count and an order-independent checksum, no array; `expand-fires/R`:
    /// the same through the public `Fire` sequence. Each path's expected value comes from the
    /// other (so the partitions together must equal one pass, and `Fire`s their occurrences);
    /// at 10k rules and below both are also checked against ``Reference/fires(_:_:)``, which
    /// uses only the documented semantics.
    static func expand(rules count: Int, path: ExpandPath) throws(BenchmarkFailure) -> PreparedCase {
        let rules = Workload.rules(count: count)
        let schedule = try! AlarmSchedule(rules: rules)
        let scenarios = self.scenarios
        let ends = scenarios.map { $0.now.addingTimeInterval(Reference.horizon) }

        @Sendable func occurrencesDigest(_ index: Int, rules: Range<Int>?) -> ExpansionDigest {
            var digest = ExpansionDigest()
            for occurrence in schedule.occurrences(
                after: scenarios[index].now, through: ends[index],
                deviceTimeZone: scenarios[index].deviceTimeZone, rules: rules)
            {
                digest.add(occurrence)
            }
            return digest
        }
        func partitionedDigest(_ index: Int, partitions: [Range<Int>]) -> ExpansionDigest {
            guard partitions.count > 1 else { return occurrencesDigest(index, rules: nil) }
            // As an app splits the work: each partition on a thread of its own (Dispatch's pool,
            // the calling thread taking one), the digests added as they finish (in any order).
            let total = Mutex(ExpansionDigest())
            DispatchQueue.concurrentPerform(iterations: partitions.count) { partition in
                let digest = occurrencesDigest(index, rules: partitions[partition])
                total.withLock { $0 = $0 + digest }
            }
            return total.withLock { $0 }
        }
        func firesDigest(_ index: Int) -> ExpansionDigest {
            var digest = ExpansionDigest()
            for fire in schedule.fires(after: scenarios[index].now, through: ends[index], deviceTimeZone: scenarios[index].deviceTimeZone) {
                digest.add(fire)
            }
            return digest
        }
        func fold(_ digests: [ExpansionDigest]) -> RunOutcome {
            RunOutcome(
                checksum: PlanChecksum.combine(digests.flatMap { [$0.checksum, UInt64($0.count)] }),
                fires: digests.reduce(0) { $0 + $1.count })
        }

        let run: () -> RunOutcome
        let other: RunOutcome
        var notes: [String]
        switch path {
        case .occurrences(let partitionCount):
            let partitions = schedule.partitions(partitionCount)
            other = fold(scenarios.indices.map(firesDigest))
            notes = ["expected: the digest of the public Fire sequence"]
            if partitionCount > 1 {
                notes.append("\(partitionCount) partitions of \(Format.count(partitions[0].count)) rules or so, one thread each")
            }
            run = { fold(scenarios.indices.map { partitionedDigest($0, partitions: partitions) }) }
        case .fires:
            other = fold(scenarios.indices.map { occurrencesDigest($0, rules: nil) })
            notes = ["expected: the digest of the public Occurrence sequence"]
            run = { fold(scenarios.indices.map(firesDigest)) }
        }
        if count <= 10_000 {
            let reference = fold(scenarios.map { Reference.digest(Reference.fires(rules, $0)) })
            guard reference.checksum == other.checksum else {
                throw BenchmarkFailure(
                    message: "expand/\(SizeLabel.of(count)): engine \(other.fires) fires \(hex(other.checksum)) != "
                        + "documented-semantics reference \(reference.fires) fires \(hex(reference.checksum))")
            }
            notes.append("also equal to the documented-semantics reference (\(reference.fires) fires)")
        }
        return PreparedCase(
            rules: count, operationsPerRun: scenarios.count, expected: other.checksum,
            compiledBytesPerRule: schedule.compiledBytesPerRule, notes: notes, run: run)
    }

    /// `replan/R`: one rule edited (its times moved 30 minutes later), the rules compiled
    /// again, planned, and reconciled against the plan before the edit (what an app does
    /// after a user edits an alarm). The edited rule is the owner of the previous plan's
    /// first fire, so the reconciliation always has work. Expected: the reference plan of
    /// the edited rules and a set-based reconciliation.
    static func replan(rules count: Int) -> PreparedCase {
        var rules = Workload.rules(count: count)
        let schedule = try! AlarmSchedule(rules: rules)
        let scenarios = self.scenarios
        let options = scenarios.map { PlanOptions(deviceTimeZone: $0.deviceTimeZone) }
        let positions = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })

        struct Edit {
            var position: Int
            var original: AlarmRule
            var edited: AlarmRule
            var pending: [String]
        }
        var edits: [Edit] = []
        var expectedChecksums: [UInt64] = []
        for (index, scenario) in scenarios.enumerated() {
            let previous = schedule.plan(now: scenario.now, options: options[index])
            let position = positions[previous.fires[0].ruleID]!
            var edited = rules[position]
            edited.times = movedHalfAnHour(edited.times)
            let pending = previous.fires.map(\.id)
            edits.append(Edit(position: position, original: rules[position], edited: edited, pending: pending))

            var editedRules = rules
            editedRules[position] = edited
            expectedChecksums.append(
                expectedReplanChecksum(
                    editedRules: editedRules, scenario: scenario, options: options[index], pending: pending, caseGroup: "replan"))
        }

        let run: () -> RunOutcome = {
            var checksums: [UInt64] = []
            var fires = 0
            for (index, scenario) in scenarios.enumerated() {
                let edit = edits[index]
                rules[edit.position] = edit.edited
                let plan = try! AlarmSchedule(rules: rules).plan(now: scenario.now, options: options[index])
                checksums.append(replanChecksum(plan: plan, pending: edit.pending))
                fires += plan.fires.count
                rules[edit.position] = edit.original
            }
            return RunOutcome(checksum: PlanChecksum.combine(checksums), fires: fires)
        }
        return PreparedCase(
            rules: count, operationsPerRun: scenarios.count, expected: PlanChecksum.combine(expectedChecksums),
            compiledBytesPerRule: schedule.compiledBytesPerRule,
            notes: ["expected: reference plan of the edited rules and a set-based reconciliation"], run: run)
    }

    /// The edit both re-plan cases make: every time of the rule 30 minutes later.
    static func movedHalfAnHour(_ times: [TimeOfDay]) -> [TimeOfDay] {
        times.map { TimeOfDay(secondsSinceMidnight: ($0.secondsSinceMidnight + 1_800) % 86_400)! }
    }

    /// The expected checksum of re-planning `editedRules`: compiled from scratch, their plan
    /// checked against the reference, reconciled against `pending` by plain set algebra.
    static func expectedReplanChecksum(
        editedRules: [AlarmRule], scenario: Scenario, options: PlanOptions, pending: [String], caseGroup: String
    ) -> UInt64 {
        let editedSchedule = try! AlarmSchedule(rules: editedRules)
        let plan = editedSchedule.plan(now: scenario.now, options: options)
        precondition(
            PlanChecksum.of(plan) == Reference.plan(editedSchedule, scenario), "\(caseGroup): planner disagrees with the reference")
        let planned = plan.fires.map(\.id)
        let pendingSet = Set(pending)
        let toAdd = planned.filter { !pendingSet.contains($0) }
        let toRemove = pendingSet.subtracting(planned).sorted()
        return replanChecksum(plan: PlanChecksum.of(plan), toAdd: toAdd, toRemove: toRemove)
    }

    /// The checksum of a timed re-plan: `plan` and the engine's reconciliation against `pending`.
    static func replanChecksum(plan: Plan, pending: [String]) -> UInt64 {
        let change = Reconciliation(pending: pending, plan: plan)
        return replanChecksum(plan: PlanChecksum.of(plan), toAdd: change.toAdd.map(\.id), toRemove: change.toRemove)
    }

    static func replanChecksum(plan: UInt64, toAdd: [String], toRemove: [String]) -> UInt64 {
        var checksum = Checksum()
        checksum.add(plan)
        for id in toAdd { checksum.add(id) }
        checksum.add(UInt64(toAdd.count))
        for id in toRemove { checksum.add(id) }
        checksum.add(UInt64(toRemove.count))
        return checksum.value
    }
}
