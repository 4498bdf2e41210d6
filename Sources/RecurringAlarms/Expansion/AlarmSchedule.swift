import Foundation

/// Rules compiled once into the compact form the planner works on.
///
/// Compile when the rules change, then plan as often as needed: each plan only builds a
/// small offset table per zone and walks the compiled rules with integer arithmetic.
/// Disabled rules are dropped here. Compilation never fails; it expects rules that passed
/// ``AlarmRuleSet/validationProblems(of:)`` and, for anything else, normalises instead of
/// trapping (times are sorted and de-duplicated, `everyWeeks` is clamped to 1...52).
///
/// ```swift
/// let schedule = AlarmSchedule(rules: ruleSet.rules)
/// let plan = schedule.plan(now: now, options: PlanOptions(deviceTimeZone: zone))
/// ```
public struct AlarmSchedule: Sendable {
    /// Enabled rule ids, sorted by Unicode code point; compiled rule `i` has id `ruleIDs[i]`.
    let ruleIDs: [String]
    let rules: [CompiledRule]
    /// Seconds since midnight, sorted within each rule.
    let times: [Int32]
    /// Skipped day numbers, sorted within each rule.
    let skips: [Int32]
    /// Fixed zones by index; index 0 stands for the device zone and holds UTC as a placeholder.
    let zones: [TimeZone]

    /// The number of enabled rules.
    public var count: Int { rules.count }

    /// Approximate bytes of compiled state per rule (excluding id strings), for capacity planning.
    public var compiledBytesPerRule: Double {
        guard !rules.isEmpty else { return 0 }
        let bytes = rules.count * MemoryLayout<CompiledRule>.stride + times.count * 4 + skips.count * 4
        return Double(bytes) / Double(rules.count)
    }

    /// Compiles `rules`.
    ///
    /// - Complexity: O(n log n) for n rules (sorting by id), plus the total number of times and skips.
    public init(rules: [AlarmRule]) {
        let enabled = rules.filter(\.isEnabled).sorted { $0.id.unicodeScalars.lexicographicallyPrecedes($1.id.unicodeScalars) }
        var zoneIndex: [TimeZone: UInt16] = [:]
        var zones = [TimeZone(identifier: "UTC")!]
        var compiled: [CompiledRule] = []
        compiled.reserveCapacity(enabled.count)
        var times: [Int32] = []
        var skips: [Int32] = []

        for rule in enabled {
            var index: UInt16 = 0
            if case .fixed(let zone) = rule.timeZone {
                if let known = zoneIndex[zone] {
                    index = known
                } else {
                    index = UInt16(zones.count)
                    zoneIndex[zone] = index
                    zones.append(zone)
                }
            }
            let sortedTimes = Set(rule.times.map { Int32($0.secondsSinceMidnight) }).sorted()
            let sortedSkips = rule.skippedDates.map { Int32(clamping: $0.daysSinceEpoch) }.sorted()
            var entry = CompiledRule(weekdayMask: 0x7F, everyWeeks: 1, skipsGap: rule.gapPolicy == .skip,
                                     prefersLaterInOverlap: rule.overlapPolicy == .last, zoneIndex: index,
                                     timesCount: UInt16(clamping: sortedTimes.count), timesStart: Int32(times.count),
                                     skipsStart: Int32(skips.count), skipsCount: Int32(sortedSkips.count),
                                     firstDay: Int32.min, lastDay: Int32.max, anchorMonday: 0)
            switch rule.repeats {
            case let .weekly(days, everyWeeks, start, end):
                entry.weekdayMask = days.rawValue
                entry.everyWeeks = UInt8(min(max(everyWeeks, 1), 52))
                if let start {
                    entry.firstDay = Int32(clamping: start.daysSinceEpoch)
                    entry.anchorMonday = Int32(clamping: CivilArithmetic.monday(ofDay: start.daysSinceEpoch))
                }
                if let end { entry.lastDay = Int32(clamping: end.daysSinceEpoch) }
                if start == nil { entry.everyWeeks = 1 }
            case .once(let date):
                entry.firstDay = Int32(clamping: date.daysSinceEpoch)
                entry.lastDay = entry.firstDay
            }
            times += sortedTimes.prefix(Int(UInt16.max))
            skips += sortedSkips
            compiled.append(entry)
        }
        ruleIDs = enabled.map(\.id)
        self.rules = compiled
        self.times = times
        self.skips = skips
        self.zones = zones
    }

