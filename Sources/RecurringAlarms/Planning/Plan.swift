import Foundation

/// The fires to register now: the soonest ones in the window, at most the cap.
///
/// Everything strictly before ``coveredUntil`` that the rules require is in ``fires``; an app
/// must plan again before that moment to keep alarms unbroken.
///
/// ```swift
/// let plan = plan(rules, now: now, options: PlanOptions(deviceTimeZone: zone))
/// plan.fires.map(\.id)   // ["wake@2026-12-01T07:30:00", …] soonest first
/// plan.isTruncated       // true when the cap cut the window short
/// plan.coveredUntil      // the first fire that did not fit, else horizonEnd
/// ```
public struct Plan: Sendable, Hashable {
    /// The moment planned from; fires are strictly after it.
    public let now: Date
    /// The device zone the plan was made for (floating rules follow it).
    public let deviceTimeZone: TimeZone
    /// The cap in force.
    public let cap: Int
    /// Sorted by instant, then rule id by Unicode code point, then nominal local time.
    public let fires: [Fire]
    /// `now + horizon`: fires are at or before it.
    public let horizonEnd: Date
    /// The instant of the first fire that did not fit under the cap, or ``horizonEnd`` when
    /// none was cut. Every required fire before it is in ``fires``.
    public let coveredUntil: Date
    /// Whether the cap cut fires out of the window.
    public let isTruncated: Bool

    /// Creates a plan from its parts as given: nothing is sorted, clamped or checked. Plans for
    /// rules come from ``AlarmSchedule/plan(now:options:including:)``.
    public init(now: Date, deviceTimeZone: TimeZone, cap: Int, fires: [Fire], horizonEnd: Date, coveredUntil: Date, isTruncated: Bool) {
        self.now = now
        self.deviceTimeZone = deviceTimeZone
        self.cap = cap
        self.fires = fires
        self.horizonEnd = horizonEnd
        self.coveredUntil = coveredUntil
        self.isTruncated = isTruncated
    }
}
