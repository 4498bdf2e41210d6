import Dispatch
import Foundation

/// Splits the compiled rules into contiguous chunks and runs them on all cores, when there
/// are enough rules to pay for waking other threads.
///
/// Each chunk is independent (its own heap or counter), and results come back in chunk
/// order, so callers merge them into exactly what one pass over all rules would give.
struct RuleChunks: Sendable {
    /// Below this many rules one thread is faster.
    let minimumParallelRules: Int
    /// No chunk is smaller than this.
    let minimumChunkRules: Int

    /// Planning walks a rule in about 15 ns once its chunk's cut-off is tight, so only large
    /// schedules gain (at 10,000 rules two cores are no faster), and chunks stay large enough
    /// for each chunk's own cut-off to tighten.
    static let planning = RuleChunks(minimumParallelRules: 65_536, minimumChunkRules: 16_384)

    /// Chunks per core: a few more than the cores, so a core slowed by other work hands
    /// chunks to the other one instead of finishing last.
    static let chunksPerCore = 4
    /// Read once: `ProcessInfo` answers this from the file system on Linux (about 13 µs).
    static let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)

    /// The number of chunks for `ruleCount` rules: 1 below ``minimumParallelRules`` or on one core.
    func chunkCount(ruleCount: Int) -> Int {
        guard Self.cores > 1, ruleCount >= minimumParallelRules else { return 1 }
        return max(1, min(Self.cores * Self.chunksPerCore, ruleCount / minimumChunkRules))
    }

    /// Chunk `chunk` of `chunks` contiguous chunks of `0 ..< ruleCount`, whose sizes differ
    /// by at most one (also the public ``AlarmSchedule/partitions(_:)``).
    static func range(_ chunk: Int, of chunks: Int, ruleCount: Int) -> Range<Int> {
        (ruleCount * chunk / chunks)..<(ruleCount * (chunk + 1) / chunks)
    }

    /// `body` applied to each chunk of `0 ..< ruleCount`, in chunk order; chunks run concurrently
    /// when ``chunkCount(ruleCount:)`` is above 1.
    func map<Result: Sendable>(ruleCount: Int, _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let chunks = chunkCount(ruleCount: ruleCount)
        guard chunks > 1 else { return [body(0..<ruleCount)] }
        return Self.concurrentMap(count: chunks) { chunk in body(Self.range(chunk, of: chunks, ruleCount: ruleCount)) }
    }

    /// `body` applied to `0 ..< count`, run concurrently on all cores, results in order.
    static func concurrentMap<Result: Sendable>(count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        // One slot per call, written once each from whichever thread ran it.
        let results = Locked<[Result?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { number in
            let value = body(number)
            results.withLock { $0[number] = value }
        }
        return results.withLock { $0.map { $0! } }
    }
}
