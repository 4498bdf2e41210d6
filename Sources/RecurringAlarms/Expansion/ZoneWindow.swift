import Foundation

/// One zone's view of a plan window, built once per plan: its offset table and the range
/// of local days that can hold a fire inside the window.
struct ZoneWindow: Sendable {
    let zone: TimeZone
    let table: ZoneOffsetTable
    /// First and last day numbers whose wall times can resolve into `(lower, upper]`.
    let firstDay: Int64
    let lastDay: Int64

    /// Offsets more than a day apart within one zone have happened (Pacific/Apia skipped
    /// 2011-12-30), so the table reaches two days past the window on each side.
    static let margin: Int64 = 2 * CivilArithmetic.secondsPerDay

    init(zone: TimeZone, lower: Int64, upper: Int64) {
        self.init(
            zone: zone, table: ZoneOffsetTable(zone: zone, from: lower - Self.margin, through: upper + Self.margin),
            lower: lower, upper: upper)
    }

    /// A window over a table built beforehand, which must cover `lower - margin ... upper + margin`
    /// (it may cover more; see ``ZoneTableCache``).
    init(zone: TimeZone, table: ZoneOffsetTable, lower: Int64, upper: Int64) {
        self.zone = zone
        self.table = table
        // A fire at wall time w has instant w - offset for an offset of the table, so
        // instant > lower needs w > lower + minOffset and instant <= upper needs w <= upper + maxOffset.
        // Days outside years 1…9999 are never walked: `LocalDate` could not name them, and a
        // fire there would carry a clamped, wrong local time.
        firstDay = max(CivilArithmetic.floorDiv(lower + table.minOffset + 1, CivilArithmetic.secondsPerDay), LocalDate.earliestDay)
        lastDay = min(CivilArithmetic.floorDiv(upper + table.maxOffset, CivilArithmetic.secondsPerDay), LocalDate.latestDay)
    }
}

/// The part of a ``ZoneWindow`` the expansion loop reads, as plain integers: copying it
/// costs no reference counting. The zone's offset segments sit in the flat arrays of
/// ``ExpansionTables`` at `segmentStart ..< segmentStart + segmentCount`.
struct ZoneSpan: Sendable {
    let firstDay: Int64
    let lastDay: Int64
    let minOffset: Int64
    let maxOffset: Int64
    let segmentStart: Int
    let segmentCount: Int
}
