import Foundation

extension AlarmSchedule {
    /// The soonest fires after `now`, at most `options.cap`, within `options.horizon`.
    ///
    /// A fire `f` is in the window when `now < f <= now + horizon`. Fires are ordered by
    /// instant, then rule id (Unicode code points), then nominal local time, and the plan
    /// holds the first `cap` of that order. The engine reads no clock and no system zone.
    ///
    /// ```swift
    /// let now = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01T00:00:00Z
    /// let plan = schedule.plan(now: now, options: PlanOptions(deviceTimeZone: TimeZone(identifier: "Asia/Tokyo")!))
    /// ```
    /// `extraFires` (snoozes, for instance) join the same order and the same cap; those
    /// outside the window are dropped.
    ///
    /// Options that fill the cap (``PlanOptions/fillingCap(deviceTimeZone:cap:upTo:)``) plan
    /// the same way over their longest window, so the cap rather than the window ends the plan:
    ///
    /// ```swift
    /// let zone = TimeZone(identifier: "Europe/Berlin")!
    /// let week = schedule.plan(now: now, options: PlanOptions(deviceTimeZone: zone))   // 7 days, up to 64 fires
    /// let filled = schedule.plan(now: now, options: .fillingCap(deviceTimeZone: zone)) // 64 fires, up to 366 days
    /// filled.coveredUntil   // the first fire that did not fit, or now + 366 days
    /// ```
    ///
    /// Never traps, whatever `now` and `options` hold. The engine covers local dates
    /// 0001-01-01 … 9999-12-31 only: a fire whose nominal local date (on its rule's clock) falls
    /// outside those years is left out, so near either end the plan is short or empty rather
    /// than wrong; a `now` that is NaN or infinite gives an empty plan. Every fire returned is
    /// strictly after `now` and at or before ``Plan/horizonEnd``.
    ///
    /// - Complexity: O(R log cap) time for R enabled rules in the common case (each rule
    ///   stops at its first fire past the current cut-off, however long the window; days a
    ///   rule cannot fire on, weekdays it lacks and off-phase weeks of every-N-weeks rules,
    ///   are stepped over, not tested), O(cap) memory beyond the compiled
    ///   rules, plus O(zones) offset-table builds and O(e log e) for e extra fires. From
    ///   65,536 rules on, the rules are split into chunks planned on all cores. A window
    ///   longer than 17 days is planned over its first 17 days first (with cached offset
    ///   tables) and over the whole window only when those days hold no more than `cap` fires.
    public func plan(now: Date, options: PlanOptions, including extraFires: [Fire] = []) -> Plan {
        let cap = options.effectiveCap
        let horizonEnd = now.addingTimeInterval(options.effectiveHorizon)
        guard now.timeIntervalSince1970.isFinite else {
            return Plan(
                now: now, deviceTimeZone: options.deviceTimeZone, cap: cap, fires: [], horizonEnd: horizonEnd,
                coveredUntil: horizonEnd, isTruncated: false)
        }
        let lower = CivilArithmetic.wholeSeconds(now)
        let upper = CivilArithmetic.wholeSeconds(horizonEnd)

        // One more than the cap, so the first fire that did not fit is known. A long window
        // (filling the cap, say) is first planned over its first days, whose zone tables are
        // cached: when those days hold cap + 1 fires, every later fire comes after them, so they
        // are the whole window's soonest cap + 1 and a year of tables is not built.
        let shortUpper = lower &+ ZoneTableCache.longestCachedWindow
        var (tables, soonest) = soonestFires(
            deviceTimeZone: options.deviceTimeZone, lower: lower,
            upper: min(upper, shortUpper), count: cap + 1)
        if upper > shortUpper && soonest.count <= cap {
            (tables, soonest) = soonestFires(deviceTimeZone: options.deviceTimeZone, lower: lower, upper: upper, count: cap + 1)
        }

        var candidates = soonest.map {
            makeFire(rule: Int($0.rule), instant: $0.instant, wall: $0.wall, adjustment: $0.adjustment, tables: tables)
        }
        let extras = extraFires.filter { $0.instant > now && $0.instant <= horizonEnd }
        if !extras.isEmpty {
            candidates = (candidates + extras).sorted(by: Fire.precedesInPlan)
        }
        let cut = candidates.count > cap ? candidates[cap] : nil
        return Plan(
            now: now, deviceTimeZone: options.deviceTimeZone, cap: cap, fires: Array(candidates.prefix(cap)),
            horizonEnd: horizonEnd, coveredUntil: cut?.instant ?? horizonEnd, isTruncated: cut != nil)
    }
}

