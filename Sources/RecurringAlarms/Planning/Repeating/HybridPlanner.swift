import Foundation

/// Plans `rules` as a ``HybridPlan``: weekly repeating alarms for what may use them without
/// changing what rings, one-shot fires for the rest, all under `options`' cap.
///
/// `granularity` is what one repeating trigger of the system holds (see
/// ``RepeatingAlarm/Granularity``): ``RepeatingAlarm/Granularity/perWeekday`` for notifications,
/// whose calendar triggers hold one weekday or every day, so a rule repeats whole as one alarm
/// per weekday and time; ``RepeatingAlarm/Granularity/perTime`` for AlarmKit, whose alarms hold
/// one time on a set of weekdays, so each time of a rule repeats on its own.
///
/// A rule, or a time of a rule, is planned as repeating when both hold:
/// - it qualifies: the rule is enabled, floating, weekly every week, already started (its start
///   at most today on the device clock), with no end date and no skip date from today on; and
///   none of its times (per time: the time itself, which must have no seconds) on its weekdays
///   falls in a daylight-saving gap or overlap of the device zone within two years (what an OS
///   does there with repeating triggers is undocumented, so it is never relied on);
/// - its alarms are no more than the fires they replace in the one-shot plan: first the plan of
///   all the rules with the same options (`plan(rules, now:options:including:)`), then, in
///   rounds, the plan of what is still one-shot in the slots left. Per time that is one fire
///   of the time; per weekday, a rule fires once per alarm per week, so this holds whenever
///   that plan covers a week, and under heavy cap pressure, when it covers less, a rule whose
///   alarms would crowd out sooner fires waits for a later round, and stays one-shot if the
///   plan never reaches far enough.
///
/// The second condition means repeating alarms never take more of the cap than the one-shot
/// fires they replace, so they never exceed the cap, and the one-shot fires of the rest,
/// planned in the slots left (``Plan/cap`` = the cap minus the repeating alarms, with
/// `options`' horizon: pass ``PlanOptions/maximumHorizon`` to fill the cap), cover at least as
/// far as the all-one-shot plan does, and a little further each round.
///
/// The times of a rule left one-shot are planned as that rule with its repeating times removed,
/// so their fire ids are unchanged; a gap-shifted fire that lands on one of the rule's
/// repeating alarms (same wall time and weekday) is dropped, as the engine rings one rule once
/// per instant. Snoozes (`extraFires`) stay one-shot.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// let wake = AlarmRule(id: "wake", repeats: .weekly(days: .weekdays), times: [TimeOfDay(hour: 7, minute: 30)!])
/// let night = AlarmRule(id: "night", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 2, minute: 30)!])
/// let now = Date(timeIntervalSince1970: 1_796_083_200)   // 2026-12-01T00:00:00Z
/// let hybrid = try hybridPlan([wake, night], now: now, options: PlanOptions(deviceTimeZone: berlin))
/// hybrid.repeating.count          // 5: wake on Monday … Friday at 07:30
/// hybrid.oneShot.fires.first?.id  // "night@2026-12-01T02:30:00": 02:30 falls in Berlin's March gap
/// let kit = try hybridPlan([wake, night], now: now, options: PlanOptions(deviceTimeZone: berlin), repeating: .perTime)
/// kit.repeating.map(\.id)         // ["wake#weekly-mon+tue+wed+thu+fri-07:30:00"]
/// ```
///
/// - Throws: ``AlarmRulesError/invalid(_:)`` listing every problem of the rules.
/// - Complexity: one plan (as ``AlarmSchedule/plan(now:options:including:)``) per round, at
///   most one round per qualifying rule (per time: qualifying time) and usually two or three,
///   O(R) to check R rules plus O(t × d) for their t times and the d daylight-saving changes
///   of the device zone in two years (read once).
public func hybridPlan(
    _ rules: [AlarmRule], now: Date, options: PlanOptions, repeating granularity: RepeatingAlarm.Granularity = .perWeekday,
    including extraFires: [Fire] = []
) throws(AlarmRulesError) -> HybridPlan {
    try AlarmSchedule(rules: rules).hybridPlan(now: now, options: options, repeating: granularity, including: extraFires)
}

