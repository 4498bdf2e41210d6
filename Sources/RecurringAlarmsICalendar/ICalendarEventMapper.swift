import Foundation
import RecurringAlarms

/// Turns one event into an alarm rule, exactly or not at all.
enum ICalendarEventMapper {
    /// What the text around an event, or the caller, tells about it.
    struct Context {
        /// The `TZID`s of the calendar's `VTIMEZONE`s, to tell a named but non-IANA zone from a
        /// missing one.
        var timeZoneIDs: Set<String> = []
        /// A zone chosen by the caller for a floating `DTSTART` (`--rule-zone`); a `DTSTART`
        /// in another zone is then a problem.
        var chosenZone: ZoneChoice?
        /// The calendar's `X-WR-TIMEZONE`: the zone of a floating `DTSTART`, as the calendar
        /// apps that write it (Google, Apple) read such times.
        var floatingZone: TimeZone?
        /// Whether the rule rings at the event's reminders rather than its start.
        var ringsAtReminder = false
    }

    /// The rule `event` describes, its id left empty for the caller to fill; `nil` after
    /// reporting why when it has none.
    static func rule(
        for event: ICalendarEvent, context: Context, problems: inout [ICalendarReadProblem], notes: inout [ICalendarImportNote]
    ) -> AlarmRule? {
        let timeZoneIDs = context.timeZoneIDs
        guard let dtstart = event.dtstart else {
            guard !event.unreadable.contains("DTSTART") else { return nil }
            problems.append(
                ICalendarReadProblem(
                    line: event.line, column: nil, property: "DTSTART", value: nil,
                    message: "is missing; an alarm rule needs the date and time it starts"))
            return nil
        }
        let before = problems.count
        let start = dateTime(dtstart, problems: &problems)
        let zone = start.flatMap { zoneChoice(of: dtstart, isUTC: $0.isUTC, timeZoneIDs: timeZoneIDs, problems: &problems) }
        let rrule = event.rrule.flatMap { RRuleParser.parse($0, start: start?.time, problems: &problems) }
        // A malformed RRULE line is reported; reading the event as a one-shot would add noise.
        guard problems.count == before, !event.unreadable.contains("RRULE"), let start, let startTime = start.time, var zone
        else { return nil }
        if case .floating = zone, let floatingZone = context.floatingZone { zone = .fixed(floatingZone) }
        if let chosenZone = context.chosenZone {
            if case .floating = zone {
                zone = chosenZone
            } else if chosenZone != zone {
                problems.append(
                    dtstart.site.problem(
                        "names its zone (\(zone.icalendarName)), which differs from the zone given (\(chosenZone.icalendarName)); give a floating DTSTART or no zone"
                    ))
                return nil
            }
        }
        var pattern = ICalendarPattern(
            days: WeekdaySet(start.date.weekday), everyWeeks: 1, start: start.date, end: nil, times: [startTime],
            repeats: rrule != nil)
        if let rrule, let site = event.rrule {
            pattern.everyWeeks = rrule.interval
            pattern.days = rrule.days ?? (rrule.frequency == .daily ? .daily : pattern.days)
            let hours = rrule.hours ?? [startTime.hour]
            let minutes = rrule.minutes ?? [startTime.minute]
            let seconds = rrule.seconds ?? [startTime.second]
            pattern.times = hours.flatMap { hour in
                minutes.flatMap { minute in seconds.compactMap { TimeOfDay(hour: hour, minute: minute, second: $0) } }
            }
            guard startIsFirstInstance(pattern, start: startTime, dtstart: dtstart.site, problems: &problems) else { return nil }
            if let count = rrule.count {
                guard let end = end(ofCount: count, pattern, site: site, problems: &problems) else { return nil }
                pattern.end = end
            } else if let until = rrule.until {
                guard let end = end(until: until, pattern, zone: zone, site: site, problems: &problems) else { return nil }
                guard end >= pattern.start else {
                    let part = rrule.parts["UNTIL"] ?? (site.value, 0)
                    problems.append(
                        site.problem(
                            at: part.offset, value: part.text,
                            "ends the rule before its first instance, DTSTART (\(pattern.start) \(startTime)), so it would never fire; an alarm rule ends on or after its start (move UNTIL, or drop the RRULE for a one-shot alarm)"
                        ))
                    return nil
                }
                pattern.end = end
            }
        }
        guard var skipped = skippedDates(event.exdates, pattern, zone: zone, problems: &problems, notes: &notes),
            applyReminders(
                of: event, to: &pattern, skipped: &skipped, atReminder: context.ringsAtReminder, problems: &problems, notes: &notes)
        else { return nil }
        return AlarmRule(
            id: "", label: event.label, isEnabled: event.isEnabled,
            repeats: pattern.repeats
                ? .weekly(days: pattern.days, everyWeeks: pattern.everyWeeks, start: pattern.start, end: pattern.end)
                : .once(pattern.start),
            times: pattern.times, timeZone: zone, skippedDates: skipped, gapPolicy: event.gapPolicy,
            overlapPolicy: event.overlapPolicy)
    }

