import Foundation
import RecurringAlarms

extension EngineCases {
    /// The one-rule edits of the `replan-incremental` cases.
    enum IncrementalEdit: CaseIterable {
        /// `replan-incremental/R`: the edit of `replan/R`, the owner of the previous plan's
        /// first fire with its times moved 30 minutes later, made with `updateRule`.
        case replace
        /// `replan-incremental-add/R`: a copy of that owner under a new id (its id and `.new`,
        /// so it sorts right after it) with its times moved 30 minutes later, added with `updateRule`.
        case add
        /// `replan-incremental-remove/R`: that owner removed with `removeRule(id:)`.
        case remove

        var caseGroup: String {
            switch self {
            case .replace: "replan-incremental"
            case .add: "replan-incremental-add"
            case .remove: "replan-incremental-remove"
            }
        }
    }

    /// `replan-incremental/R` and its `-add` and `-remove` variants: one rule of a compiled
    /// schedule edited in place (`updateRule` or `removeRule(id:)`), then planned and reconciled
    /// against the plan before the edit, as `replan/R` does after recompiling everything. The
    /// edit is then undone (timed too: replaced back, the added rule removed, the removed rule
    /// added again), so every operation starts from the same schedule. Expected: the reference
    /// plan of the edited rules compiled from scratch, and a set-based reconciliation.
    static func replanIncremental(rules count: Int, edit kind: IncrementalEdit) -> PreparedCase {
        let rules = Workload.rules(count: count)
        // The only copy of the compiled schedule: the timed edits must find its arrays uniquely
        // referenced, as an app's would be, or each would copy them.
        var schedule = try! AlarmSchedule(rules: rules)
        let compiledBytesPerRule = schedule.compiledBytesPerRule
        let scenarios = self.scenarios
        let options = scenarios.map { PlanOptions(deviceTimeZone: $0.deviceTimeZone) }
        let positions = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })

        struct Edit {
            var apply: (inout AlarmSchedule) -> Void
            var undo: (inout AlarmSchedule) -> Void
            var pending: [String]
        }
        var edits: [Edit] = []
        var expectedChecksums: [UInt64] = []
        for (index, scenario) in scenarios.enumerated() {
            let previous = schedule.plan(now: scenario.now, options: options[index])
            let position = positions[previous.fires[0].ruleID]!
            let owner = rules[position]
            var moved = owner
            moved.times = movedHalfAnHour(owner.times)
            let pending = previous.fires.map(\.id)
            var editedRules = rules
            switch kind {
            case .replace:
                editedRules[position] = moved
                edits.append(Edit(apply: { [moved] in try! $0.updateRule(moved) }, undo: { try! $0.updateRule(owner) }, pending: pending))
            case .add:
                moved.id += ".new"
                editedRules.append(moved)
                let id = moved.id
                edits.append(Edit(apply: { [moved] in try! $0.updateRule(moved) }, undo: { $0.removeRule(id: id) }, pending: pending))
            case .remove:
                editedRules.remove(at: position)
                edits.append(Edit(apply: { $0.removeRule(id: owner.id) }, undo: { try! $0.updateRule(owner) }, pending: pending))
            }

            expectedChecksums.append(
                expectedReplanChecksum(
                    editedRules: editedRules, scenario: scenario, options: options[index], pending: pending,
                    caseGroup: kind.caseGroup))
        }

        let run: () -> RunOutcome = {
            var checksums: [UInt64] = []
            var fires = 0
            for (index, scenario) in scenarios.enumerated() {
                let edit = edits[index]
                edit.apply(&schedule)
                let plan = schedule.plan(now: scenario.now, options: options[index])
                checksums.append(replanChecksum(plan: plan, pending: edit.pending))
                fires += plan.fires.count
                edit.undo(&schedule)
            }
            return RunOutcome(checksum: PlanChecksum.combine(checksums), fires: fires)
        }
        return PreparedCase(
            rules: count, operationsPerRun: scenarios.count, expected: PlanChecksum.combine(expectedChecksums),
            compiledBytesPerRule: compiledBytesPerRule,
            notes: ["expected: reference plan of the edited rules compiled from scratch and a set-based reconciliation"], run: run)
    }
}
