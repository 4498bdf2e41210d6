import Foundation

/// Plans `rules` for AlarmKit: one repeating alarm per (rule, time) that AlarmKit's
/// `.relative(time, repeats: .weekly(days))` rings exactly as the engine plans it, one-shot
/// fires (`.fixed(Date)`) for everything else, all under `budget`.
///
/// A rule's time repeats when both hold:
/// - it qualifies: its rule passes the hybrid plan's test (enabled, floating, weekly every
///   week, already started, no end date, no skip date from today on; see
///   ``hybridPlan(_:now:options:including:)``), the time has no seconds (AlarmKit takes hour
///   and minute), and it falls in no daylight-saving gap or overlap of the device zone on the
///   rule's weekdays within two years (what AlarmKit does there is undocumented, so it is
///   never relied on). Eligibility is per time: a rule at 07:30 and 07:30:15 repeats 07:30
///   and keeps 07:30:15 one-shot, because each time is its own AlarmKit alarm;
/// - it has at least one fire in the one-shot plan: first the plan of all the rules with a
///   cap of `budget`, then, in rounds, the plan of what is still one-shot in the budget left.
///   Each repeating alarm takes one alarm of the budget and replaces at least one one-shot
///   fire, so the repeating alarms never exceed the budget and the one-shot fires, planned
///   in the rest (``Plan/cap`` = budget − repeating), cover at least as far as the
///   all-one-shot plan.
///
/// Times of a rule left one-shot are planned as that rule with its repeating times removed, so
/// their fire ids are unchanged; a gap-shifted fire that lands on one of the rule's repeating
/// alarms is dropped, as the engine rings one rule once per instant. Snoozes (`extraFires`)
/// stay one-shot. `budget` is clamped to 0 … ``PlanOptions/maximumCap``; `options.cap` is not
/// used.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// let wake = AlarmRule(id: "wake", repeats: .weekly(days: .weekdays), times: [TimeOfDay(hour: 7, minute: 30)!])
/// let night = AlarmRule(id: "night", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 2, minute: 30)!])
/// let now = Date(timeIntervalSince1970: 1_796_083_200)   // 2026-12-01T00:00:00Z
/// let kit = try alarmKitPlan([wake, night], now: now, options: PlanOptions(deviceTimeZone: berlin), budget: 64)
/// kit.repeating.map(\.id)         // ["wake#weekly-mon+tue+wed+thu+fri-07:30:00"]
/// kit.oneShot.fires.first?.id     // "night@2026-12-01T02:30:00": 02:30 falls in Berlin's March gap
/// ```
///
/// - Throws: ``AlarmRulesError/invalid(_:)`` listing every problem of the rules.
/// - Complexity: one plan (as ``AlarmSchedule/plan(now:options:including:)``) per round, at
///   most one round per qualifying (rule, time) and usually two, O(R) to check R rules, plus
///   O(t × d) for their t times and the d daylight-saving changes of the device zone in two
///   years (read once).
public func alarmKitPlan(
    _ rules: [AlarmRule], now: Date, options: PlanOptions, budget: Int,
    including extraFires: [Fire] = []
) throws(AlarmRulesError) -> AlarmKitPlan {
    var rest = options
    rest.cap = min(max(budget, 0), PlanOptions.maximumCap)
    let budget = rest.cap
    var oneShot = try AlarmSchedule(rules: rules).plan(now: now, options: rest, including: extraFires)
    guard now.timeIntervalSince1970.isFinite else { return AlarmKitPlan(repeating: [], oneShot: oneShot) }

    let eligibility = RepeatingEligibility(now: now, deviceTimeZone: options.deviceTimeZone)
    var candidates: [RepeatingAlarm] = []
    for rule in rules {
        guard let days = eligibility.repeatingDays(of: rule) else { continue }
        for time in rule.times where time.second == 0 && !eligibility.falls(time, on: days) {
            candidates.append(RepeatingAlarm(ruleID: rule.id, weekdays: days, time: time))
        }
    }
    var repeating: [RepeatingAlarm] = []
    var repeatingTimes: [String: Set<TimeOfDay>] = [:]
    // Each round moves the (rule, time) pairs that have a fire in the current one-shot plan,
    // then plans the rest again in the budget left: its coverage only grows, so later rounds
    // may admit pairs the first plan did not reach. At most one round per pair.
    while !candidates.isEmpty {
        let planned = Set(oneShot.fires.lazy.filter { !$0.isSnooze }.map { RuleTime(ruleID: $0.ruleID, time: $0.local.time) })
        var admitted = false
        candidates.removeAll { alarm in
            guard planned.contains(RuleTime(ruleID: alarm.ruleID, time: alarm.time)) else { return false }
            repeating.append(alarm)
            repeatingTimes[alarm.ruleID, default: []].insert(alarm.time)
            admitted = true
            return true
        }
        guard admitted else { break }
        rest.cap = budget - repeating.count
        var remaining: [AlarmRule] = []
        for var rule in rules {
            if let taken = repeatingTimes[rule.id] {
                rule.times.removeAll(where: taken.contains)
                if rule.times.isEmpty { continue }
            }
            remaining.append(rule)
        }
        oneShot = AlarmSchedule(validated: remaining).plan(now: now, options: rest, including: extraFires)
    }
    let alarms = repeating.sorted()
    return AlarmKitPlan(repeating: alarms, oneShot: oneShot.dropping(ringingWith: alarms))
}

