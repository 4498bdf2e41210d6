import Foundation

/// Builds the `VTIMEZONE` component RFC 5545 requires for each `TZID` a document uses.
///
/// The component lists the zone's actual offset changes over the exported period, one
/// `STANDARD` or `DAYLIGHT` sub-component per change, from ``ZoneOffsetTable`` (the engine's own
/// reading of the tz database, so the calendar and the engine agree on every offset):
/// - first, the observance in force when the period starts: the last change in the year
///   before it, or, when the zone has not changed offset in that year, one sub-component
///   with its fixed offset and onset `19700101T000000` (or the period's start, a day before its
///   first date in UTC, for a period before 1970);
/// - then every change up to the end of the period.
///
/// Each `DTSTART` is the change's onset in local time read with the offset before it, as
/// RFC 5545 §3.6.5 says: New York's 2026 spring change at 07:00 UTC is `DTSTART:20260308T020000`,
/// `TZOFFSETFROM:-0500`, `TZOFFSETTO:-0400`. Offsets with minutes or seconds are written
/// exactly (`+0545`, `+1345`, `-045602`).
enum VTimeZoneBuilder {
    /// How far before the period the observance in force at its start is looked for.
    static let lookBackDays: Int64 = 400

    /// Writes the `VTIMEZONE` for `zone`, named `identifier`, covering local dates `from` through `through`.
    ///
    /// - Complexity: O(span / 12 h) calls to `TimeZone`, as ``ZoneOffsetTable/init(zone:from:through:)``.
    static func write(zone: TimeZone, identifier: String, from: LocalDate, through: LocalDate, into writer: inout ContentLineWriter) {
        let day = CivilArithmetic.secondsPerDay
        // A day either side of the dates covers every UTC offset (all within ±26 h).
        let periodStart = (from.daysSinceEpoch - 1) * day
        let periodEnd = (max(through, from).daysSinceEpoch + 2) * day
        let table = ZoneOffsetTable(zone: zone, from: periodStart - lookBackDays * day, through: periodEnd)
        let changes = table.starts.indices.dropFirst().map {
            (onset: table.starts[$0], from: Int(table.offsets[$0 - 1]), to: Int(table.offsets[$0]))
        }
        let inForce = changes.last { $0.onset <= periodStart }
        writer.begin("VTIMEZONE")
        writer.property("TZID", identifier)
        if let inForce {
            writeObservance(zone: zone, onset: inForce.onset, from: inForce.from, to: inForce.to, into: &writer)
        } else {
            let offset = Int(table.offset(atInstant: periodStart))
            // 1970 reads naturally; a period before it starts the observance at the period's start.
            let localOnset = min(LocalDateTime(wallSeconds: 0), LocalDateTime(wallSeconds: periodStart + Int64(offset)))
            writeObservance(zone: zone, onset: periodStart, from: offset, to: offset, localOnset: localOnset, into: &writer)
        }
        for change in changes where change.onset > periodStart && change.onset <= periodEnd {
            writeObservance(zone: zone, onset: change.onset, from: change.from, to: change.to, into: &writer)
        }
        writer.end("VTIMEZONE")
    }

    /// Writes one `STANDARD` or `DAYLIGHT` sub-component: `DAYLIGHT` when Foundation says
    /// daylight saving time is in force from `onset` (seconds since 1970).
    private static func writeObservance(
        zone: TimeZone, onset: Int64, from: Int, to: Int, localOnset: LocalDateTime? = nil, into writer: inout ContentLineWriter
    ) {
        let instant = Date(timeIntervalSince1970: Double(onset))
        let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
        writer.begin(kind)
        writer.property("DTSTART", (localOnset ?? LocalDateTime(wallSeconds: onset + Int64(from))).iCalendarText)
        writer.property("TZOFFSETFROM", ICalendar.utcOffsetText(from))
        writer.property("TZOFFSETTO", ICalendar.utcOffsetText(to))
        if let name = zone.abbreviation(for: instant), !name.isEmpty {
            writer.textProperty("TZNAME", name)
        }
        writer.end(kind)
    }
}
