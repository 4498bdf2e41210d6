import Foundation
import RecurringAlarms

extension ICalendarEventMapper {
    /// The dates `EXDATE`s remove whole. An `EXDATE` removes the instances at its instant (RFC
    /// 5545 §3.8.5.1); one that matches no instance is ignored with a note (RFC 5545 ignores it
    /// too), and one that removes some but not all times of a date is a problem: an alarm rule
    /// skips whole dates.
    static func skippedDates(
        _ properties: [ICalendarEvent.DateTimeProperty], _ pattern: ICalendarPattern, zone: ZoneChoice,
        problems: inout [ICalendarReadProblem], notes: inout [ICalendarImportNote]
    ) -> Set<LocalDate>? {
        var removed: [LocalDate: (times: Set<TimeOfDay>, site: ICalendarValueSite, wholeDay: Bool)] = [:]
        var order: [LocalDate] = []
        let before = problems.count
        for property in properties {
            // RFC 5545 §3.8.5.1: EXDATE's values are DATE-TIMEs unless VALUE=DATE makes them DATEs.
            let dates = property.valueType == "DATE"
            if let type = property.valueType, type != "DATE", type != "DATE-TIME" {
                problems.append(property.site.problem("has VALUE=\(type); EXDATE's values are DATE-TIME (the default) or DATE"))
                continue
            }
            if case .floating = zone, property.tzid != nil || property.site.value.uppercased().contains("Z") {
                problems.append(property.site.problem(floatingZoneMismatch(property.tzid, forSeries: false)))
                continue
            }
            var offset = 0
            for text in property.site.value.split(separator: ",", omittingEmptySubsequences: false) {
                let valueOffset = offset
                offset += text.utf8.count + 1
                guard let value = ICalendarDateTime(String(text)) else {
                    problems.append(
                        property.site.problem(
                            at: valueOffset, value: String(text), "is not a date or date-time; \(ICalendarDateTime.expectedForms)"))
                    continue
                }
                if dates != (value.time == nil) {
                    problems.append(
                        property.site.problem(
                            at: valueOffset, value: String(text),
                            dates
                                ? "is a date-time, but VALUE=DATE makes EXDATE's values dates (RFC 5545 §3.8.5.1); write it as YYYYMMDD, or drop VALUE=DATE"
                                : "is a date, but EXDATE's values are date-times unless VALUE=DATE is given (RFC 5545 §3.8.5.1); write EXDATE;VALUE=DATE:\(text) to skip the whole day"
                        ))
                    continue
                }
                guard
                    let match = instances(
                        removedBy: value, tzid: property.tzid, pattern, zone: zone, site: property.site, offset: valueOffset,
                        problems: &problems)
                else { continue }
                switch match {
                case .matchesNothing(let why):
                    notes.append(property.site.note(value: String(text), "matches no instance of the rule (\(why)); ignored"))
                case .removes(let instances):
                    for (date, time) in instances {
                        if removed[date] == nil { order.append(date) }
                        removed[date, default: ([], property.site, false)].times.formUnion(time.map { [$0] } ?? [])
                        if time == nil { removed[date]?.wholeDay = true }
                    }
                }
            }
        }
        var skipped = Set<LocalDate>()
        for date in order {
            guard let entry = removed[date] else { continue }
            if entry.wholeDay || entry.times.count == pattern.times.count {
                skipped.insert(date)
                continue
            }
            let kept = pattern.times.filter { !entry.times.contains($0) }.map(\.description)
            problems.append(
                entry.site.problem(
                    "removes \(entry.times.sorted().map(\.description).joined(separator: ", ")) but not \(kept.joined(separator: ", ")) on \(date); an alarm rule skips whole dates"
                ))
        }
        return problems.count == before ? skipped : nil
    }

    /// What one `EXDATE` value removes.
    enum ExdateMatch {
        /// These instances: each date with its time, `nil` for a `DATE` (the whole day).
        case removes([(date: LocalDate, time: TimeOfDay?)])
        /// None: the value is no instance, and why, for the note.
        case matchesNothing(why: String)
    }

