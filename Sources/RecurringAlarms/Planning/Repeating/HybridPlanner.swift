import Foundation

/// Plans `rules` as a ``HybridPlan``: weekly repeating slots for the rules that may use them
/// without changing what rings, one-shot fires for the rest.
///
/// A rule is planned as repeating when both hold:
/// - it qualifies: enabled, floating, weekly every week, already started (its start at most
///   today on the device clock), no end date, no skip date from today on, and none of its times
///   on its weekdays falls in a daylight-saving gap or overlap of the device zone within two
///   years (what an OS does there with repeating triggers is undocumented, so it is never
///   relied on);
/// - its slots are no more than the fires it has in the one-shot plan: first the plan of all the
///   rules with the same options (`plan(rules, now:options:including:)`), then, in rounds, the
///   plan of the rules still one-shot in the slots left. A weekly rule fires once per slot per
///   week, so this holds whenever that plan covers a week; under heavy cap pressure, when it
///   covers less, a rule whose slots would crowd out sooner fires waits for a later round, and
///   stays one-shot if the plan never reaches far enough.
///
/// The second condition means repeating slots never take more of the cap than the one-shot
/// fires they replace, so repeating slots never exceed the cap, and the one-shot fires of the
/// other rules, planned in the slots left (``Plan/cap`` = the cap minus the repeating slots,
/// with `options`' horizon: pass ``PlanOptions/maximumHorizon`` to fill the cap), cover at least
/// as far as the all-one-shot plan does, and a little further each round. Snoozes
/// (`extraFires`) stay one-shot.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// let wake = AlarmRule(id: "wake", repeats: .weekly(days: .weekdays), times: [TimeOfDay(hour: 7, minute: 30)!])
/// let night = AlarmRule(id: "night", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 2, minute: 30)!])
/// let now = Date(timeIntervalSince1970: 1_796_083_200)   // 2026-12-01T00:00:00Z
/// let hybrid = try hybridPlan([wake, night], now: now, options: PlanOptions(deviceTimeZone: berlin))
/// hybrid.repeating.count          // 5: wake on Monday … Friday at 07:30
/// hybrid.oneShot.fires.first?.id  // "night@2026-12-01T02:30:00": 02:30 falls in Berlin's March gap
/// ```
///
/// - Throws: ``AlarmRulesError/invalid(_:)`` listing every problem of the rules.
/// - Complexity: one plan (as ``AlarmSchedule/plan(now:options:including:)``) per round, at
///   most one round per qualifying rule and usually two or three, O(R) to check
///   R rules plus O(t × d) for their t times and the d daylight-saving changes of the device
///   zone in two years (read once).
public func hybridPlan(
    _ rules: [AlarmRule], now: Date, options: PlanOptions,
    including extraFires: [Fire] = []
) throws(AlarmRulesError) -> HybridPlan {
    var oneShot = try AlarmSchedule(rules: rules).plan(now: now, options: options, including: extraFires)
    guard now.timeIntervalSince1970.isFinite else { return HybridPlan(repeating: [], oneShot: oneShot) }

    let eligibility = RepeatingEligibility(now: now, deviceTimeZone: options.deviceTimeZone)
    var candidates = rules.filter(eligibility.isEligible)
    var repeating: [RepeatingAlarm] = []
    var repeatingIDs = Set<String>()
    // Each round moves the rules whose slots fit in their fires of the current one-shot plan,
    // then plans the rest again in the slots left: its coverage only grows, so later rounds
    // may admit rules that the first plan reached too briefly. At most one round per rule.
    while !candidates.isEmpty {
        var planned: [String: Int] = [:]
        for fire in oneShot.fires where !fire.isSnooze { planned[fire.ruleID, default: 0] += 1 }
        var admitted = false
        candidates.removeAll { rule in
            let slots = RepeatingEligibility.slots(of: rule)
            guard slots.count <= planned[rule.id] ?? 0 else { return false }
            repeating += slots
            repeatingIDs.insert(rule.id)
            admitted = true
            return true
        }
        guard admitted else { break }
        var rest = options
        rest.cap = options.effectiveCap - repeating.count
        oneShot = AlarmSchedule(validated: rules.filter { !repeatingIDs.contains($0.id) })
            .plan(now: now, options: rest, including: extraFires)
    }
    return HybridPlan(repeating: repeating.sorted(), oneShot: oneShot)
}

extension AlarmBook {
    /// The book as a ``HybridPlan``: its rules with skip-next dates applied
    /// (``rulesForPlanning``, so a rule with a skip pending stays one-shot until the skipped
    /// date has passed on the device clock) and its live snoozes as one-shot fires, as
    /// ``hybridPlan(_:now:options:including:)`` plans them.
    ///
    /// ```swift
    /// let hybrid = try book.hybridPlan(now: now, options: PlanOptions(deviceTimeZone: berlin, horizon: PlanOptions.maximumHorizon))
    /// hybrid.repeatingRuleIDs   // ["wake"]; after book.skipNext(ruleID: "wake", …): []
    /// ```
    /// - Throws: ``AlarmRulesError/invalid(_:)`` when the book's rules are not valid together.
    /// - Complexity: as ``hybridPlan(_:now:options:including:)``, plus O(R + s) for skips and s snoozes.
    public func hybridPlan(now: Date, options: PlanOptions) throws(AlarmRulesError) -> HybridPlan {
        try RecurringAlarms.hybridPlan(
            rulesForPlanning, now: now, options: options,
            including: snoozeFires(deviceTimeZone: options.deviceTimeZone))
    }
}
