import Foundation

/// Rules compiled once into the compact form the planner works on.
///
/// Compile when the rules change, then plan as often as needed: each plan only builds a
/// small offset table per zone and walks the compiled rules with integer arithmetic.
/// Disabled rules are dropped here. To change one rule, ``updateRule(_:)`` and
/// ``removeRule(id:)`` edit the compiled schedule without compiling the others.
///
/// A schedule only ever holds valid rules, so every fire id it plans is well formed and
/// unique: compile an ``AlarmRuleSet`` (valid by construction), or an array of rules through
/// ``init(rules:)``, which checks them and throws every problem.
///
/// ```swift
/// let ruleSet = try AlarmRuleSet(jsonData: data)
/// let schedule = AlarmSchedule(ruleSet)
/// let plan = schedule.plan(now: now, options: PlanOptions(deviceTimeZone: zone))
/// ```
public struct AlarmSchedule: Sendable {
    /// Enabled rule ids, sorted by Unicode code point; compiled rule `i` has id `ruleIDs[i]`.
    var ruleIDs: [String]
    var rules: [CompiledRule]
    /// Seconds since midnight, sorted within each rule.
    var times: [Int32]
    /// Skipped day numbers, sorted within each rule.
    var skips: [Int32]
    /// Fixed zones by index; index 0 stands for the device zone and holds UTC as a placeholder.
    var zones: [TimeZone]
    /// Slots of `times` and `skips` that edits left unused (AlarmSchedule+Editing.swift).
    var unused = UnusedSlots()
    /// Offset tables of recent plans, shared by copies of this schedule.
    let zoneTables = ZoneTableCache()

    /// The number of enabled rules.
    public var count: Int { rules.count }

    /// Approximate bytes of compiled state per rule (compiled rules, times and skips; not the
    /// id strings), for capacity planning: the memory figure `Docs/Benchmarks.md` reports.
    ///
    /// ```swift
    /// let schedule = AlarmSchedule(ruleSet)
    /// let megabytes = schedule.compiledBytesPerRule * 1_000_000 / 1_048_576   // for a million such rules
    /// ```
    /// - Complexity: O(1).
    public var compiledBytesPerRule: Double {
        guard !rules.isEmpty else { return 0 }
        let bytes = rules.count * MemoryLayout<CompiledRule>.stride + times.count * 4 + skips.count * 4
        return Double(bytes) / Double(rules.count)
    }

    /// Compiles a rule set.
    ///
    /// - Complexity: O(n log n) for n rules (sorting by id), plus the total number of times and skips.
    public init(_ ruleSet: AlarmRuleSet) {
        self.init(validated: ruleSet.rules)
    }

    /// Checks `rules` as ``AlarmRuleSet/init(rules:)`` does, then compiles them.
    ///
    /// ```swift
    /// let wake = AlarmRule(id: "wake", repeats: .weekly(days: .weekdays), times: [TimeOfDay(hour: 7, minute: 0)!])
    /// let schedule = try AlarmSchedule(rules: [wake])
    /// try AlarmSchedule(rules: [wake, wake])   // throws .invalid: the id "wake" is already used by rule #1
    /// ```
    /// - Throws: ``AlarmRulesError/invalid(_:)`` listing every problem: an invalid or repeated
    ///   id, no days or times, a repeated time, a zone that is not an IANA identifier, …
    /// - Complexity: O(n) to check, then as ``init(_:)``.
    public init(rules: [AlarmRule]) throws(AlarmRulesError) {
        self.init(try AlarmRuleSet(rules: rules))
    }

