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
///
/// The engine resolves wall times over whole seconds since 1970 in its expansion loop and
/// writes them as `Date` only here; both go through one internal core, so the gap and overlap
/// policies are applied in one place.
public enum WallClockResolution: Sendable, Hashable {
    /// The wall time occurs exactly once.
    case unique(Date)
    /// The wall time is skipped by a forward transition. `shifted` is the wall time read with
    /// the UTC offset in force before the gap, i.e. moved forward by the gap length.
    case gap(shifted: Date, lengthSeconds: Int)
    /// The wall time occurs twice, at `earlier` and `later`.
    case overlap(earlier: Date, later: Date)

    /// The public form of a resolution over `Date`.
    init(_ core: WallInstants<Date>) {
        switch core {
        case .unique(let instant): self = .unique(instant)
        case .gap(let shifted, let length): self = .gap(shifted: shifted, lengthSeconds: length)
        case .overlap(let earlier, let later): self = .overlap(earlier: earlier, later: later)
        }
    }

    /// The same resolution as the internal core, where the policies are applied.
    var core: WallInstants<Date> {
        switch self {
        case .unique(let instant): .unique(instant)
        case .gap(let shifted, let length): .gap(shifted: shifted, lengthSeconds: length)
        case .overlap(let earlier, let later): .overlap(earlier: earlier, later: later)
        }
    }

    /// The instant a rule fires at under `gap` and `overlap`, with how it was resolved, or
    /// `nil` when the wall time falls in a gap and `gap` is ``GapPolicy/skip``; see
    /// ``WallInstants/instant(gap:overlap:)``.
    func instant(gap: GapPolicy, overlap: OverlapPolicy) -> (instant: Date, adjustment: FireAdjustment)? {
        core.instant(gap: gap, overlap: overlap)
    }

    /// Every instant at which the zone's clock shows the wall time, soonest first; see
    /// ``WallInstants/instants``.
    package var instants: [Date] { core.instants }
}

/// What a wall-clock time means in a zone, with instants written as `Instant`: the engine's
/// core of ``WallClockResolution``.
///
/// The expansion loop and the clock-change warnings use it over whole seconds since 1970
/// (`Int64`), so they neither convert instants in the hot loop nor apply the policies again;
/// ``WallClockResolution`` is the same cases over `Date` for the public API.
package enum WallInstants<Instant: Hashable & Sendable>: Sendable, Hashable {
    /// The wall time occurs exactly once.
    case unique(Instant)
    /// The wall time is skipped by a forward transition; see ``WallClockResolution/gap(shifted:lengthSeconds:)``.
    case gap(shifted: Instant, lengthSeconds: Int)
    /// The wall time occurs twice, at `earlier` and `later`.
    case overlap(earlier: Instant, later: Instant)

    /// The instant a rule fires at under `gap` and `overlap`, with how it was resolved, or
    /// `nil` when the wall time falls in a gap and `gap` is ``GapPolicy/skip``.
    ///
    /// This is the one place the two policies are applied: the expansion loop, the clock-change
    /// warnings, ``FireExplanation`` and ``LocalDateTime/instant(in:gap:overlap:)`` all call it.
    /// Whether a shifted time is then dropped because the rule already rings at that instant is
    /// the expansion's business (one rule rings once per instant), not the resolver's.
    @inline(__always)
    func instant(gap: GapPolicy, overlap: OverlapPolicy) -> (instant: Instant, adjustment: FireAdjustment)? {
        switch self {
        case .unique(let instant): (instant, .none)
        case .gap(let shifted, _): gap == .shift ? (shifted, .gapShifted) : nil
        case .overlap(let earlier, let later): overlap == .first ? (earlier, .overlapFirst) : (later, .overlapLast)
        }
    }

    /// Every instant at which the zone's clock shows the wall time, soonest first: one, two in
    /// an overlap, or in a gap the wall time read with the offset before it (where
    /// ``GapPolicy/shift`` fires). The first is where ``GapPolicy/shift`` with
    /// ``OverlapPolicy/first`` fires.
    package var instants: [Instant] {
        switch self {
        case .unique(let instant): [instant]
        case .gap(let shifted, _): [shifted]
        case .overlap(let earlier, let later): [earlier, later]
        }
    }

    /// The same resolution with each instant written another way.
    func map<Other>(_ transform: (Instant) -> Other) -> WallInstants<Other> {
        switch self {
        case .unique(let instant): .unique(transform(instant))
        case .gap(let shifted, let length): .gap(shifted: transform(shifted), lengthSeconds: length)
        case .overlap(let earlier, let later): .overlap(earlier: transform(earlier), later: transform(later))
        }
    }
}

extension LocalDateTime {
    /// Resolves this wall time in `zone`.
    ///
    /// ```swift
    /// LocalDateTime(parsing: "2026-03-08T02:30:00")!.resolution(in: newYork)
    /// // .gap(shifted: 2026-03-08T07:30:00Z, lengthSeconds: 3600)
    /// ```
    /// - Complexity: O(1) calls to `TimeZone`; builds a two-day offset table around the time.
    public func resolution(in zone: TimeZone) -> WallClockResolution {
        let wall = wallSeconds
        let table = ZoneOffsetTable(
            zone: zone, from: wall - 2 * CivilArithmetic.secondsPerDay, through: wall + 2 * CivilArithmetic.secondsPerDay)
        return WallClockResolution(table.resolve(wall: wall).map { Date(timeIntervalSince1970: Double($0)) })
    }

    /// The instant this wall time fires at in `zone` under the given policies, or `nil`
    /// when it falls in a gap and `gap` is ``GapPolicy/skip``.
    ///
    /// ```swift
    /// let local = LocalDateTime(parsing: "2026-11-01T01:30:00")!
    /// local.instant(in: newYork, gap: .shift, overlap: .last)
    /// // (2026-11-01T06:30:00Z, .overlapLast)
    /// ```
    /// - Complexity: as ``resolution(in:)``.
    public func instant(in zone: TimeZone, gap: GapPolicy, overlap: OverlapPolicy) -> (instant: Date, adjustment: FireAdjustment)? {
        resolution(in: zone).instant(gap: gap, overlap: overlap)
    }
}
