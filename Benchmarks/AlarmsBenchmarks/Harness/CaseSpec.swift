import Foundation

/// One named benchmark case: how to prepare it and how often to time it.
struct CaseSpec {
    /// `plan/1M`, `expand/100k`, `baseline/nextDate/10k`, … unique; `--filter` matches its prefix.
    let name: String
    /// The case family (`plan`, `plan+compile`, `expand`, …), for grouping and ratios.
    let group: String
    let rules: Int
    let runs: Int
    /// Pinned to one CPU (same code, one core), to show what the second core gains.
    var oneCore = false
    /// Whether fires per second means something here (expansions, baselines, not capped plans).
    var reportsFireRate = false
    let prepare: () throws(BenchmarkFailure) -> PreparedCase
}

/// Every case of a full run, or of `--quick` (each once, at small sizes).
enum Registry {
    static func cases(quick: Bool) -> [CaseSpec] {
        quick ? quickCases : fullCases
    }

    private static func size(_ count: Int) -> String { SizeLabel.of(count) }

    static var fullCases: [CaseSpec] {
        var cases: [CaseSpec] = []
        for (count, runs) in [(1_000, 41), (10_000, 25), (100_000, 15), (1_000_000, 9)] {
            cases.append(plan(count, runs: runs))
        }
        cases.append(plan(100_000, runs: 15, oneCore: true))
        cases.append(plan(1_000_000, runs: 9, oneCore: true))
        cases.append(MemoryFloorCase.spec(rules: 1_000_000, runs: 9))
        for (count, runs) in [(1_000, 41), (100_000, 15)] {
            cases.append(planFillingCap(count, runs: runs))
        }
        for (count, runs) in [(16, 41), (1_000, 25)] {
            cases.append(planFillingCap(count, runs: runs, sparse: true))
        }
        for (count, runs) in [(1_000, 25), (10_000, 15), (100_000, 5), (1_000_000, 3)] {
            cases.append(planAndCompile(count, runs: runs))
        }
        for (count, runs) in [(10_000, 25), (100_000, 15), (1_000_000, 9)] {
            cases.append(expand(count, runs: runs))
        }
        cases.append(expand(10_000, runs: 25, oneCore: true))
        cases.append(expand(100_000, runs: 15, oneCore: true))
        cases.append(expand(1_000_000, runs: 9, oneCore: true))
        for (count, runs) in [(10_000, 9), (100_000, 5), (1_000_000, 3)] {
            cases.append(expandFires(count, runs: runs))
        }
        for (count, runs) in [(10_000, 9), (100_000, 5), (1_000_000, 3)] {
            cases.append(replan(count, runs: runs))
        }
        for (count, runs) in [(10_000, 25), (100_000, 15), (1_000_000, 9)] {
            for edit in EngineCases.IncrementalEdit.allCases { cases.append(replanIncremental(count, edit: edit, runs: runs)) }
        }
        for baseline in Baseline.allCases {
            cases.append(baselinePlan(baseline, 1_000, runs: 3))
            cases.append(baselinePlan(baseline, 10_000, runs: 1))
        }
        cases += StoreCases.specs(sizes: [10_000, 100_000], runs: 5)
        cases += LoadCases.specs(rules: 100_000, runs: 9)
        cases.append(LoadAndCompileCase.spec(rules: 100_000, runs: 9))
        cases.append(LoadAndCompileCase.spec(rules: 1_000_000, runs: 5))
        cases.append(CLICase.spec(rules: 10_000, runs: 5))
        cases.append(CLICase.spec(rules: 100_000, runs: 3))
        cases.append(CLICase.spec(rules: 1_000_000, runs: 3))
        cases.append(BooksCase.spec(books: 1_000_000, runs: 3))
        return cases
    }

