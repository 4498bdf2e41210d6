import Foundation
import RecurringAlarms

/// `cli/plan-json-R`: `alarms plan --rules FILE --now … --time-zone … --format json` as a whole
/// process (start-up, reading and checking the file, compiling, planning, printing), once per
/// scenario. Expected: the same plan made in this process, compared by fire ids and instants.
/// A note gives the peak resident memory of the largest `alarms` process (one untimed run of
/// each scenario through ``PeakMemory``), beside the file's size.
enum CLICase {
    static func spec(rules count: Int, runs: Int) -> CaseSpec {
        CaseSpec(
            name: "cli/plan-json-\(SizeLabel.of(count))", group: "cli", rules: count, runs: runs,
            prepare: { () throws(BenchmarkFailure) in try prepare(rules: count) })
    }

    static func prepare(rules count: Int) throws(BenchmarkFailure) -> PreparedCase {
        let binary = try alarmsBinary()
        let rules = Workload.rules(count: count)
        let file: URL
        let ruleSet: AlarmRuleSet
        do {
            file = try Scratch.file("rules-\(SizeLabel.of(count)).json")
            ruleSet = try AlarmRuleSet(rules: rules)
            try ruleSet.jsonData.write(to: file)
        } catch {
            throw BenchmarkFailure(message: "cli: cannot write the rule file in \(Scratch.directory.path): \(error)")
        }
        let scenarios = Workload.scenarios
        let expected = PlanChecksum.combine(
            scenarios.map { scenario in
                let plan = RecurringAlarms.plan(ruleSet, now: scenario.now, options: PlanOptions(deviceTimeZone: scenario.deviceTimeZone))
                return checksum(ids: plan.fires.map(\.id), instants: plan.fires.map(\.rfc3339))
            })
        let arguments = scenarios.map { scenario in
            [
                "plan", "--rules", file.path, "--now", Timestamp.format(scenario.now, utcOffsetSeconds: 0),
                "--time-zone", scenario.deviceTimeZone.ianaName, "--format", "json"
            ]
        }
        let run: () -> RunOutcome = {
            var checksums: [UInt64] = []
            var fires = 0
            for argumentList in arguments {
                let (ids, instants) = (try? planFromProcess(binary, argumentList)) ?? ([], [])
                checksums.append(checksum(ids: ids, instants: instants))
                fires += ids.count
            }
            return RunOutcome(checksum: PlanChecksum.combine(checksums), fires: fires)
        }
        // One untimed run of every scenario through the peak-memory wrapper, checked like the timed ones.
        var checksums: [UInt64] = []
        var peak = 0
        for argumentList in arguments {
            guard let (output, bytes) = try? PeakMemory.run(binary, argumentList) else {
                throw BenchmarkFailure(message: "cli: cannot run \(binary.path) through the peak-memory wrapper")
            }
            let (ids, instants) = (try? planFires(in: output)) ?? ([], [])
            checksums.append(checksum(ids: ids, instants: instants))
            peak = max(peak, bytes)
        }
        guard PlanChecksum.combine(checksums) == expected else {
            throw BenchmarkFailure(message: "cli: the untimed run planned different fires")
        }
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        let peakNote = String(
            format: "alarms peak RSS %.0f MB for a %.1f MB file (largest of the scenarios' processes)", Double(peak) / 1e6,
            Double(fileBytes) / 1e6)
        return PreparedCase(
            rules: count, operationsPerRun: scenarios.count, expected: expected, compiledBytesPerRule: nil,
            notes: ["expected: the same plan made in-process; binary \(binary.path)", peakNote], warmedUp: true, run: run)
    }

    static func checksum(ids: [String], instants: [String]) -> UInt64 {
        var checksum = Checksum()
        for (id, instant) in zip(ids, instants) {
            checksum.add(id)
            checksum.add(instant)
        }
        checksum.add(UInt64(ids.count))
        return checksum.value
    }

    /// Runs `alarms` and reads the fires' `id` and `at` from its JSON.
    static func planFromProcess(_ binary: URL, _ arguments: [String]) throws -> (ids: [String], instants: [String]) {
        try planFires(in: ChildProcess.run(binary, arguments))
    }

    /// The fires' `id` and `at` in the JSON of a plan that `alarms` printed.
    static func planFires(in output: ChildProcess.Output) throws -> (ids: [String], instants: [String]) {
        guard output.status == 0,
            let object = try JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any],
            let fires = object["fires"] as? [[String: Any]]
        else { return ([], []) }
        return (fires.map { $0["id"] as? String ?? "" }, fires.map { $0["at"] as? String ?? "" })
    }

    /// The `alarms` executable next to this one. The benchmark package depends on the root's
    /// `alarms` product, so SwiftPM builds and updates it with every build of `alarms-benchmarks`.
    static func alarmsBinary() throws(BenchmarkFailure) -> URL {
        let own = ChildProcess.ownExecutable
        let binary = own.deletingLastPathComponent().appendingPathComponent("alarms")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchmarkFailure(
                message: "cli: no 'alarms' next to \(own.path); build both with"
                    + " 'swift build --package-path Benchmarks --product alarms-benchmarks'")
        }
        return binary
    }
}
