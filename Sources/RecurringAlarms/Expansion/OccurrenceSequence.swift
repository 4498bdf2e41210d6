import Foundation

extension AlarmSchedule {
    /// Every fire with `after < instant <= through` as plain ``Occurrence`` values, without
    /// building an array: the fast way to count, filter or aggregate the fires of a large schedule.
    ///
    /// Occurrences come rule by rule (rules in id order), each rule's in nominal wall-time
    /// order, exactly as ``fires(after:through:deviceTimeZone:)`` yields them; use
    /// ``plan(now:options:including:)`` for the soonest-first order under a cap. Pass `rules` to expand
    /// only some of the rules, for instance one of ``partitions(_:)`` per thread.
    ///
    /// ```swift
    /// let after = Date(timeIntervalSince1970: 1_796_083_200)    // 2026-12-01T00:00:00Z
    /// let through = after.addingTimeInterval(7 * 86_400)        // 2026-12-08T00:00:00Z
    /// let zone = TimeZone(identifier: "Asia/Tokyo")!
    /// var adjusted = 0
    /// for occurrence in schedule.occurrences(after: after, through: through, deviceTimeZone: zone)
    ///     where occurrence.adjustment != .none {
    ///     adjusted += 1
    /// }
    ///
    /// // Counted on two cores, half of the rules each:
    /// let total = await withTaskGroup(of: Int.self) { group in
    ///     for part in schedule.partitions(2) {
    ///         group.addTask {
    ///             schedule.occurrences(after: after, through: through, deviceTimeZone: zone, rules: part)
    ///                 .reduce(0) { count, _ in count + 1 }
    ///         }
    ///     }
    ///     return await group.reduce(0, +)
    /// }
    /// ```
    ///
    /// Each occurrence stays valid with the schedule it came from: turn one into its rule id
    /// with ``ruleID(of:)`` or into a ``Fire`` with ``fire(for:deviceTimeZone:)``, passing the
    /// same `deviceTimeZone`.
    ///
    /// - Parameters:
    ///   - after: Occurrences are strictly after this instant (read in whole seconds, rounded down).
    ///   - through: Occurrences are at or before this instant; nothing when it is not after `after`
    ///     or either is NaN. Only local dates 0001-01-01 … 9999-12-31 are expanded, so infinite
    ///     or distant bounds are safe (but a window of centuries is slow: O(days × rules)).
    ///   - deviceTimeZone: The zone floating rules follow.
    ///   - rules: Positions of the rules to expand (`0 ..< count`, id order); `nil`, the default,
    ///     for all. A range reaching past the rules is clamped to them.
    /// - Returns: A sequence that expands the rules as it is iterated, 512 occurrences at a
    ///   time into a buffer it reuses; each iteration starts over and yields the same occurrences.
    /// - Complexity: O(zones) to start (offset tables, shared with recent plans); then O(1)
    ///   amortised per occurrence and per candidate day of the rules in `rules`. Memory: the
    ///   window's offset tables and 12 KB per iterator, however many occurrences there are.
    @inlinable
    public func occurrences(
        after: Date, through: Date, deviceTimeZone: TimeZone,
        rules: Range<Int>? = nil
    ) -> some Sequence<Occurrence> & Sendable {
        OccurrenceSequence(schedule: self, after: after, through: through, deviceTimeZone: deviceTimeZone, rules: rules)
    }

    /// The schedule's rules split into `count` contiguous ranges of positions, in order, whose
    /// sizes differ by at most one: pass each to
    /// ``occurrences(after:through:deviceTimeZone:rules:)`` on a thread of its own.
    ///
    /// ```swift
    /// let schedule = try AlarmSchedule(rules: rules)   // 10 enabled rules
    /// schedule.partitions(3)                           // [0..<3, 3..<6, 6..<10]
    /// schedule.partitions(1)                           // [0..<10]
    /// ```
    /// Together the ranges cover `0 ..< self.count` exactly once, so the partitions' occurrences
    /// together are the schedule's. Ranges are empty when `count` exceeds the rules; a `count`
    /// below 1 counts as 1. One partition per core suits otherwise idle cores; a few per
    /// core, handed out by a pool (a task group, `DispatchQueue.concurrentPerform`), let the
    /// other cores take over from one slowed by other work.
    ///
    /// - Complexity: O(`count`).
    public func partitions(_ count: Int) -> [Range<Int>] {
        let parts = max(count, 1)
        return (0..<parts).map { CoreSplit.range($0, of: parts, count: rules.count) }
    }

    /// Calls `body` with the instant (seconds since 1970) and rule index of every fire in
    /// `(lower, upper]`: the sequence's expansion without a buffer, for counting.
    func forEachFire(lower: Int64, upper: Int64, deviceTimeZone: TimeZone, _ body: (Int64, Int) -> Void) {
        let tables = expansionTables(deviceTimeZone: deviceTimeZone, lower: lower, upper: upper)
        withExpansionKernel(tables, lower: lower, upper: upper) { kernel in
            for index in kernel.rules.indices {
                kernel.forEachFire(ofRule: index, bound: upper) { instant, _, _ in
                    body(instant, index)
                    return upper
                }
            }
        }
    }
}