    static var quickCases: [CaseSpec] {
        var cases: [CaseSpec] = [
            plan(1_000, runs: 1),
            // Above CoreSplit.planning's threshold, so the parallel planner is checked too.
            plan(70_000, runs: 1),
            MemoryFloorCase.spec(rules: 1_000, runs: 1),
            planFillingCap(1_000, runs: 1),
            planFillingCap(16, runs: 1, sparse: true),
            planAndCompile(1_000, runs: 1),
            expand(2_000, runs: 1),
            expandFires(2_000, runs: 1),
            expand(70_000, runs: 1),
            replan(1_000, runs: 1)
        ]
        for edit in EngineCases.IncrementalEdit.allCases { cases.append(replanIncremental(1_000, edit: edit, runs: 1)) }
        for baseline in Baseline.allCases { cases.append(baselinePlan(baseline, 100, runs: 1)) }
        cases += StoreCases.specs(sizes: [1_000], runs: 1)
        cases += LoadCases.specs(rules: 1_000, runs: 1)
        // 70k rules: a file large enough to be read in pieces on all cores.
        cases.append(LoadAndCompileCase.spec(rules: 1_000, runs: 1))
        cases.append(LoadAndCompileCase.spec(rules: 70_000, runs: 1))
        cases.append(CLICase.spec(rules: 1_000, runs: 1))
        cases.append(CLICase.spec(rules: 70_000, runs: 1))
        cases.append(BooksCase.spec(books: 2_000, runs: 1))
        return cases
    }

    static func plan(_ count: Int, runs: Int, oneCore: Bool = false) -> CaseSpec {
        CaseSpec(
            name: "plan/\(size(count))" + (oneCore ? "-1core" : ""), group: "plan", rules: count, runs: runs, oneCore: oneCore,
            prepare: { EngineCases.plan(rules: count, includingCompilation: false) })
    }

    /// `plan-fill/R` on the usual workload, `plan-fill-sparse/R` on sparse rules (see
    /// ``EngineCases/planFillingCap(rules:sparse:)``).
    static func planFillingCap(_ count: Int, runs: Int, sparse: Bool = false) -> CaseSpec {
        let group = sparse ? "plan-fill-sparse" : "plan-fill"
        return CaseSpec(
            name: "\(group)/\(size(count))", group: group, rules: count, runs: runs,
            prepare: { EngineCases.planFillingCap(rules: count, sparse: sparse) })
    }

    static func planAndCompile(_ count: Int, runs: Int) -> CaseSpec {
        CaseSpec(
            name: "plan+compile/\(size(count))", group: "plan+compile", rules: count, runs: runs,
            prepare: { EngineCases.plan(rules: count, includingCompilation: true) })
    }

    /// `expand/R`: the public occurrences in one partition per core, a thread each; pinned to
    /// one CPU (`-1core`), the whole sequence on one thread.
    static func expand(_ count: Int, runs: Int, oneCore: Bool = false) -> CaseSpec {
        let partitions = oneCore ? 1 : max(ProcessInfo.processInfo.activeProcessorCount, 1)
        return CaseSpec(
            name: "expand/\(size(count))" + (oneCore ? "-1core" : ""), group: "expand", rules: count, runs: runs,
            oneCore: oneCore, reportsFireRate: true,
            prepare: { () throws(BenchmarkFailure) in try EngineCases.expand(rules: count, path: .occurrences(partitions: partitions)) })
    }

    /// `expand-fires/R`: the public `Fire` sequence, one thread.
    static func expandFires(_ count: Int, runs: Int) -> CaseSpec {
        CaseSpec(
            name: "expand-fires/\(size(count))", group: "expand-fires", rules: count, runs: runs, reportsFireRate: true,
            prepare: { () throws(BenchmarkFailure) in try EngineCases.expand(rules: count, path: .fires) })
    }

    static func replan(_ count: Int, runs: Int) -> CaseSpec {
        CaseSpec(
            name: "replan/\(size(count))", group: "replan", rules: count, runs: runs,
            prepare: { EngineCases.replan(rules: count) })
    }

    /// `replan-incremental/R` (one rule replaced), `replan-incremental-add/R`, `replan-incremental-remove/R`:
    /// see ``EngineCases/replanIncremental(rules:edit:)``.
    static func replanIncremental(_ count: Int, edit: EngineCases.IncrementalEdit, runs: Int) -> CaseSpec {
        CaseSpec(
            name: "\(edit.caseGroup)/\(size(count))", group: edit.caseGroup, rules: count, runs: runs,
            prepare: { EngineCases.replanIncremental(rules: count, edit: edit) })
    }

    static func baselinePlan(_ baseline: Baseline, _ count: Int, runs: Int) -> CaseSpec {
        CaseSpec(
            name: "\(baseline.caseName)/\(size(count))", group: baseline.caseName, rules: count, runs: runs, reportsFireRate: true,
            prepare: { () throws(BenchmarkFailure) in try BaselineCases.plan(baseline, rules: count) })
    }
}
