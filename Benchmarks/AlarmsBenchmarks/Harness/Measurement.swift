import Foundation

/// What one run of a case produced: the checksum compared inside the timed loop, and how
/// many fires it handled (for fires per second).
struct RunOutcome {
    var checksum: UInt64
    var fires: Int
}

/// A case ready to time: inputs built, expected checksum known from another implementation.
struct PreparedCase {
    /// Rules per operation (R), for ns per rule.
    var rules: Int
    /// Operations per run: one plan, expansion or re-plan per scenario.
    var operationsPerRun: Int
    /// The checksum every run must produce, computed untimed by a different implementation.
    var expected: UInt64
    /// Compiled state per rule, when the case works on an `AlarmSchedule`.
    var compiledBytesPerRule: Double?
    /// Facts found while preparing (what the checksum was compared with, and so on).
    var notes: [String] = []
    /// JSON bytes read or written per operation, for cases that load or save (MB/s).
    var bytesPerOperation: Int?
    /// Whether preparing already ran the case once (then ``measure(_:_:runs:)`` skips its warm-up).
    var warmedUp = false
    /// One run over every scenario; the only code inside the timed region besides the check.
    var run: () -> RunOutcome
}

/// A benchmark failure: a checksum mismatch or a verification that did not hold.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

enum Stopwatch {
    /// Monotonic nanoseconds.
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Times `runs` runs of `prepared` after one untimed warm-up run, checking each run's
/// checksum inside the timed region, so no work can be skipped and a wrong result stops the suite.
func measure(_ name: String, _ prepared: PreparedCase, runs: Int) throws(BenchmarkFailure) -> (seconds: [Double], fires: Int) {
    var fires: Int?
    if !prepared.warmedUp {
        let warmUp = prepared.run()
        guard warmUp.checksum == prepared.expected else {
            throw BenchmarkFailure(message: "\(name): warm-up checksum \(hex(warmUp.checksum)) != expected \(hex(prepared.expected))")
        }
        fires = warmUp.fires
    }
    var seconds: [Double] = []
    for run in 0..<runs {
        let start = Stopwatch.now()
        let outcome = prepared.run()
        let matches = outcome.checksum == prepared.expected
        let elapsed = Stopwatch.now() - start
        guard matches else {
            throw BenchmarkFailure(
                message: "\(name): run \(run + 1) checksum \(hex(outcome.checksum)) != expected \(hex(prepared.expected))")
        }
        seconds.append(Double(elapsed) / 1e9)
        fires = outcome.fires
    }
    return (seconds, fires ?? 0)
}

func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
}

/// Peak resident set size of this process so far, in bytes (getrusage `ru_maxrss`).
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024   // kilobytes on Linux
    #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss   // bytes on Darwin
    #endif
}

/// Resident set size of this process now, in bytes (`/proc/self/statm`), or `nil` where unknown.
func currentResidentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// `"rules 212 MB, compiled +41 MB"`-style notes on where a case's memory goes.
func residentNote(_ label: String, since baseline: Int?) -> (note: String?, now: Int?) {
    guard let now = currentResidentBytes() else { return (nil, nil) }
    let megabytes = Double(now - (baseline ?? 0)) / 1_048_576
    return (String(format: "%@: %@%.0f MB resident", label, baseline == nil ? "" : "+", megabytes), now)
}

/// Restricts this process to one CPU, so a case measures what one core does with the same code.
/// Returns `false` where the platform cannot do it.
func pinToOneCPU() -> Bool {
    #if os(Linux)
        // Glibc declares sched_setaffinity only under _GNU_SOURCE, so Swift does not see it: look it up.
        typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
        guard let symbol = dlsym(nil, "sched_setaffinity") else { return false }
        var set = cpu_set_t()
        set.__bits.0 = 1   // CPU 0 only
        return unsafeBitCast(symbol, to: SetAffinity.self)(0, MemoryLayout<cpu_set_t>.size, &set) == 0
    #else
        return false
    #endif
}
