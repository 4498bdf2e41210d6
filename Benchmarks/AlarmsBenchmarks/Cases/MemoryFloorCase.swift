import Foundation
// The compiled form's raw bytes, reached through the engine's benchmarking accessor; not public API.
@_spi(Benchmarking) import RecurringAlarms

/// `baseline/memory-read/R`: the floor under `plan/R` — every byte of the compiled form that
/// `plan/R` plans from (the same workload, compiled the same way: compiled rules, times and
/// skipped days) read once per operation on one core, as a sum of 64-bit words. One run is
/// one read per scenario, as a `plan/R` run is one plan per scenario, so the two medians per
/// operation compare directly: their ratio is how far planning is from reading its input.
///
/// Each read folds its pass number into every word (`word ^ pass`), so no read can be reused
/// for the next; its checksum is compared inside the timed loop with one computed untimed
/// byte by byte (each word assembled from its eight bytes, little-endian, a short last word
/// padded with zeros).
enum MemoryFloorCase {
    static func spec(rules count: Int, runs: Int) -> CaseSpec {
        CaseSpec(
            name: "baseline/memory-read/\(SizeLabel.of(count))", group: "baseline-memory", rules: count, runs: runs,
            oneCore: true, prepare: { prepare(rules: count) })
    }

    static func prepare(rules count: Int) -> PreparedCase {
        let schedule = try! AlarmSchedule(rules: Workload.rules(count: count))
        let passes = Workload.scenarios.count
        var bytes = 0
        var expected = Checksum()
        schedule.withCompiledBytes { rules, times, skips in
            bytes = rules.count + times.count + skips.count
            for pass in 0..<passes {
                for buffer in [rules, times, skips] { expected.add(bytewiseSum(buffer, seed: UInt64(pass))) }
            }
        }
        let expectedValue = expected.value
        let run: () -> RunOutcome = {
            var checksum = Checksum()
            schedule.withCompiledBytes { rules, times, skips in
                for pass in 0..<passes {
                    checksum.add(wordSum(rules, seed: UInt64(pass)))
                    checksum.add(wordSum(times, seed: UInt64(pass)))
                    checksum.add(wordSum(skips, seed: UInt64(pass)))
                }
            }
            return RunOutcome(checksum: checksum.value, fires: 0)
        }
        return PreparedCase(
            rules: count, operationsPerRun: passes, expected: expectedValue,
            compiledBytesPerRule: schedule.compiledBytesPerRule,
            notes: [
                String(format: "reads the %.1f MB of plan/%@'s compiled form per operation", Double(bytes) / 1e6, SizeLabel.of(count)),
                "expected: the same sums taken byte by byte"
            ],
            run: run)
    }

    /// The wrapping sum of `bytes` as 64-bit words, each xored with `seed`; the tail short of a
    /// word is one word padded with zeros. The loop the timed read runs.
    @inline(never)
    static func wordSum(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let words = bytes.count / 8
        var sum: UInt64 = 0
        for index in 0..<words {
            sum &+= bytes.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self) ^ seed
        }
        if bytes.count > words * 8 {
            var tail: UInt64 = 0
            for offset in (words * 8)..<bytes.count { tail |= UInt64(bytes[offset]) << (8 * UInt64(offset - words * 8)) }
            sum &+= tail ^ seed
        }
        return sum
    }

    /// ``wordSum(_:seed:)`` worked out one byte at a time, for the expected value.
    static func bytewiseSum(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var sum: UInt64 = 0
        var word: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            word |= UInt64(byte) << (8 * UInt64(offset % 8))
            if offset % 8 == 7 {
                sum &+= word ^ seed
                word = 0
            }
        }
        if bytes.count % 8 != 0 { sum &+= word ^ seed }
        return sum
    }
}