    /// One window per zone of the schedule, index 0 being the device zone.
    func zoneWindows(deviceTimeZone: TimeZone, lower: Int64, upper: Int64) -> [ZoneWindow] {
        zones.indices.map { ZoneWindow(zone: $0 == 0 ? deviceTimeZone : zones[$0], lower: lower, upper: upper) }
    }

    /// Whether compiled rule `rule` fires on day number `day` (weekday, every-N-weeks phase, skips;
    /// the first/last day bounds are applied by the caller's loop).
    @inline(__always)
    func isEligible(_ rule: CompiledRule, day: Int64) -> Bool {
        let weekdayBit = UInt8(1) << UInt8(CivilArithmetic.floorMod(day + 3, 7))
        guard rule.weekdayMask & weekdayBit != 0 else { return false }
        if rule.everyWeeks > 1 {
            let weeks = (CivilArithmetic.monday(ofDay: day) - Int64(rule.anchorMonday)) / 7
            guard CivilArithmetic.floorMod(weeks, Int64(rule.everyWeeks)) == 0 else { return false }
        }
        if rule.skipsCount > 0 {
            let target = Int32(clamping: day)
            var low = Int(rule.skipsStart), high = low + Int(rule.skipsCount)
            while low < high {
                let middle = (low + high) / 2
                if skips[middle] < target { low = middle + 1 } else { high = middle }
            }
            if low < Int(rule.skipsStart) + Int(rule.skipsCount) && skips[low] == target { return false }
        }
        return true
    }

    /// Calls `body` for each fire of compiled rule `index` with `lower < instant <= upper`,
    /// in nominal wall-time order. `body` returns the current pruning bound: once every
    /// remaining wall time of the rule must resolve after it, the walk stops.
    ///
    /// This is the one expansion loop; the planner and the fire sequence both use it.
    /// - Complexity: O(days × times) in the worst case, usually O(1) once the bound is tight.
    @inline(__always)
    func forEachFire(ofRule index: Int, in window: ZoneWindow, lower: Int64, upper: Int64,
                     _ body: (_ instant: Int64, _ wall: Int64, _ adjustment: FireAdjustment) -> Int64) {
        let rule = rules[index]
        let table = window.table
        let timesRange = Int(rule.timesStart)..<(Int(rule.timesStart) + Int(rule.timesCount))
        guard !timesRange.isEmpty else { return }
        var bound = upper
        var day = max(window.firstDay, Int64(rule.firstDay))
        let lastDay = min(window.lastDay, Int64(rule.lastDay))
        let earliestTime = Int64(times[timesRange.lowerBound])
        while day <= lastDay {
            let midnight = day * CivilArithmetic.secondsPerDay
            if midnight + earliestTime - table.maxOffset > bound { return }
            if isEligible(rule, day: day) {
                for timeIndex in timesRange {
                    let wall = midnight + Int64(times[timeIndex])
                    if wall - table.minOffset <= lower { continue }
                    if wall - table.maxOffset > bound { return }
                    let instant: Int64
                    let adjustment: FireAdjustment
                    switch table.resolve(wall: wall) {
                    case .unique(let value):
                        instant = value
                        adjustment = .none
                    case .gap(let shifted, _):
                        if rule.skipsGap { continue }
                        instant = shifted
                        adjustment = .gapShifted
                    case .overlap(let earlier, let later):
                        instant = rule.prefersLaterInOverlap ? later : earlier
                        adjustment = rule.prefersLaterInOverlap ? .overlapLast : .overlapFirst
                    }
                    if instant <= lower || instant > upper { continue }
                    bound = body(instant, wall, adjustment)
                }
            }
            day += 1
        }
    }

    /// Builds the public ``Fire`` for a compiled fire.
    func makeFire(rule index: Int, instant: Int64, wall: Int64, adjustment: FireAdjustment, windows: [ZoneWindow]) -> Fire {
        let window = windows[Int(rules[index].zoneIndex)]
        return Fire(ruleID: ruleIDs[index], instant: Date(timeIntervalSince1970: Double(instant)),
                    local: LocalDateTime(wallSeconds: wall), timeZone: window.zone,
                    utcOffsetSeconds: Int(window.table.offset(atInstant: instant)), adjustment: adjustment,
                    isFloating: rules[index].zoneIndex == 0)
    }
}