extension AlarmSchedule {
    /// The schedule's rules as a ``HybridPlan``, as ``hybridPlan(_:now:options:repeating:including:)``
    /// plans them: the one planner, which a book reaches with its state applied to its compiled
    /// rules (``CompiledBook``) and a rule array once compiled.
    ///
    /// - Complexity: as ``hybridPlan(_:now:options:repeating:including:)``; each round edits
    ///   only the rules whose times it moves to repeating alarms.
    func hybridPlan(
        now: Date, options: PlanOptions, repeating granularity: RepeatingAlarm.Granularity, including extraFires: [Fire]
    ) -> HybridPlan {
        var oneShot = plan(now: now, options: options, including: extraFires)
        guard now.timeIntervalSince1970.isFinite else { return HybridPlan(repeating: [], oneShot: oneShot) }

        let eligibility = RepeatingEligibility(now: now, deviceTimeZone: options.deviceTimeZone)
        var candidates = rules.indices.flatMap { eligibility.candidates(ofRuleAt: $0, in: self, granularity) }
        var repeating: [RepeatingAlarm] = []
        var remaining = self
        // Each round moves the candidates whose alarms fit in the fires they replace in the
        // current one-shot plan, then plans the rest again in the slots left: its coverage only
        // grows, so later rounds may admit candidates the first plan reached too briefly. At most
        // one round per candidate.
        while !candidates.isEmpty {
            var planned: [RepeatingCandidate.Key: Int] = [:]
            for fire in oneShot.fires where !fire.isSnooze { planned[granularity.key(of: fire), default: 0] += 1 }
            var admitted: [String: Set<TimeOfDay>] = [:]
            candidates.removeAll { candidate in
                guard candidate.alarms.count <= planned[candidate.key] ?? 0 else { return false }
                repeating += candidate.alarms
                admitted[candidate.ruleID, default: []].formUnion(candidate.times)
                return true
            }
            guard !admitted.isEmpty else { break }
            // The times left one-shot are planned as the same rule without the repeating ones.
            for (ruleID, times) in admitted { remaining.removeTimes(times, ofRule: ruleID) }
            var rest = options
            rest.cap = options.effectiveCap - repeating.count
            oneShot = remaining.plan(now: now, options: rest, including: extraFires)
        }
        let alarms = repeating.sorted()
        return HybridPlan(repeating: alarms, oneShot: oneShot.dropping(ringingWith: alarms))
    }
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
    /// The book as a ``HybridPlan``: its rules with skip-next dates applied (so a rule with a
    /// skip pending stays one-shot until the skipped date has passed on the device clock) and
    /// its live snoozes as one-shot fires, as ``hybridPlan(_:now:options:repeating:including:)``
    /// plans them. The state is applied to the compiled rules, as ``plan(now:options:)`` applies it.
    ///
    /// ```swift
    /// let hybrid = try book.hybridPlan(now: now, options: PlanOptions(deviceTimeZone: berlin, horizon: PlanOptions.maximumHorizon))
    /// hybrid.repeatingRuleIDs   // ["wake"]; after book.skipNext(ruleID: "wake", …): []
    /// let kit = try book.hybridPlan(now: now, options: PlanOptions(deviceTimeZone: berlin), repeating: .perTime)
    /// ```
    /// - Throws: ``AlarmRulesError/invalid(_:)`` when the book's rules are not valid together.
    /// - Complexity: as ``hybridPlan(_:now:options:repeating:including:)``, plus O(R + s) for
    ///   skips and s snoozes.
    public func hybridPlan(
        now: Date, options: PlanOptions, repeating granularity: RepeatingAlarm.Granularity = .perWeekday
    ) throws(AlarmRulesError) -> HybridPlan {
        let compiled = try CompiledBook(self)
        return compiled.schedule.hybridPlan(
            now: now, options: options, repeating: granularity, including: compiled.snoozeFires(deviceTimeZone: options.deviceTimeZone))
    }
}
