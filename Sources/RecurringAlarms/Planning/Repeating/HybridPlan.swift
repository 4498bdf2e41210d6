import Foundation

/// What to register now when the system can also hold weekly repeating triggers: repeating
/// alarms for the plain weekly rules (or their times) that may use them, and one-shot fires for
/// everything else, both under one cap. One type for notifications and AlarmKit: the plan's
/// alarms are cut as the system's triggers hold them (``RepeatingAlarm/Granularity``).
///
/// A repeating alarm keeps ringing without the app, so what is planned that way never runs
/// out; the one-shot part runs out at ``coveredUntil`` as any plan does. See
/// ``hybridPlan(_:now:options:repeating:including:)`` for what qualifies and how the cap is
/// shared.
///
/// ```swift
/// let hybrid = try hybridPlan(rules, now: now, options: PlanOptions(deviceTimeZone: berlin, horizon: PlanOptions.maximumHorizon))
/// hybrid.repeating.map(\.id)        // ["wake#weekly-mon-07:30:00", "wake#weekly-tue-07:30:00"]
/// hybrid.oneShot.fires.map(\.id)    // ["flight@2026-12-05T06:00:00", …] soonest first
/// hybrid.requestCount               // repeating.count + oneShot.fires.count, at most the cap
/// ```
public struct HybridPlan: Sendable, Hashable {
    /// The repeating alarms, sorted (rule id, then weekdays, then time; see
    /// ``RepeatingAlarm/<(_:_:)``).
    public let repeating: [RepeatingAlarm]
    /// The one-shot fires of the other rules (and every snooze), planned with the slots the
    /// repeating alarms leave: its ``Plan/cap`` is the cap minus ``repeating``'s count.
    public let oneShot: Plan

    /// Creates a hybrid plan from its parts as given; nothing is sorted or checked. Hybrid
    /// plans for rules come from ``hybridPlan(_:now:options:repeating:including:)``.
    public init(repeating: [RepeatingAlarm], oneShot: Plan) {
        self.repeating = repeating
        self.oneShot = oneShot
    }

    /// How many requests (notifications, or AlarmKit alarms) the plan needs held: one per
    /// repeating alarm and one per fire.
    public var requestCount: Int { repeating.count + oneShot.fires.count }

    /// The one-shot plan's ``Plan/coveredUntil``: plan again before it. The repeating alarms
    /// keep ringing past it.
    public var coveredUntil: Date { oneShot.coveredUntil }

    /// The one-shot plan's ``Plan/horizonEnd``.
    public var horizonEnd: Date { oneShot.horizonEnd }

    /// The ids of the rules planned as repeating, sorted.
    public var repeatingRuleIDs: [String] {
        var seen = Set<String>()
        return repeating.map(\.ruleID).filter { seen.insert($0).inserted }
    }
}

extension HybridPlan: CustomStringConvertible {
    /// The repeating alarms on one line, then the one-shot plan's summary (``Plan/description``).
    ///
    /// ```swift
    /// print(hybrid)
    /// // 2 repeating: wake#weekly-mon-07:30:00, wake#weekly-tue-07:30:00
    /// // Plan at Tue 2026-12-01 00:00 Europe/Berlin: 3 fires (cap 62), covered until the horizon, …
    /// ```
    public var description: String {
        let shown = repeating.prefix(Plan.firesListed).map(\.id).joined(separator: ", ")
        let more = repeating.count > Plan.firesListed ? ", … \(repeating.count - Plan.firesListed) more" : ""
        return "\(repeating.count) repeating" + (repeating.isEmpty ? "" : ": " + shown + more) + "\n" + oneShot.description
    }
}
