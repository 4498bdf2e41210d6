import Foundation

/// What a plan may hold and over which span, and the zone the device is in.
///
/// ```swift
/// var options = PlanOptions(deviceTimeZone: TimeZone(identifier: "Europe/Berlin")!)
/// options.cap          // 64: what iOS keeps pending per app
/// options.horizon      // 604800 s: 7 × 24 h
/// options.cap = 60     // leave room for notifications the app schedules itself
/// ```
///
/// A plan covers a fixed window by default. To keep alarms ringing longer without the app,
/// let the plan fill the cap instead (see ``fillingCap(deviceTimeZone:cap:upTo:)``):
///
/// ```swift
/// let filling = PlanOptions.fillingCap(deviceTimeZone: TimeZone(identifier: "Europe/Berlin")!)
/// filling.fillsCap     // true
/// filling.horizon      // 31622400 s: as far as 366 days, if the cap holds that many fires
/// ```
public struct PlanOptions: Sendable, Hashable {
    /// iOS keeps at most 64 pending local notifications per app.
    public static let defaultCap = 64
    /// Seven days of 24 hours. A duration, not calendar days: across a DST change it ends at a
    /// different wall time than it started.
    public static let defaultHorizon: TimeInterval = 7 * 86_400

    /// The largest cap honoured; larger values count as this.
    public static let maximumCap = 1_000_000
    /// The longest horizon honoured (366 days); longer values count as this, which bounds the
    /// work of one plan whatever the input.
    public static let maximumHorizon: TimeInterval = 366 * 86_400

    /// The zone floating rules follow. Never read from the system by the engine: pass it in.
    public var deviceTimeZone: TimeZone
    /// The most fires a plan holds; negative values count as 0, values above ``maximumCap`` as it.
    public var cap: Int
    /// How far past `now` the plan reaches, in seconds; negative values and NaN count as 0,
    /// values above ``maximumHorizon`` (infinity too) as it. When the plan ``fillsCap``, the
    /// most it may reach.
    public var horizon: TimeInterval
    /// Whether the plan fills the cap: `false` (the default) plans the fixed window
    /// ``horizon``; `true` extends the window as far as the cap allows, up to ``horizon``.
    ///
    /// Both are one planning: the soonest ``cap`` fires of the window `(now, now + horizon]`,
    /// in plan order, with ``Plan/coveredUntil`` the first fire that did not fit (else
    /// ``Plan/horizonEnd``, `now + horizon`). Filling the cap just asks for a window as long
    /// as the app is willing to go without opening, and lets the cap end it sooner:
    ///
    /// ```swift
    /// // One weekly alarm, cap 64: a fixed 7-day window plans 1 fire; filling the cap
    /// // plans the 52 (or 53) of the next 366 days, and the plan covers all of them.
    /// let plan = schedule.plan(now: now, options: .fillingCap(deviceTimeZone: zone))
    /// plan.isTruncated   // false: every fire of the 366 days fitted
    /// ```
    ///
    /// Setting it alone does not lengthen ``horizon``: create the options with
    /// ``fillingCap(deviceTimeZone:cap:upTo:)`` to reach as far as ``maximumHorizon``.
    public var fillsCap: Bool

    /// Creates options for a device in `deviceTimeZone`, by default with the iOS cap of 64 and a
    /// seven-day horizon: a fixed window (``fillsCap`` is `false`). Values are stored as given;
    /// planning clamps them as ``cap`` and ``horizon`` describe.
    public init(deviceTimeZone: TimeZone, cap: Int = PlanOptions.defaultCap, horizon: TimeInterval = PlanOptions.defaultHorizon) {
        self.deviceTimeZone = deviceTimeZone
        self.cap = cap
        self.horizon = horizon
        fillsCap = false
    }

    /// Options whose plan fills the cap: as many of the soonest fires as `cap` holds, reaching
    /// at most `maximum` seconds past `now` (by default 366 days, ``maximumHorizon``).
    ///
    /// ```swift
    /// let zone = TimeZone(identifier: "Europe/Berlin")!
    /// let yearAhead = PlanOptions.fillingCap(deviceTimeZone: zone)                      // cap 64, up to 366 days
    /// let quarter = PlanOptions.fillingCap(deviceTimeZone: zone, cap: 60, upTo: 90 * 86_400)
    /// ```
    /// The plan keeps every property of a fixed-window plan (see ``fillsCap``);
    /// ``Plan/horizonEnd`` is `now + maximum`, and ``Plan/coveredUntil`` says how far the
    /// fires that fitted reach.
    /// - Parameters:
    ///   - deviceTimeZone: the zone floating rules follow.
    ///   - cap: the most fires the plan holds, clamped as ``cap`` describes.
    ///   - maximum: the longest window, in seconds, clamped as ``horizon`` describes.
    /// - Complexity: O(1). Planning with these options costs as a fixed window does: each rule
    ///   stops at its first fire past the current cut-off, so a small cap keeps the work small
    ///   however long the window (see ``AlarmSchedule/plan(now:options:including:)``).
    public static func fillingCap(
        deviceTimeZone: TimeZone, cap: Int = PlanOptions.defaultCap,
        upTo maximum: TimeInterval = PlanOptions.maximumHorizon
    ) -> PlanOptions {
        var options = PlanOptions(deviceTimeZone: deviceTimeZone, cap: cap, horizon: maximum)
        options.fillsCap = true
        return options
    }

    /// ``cap`` as planning honours it: 0 … ``maximumCap``.
    var effectiveCap: Int { min(max(cap, 0), PlanOptions.maximumCap) }

    /// ``horizon`` as planning honours it: 0 … ``maximumHorizon``, NaN as 0.
    var effectiveHorizon: TimeInterval {
        horizon.isNaN ? 0 : min(max(horizon, 0), PlanOptions.maximumHorizon)
    }
}