/// A rule's nominal wall time: what one repeating alarm stands for.
private struct RuleTime: Hashable {
    let ruleID: String
    let time: TimeOfDay
}

extension Plan {
    /// The plan without the gap-shifted fires that land on one of `alarms` (same rule, same
    /// wall time and weekday on the device clock): with the alarm's time among its times, the
    /// engine rings that rule once at that instant, and the alarm rings it.
    fileprivate func dropping(ringingWith alarms: [RepeatingAlarm]) -> Plan {
        guard !alarms.isEmpty, fires.contains(where: { $0.adjustment != .none }) else { return self }
        let byRule = Dictionary(grouping: alarms, by: \.ruleID)
        let kept = fires.filter { fire in
            guard !fire.isSnooze, fire.adjustment != .none, let ruleAlarms = byRule[fire.ruleID] else { return true }
            let shown = LocalDateTime(instant: fire.instant, utcOffsetSeconds: deviceTimeZone.secondsFromGMT(for: fire.instant))
            return !ruleAlarms.contains { $0.time == shown.time && $0.weekdays.contains(shown.date.weekday) }
        }
        guard kept.count != fires.count else { return self }
        return Plan(
            now: now, deviceTimeZone: deviceTimeZone, cap: cap, fires: kept, horizonEnd: horizonEnd,
            coveredUntil: coveredUntil, isTruncated: isTruncated)
    }
}

extension AlarmBook {
    /// The book planned for AlarmKit: its rules with skip-next dates applied
    /// (``rulesForPlanning``, so a rule with a skip pending keeps its times one-shot until the
    /// skipped date has passed on the device clock) and its live snoozes as one-shot fires, as
    /// ``alarmKitPlan(_:now:options:budget:including:)`` plans them.
    ///
    /// ```swift
    /// let kit = try book.alarmKitPlan(now: now, options: PlanOptions(deviceTimeZone: berlin), budget: 64)
    /// kit.repeating.map(\.ruleID)   // ["wake"]; after book.skipNext(ruleID: "wake", …): []
    /// ```
    /// - Throws: ``AlarmRulesError/invalid(_:)`` when the book's rules are not valid together.
    /// - Complexity: as ``alarmKitPlan(_:now:options:budget:including:)``, plus O(R + s) for
    ///   skips and s snoozes.
    public func alarmKitPlan(now: Date, options: PlanOptions, budget: Int) throws(AlarmRulesError) -> AlarmKitPlan {
        try RecurringAlarms.alarmKitPlan(
            rulesForPlanning, now: now, options: options, budget: budget,
            including: snoozeFires(deviceTimeZone: options.deviceTimeZone))
    }
}
