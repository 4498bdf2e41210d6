import Foundation

/// More fires fall in one horizon than the cap holds, so a plan covers less than the
/// horizon and the app must refresh sooner than the horizon suggests.
///
/// ```swift
/// if let pressure = schedule.capPressure(now: now, options: options) {
///     print(pressure)  // "90 fires in the 7 days from now exceed the cap of 64: a plan covers 4 d 21 h …"
/// }
/// ```
public struct CapPressure: Sendable, Hashable, CustomStringConvertible {
    /// Fires in `(now, now + horizon]`.
    public let firesInHorizon: Int
    /// The cap the plan used: ``PlanOptions/cap`` clamped to 0 … ``PlanOptions/maximumCap``.
    public let cap: Int
    /// The horizon counted over, in seconds: ``PlanOptions/horizon`` clamped to 0 … ``PlanOptions/maximumHorizon``.
    public let horizon: TimeInterval
    /// How far a plan reaches: from `now` to its ``Plan/coveredUntil``.
    public let coverage: TimeInterval

    public var description: String {
        "\(firesInHorizon) fires in the \(CapPressure.describe(horizon)) from now exceed the cap of \(cap): "
            + "a plan covers only \(CapPressure.describe(coverage)), so the app must refresh within that"
    }

    /// Whole days in words, as the sentence reads ("the 7 days from now"); any other span by
    /// the shared ``DurationText`` rule ("5 d 13 h").
    static func describe(_ interval: TimeInterval) -> String {
        let days = (interval / 86_400).rounded(.towardZero)
        guard days >= 1, days < 1e9, interval.rounded(.towardZero) == days * 86_400 else { return DurationText.describe(interval) }
        return days == 1 ? "1 day" : "\(Int(days)) days"
    }
}

extension AlarmSchedule {
    /// The cap pressure at `now`, or `nil` when every fire in the horizon fits.
    ///
    /// - Complexity: one plan plus one count of the fires in the horizon.
    public func capPressure(now: Date, options: PlanOptions) -> CapPressure? {
        let planned = plan(now: now, options: options)
        guard planned.isTruncated else { return nil }
        var count = 0
        forEachFire(
            lower: CivilArithmetic.wholeSeconds(now),
            upper: CivilArithmetic.wholeSeconds(planned.horizonEnd),
            deviceTimeZone: options.deviceTimeZone
        ) { _, _ in count += 1 }
        return CapPressure(
            firesInHorizon: count, cap: planned.cap, horizon: planned.horizonEnd.timeIntervalSince(now),
            coverage: planned.coveredUntil.timeIntervalSince(now))
    }
}