    /// `DTSTART`'s value; a `DATE` (an all-day event) is a problem: an alarm needs a time.
    private static func dateTime(_ property: ICalendarEvent.DateTimeProperty, problems: inout [ICalendarReadProblem])
        -> ICalendarDateTime?
    {
        if let type = property.valueType, type != "DATE-TIME" {
            problems.append(
                property.site.problem(
                    "has VALUE=\(type); an alarm rule starts at a date and time, expected VALUE=DATE-TIME or no VALUE"))
            return nil
        }
        guard let value = ICalendarDateTime(property.site.value) else {
            problems.append(property.site.problem("is not a date-time; expected YYYYMMDDTHHMMSS, YYYYMMDDTHHMMSSZ (UTC)"))
            return nil
        }
        guard value.time != nil else {
            problems.append(property.site.problem("is a date without a time (an all-day event); an alarm rule fires at a time of day"))
            return nil
        }
        return value
    }

    /// Floating without `TZID` or `Z`; UTC with `Z`; the zone a `TZID` names (an IANA name, a
    /// globally unique id ending in one, a Windows zone name: ``ICalendarZoneName``).
    private static func zoneChoice(
        of property: ICalendarEvent.DateTimeProperty, isUTC: Bool, timeZoneIDs: Set<String>, problems: inout [ICalendarReadProblem]
    ) -> ZoneChoice? {
        switch (property.tzid, isUTC) {
        case (nil, false): return .floating
        case (nil, true): return TimeZone(ianaIdentifier: "UTC").map(ZoneChoice.fixed)
        case (_?, true):
            problems.append(property.site.problem("has both TZID and a UTC time (Z); RFC 5545 allows one of them"))
            return nil
        case (let tzid?, false):
            if let named = ICalendarZoneName.zone(for: tzid) { return .fixed(named.zone) }
            problems.append(property.site.problem(unknownZoneMessage(tzid, timeZoneIDs: timeZoneIDs)))
            return nil
        }
    }

    /// Why `tzid` names no zone: defined only in the file, or not at all.
    static func unknownZoneMessage(_ tzid: String, timeZoneIDs: Set<String>) -> String {
        let shown = tzid.truncatedForMessage
        return timeZoneIDs.contains(tzid)
            ? "TZID \"\(shown)\" names a zone defined only in this file's VTIMEZONE, with no IANA name; an alarm rule's zone is an IANA zone such as America/New_York (or a Windows zone name, or a \"/\" id that ends in an IANA name)"
            : "TZID \"\(shown)\" is neither an IANA time zone, a Windows zone name nor the TZID of a VTIMEZONE; expected a zone such as America/New_York"
    }

    /// RFC 5545 counts `DTSTART` as the first instance; an alarm rule fires on every chosen
    /// weekday at every time from its start date, so `DTSTART` must be the first of those.
    private static func startIsFirstInstance(
        _ pattern: ICalendarPattern, start: TimeOfDay, dtstart: ICalendarValueSite, problems: inout [ICalendarReadProblem]
    ) -> Bool {
        let date = pattern.start
        if !pattern.days.contains(date.weekday) {
            problems.append(
                dtstart.problem(
                    "falls on a \(date.weekday.name), not one of the rule's days (\(pattern.days)); RFC 5545 counts DTSTART as an instance, an alarm rule fires only on its days"
                ))
            return false
        }
        if !pattern.times.contains(start) {
            problems.append(
                dtstart.problem(
                    "is at \(start), not one of the rule's times (\(pattern.timesText)); RFC 5545 counts DTSTART as an instance, an alarm rule fires only at its times"
                ))
            return false
        }
        if let earlier = pattern.times.first, earlier < start {
            problems.append(
                dtstart.problem(
                    "is at \(start), after the rule's time \(earlier) on \(date); RFC 5545 starts at DTSTART, an alarm rule fires at every time of its start date (start DTSTART at \(earlier))"
                ))
            return false
        }
        return true
    }

