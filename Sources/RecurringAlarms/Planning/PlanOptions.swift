import Foundation

/// What a plan may hold and over which span, and the zone the device is in.
///
/// ```swift
/// var options = PlanOptions(deviceTimeZone: TimeZone(identifier: "Europe/Berlin")!)
/// options.cap          // 64: what iOS keeps pending per app
/// options.horizon      // 604800 s: 7 × 24 h
/// options.cap = 60     // leave room for notifications the app schedules itself
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
    /// values above ``maximumHorizon`` (infinity too) as it.
    public var horizon: TimeInterval

    /// Creates options for a device in `deviceTimeZone`, by default with the iOS cap of 64 and a
    /// seven-day horizon. Values are stored as given; planning clamps them as ``cap`` and
    /// ``horizon`` describe.
    public init(deviceTimeZone: TimeZone, cap: Int = PlanOptions.defaultCap, horizon: TimeInterval = PlanOptions.defaultHorizon) {
        self.deviceTimeZone = deviceTimeZone
        self.cap = cap
        self.horizon = horizon
    }

    /// ``cap`` as planning honours it: 0 … ``maximumCap``.
    var effectiveCap: Int { min(max(cap, 0), PlanOptions.maximumCap) }

    /// ``horizon`` as planning honours it: 0 … ``maximumHorizon``, NaN as 0.
    var effectiveHorizon: TimeInterval {
        horizon.isNaN ? 0 : min(max(horizon, 0), PlanOptions.maximumHorizon)
    }
}
