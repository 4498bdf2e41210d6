import Foundation

/// The measured outcome of one case, as printed in the table and the JSON.
struct CaseResult: Codable {
    var name: String
    var group: String
    var rules: Int
    /// `1` when pinned to one CPU, else the machine's core count.
    var cores: Int
    var runs: Int
    var operationsPerRun: Int
    /// Seconds per operation (one plan, expansion or re-plan for one scenario).
    var medianSeconds: Double
    var minSeconds: Double
    var maxSeconds: Double
    var nanosecondsPerRule: Double
    var firesPerSecond: Double?
    /// getrusage `ru_maxrss` of the process that ran the case (inputs, verification and runs).
    var peakResidentMegabytes: Double
    var compiledBytesPerRule: Double?
    /// JSON megabytes (10⁶ bytes) read or written per second, for the loading and saving cases.
    var megabytesPerSecond: Double?
    var checksum: String
    var notes: [String]
    var error: String?

    static func failed(_ spec: CaseSpec, _ message: String) -> CaseResult {
        CaseResult(
            name: spec.name, group: spec.group, rules: spec.rules, cores: 0, runs: 0, operationsPerRun: 0, medianSeconds: 0,
            minSeconds: 0, maxSeconds: 0, nanosecondsPerRule: 0, firesPerSecond: nil, peakResidentMegabytes: 0,
            compiledBytesPerRule: nil, megabytesPerSecond: nil, checksum: "", notes: [], error: message)
    }
}

/// Runs one case in this process and returns its result.
func runCase(_ spec: CaseSpec, cores: Int) -> CaseResult {
    do {
        let prepared = try spec.prepare()
        let (seconds, fires) = try measure(spec.name, prepared, runs: spec.runs)
        let perOperation = seconds.map { $0 / Double(prepared.operationsPerRun) }.sorted()
        let median =
            perOperation.count % 2 == 1
            ? perOperation[perOperation.count / 2]
            : (perOperation[perOperation.count / 2 - 1] + perOperation[perOperation.count / 2]) / 2
        let medianRun = median * Double(prepared.operationsPerRun)
        return CaseResult(
            name: spec.name, group: spec.group, rules: prepared.rules, cores: cores, runs: spec.runs,
            operationsPerRun: prepared.operationsPerRun, medianSeconds: median, minSeconds: perOperation.first!,
            maxSeconds: perOperation.last!, nanosecondsPerRule: median * 1e9 / Double(max(prepared.rules, 1)),
            firesPerSecond: spec.reportsFireRate ? Double(fires) / medianRun : nil,
            peakResidentMegabytes: Double(peakResidentBytes()) / 1_048_576,
            compiledBytesPerRule: prepared.compiledBytesPerRule,
            megabytesPerSecond: prepared.bytesPerOperation.map { Double($0) / 1e6 / median }, checksum: hex(prepared.expected),
            notes: prepared.notes,
            error: nil)
    } catch {
        return .failed(spec, error.message)
    }
}