    /// Compiles rules that passed ``AlarmRuleSet/validationProblems(of:)``. Anything else is
    /// normalised rather than trapped on (times sorted and de-duplicated, `everyWeeks` clamped
    /// to 1...52), but could plan colliding fire ids, which is why this is not public.
    init(validated rules: [AlarmRule]) {
        let order = AlarmSchedule.idOrder(of: rules)
        // Zones by identifier first: hashing a TimeZone and comparing two costs more than
        // hashing its identifier. Equal identifiers are still told apart by `==`.
        var zoneIndex: [String: [(zone: TimeZone, index: UInt16)]] = [:]
        var zones = [TimeZone(identifier: "UTC")!]

        // Pass 1 reads the rules in input order, which keeps memory access sequential for
        // large sets (in id order every rule would be a cache miss), into entries indexed by
        // input position with their times and skips in scratch arrays. Rules are read field
        // by field through a buffer pointer: copying whole rules would retain and release
        // every reference they hold.
        var byPosition = [CompiledRule](
            repeating: CompiledRule(
                weekdayMask: 0, everyWeeks: 1, skipsGap: false, prefersLaterInOverlap: false,
                zoneIndex: 0, timesCount: 0, timesStart: 0, skipsStart: 0, skipsCount: 0,
                firstDay: 0, lastDay: 0, anchorMonday: 0),
            count: rules.count)
        var scratchTimes: [Int32] = []
        scratchTimes.reserveCapacity(order.count * 2)
        var scratchSkips: [Int32] = []
        var ids = [String](repeating: "", count: rules.count)
        rules.withUnsafeBufferPointer { rules in
            for position in rules.indices where rules[position].isEnabled {
                var index: UInt16 = 0
                if case .fixed(let zone) = rules[position].timeZone {
                    let identifier = zone.identifier
                    if let known = zoneIndex[identifier]?.first(where: { $0.zone == zone }) {
                        index = known.index
                    } else {
                        index = UInt16(zones.count)
                        zoneIndex[identifier, default: []].append((zone, index))
                        zones.append(zone)
                    }
                }
                let timesStart = scratchTimes.count
                AlarmSchedule.appendSortedUnique(rules[position].times, to: &scratchTimes)
                let skipsStart = scratchSkips.count
                for date in rules[position].skippedDates { scratchSkips.append(Int32(clamping: date.daysSinceEpoch)) }
                if scratchSkips.count - skipsStart > 1 { scratchSkips[skipsStart...].sort() }

                var entry = CompiledRule(
                    weekdayMask: 0x7F, everyWeeks: 1, skipsGap: rules[position].gapPolicy == .skip,
                    prefersLaterInOverlap: rules[position].overlapPolicy == .last, zoneIndex: index,
                    timesCount: UInt32(scratchTimes.count - timesStart), timesStart: Int32(timesStart),
                    skipsStart: Int32(skipsStart), skipsCount: Int32(scratchSkips.count - skipsStart),
                    firstDay: Int32.min, lastDay: Int32.max, anchorMonday: 0)
                switch rules[position].repeats {
                case .weekly(let days, let everyWeeks, let start, let end):
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
                byPosition[position] = entry
                ids[position] = rules[position].id
            }
        }

        // Pass 2 lays the entries out in id order, their times and skips contiguous with them.
        var compiled: [CompiledRule] = []
        compiled.reserveCapacity(order.count)
        var times = [Int32](repeating: 0, count: scratchTimes.count)
        var skips = [Int32](repeating: 0, count: scratchSkips.count)
        times.withUnsafeMutableBufferPointer { times in
            skips.withUnsafeMutableBufferPointer { skips in
                var timesCount = 0
                var skipsCount = 0
                for position in order {
                    var entry = byPosition[position]
                    for offset in 0..<Int(entry.timesCount) { times[timesCount + offset] = scratchTimes[Int(entry.timesStart) + offset] }
                    for offset in 0..<Int(entry.skipsCount) { skips[skipsCount + offset] = scratchSkips[Int(entry.skipsStart) + offset] }
                    entry.timesStart = Int32(timesCount)
                    entry.skipsStart = Int32(skipsCount)
                    timesCount += Int(entry.timesCount)
                    skipsCount += Int(entry.skipsCount)
                    compiled.append(entry)
                }
            }
        }
        ruleIDs = order.map { ids[$0] }
        self.rules = compiled
        self.times = times
        self.skips = skips
        self.zones = zones
    }

    /// Appends the seconds since midnight of `source`, sorted and without duplicates: at most
    /// 86,400 distinct values, which ``CompiledRule/timesCount`` holds. Every time is kept, so
    /// a rule plans exactly the times that validation and ``FireExplanation`` see.
    private static func appendSortedUnique(_ source: [TimeOfDay], to times: inout [Int32]) {
        let start = times.count
        for time in source { times.append(Int32(time.secondsSinceMidnight)) }
        times.withUnsafeMutableBufferPointer { buffer in
            var added = UnsafeMutableBufferPointer(rebasing: buffer[start...])
            if added.count <= 8 {
                // Insertion sort: rules have a handful of times.
                for index in added.indices.dropFirst() {
                    let value = added[index]
                    var slot = index
                    while slot > 0 && added[slot - 1] > value {
                        added[slot] = added[slot - 1]
                        slot -= 1
                    }
                    added[slot] = value
                }
            } else {
                added.sort()
            }
        }
        var kept = start
        for reading in start..<times.count where kept == start || times[reading] != times[kept - 1] {
            times[kept] = times[reading]
            kept += 1
        }
        times.removeSubrange(kept...)
    }

    /// Positions of the enabled rules in `rules`, ordered by id (Unicode code points, which
    /// is UTF-8 byte order), equal ids in input order.
    ///
    /// Sorts 16-byte keys holding the first eight UTF-8 bytes of each id, comparing whole ids
    /// only when those are equal: much cheaper than moving whole rules or walking Unicode scalars.
    static func idOrder(of rules: [AlarmRule]) -> [Int] {
        struct Key {
            var prefix: UInt64
            var position: Int
        }
        return rules.withUnsafeBufferPointer { rules in
            var keys: [Key] = []
            keys.reserveCapacity(rules.count)
            for position in rules.indices where rules[position].isEnabled {
                var prefix: UInt64 = 0
                var shift: UInt64 = 56
                for byte in rules[position].id.utf8.prefix(8) {
                    prefix |= UInt64(byte) << shift
                    shift &-= 8
                }
                keys.append(Key(prefix: prefix, position: position))
            }
            keys.sort { a, b in
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                let idA = rules[a.position].id.utf8
                let idB = rules[b.position].id.utf8
                if idA.elementsEqual(idB) { return a.position < b.position }
                return idA.lexicographicallyPrecedes(idB)
            }
            return keys.map(\.position)
        }
    }

    /// One window per zone of the schedule, index 0 being the device zone.
    func zoneWindows(deviceTimeZone: TimeZone, lower: Int64, upper: Int64) -> [ZoneWindow] {
        zones.indices.map { ZoneWindow(zone: $0 == 0 ? deviceTimeZone : zones[$0], lower: lower, upper: upper) }
    }

    /// The expansion tables of a window, from ``zoneTables`` where it can.
    func expansionTables(deviceTimeZone: TimeZone, lower: Int64, upper: Int64) -> ExpansionTables {
        var windowZones = zones
        windowZones[0] = deviceTimeZone
        return ExpansionTables(windows: zoneTables.windows(zones: windowZones, lower: lower, upper: upper))
    }

    /// The eligibility checks compiled rule `index` fails on day number `day`
    /// (``CompiledRule/failedChecks(day:skips:)``); empty when it fires that day.
    func failedChecks(ofRule index: Int, day: Int64) -> CompiledRule.FailedChecks {
        skips.withUnsafeBufferPointer { rules[index].failedChecks(day: day, skips: $0) }
    }

    /// Builds the public ``Fire`` for a compiled fire, as ``fire(for:deviceTimeZone:)`` does.
    func makeFire(rule index: Int, instant: Int64, wall: Int64, adjustment: FireAdjustment, tables: ExpansionTables) -> Fire {
        let day = CivilArithmetic.floorDiv(wall, CivilArithmetic.secondsPerDay)
        let occurrence = Occurrence(
            instantSeconds: instant, day: day,
            secondOfDay: Int32(truncatingIfNeeded: wall &- day &* CivilArithmetic.secondsPerDay),
            rule: Int32(index), adjustment: adjustment)
        return makeFire(occurrence, deviceTimeZone: tables.zones[0])
    }
}
