import Foundation
import RecurringAlarms

/// Builds the `VTIMEZONE` component RFC 5545 requires for each `TZID` a document uses, valid
/// for every instance of the events that use it (RFC 5545 §3.6.5).
///
/// The offsets come from ``ZoneOffsetTable`` (the engine's own reading of the tz database, so
/// the calendar and the engine agree on every offset). The component lists, one `STANDARD` or
/// `DAYLIGHT` sub-component each:
/// - first, the observance in force when the period starts: the last change in the year
///   before it, or, when the zone has not changed offset in that year, one sub-component
///   with its fixed offset and onset `19700101T000000` (or the period's start, a day before its
///   first date in UTC, for a period before 1970);
/// - then, when every rule of the zone ends, every change up to the end of the period, unless
///   the form below is shorter (so an end-dated zone never needs more than an open-ended one);
/// - for a period without an end, every change up to the year from which the zone follows a
///   yearly rule (``ZoneYearlyRule``, checked against each year through ``horizonYear``), then
///   that rule's changes as observances with a yearly `RRULE`, starting in the year before the
///   period's: New York since 2007 is `RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU` and
///   `RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU`. A zone that stops changing needs no rule: its
///   last observance holds after it. A zone that still changes in the years before
///   ``horizonYear`` but by no yearly rule (Africa/Casablanca, whose changes follow Ramadan)
///   has every change listed through the end of ``horizonYear``.
///
/// Each `DTSTART` is the change's onset in local time read with the offset before it, as
/// RFC 5545 §3.6.5 says: New York's 2026 spring change at 07:00 UTC is `DTSTART:20260308T020000`,
/// `TZOFFSETFROM:-0500`, `TZOFFSETTO:-0400`. Offsets with minutes or seconds are written
/// exactly (`+0545`, `+1345`, `-045602`).
enum VTimeZoneBuilder {
    /// How far before the period the observance in force at its start is looked for.
    static let lookBackDays: Int64 = 400

    /// The last year whose changes are checked for a period without an end; through it, a
    /// zone without a yearly rule is listed change by change.
    static let horizonYear = 2100

    /// How many years before the horizon a yearly rule is read from: 28, a whole cycle of
    /// weekdays and leap years, so every day of the month a rule can give occurs.
    static let ruleYears = 28

    /// How often the zone's offset is sampled, besides each change Foundation reports
    /// (`nextDaylightSavingTimeTransition`): a week. A period runs over centuries, and on Linux
    /// Foundation reports every change the tz database has (the tables from 1800 to 2100 of
    /// every zone it knows are the same without sampling); the weekly samples catch a change of
    /// standard offset a platform might not report, unless undone within the week.
    static let sampleStep: Int64 = 7 * CivilArithmetic.secondsPerDay

    /// The earliest instant whose offset the table reads, 1800-01-01T00:00Z: the tz database
    /// changes no zone's offset before 1844 (Asia/Manila's, at the end of that year), so a
    /// period before it starts with the offset in force then, and a rule started in year 1
    /// costs no more than one started in 1800.
    static let earliestSampled: Int64 = CivilArithmetic.daysFromCivil(year: 1800, month: 1, day: 1) * CivilArithmetic.secondsPerDay

