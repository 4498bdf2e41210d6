import Foundation

/// The zone offset tables of recent plans, one cache for the whole process (``shared``), so
/// that planning again in the same week, with this schedule or any other, asks `TimeZone`
/// nothing.
///
/// Building a table costs a few dozen `secondsFromGMT(for:)` calls per zone (about 1.5 µs a
/// zone), which is most of a plan for a thousand rules. A plan needs its zones' tables to cover
/// `lower - 2 d ... upper + 2 d`; for windows of up to 17 days the cache builds each table over
/// a whole aligned span instead (the week holding `lower - 2 d` and the three weeks after it),
/// keyed by zone identifier and week, so every plan starting in that week shares it. Windows
/// of up to 366 days (plans that fill the cap) share a span of 56 weeks the same way, which
/// spares them some 700 `secondsFromGMT(for:)` calls per zone and plan. Longer windows get a
/// table of their own, as before.
///
/// A wider table resolves every wall time exactly as a narrower one does; only its overall
/// `minOffset`/`maxOffset` may include a change outside the window, which can add one day to
/// a rule's walk. Results are the same either way.
final class ZoneTableCache: Sendable {
    static let week: Int64 = 7 * CivilArithmetic.secondsPerDay
    /// The longest window whose tables always come from the cache, wherever it starts: its
    /// margins included, it fits the four weeks from the week of `lower - 2 d`.
    static let longestCachedWindow: Int64 = 17 * CivilArithmetic.secondsPerDay
    /// When this many tables are held, the cache starts over.
    static let capacity = 512

    /// The weeks of the span shared by windows longer than ``longestCachedWindow``: 366 days
    /// and the margins, from any day of the first week.
    static let longSpanWeeks: Int64 = 56

    private struct Key: Hashable {
        var zone: String
        var week: Int64
        var weeks: Int64
    }

    private let tables = Locked<[Key: ZoneOffsetTable]>([:])

    /// The cache every ``AlarmSchedule`` uses. A table depends only on its zone's rules and its
    /// span, so sharing changes no result; it holds at most ``capacity`` tables.
    static let shared = ZoneTableCache()

    /// One window per zone in `zones`, for fires in `(lower, upper]`.
    func windows(zones: [TimeZone], lower: Int64, upper: Int64) -> [ZoneWindow] {
        let from = lower - ZoneWindow.margin
        let through = upper + ZoneWindow.margin
        let week = CivilArithmetic.floorDiv(from, Self.week)
        let weeks: Int64 = through < (week + 4) * Self.week ? 4 : Self.longSpanWeeks
        guard through < (week + weeks) * Self.week else {
            return zones.map { ZoneWindow(zone: $0, lower: lower, upper: upper) }
        }
        return zones.map { zone in
            ZoneWindow(zone: zone, table: table(zone: zone, week: week, weeks: weeks), lower: lower, upper: upper)
        }
    }

    private func table(zone: TimeZone, week: Int64, weeks: Int64) -> ZoneOffsetTable {
        // The table depends on the zone's rules only, which its identifier names (for
        // `TimeZone.autoupdatingCurrent` too: its identifier follows the system zone).
        let key = Key(zone: zone.identifier, week: week, weeks: weeks)
        if let cached = tables.withLock({ $0[key] }) { return cached }
        let table = ZoneOffsetTable(zone: zone, from: week * Self.week, through: (week + weeks) * Self.week - 1)
        tables.withLock { tables in
            if tables.count >= Self.capacity { tables.removeAll(keepingCapacity: true) }
            tables[key] = table
        }
        return table
    }
}