/// Occurrences of some of a schedule's rules in a window, expanded by
/// ``ExpansionKernel/forEachFire(ofRule:resumeWall:bound:_:)`` into a fixed buffer a
/// batch at a time: a refill stops when the buffer is full, even inside a rule, and the next
/// one resumes that rule after the last wall time it produced. Memory stays at one batch
/// whatever the window or the number of times a rule has.
///
/// Visible to inlinable code only so that callers iterate the concrete type rather than
/// the opaque `some Sequence`: ``Iterator/next()`` then inlines into the caller's loop as a
/// buffer read, and only a refill is a call. Its members stay internal.
@usableFromInline
struct OccurrenceSequence: Sequence, Sendable {
    let schedule: AlarmSchedule
    let deviceTimeZone: TimeZone
    let lower: Int64
    let upper: Int64
    /// The positions to expand, within the schedule's rules.
    let rules: Range<Int>

    @usableFromInline
    init(schedule: AlarmSchedule, after: Date, through: Date, deviceTimeZone: TimeZone, rules: Range<Int>?) {
        self.schedule = schedule
        self.deviceTimeZone = deviceTimeZone
        lower = CivilArithmetic.wholeSeconds(after)
        // A NaN bound names no window: nothing is expanded.
        upper = after.timeIntervalSince1970.isNaN || through.timeIntervalSince1970.isNaN ? lower : CivilArithmetic.wholeSeconds(through)
        self.rules = (rules ?? schedule.rules.indices).clamped(to: schedule.rules.indices)
    }

    @usableFromInline
    func makeIterator() -> Iterator {
        Iterator(
            schedule: schedule, tables: schedule.expansionTables(deviceTimeZone: deviceTimeZone, lower: lower, upper: upper),
            lower: lower, upper: upper, rules: rules)
    }

    @usableFromInline
    struct Iterator: IteratorProtocol {
        /// Occurrences per batch (12 KB): small enough for the L1 cache, large enough that a
        /// refill's setup is a small share of it.
        static let batch = 512

        /// The current batch: `filled` occurrences, then unused slots; allocated by the first refill.
        @usableFromInline var buffer: [Occurrence] = []
        @usableFromInline var filled = 0
        /// The position in `buffer` of the next occurrence to return.
        @usableFromInline var position = 0
        let schedule: AlarmSchedule
        let tables: ExpansionTables
        let lower: Int64
        let upper: Int64
        /// Where the next refill starts: a rule, and the wall time from which it resumes
        /// (`Int64.min` for the whole rule).
        var nextRule: Int
        var resumeWall = Int64.min
        let endRule: Int

        init(schedule: AlarmSchedule, tables: ExpansionTables, lower: Int64, upper: Int64, rules: Range<Int>) {
            self.schedule = schedule
            self.tables = tables
            self.lower = lower
            self.upper = upper
            nextRule = rules.lowerBound
            endRule = rules.upperBound
        }

        @inlinable
        mutating func next() -> Occurrence? {
            if position < filled {
                defer { position &+= 1 }
                // `0 <= position < filled <= buffer.count`: read without a second bounds check.
                return buffer.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped[position] }
            }
            return refillAndNext()
        }

        /// Fills the buffer from `nextRule` on and returns its first occurrence, or `nil` when
        /// the rules have run out.
        @usableFromInline
        mutating func refillAndNext() -> Occurrence? {
            filled = 0
            position = 0
            guard nextRule < endRule else { return nil }
            if buffer.isEmpty {
                buffer = Array(
                    repeating: Occurrence(instantSeconds: 0, day: 0, secondOfDay: 0, rule: 0, adjustment: .none),
                    count: Self.batch)
            }
            var cursor = (rule: nextRule, resumeWall: resumeWall)
            let count = buffer.withUnsafeMutableBufferPointer { buffer in
                schedule.withExpansionKernel(tables, lower: lower, upper: upper) { kernel in
                    kernel.fill(buffer, from: &cursor, through: endRule)
                }
            }
            nextRule = cursor.rule
            resumeWall = cursor.resumeWall
            filled = count
            guard count > 0 else { return nil }
            position = 1
            return buffer[0]
        }
    }
}

extension ExpansionKernel {
    /// Writes the occurrences of rules `cursor.rule ..< end` into `slots` until they are full
    /// or the rules run out, and returns how many it wrote. `cursor` ends where the next fill
    /// starts: the rule, and the wall time from which it resumes (`Int64.min` for the whole rule).
    ///
    /// Everything the loop updates is a local here, so it stays in registers.
    @inline(never)
    func fill(
        _ slots: UnsafeMutableBufferPointer<Occurrence>, from cursor: inout (rule: Int, resumeWall: Int64),
        through end: Int
    ) -> Int {
        guard let base = slots.baseAddress, !slots.isEmpty else { return 0 }
        let capacity = slots.count
        let upper = self.upper
        var rule = cursor.rule
        var resume = cursor.resumeWall
        var count = 0
        while rule < end {
            let index = Int32(truncatingIfNeeded: rule)
            forEachFire(ofRule: rule, resumeWall: resume, bound: upper) { instant, _, day, secondOfDay, adjustment in
                base[count] = Occurrence(instantSeconds: instant, day: day, secondOfDay: secondOfDay, rule: index, adjustment: adjustment)
                count &+= 1
                return count == capacity ? .min : upper
            }
            if count == capacity {
                // Full, possibly inside this rule: resume it a second after its last occurrence.
                resume = base[count &- 1].wallSeconds &+ 1
                break
            }
            rule &+= 1
            resume = .min
        }
        cursor = (rule, resume)
        return count
    }
}
