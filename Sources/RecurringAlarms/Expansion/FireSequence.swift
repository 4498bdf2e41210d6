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
    public func fires(after: Date, through: Date, deviceTimeZone: TimeZone) -> some Sequence<Fire> & Sendable {
        FireSequence(schedule: self, deviceTimeZone: deviceTimeZone,
                     lower: CivilArithmetic.wholeSeconds(after), upper: CivilArithmetic.wholeSeconds(through))
    }

    /// Calls `body` with the instant (seconds since 1970) and rule index of every fire in
    /// `(lower, upper]`: the allocation-free path under ``fires(after:through:deviceTimeZone:)``.
    func forEachFire(lower: Int64, upper: Int64, deviceTimeZone: TimeZone, _ body: (Int64, Int) -> Void) {
        let windows = zoneWindows(deviceTimeZone: deviceTimeZone, lower: lower, upper: upper)
        for index in rules.indices {
            forEachFire(ofRule: index, in: windows[Int(rules[index].zoneIndex)], lower: lower, upper: upper) { instant, _, _ in
                body(instant, index)
                return upper
            }
        }
    }
}

/// Fires of a schedule in a window, produced one rule at a time into a reused buffer.
struct FireSequence: Sequence, Sendable {
    let schedule: AlarmSchedule
    let deviceTimeZone: TimeZone
    let lower: Int64
    let upper: Int64

    func makeIterator() -> Iterator {
        Iterator(schedule: schedule, windows: schedule.zoneWindows(deviceTimeZone: deviceTimeZone, lower: lower, upper: upper),
                 lower: lower, upper: upper)
    }

    struct Iterator: IteratorProtocol {
        let schedule: AlarmSchedule
        let windows: [ZoneWindow]
        let lower: Int64
        let upper: Int64
        var nextRule = 0
        var buffer: [PlannedCandidate] = []
        var position = 0

        init(schedule: AlarmSchedule, windows: [ZoneWindow], lower: Int64, upper: Int64) {
            self.schedule = schedule
            self.windows = windows
            self.lower = lower
            self.upper = upper
        }

        mutating func next() -> Fire? {
            while position == buffer.count {
                guard nextRule < schedule.rules.count else { return nil }
                buffer.removeAll(keepingCapacity: true)
                position = 0
                let rule = nextRule
                let upper = self.upper
                schedule.forEachFire(ofRule: rule, in: windows[Int(schedule.rules[rule].zoneIndex)], lower: lower, upper: upper) { instant, wall, adjustment in
                    buffer.append(PlannedCandidate(instant: instant, rule: Int32(rule), adjustment: adjustment, wall: wall))
                    return upper
                }
                nextRule += 1
            }
            let candidate = buffer[position]
            position += 1
            return schedule.makeFire(rule: Int(candidate.rule), instant: candidate.instant, wall: candidate.wall,
                                     adjustment: candidate.adjustment, windows: windows)
        }
    }
}