    /// The date of the `count`-th instance; a problem when it is not the last time of its day.
    private static func end(
        ofCount count: Int, _ pattern: ICalendarPattern, site: ICalendarValueSite, problems: inout [ICalendarReadProblem]
    )
        -> LocalDate?
    {
        let perDay = pattern.times.count
        let dayNumber = (count + perDay - 1) / perDay
        guard let date = pattern.occurrenceDate(number: dayNumber) else {
            problems.append(site.problem("COUNT=\(count) runs past 9999-12-31, the last date an alarm rule can have"))
            return nil
        }
        if count % perDay != 0 {
            problems.append(
                site.problem(
                    "COUNT=\(count) ends at the \(ordinal(count - (dayNumber - 1) * perDay)) of the \(perDay) times of \(date); an alarm rule ends after a whole date (use COUNT=\((dayNumber - 1) * perDay) or \(dayNumber * perDay))"
                ))
            return nil
        }
        return date
    }

    /// The last date all of whose instances are at or before `until`, read in the rule's zone.
    private static func end(
        until: ICalendarDateTime, _ pattern: ICalendarPattern, zone: ZoneChoice, site: ICalendarValueSite,
        problems: inout [ICalendarReadProblem]
    ) -> LocalDate? {
        guard let untilTime = until.time else { return until.date }   // a DATE includes its whole day
        let limit: LocalDateTime
        var instant: Date?
        switch zone {
        case .floating:
            if until.isUTC {
                problems.append(
                    site.problem(
                        "UNTIL is in UTC (Z) but DTSTART is floating; RFC 5545 requires a floating UNTIL, which is read on the device's clock like the rule"
                    ))
                return nil
            }
            limit = LocalDateTime(date: until.date, time: untilTime)
        case .fixed(let timeZone):
            if until.isUTC {
                let moment = Date(
                    timeIntervalSince1970: Double(
                        until.date.daysSinceEpoch * CivilArithmetic.secondsPerDay + Int64(untilTime.secondsSinceMidnight)))
                instant = moment
                limit = LocalDateTime(instant: moment, utcOffsetSeconds: timeZone.secondsFromGMT(for: moment))
            } else {
                limit = LocalDateTime(date: until.date, time: untilTime)   // RFC 2445's local UNTIL: read in the rule's zone
            }
        }
        let day = limit.date
        guard pattern.isOccurrence(day) else { return day }
        let within = pattern.times.filter { time in
            let local = LocalDateTime(date: day, time: time)
            guard let instant, case .fixed(let timeZone) = zone,
                let fire = local.instant(in: timeZone, gap: .shift, overlap: .first)
            else { return local <= limit }
            // UTC cannot name an instant past 9999-12-31T23:59:59Z, the last one a plan holds, so
            // an UNTIL there covers every later instance: export writes it for a rule that ends
            // on 9999-12-31 west of UTC.
            return fire.instant <= instant || instant.timeIntervalSince1970 >= Double(PlanningRange.latestInstant)
        }
        if within.count == pattern.times.count { return day }
        if within.isEmpty { return day.adding(days: -1) }
        let shownLimit = until.isUTC ? ", \(limit.date) \(limit.time) in \(zone.icalendarName)," : ""
        problems.append(
            site.problem(
                "UNTIL=\(site.value.untilText)\(shownLimit) falls between the rule's times on \(day) (after \(within.last!), before \(pattern.times[within.count])); an alarm rule ends after a whole date"
            ))
        return nil
    }

    private static func ordinal(_ number: Int) -> String {
        switch (number % 10, number % 100) {
        case (1, let tens) where tens != 11: "\(number)st"
        case (2, let tens) where tens != 12: "\(number)nd"
        case (3, let tens) where tens != 13: "\(number)rd"
        default: "\(number)th"
        }
    }
}

extension ZoneChoice {
    /// How messages name the zone: its IANA name, or "floating".
    var icalendarName: String {
        switch self {
        case .floating: "floating"
        case .fixed(let zone): zone.ianaName
        }
    }
}

extension String {
    /// The `UNTIL=` value of an `RRULE` value, for messages.
    fileprivate var untilText: String {
        for part in split(separator: ";") where part.uppercased().hasPrefix("UNTIL=") { return String(part.dropFirst(6)) }
        return ""
    }
}
