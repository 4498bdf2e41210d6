import Foundation
import RecurringAlarmsScheduling

/// The zones a simulated device is in over time: a starting zone and changes at instants.
///
/// A change at instant `c` takes effect at `c`: an app opened at `c` sees the new zone, and
/// pending floating notifications move to the new clock then. A fire due exactly at `c` rings
/// by the old clock (it is due as the clock changes). So the device follows zone `zᵢ` for the
/// instants `(cᵢ, cᵢ₊₁]`, the same `(after, through]` convention as the engine's windows.
///
/// ```swift
/// let trip = DeviceTimeZoneTimeline(initial: berlin, changes: [
///     .init(at: Date(timeIntervalSince1970: 1_781_258_400), to: newYork),   // 2026-06-12T10:00:00Z
/// ])
/// trip.zone(at: Date(timeIntervalSince1970: 1_781_258_400)).identifier   // "America/New_York"
/// ```
public struct DeviceTimeZoneTimeline: Sendable, Hashable {
    /// The device moves to `timeZone` at `instant`.
    public struct Change: Sendable, Hashable {
        /// When the device changes zone, to the whole second; an app opened at this instant sees ``timeZone``.
        public let instant: Date
        /// The zone the device is in from ``instant`` on.
        public let timeZone: TimeZone

        /// Creates a change to `timeZone` at `instant`, rounded down to the whole second.
        public init(at instant: Date, to timeZone: TimeZone) {
            self.instant = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
            self.timeZone = timeZone
        }
    }

    /// The zone before the first change.
    public let initial: TimeZone
    /// The changes, sorted by instant (a later one at the same instant wins).
    public let changes: [Change]

    /// Creates a timeline that starts in `initial`. `changes` may come in any order: they are
    /// sorted by instant, and of two at the same instant the one given later wins.
    public init(initial: TimeZone, changes: [Change] = []) {
        self.initial = initial
        self.changes = changes.enumerated().sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }.map(\.element)
    }

    /// A device that never changes zone.
    public static func fixed(_ zone: TimeZone) -> DeviceTimeZoneTimeline { DeviceTimeZoneTimeline(initial: zone) }

    /// The zone an app opened at `instant` sees: the last change at or before it, else ``initial``.
    public func zone(at instant: Date) -> TimeZone {
        changes.last { $0.instant <= instant }?.timeZone ?? initial
    }

    /// The stretches of constant zone that cover `(after, through]`: each `(after, through]`
    /// with the zone floating rules follow there.
    ///
    /// - Complexity: O(c) for c changes.
    func segments(after: Date, through: Date) -> [(after: Date, through: Date, zone: TimeZone)] {
        var result: [(after: Date, through: Date, zone: TimeZone)] = []
        var lower = after
        var zone = self.zone(at: after)
        for change in changes where change.instant > after && change.instant < through {
            result.append((lower, change.instant, zone))
            lower = change.instant
            zone = change.timeZone
        }
        if lower < through { result.append((lower, through, zone)) }
        return result
    }
}