    /// Writes the `VTIMEZONE` for `zone`, named `identifier`, covering local dates `from`
    /// through `through`, or from `from` on when `through` is `nil`.
    ///
    /// A period without an end lists the changes up to the zone's yearly rule, then the rule.
    /// A period with an end lists its changes, or is written as a period without one when that
    /// is shorter: an end-dated zone never needs more than an open-ended one.
    ///
    /// - Complexity: O(span / ``sampleStep`` + changes) calls to `TimeZone`, as
    ///   ``ZoneOffsetTable/init(zone:from:through:sampleStep:)``; the span runs from `from` (1800
    ///   at the earliest) to the end of ``horizonYear`` (or 28 years past `from`), or to
    ///   `through` when the period holds fewer than two changes.
    static func write(zone: TimeZone, identifier: String, from: LocalDate, through: LocalDate?, into writer: inout ContentLineWriter) {
        let day = CivilArithmetic.secondsPerDay
        // A day either side of the dates covers every UTC offset (all within ±26 h).
        let periodStart = (from.daysSinceEpoch - 1) * day
        let startYear = LocalDate(daysSinceEpoch: from.daysSinceEpoch - 1).year
        // The table holds the whole year before the period's, the first a yearly rule may start in.
        let tableStart = max(
            earliestSampled,
            min(periodStart - lookBackDays * day, (CivilArithmetic.daysFromCivil(year: startYear - 1, month: 1, day: 1) - 2) * day))
        let lastYear = max(horizonYear, startYear + ruleYears)
        let horizonEnd = (CivilArithmetic.daysFromCivil(year: lastYear + 1, month: 1, day: 1) + 1) * day
        let periodEnd = through.map { min((max($0, from).daysSinceEpoch + 2) * day, horizonEnd) } ?? horizonEnd
        var table = ZoneOffsetTable(zone: zone, from: tableStart, through: periodEnd, sampleStep: sampleStep)
        var changes = Self.changes(in: table)
        var listed = changes.filter { $0.onset > periodStart && $0.onset <= periodEnd }.count
        var rule: (rule: ZoneYearlyRule, firstYear: Int)?
        // The open-ended form has at least two observances (a yearly rule changes twice a year):
        // a listing of fewer changes is the shorter; with more, the rule may be.
        if through == nil || listed >= 2 {
            if periodEnd < horizonEnd {
                table = ZoneOffsetTable(zone: zone, from: tableStart, through: horizonEnd, sampleStep: sampleStep)
                changes = Self.changes(in: table)
                listed = changes.filter { $0.onset > periodStart && $0.onset <= periodEnd }.count
            }
            rule = yearlyRule(of: changes, startYear: startYear, horizon: lastYear)
            if through != nil, let found = rule {
                let ruleStart = found.rule.changes[0].onset(in: found.firstYear)
                let before = changes.filter { $0.onset > periodStart && $0.onset < ruleStart }.count
                let openEnded = (ruleStart > periodStart ? 1 + before : 0) + found.rule.changes.count
                if openEnded >= 1 + listed { rule = nil }
            }
        }

        writer.begin("VTIMEZONE")
        writer.property("TZID", identifier)
        let listedBefore = rule.map { $0.rule.changes[0].onset(in: $0.firstYear) } ?? periodEnd + 1
        if listedBefore > periodStart {
            if let inForce = changes.last(where: { $0.onset <= periodStart }) {
                writeObservance(zone: zone, onset: inForce.onset, from: inForce.from, to: inForce.to, into: &writer)
            } else {
                let offset = table.offset(atInstant: periodStart)
                // 1970 reads naturally; a period before it starts the observance at the period's start.
                let localOnset = min(LocalDateTime(wallSeconds: 0), LocalDateTime(wallSeconds: periodStart + offset))
                writeObservance(zone: zone, onset: periodStart, from: offset, to: offset, localOnset: localOnset, into: &writer)
            }
            for change in changes where change.onset > periodStart && change.onset < listedBefore {
                writeObservance(zone: zone, onset: change.onset, from: change.from, to: change.to, into: &writer)
            }
        }
        if let (rule, firstYear) = rule {
            for change in rule.changes {
                writeObservance(
                    zone: zone, onset: change.onset(in: firstYear), from: change.from, to: change.to, rrule: change.rrule, into: &writer)
            }
        }
        writer.end("VTIMEZONE")
    }

    /// The offset changes of `table`, in order.
    private static func changes(in table: ZoneOffsetTable) -> [ZoneYearlyRule.Transition] {
        table.starts.indices.dropFirst().map {
            ZoneYearlyRule.Transition(onset: table.starts[$0], from: table.offsets[$0 - 1], to: table.offsets[$0])
        }
    }

    /// The zone's yearly rule and the year its observances start: the earliest year, not
    /// before the one before `startYear`, from which every year through the horizon follows
    /// the rule read from the last ``ruleYears`` of them. `nil` when the zone does not change
    /// in those years (its last observance holds) or follows no yearly rule in them.
    private static func yearlyRule(of changes: [ZoneYearlyRule.Transition], startYear: Int, horizon: Int)
        -> (rule: ZoneYearlyRule, firstYear: Int)?
    {
        let changesByYear = Dictionary(grouping: changes, by: \.localYear)
        guard let rule = ZoneYearlyRule(changesByYear: changesByYear, years: (horizon - ruleYears + 1)...horizon) else { return nil }
        var firstYear = horizon - ruleYears + 1
        while firstYear > startYear - 1 && rule.predicts(changesByYear[firstYear - 1] ?? [], in: firstYear - 1) {
            firstYear -= 1
        }
        return (rule, firstYear)
    }

    /// Writes one `STANDARD` or `DAYLIGHT` sub-component: `DAYLIGHT` when Foundation says
    /// daylight saving time is in force from `onset` (seconds since 1970); with `rrule`, the
    /// observance recurs yearly from its onset.
    private static func writeObservance(
        zone: TimeZone, onset: Int64, from: Int64, to: Int64, localOnset: LocalDateTime? = nil, rrule: String? = nil,
        into writer: inout ContentLineWriter
    ) {
        let instant = Date(timeIntervalSince1970: Double(onset))
        let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
        writer.begin(kind)
        writer.property("DTSTART", (localOnset ?? LocalDateTime(wallSeconds: onset + from)).iCalendarText)
        writer.property("TZOFFSETFROM", ICalendar.utcOffsetText(Int(from)))
        writer.property("TZOFFSETTO", ICalendar.utcOffsetText(Int(to)))
        if let rrule { writer.property("RRULE", rrule) }
        if let name = zone.abbreviation(for: instant), !name.isEmpty {
            writer.textProperty("TZNAME", name)
        }
        writer.end(kind)
    }
}
