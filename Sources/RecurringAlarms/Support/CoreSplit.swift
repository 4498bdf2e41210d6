import Dispatch
import Foundation

/// How a pass over `0 ..< count` items (rules, or the bytes of a rules array) is cut into
/// contiguous parts that run on all cores: the one way the package splits work across cores.
///
/// A part is worth a thread only when there is enough work to pay for waking one: below
/// ``minimumParallelCount`` items there is one part; otherwise one part per
/// ``minimumPartCount`` items, at most ``maximumParts``. Each part's result is its own, and
/// results come back in part order, so callers join them into exactly what one pass over
/// all items gives.
///
/// ```swift
/// CoreSplit.writing.partCount(for: 100)        // 1: a small book takes the simple path
/// CoreSplit.writing.partCount(for: 100_000)    // 8 on two cores
/// CoreSplit.range(1, of: 3, count: 10)         // 3..<6
/// ```
struct CoreSplit: Sendable {
    /// Below this many items there is one part.
    let minimumParallelCount: Int
    /// No part is cut smaller than this many items; 0 cuts ``maximumParts`` parts whatever
    /// the count.
    let minimumPartCount: Int
    /// At most this many parts.
    let maximumParts: Int

    init(minimumParallelCount: Int, minimumPartCount: Int, maximumParts: Int = CoreSplit.defaultMaximumParts) {
        self.minimumParallelCount = minimumParallelCount
        self.minimumPartCount = minimumPartCount
        self.maximumParts = max(maximumParts, 1)
    }

    /// Read once: `ProcessInfo` answers this from the file system on Linux (about 13 µs).
    static let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    /// Parts per core: a few more than the cores, so a core slowed by other work hands parts
    /// to the other one instead of finishing last.
    static let partsPerCore = 4
    /// A few parts per core, and one on a single core.
    static let defaultMaximumParts = cores > 1 ? cores * partsPerCore : 1

    /// Planning walks a rule in about 15 ns once its part's cut-off is tight, so only large
    /// schedules gain (at 10,000 rules two cores are no faster), and parts stay large enough
    /// for each part's own cut-off to tighten.
    static let planning = CoreSplit(minimumParallelCount: 65_536, minimumPartCount: 16_384)
    /// Compiling a rule costs about 100 ns, so below this it is not worth waking another thread.
    static let compiling = CoreSplit(minimumParallelCount: 32_768, minimumPartCount: 8_192)
    /// Writing a rule takes about 0.3 µs and checking one less; waking another thread and
    /// joining the results costs some tens of microseconds.
    static let writing = CoreSplit(minimumParallelCount: 8_192, minimumPartCount: 4_096)
    /// The bytes of a large rules array, one part per core, none under 256 KiB (about 1,700
    /// rules, some 2 ms of reading).
    static let reading = CoreSplit(minimumParallelCount: 512 * 1024, minimumPartCount: 256 * 1024, maximumParts: cores)
    /// One part: the work runs in order on the calling thread.
    static let one = CoreSplit(minimumParallelCount: .max, minimumPartCount: 0, maximumParts: 1)

    /// Exactly `parts` parts whatever the count (some of them empty when there are fewer
    /// items): for tests that cut small inputs as large ones are cut.
    static func exactly(_ parts: Int) -> CoreSplit {
        CoreSplit(minimumParallelCount: 0, minimumPartCount: 0, maximumParts: parts)
    }

    /// The number of parts for `count` items, at least 1.
    func partCount(for count: Int) -> Int {
        guard count >= minimumParallelCount else { return 1 }
        guard minimumPartCount > 0 else { return maximumParts }
        return max(1, min(maximumParts, count / minimumPartCount))
    }

    /// Part `part` of `parts` contiguous parts of `0 ..< count`, whose sizes differ by at most
    /// one (also the public ``AlarmSchedule/partitions(_:)``).
    static func range(_ part: Int, of parts: Int, count: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
    }

    /// `body` applied to each part of `0 ..< count` (its number and its range), results in
    /// part order; parts run concurrently when there is more than one.
    func map<Result: Sendable>(count: Int, _ body: @Sendable (_ part: Int, _ range: Range<Int>) -> Result) -> [Result] {
        let parts = partCount(for: count)
        guard parts > 1 else { return [body(0, 0..<count)] }
        return Self.concurrentMap(count: parts) { part in body(part, Self.range(part, of: parts, count: count)) }
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
