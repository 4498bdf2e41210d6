import Foundation

/// What a wall-clock date-time means in a particular zone: one instant, none (a
/// spring-forward gap), or two (a fall-back overlap).
///
/// ```swift
/// let newYork = TimeZone(identifier: "America/New_York")!
/// let gapTime = LocalDateTime(parsing: "2026-03-08T02:30:00")!
/// gapTime.resolution(in: newYork)
/// // .gap(shifted: 2026-03-08T07:30:00Z (03:30 EDT), lengthSeconds: 3600)
/// let foldTime = LocalDateTime(parsing: "2026-11-01T01:30:00")!
/// foldTime.resolution(in: newYork)
/// // .overlap(earlier: 05:30:00Z (01:30 EDT), later: 06:30:00Z (01:30 EST))
/// ```
public enum WallClockResolution: Sendable, Hashable {
    /// The wall time occurs exactly once.
    case unique(Date)
    /// The wall time is skipped by a forward transition. `shifted` is the wall time read with
    /// the UTC offset in force before the gap, i.e. moved forward by the gap length.
    case gap(shifted: Date, lengthSeconds: Int)
    /// The wall time occurs twice, at `earlier` and `later`.
    case overlap(earlier: Date, later: Date)
}

extension LocalDateTime {
    /// Resolves this wall time in `zone`.
    ///
    /// - Complexity: O(1) calls to `TimeZone`; builds a two-day offset table around the time.
    public func resolution(in zone: TimeZone) -> WallClockResolution {
        let wall = wallSeconds
        let table = ZoneOffsetTable(zone: zone, from: wall - 2 * CivilArithmetic.secondsPerDay, through: wall + 2 * CivilArithmetic.secondsPerDay)
        switch table.resolve(wall: wall) {
        case .unique(let instant): return .unique(Date(timeIntervalSince1970: Double(instant)))
        case .gap(let shifted, let length): return .gap(shifted: Date(timeIntervalSince1970: Double(shifted)), lengthSeconds: Int(length))
        case .overlap(let earlier, let later):
            return .overlap(earlier: Date(timeIntervalSince1970: Double(earlier)), later: Date(timeIntervalSince1970: Double(later)))
        }
    }

    /// The instant this wall time fires at in `zone` under the given policies, or `nil`
    /// when it falls in a gap and `gap` is ``GapPolicy/skip``.
    ///
    /// ```swift
    /// let local = LocalDateTime(parsing: "2026-11-01T01:30:00")!
    /// local.instant(in: newYork, gap: .shift, overlap: .last)
    /// // (2026-11-01T06:30:00Z, .overlapLast)
    /// ```
    public func instant(in zone: TimeZone, gap: GapPolicy, overlap: OverlapPolicy) -> (instant: Date, adjustment: FireAdjustment)? {
        switch resolution(in: zone) {
        case .unique(let instant): return (instant, .none)
        case .gap(let shifted, _): return gap == .shift ? (shifted, .gapShifted) : nil
        case .overlap(let earlier, let later): return overlap == .first ? (earlier, .overlapFirst) : (later, .overlapLast)
        }
    }
}
