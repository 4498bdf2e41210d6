import Foundation
import RecurringAlarms

/// One `VEVENT` the writer emits for a rule: its `DTSTART`, `RRULE` and `EXDATE`s in typed form.
struct ExportedEvent: Sendable {
    /// The event's `UID`: the rule id, or `<id>~<n>` for the n-th event of a split rule.
    var uid: String
    /// The rule id, written as `X-RECURRINGALARMS-RULE` when the rule is split into several events.
    var splitRuleID: String?
    /// The first occurrence.
    var start: LocalDateTime
    /// The rule's zone, with the name written as `TZID`; `nil` for a floating rule.
    var zone: (identifier: String, zone: TimeZone)?
    /// The `RRULE` value, `nil` for a one-shot event.
    var rrule: String?
    /// The excluded date-times: each skipped date at each of the event's times.
    var exdates: [LocalDateTime]
    /// The last date with an occurrence, `nil` when the rule does not end.
    var lastDate: LocalDate?

    /// The `TZID` parameter of `DTSTART` and `EXDATE`, none for a floating rule.
    var zoneParameters: [(name: String, value: String)] { zone.map { [("TZID", $0.identifier)] } ?? [] }

    /// `DTSTART;TZID=…:YYYYMMDDTHHMMSS`, or without `TZID` when floating.
    var dtstartLine: String { Self.line("DTSTART", zone: zone?.identifier, start) }

    /// One `EXDATE` line per excluded date-time.
    var exdateLines: [String] { exdates.map { Self.line("EXDATE", zone: zone?.identifier, $0) } }

    /// The public form, for `AlarmRule.recurrences(start:)`.
    var recurrence: ICalendarRecurrence {
        ICalendarRecurrence(uid: uid, dtstart: dtstartLine, rrule: rrule, exdates: exdateLines)
    }

    /// One unfolded content line: `NAME;TZID=zone:value`, or `NAME:value` without a zone.
    private static func line(_ name: String, zone: String?, _ value: LocalDateTime) -> String {
        name + (zone.map { ";TZID=" + ContentLineWriter.parameterValue($0) } ?? "") + ":" + value.iCalendarText
    }
}

extension AlarmRule {
    /// The events this rule is exported as, soonest time first; empty when it has no
    /// occurrence (a weekly rule whose first eligible day on or after its start, or `from`
    /// without one, is after its end).
    ///
    /// The rule must be valid; the search for the first eligible day is bounded by
    /// `7 × everyWeeks` days.
    func exportedEvents(from: LocalDate) -> [ExportedEvent] {
        let zone: (identifier: String, zone: TimeZone)? =
            switch timeZone {
            case .floating: nil
            case .fixed(let zone): (zone.ianaName, zone)
            }
        let skipped = skippedDates.sorted()
        let products: [TimeProduct]
        let firstDate: LocalDate
        var lastDate: LocalDate?
        var rrules: [TimeProduct: String] = [:]
        switch repeats {
        case .once(let date):
            products = Set(times).sorted().map { TimeProduct(hours: [$0.hour], minutes: [$0.minute], seconds: [$0.second]) }
            firstDate = date
            lastDate = date
        case .weekly(let days, let everyWeeks, let start, let end):
            guard let first = Self.firstEligibleDay(days: days, everyWeeks: everyWeeks, start: start, end: end, from: from) else {
                return []
            }
            firstDate = first
            lastDate = end
            products = TimeProduct.split(times)
            for product in products {
                rrules[product] = Self.rrule(
                    days: days, everyWeeks: start == nil ? 1 : everyWeeks, until: end.map { Self.until($0, zone: zone?.zone) },
                    product: product)
            }
        }
        let isSplit = products.count > 1
        // `~` is not an id character: `tea~2` can be no rule's id, while `tea-2` could be.
        return products.enumerated().map { index, product in
            ExportedEvent(
                uid: isSplit ? "\(id)~\(index + 1)" : id, splitRuleID: isSplit ? id : nil,
                start: LocalDateTime(date: firstDate, time: product.first), zone: zone, rrule: rrules[product],
                exdates: skipped.flatMap { date in product.times.map { LocalDateTime(date: date, time: $0) } },
                lastDate: lastDate)
        }
    }

    /// The first day on or after `start` (or `from`, without a start) with instances by the
    /// engine's eligibility test (weekday, and an active week counted from the Monday of
    /// `start`'s week), if it is not after `end`. O(7 · everyWeeks).
    private static func firstEligibleDay(
        days: WeekdaySet, everyWeeks: Int, start: LocalDate?, end: LocalDate?, from: LocalDate
    ) -> LocalDate? {
        let eligibility = RecurrenceEligibility(.weekly(days: days, everyWeeks: everyWeeks, start: start, end: end))
        let base = (start ?? from).daysSinceEpoch
        let last = min(end ?? .latest, .latest).daysSinceEpoch
        var day = base
        while day <= min(last, base + 7 * eligibility.weeksPerCycle) {
            if eligibility.hasInstances(day: day) { return LocalDate(daysSinceEpoch: day) }
            day += 1
        }
        return nil
    }

    /// The `RRULE` value of a weekly rule for one time product.
    private static func rrule(days: WeekdaySet, everyWeeks: Int, until: String?, product: TimeProduct) -> String {
        var parts = ["FREQ=WEEKLY"]
        if everyWeeks > 1 { parts.append("INTERVAL=\(everyWeeks)") }
        if let until { parts.append("UNTIL=" + until) }
        parts.append("BYDAY=" + days.days.map(\.iCalendarText).joined(separator: ","))
        parts.append("BYHOUR=" + product.hours.map(String.init).joined(separator: ","))
        parts.append("BYMINUTE=" + product.minutes.map(String.init).joined(separator: ","))
        if product.seconds != [0] { parts.append("BYSECOND=" + product.seconds.map(String.init).joined(separator: ",")) }
        if everyWeeks > 1 { parts.append("WKST=MO") }
        return parts.joined(separator: ";")
    }

    /// `UNTIL` for a rule ending on `end`: 23:59:59 that day, local for a floating rule, else
    /// in UTC as RFC 5545 requires with a `TZID` `DTSTART` (the later instant if that wall
    /// time repeats, so every occurrence that day is on or before it).
    private static func until(_ end: LocalDate, zone: TimeZone?) -> String {
        let lastSecond = LocalDateTime(date: end, time: TimeOfDay(secondsSinceMidnight: 86_399)!)
        guard let zone else { return lastSecond.iCalendarText }
        return ICalendar.utcText(lastSecond.resolution(in: zone).instants.last!)
    }
}
