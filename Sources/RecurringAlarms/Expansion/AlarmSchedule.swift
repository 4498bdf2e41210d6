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
    /// Offset tables of recent plans, shared by every schedule of the process: a backend that
    /// plans a million small books asks `TimeZone` for each zone and week once, not per book.
    let zoneTables = ZoneTableCache.shared

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
    /// - Complexity: O(n) for n rules (a radix sort of the ids' first eight bytes; only ids that
    ///   share those are compared whole, O(k log k) for k of them), plus the total number of
    ///   times and skips. Large sets compile on all cores.
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
        // Compiling checks every rule on the way and finds repeated ids in the sorted ids, so a
        // valid set is read once; only a set with a problem is validated again, for the messages.
        if let parts = AlarmSchedule.compile(rules, checking: true) {
            self.init(parts)
        } else {
            self.init(try AlarmRuleSet(rules: rules))
        }
    }

    /// Compiles rules that passed ``AlarmRuleSet/validationProblems(of:)``. Anything else is
    /// normalised rather than trapped on (times sorted and de-duplicated, `everyWeeks` clamped
    /// to 1...52), but could plan colliding fire ids, which is why this is not public.
    init(validated rules: [AlarmRule]) {
        // Not checking, compiling always succeeds.
        self.init(AlarmSchedule.compile(rules, checking: false)!)
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