    /// The instances an `EXDATE` value removes.
    ///
    /// A floating rule's instances are wall times, and its `EXDATE`s must be floating too. A
    /// fixed-zone rule's instances are instants: a value is read in its own zone (`Z`, its
    /// `TZID`, else the rule's) and every instance at that instant is removed. Both sides read
    /// a wall time as RFC 5545 §3.3.5 does: one in a spring-forward gap with the offset before
    /// the gap, a repeated one as its first instant. So `EXDATE;TZID=America/New_York:20270314T023000`
    /// removes the 02:30 instance of 2027-03-14 (07:30Z, shown 03:30 EDT), and
    /// `EXDATE:20261101T063000Z` (the second 01:30, EST) removes nothing from a rule at 01:30,
    /// whose instance that day is 05:30Z (01:30 EDT). `nil` after a problem.
    static func instances(
        removedBy value: ICalendarDateTime, tzid: String?, _ pattern: ICalendarPattern, zone: ZoneChoice, site: ICalendarValueSite,
        offset: Int, problems: inout [ICalendarReadProblem]
    ) -> ExdateMatch? {
        guard let time = value.time else {
            return pattern.isOccurrence(value.date)
                ? .removes([(value.date, nil)]) : .matchesNothing(why: "\(value.date) is not one of its dates")
        }
        let local = LocalDateTime(date: value.date, time: time)
        var source: TimeZone?
        if value.isUTC {
            source = TimeZone(ianaIdentifier: "UTC")
        } else if let tzid {
            guard let named = ICalendarZoneName.zone(for: tzid)?.zone else {
                problems.append(
                    site.problem(
                        at: offset,
                        "TZID \"\(tzid.truncatedForMessage)\" is neither an IANA time zone nor a Windows zone name; expected the zone of DTSTART"
                    ))
                return nil
            }
            source = named
        }
        guard case .fixed(let ruleZone) = zone else {
            if source != nil {
                problems.append(site.problem(at: offset, floatingZoneMismatch(value.isUTC ? nil : tzid, forSeries: true)))
                return nil
            }
            return pattern.isOccurrence(value.date) && pattern.times.contains(time)
                ? .removes([(value.date, time)]) : .matchesNothing(why: "\(value.date) \(time) is not one of its dates and times")
        }
        let instant = local.resolution(in: source ?? ruleZone).instants[0]
        let seconds = CivilArithmetic.wholeSeconds(instant)
        // The wall times whose instance is `instant`: each is `instant` plus an offset in force
        // near it (the offset before a gap, for a time in the gap).
        let day = CivilArithmetic.secondsPerDay
        let table = ZoneOffsetTable(zone: ruleZone, from: seconds - 2 * day, through: seconds + 2 * day)
        var found: [(date: LocalDate, time: TimeOfDay?)] = []
        var tried = Set<Int64>()
        for utcOffset in table.offsets where tried.insert(utcOffset).inserted {
            let wall = LocalDateTime(wallSeconds: seconds + utcOffset)
            guard table.resolve(wall: wall.wallSeconds).instants[0] == seconds, pattern.isOccurrence(wall.date),
                pattern.times.contains(wall.time)
            else { continue }
            found.append((wall.date, wall.time))
        }
        if !found.isEmpty { return .removes(found) }
        let shownOffset = Int(table.offset(atInstant: seconds))
        let shown = LocalDateTime(instant: instant, utcOffsetSeconds: shownOffset)
        var why = "it is \(RFC3339.format(instant, utcOffsetSeconds: shownOffset)) in \(zone.icalendarName)"
        if pattern.isOccurrence(shown.date), pattern.times.contains(shown.time),
            let first = table.resolve(wall: shown.wallSeconds).instants.first
        {
            // The second showing of a repeated time: the rule's instance is the first.
            let firstOffset = Int(table.offset(atInstant: first))
            why +=
                ", the second \(shown.time) of \(shown.date); the rule's instance is the first, \(RFC3339.format(Date(timeIntervalSince1970: Double(first)), utcOffsetSeconds: firstOffset))"
        } else {
            why += ", not one of its dates and times"
        }
        return .matchesNothing(why: why)
    }

    /// Why a time in UTC (`tzid` `nil`) or in a named zone cannot name an instance of a floating
    /// `DTSTART`: this package's rule, which RFC 5545 does not state, and why.
    static func floatingZoneMismatch(_ tzid: String?, forSeries: Bool) -> String {
        let what = tzid.map { "names a zone (TZID=\($0.truncatedForMessage))" } ?? "is in UTC (Z)"
        let start = forSeries ? "its series' DTSTART" : "DTSTART"
        return
            "\(what) but \(start) is floating; this package's rule, not RFC 5545's: a floating time has no instant until the device's zone is known, so an instant cannot name one (write it floating, as \(start) is)"
    }
}
