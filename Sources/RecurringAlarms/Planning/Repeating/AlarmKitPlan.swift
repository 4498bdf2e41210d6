import Foundation

/// What to hand AlarmKit now: repeating alarms for the times it rings exactly as the engine
/// plans them, and one-shot fires for everything else, both under one budget.
///
/// A repeating alarm keeps ringing without the app; the one-shot part runs out at
/// ``coveredUntil`` as any plan does. See ``alarmKitPlan(_:now:options:budget:including:)``
/// for which times qualify and how the budget is shared.
///
/// ```swift
/// let kit = try alarmKitPlan(rules, now: now, options: PlanOptions(deviceTimeZone: berlin), budget: 64)
/// kit.repeating.map(\.id)       // ["wake#weekly-mon+tue+wed+thu+fri-07:30:00"]
/// kit.oneShot.fires.map(\.id)   // ["night@2026-12-01T02:30:00", …] soonest first
/// kit.alarmCount                // repeating.count + oneShot.fires.count, at most the budget
/// ```
public struct AlarmKitPlan: Sendable, Hashable {
    /// The repeating alarms, sorted (rule id, then time).
    public let repeating: [RepeatingAlarm]
    /// The one-shot fires of everything else (and every snooze), planned in the budget the
    /// repeating alarms leave: its ``Plan/cap`` is the budget minus ``repeating``'s count.
    public let oneShot: Plan

    /// Creates a plan from its parts as given; nothing is sorted or checked. Plans for rules
    /// come from ``alarmKitPlan(_:now:options:budget:including:)``.
    public init(repeating: [RepeatingAlarm], oneShot: Plan) {
        self.repeating = repeating
        self.oneShot = oneShot
    }

    /// How many AlarmKit alarms the plan needs scheduled: one per repeating alarm and one per fire.
    public var alarmCount: Int { repeating.count + oneShot.fires.count }

    /// The one-shot plan's ``Plan/coveredUntil``: plan again before it. The repeating alarms
    /// keep ringing past it.
    public var coveredUntil: Date { oneShot.coveredUntil }

    /// The one-shot plan's ``Plan/horizonEnd``.
    public var horizonEnd: Date { oneShot.horizonEnd }
}

extension AlarmKitPlan: CustomStringConvertible {
    /// The repeating alarms on one line, then the one-shot plan's summary (``Plan/description``).
    ///
    /// ```swift
    /// print(kit)
    /// // 1 repeating: wake#weekly-mon+tue+wed+thu+fri-07:30:00
    /// // Plan at Tue 2026-12-01 01:00 Europe/Berlin: 7 fires (cap 63), covered until the horizon, …
    /// ```
    public var description: String {
        let shown = repeating.prefix(Plan.firesListed).map(\.id).joined(separator: ", ")
        let more = repeating.count > Plan.firesListed ? ", … \(repeating.count - Plan.firesListed) more" : ""
        return "\(repeating.count) repeating" + (repeating.isEmpty ? "" : ": " + shown + more) + "\n" + oneShot.description
    }
}