extension AlarmSchedule {
    /// The `count` soonest fires in `(lower, upper]` in plan order, and the tables they were
    /// expanded with. Each chunk of rules keeps its own soonest `count`; the soonest `count`
    /// of their union are the overall ones.
    private func soonestFires(
        deviceTimeZone: TimeZone, lower: Int64, upper: Int64,
        count: Int
    ) -> (ExpansionTables, [PlannedCandidate]) {
        let tables = expansionTables(deviceTimeZone: deviceTimeZone, lower: lower, upper: upper)
        let soonest = withExpansionKernel(tables, lower: lower, upper: upper) { kernel in
            let chunks = CoreSplit.planning.map(count: kernel.rules.count) { _, range in
                kernel.soonestFires(ofRules: range, count: count)
            }
            return chunks.count == 1 ? chunks[0].sorted() : Array(chunks.joined().sorted().prefix(count))
        }
        return (tables, soonest)
    }
}

extension ExpansionKernel {
    /// The `count` soonest fires of the rules in `range`, in no particular order.
    func soonestFires(ofRules range: Range<Int>, count: Int) -> [PlannedCandidate] {
        var heap = BoundedMaxHeap(capacity: count)
        // Fires after the heap's largest cannot enter a full heap, so every rule walks only
        // as far as that cut-off; equal instants still compete on rule and wall time.
        var cutoff = upper
        for index in range where mayFire(ofRule: index, bound: cutoff) {
            walk(ofRule: index, heap: &heap, cutoff: &cutoff)
        }
        return heap.elements
    }

    /// Offers every fire of rule `index` up to `cutoff` to `heap`, tightening `cutoff` as the
    /// heap fills. Out of line: only the few rules ``mayFire(ofRule:bound:)`` lets through
    /// come here, and the loop over all rules keeps its values in registers.
    @inline(never)
    private func walk(ofRule index: Int, heap: inout BoundedMaxHeap, cutoff: inout Int64) {
        var bound = cutoff
        forEachFire(ofRule: index, bound: bound) { instant, wall, adjustment in
            heap.insert(PlannedCandidate(instant: instant, rule: Int32(index), adjustment: adjustment, wall: wall))
            if heap.isFull { bound = heap.largest!.instant }
            return bound
        }
        cutoff = bound
    }
}

/// Plans a rule set in one call: compiles it (see ``AlarmSchedule``) and plans.
///
/// ```swift
/// let rules = try AlarmRuleSet(jsonData: data)
/// let zone = TimeZone(identifier: "America/New_York")!
/// let plan = plan(rules, now: Date(timeIntervalSince1970: 1_796_083_200),  // 2026-12-01T00:00:00Z
///                 options: PlanOptions(deviceTimeZone: zone))
/// for fire in plan.fires { print(fire.id, fire.rfc3339) }
/// ```
/// - Complexity: O(R log R) to compile, then as ``AlarmSchedule/plan(now:options:including:)``.
public func plan(_ rules: AlarmRuleSet, now: Date, options: PlanOptions, including extraFires: [Fire] = []) -> Plan {
    AlarmSchedule(rules).plan(now: now, options: options, including: extraFires)
}

/// Checks `rules` as ``AlarmRuleSet/init(rules:)`` does, then plans them.
///
/// Fire ids are `<rule id>@<local time>` and serve as notification identifiers, so rules with
/// a repeated or malformed id would plan colliding or unparsable ids: those are refused.
///
/// ```swift
/// let zone = TimeZone(identifier: "Europe/Berlin")!
/// let wake = AlarmRule(id: "wake", repeats: .weekly(days: .weekdays), times: [TimeOfDay(hour: 7, minute: 0)!])
/// let plan = try plan([wake], now: now, options: PlanOptions(deviceTimeZone: zone))
/// try plan([wake, wake], now: now, options: PlanOptions(deviceTimeZone: zone))   // throws: "wake" is used twice
/// ```
/// - Throws: ``AlarmRulesError/invalid(_:)`` listing every problem of the rules.
/// - Complexity: O(R) to check, O(R log R) to compile, then as ``AlarmSchedule/plan(now:options:including:)``.
public func plan(
    _ rules: [AlarmRule], now: Date, options: PlanOptions,
    including extraFires: [Fire] = []
) throws(AlarmRulesError) -> Plan {
    try AlarmSchedule(rules: rules).plan(now: now, options: options, including: extraFires)
}
