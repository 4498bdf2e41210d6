import Foundation

extension AlarmSchedule {
    /// Every fire with `after < instant <= through`, without building an array.
    ///
    /// Fires come rule by rule (rules in id order), each rule's in nominal wall-time order;
    /// use ``plan(now:options:)`` for the soonest-first order under a cap.
    ///
    /// ```swift
    /// let count = schedule.fires(after: now, through: now + 7 * 86_400, deviceTimeZone: zone)
    ///     .reduce(0) { count, _ in count + 1 }
    /// ```
    /// - Complexity: O(zones) to start; then O(1) amortised per fire and per candidate day.
    @inlinable
    public func fires(after: Date, through: Date, deviceTimeZone: TimeZone) -> some Sequence<Fire> & Sendable {
        FireSequence(schedule: self, after: after, through: through, deviceTimeZone: deviceTimeZone)
    }

    /// Calls `body` with the instant (seconds since 1970) and rule index of every fire in
    /// `(lower, upper]`: the allocation-free path under ``fires(after:through:deviceTimeZone:)``.
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

/// Fires of a schedule in a window, expanded a batch of rules at a time into a reused buffer.
///
/// Visible to inlinable code only so that callers iterate the concrete type rather than
/// the opaque `some Sequence`, which saves a dynamic call per fire; its members stay internal.
@usableFromInline
struct FireSequence: Sequence, Sendable {
    let schedule: AlarmSchedule
    let deviceTimeZone: TimeZone
    let lower: Int64
    let upper: Int64

    @usableFromInline
    init(schedule: AlarmSchedule, after: Date, through: Date, deviceTimeZone: TimeZone) {
        self.schedule = schedule
        self.deviceTimeZone = deviceTimeZone
        lower = CivilArithmetic.wholeSeconds(after)
        upper = CivilArithmetic.wholeSeconds(through)
    }

    @usableFromInline
    func makeIterator() -> Iterator {
        Iterator(schedule: schedule, tables: schedule.expansionTables(deviceTimeZone: deviceTimeZone, lower: lower, upper: upper),
                 lower: lower, upper: upper)
    }

    @usableFromInline
    struct Iterator: IteratorProtocol {
        /// A refill stops after the rule that brings the buffer to this many fires.
        static let batchFires = 256

        let schedule: AlarmSchedule
        let tables: ExpansionTables
        let lower: Int64
        let upper: Int64
        var nextRule = 0
        var buffer: [PlannedCandidate] = []
        var position = 0

        init(schedule: AlarmSchedule, tables: ExpansionTables, lower: Int64, upper: Int64) {
            self.schedule = schedule
            self.tables = tables
            self.lower = lower
            self.upper = upper
        }

        @usableFromInline
        mutating func next() -> Fire? {
            if position == buffer.count {
                refill()
                if buffer.isEmpty { return nil }
            }
            let candidate = buffer[position]
            position += 1
            return schedule.makeFire(rule: Int(candidate.rule), instant: candidate.instant, wall: candidate.wall,
                                     adjustment: candidate.adjustment, tables: tables)
        }

        /// Expands rules from `nextRule` until the buffer holds a batch or the rules run out.
        private mutating func refill() {
            buffer.removeAll(keepingCapacity: true)
            position = 0
            guard nextRule < schedule.rules.count else { return }
            let upper = self.upper
            var rule = nextRule
            schedule.withExpansionKernel(tables, lower: lower, upper: upper) { kernel in
                while rule < kernel.rules.count && buffer.count < Self.batchFires {
                    kernel.forEachFire(ofRule: rule, bound: upper) { instant, wall, adjustment in
                        buffer.append(PlannedCandidate(instant: instant, rule: Int32(rule), adjustment: adjustment, wall: wall))
                        return upper
                    }
                    rule += 1
                }
            }
            nextRule = rule
        }
    }
}
