import Foundation
import RecurringAlarms

extension ICalendar {
    /// The `PRODID` of exported documents: `-//RecurringAlarms//RecurringAlarms VERSION//EN`, with this
    /// package's version as `alarms --version` prints it.
    public static let productID = "-//RecurringAlarms//RecurringAlarms \(PackageVersion.current)//EN"

    /// The rules as an RFC 5545 document: a `VCALENDAR` with a `VTIMEZONE` per zone used and a
    /// `VEVENT` per rule (several for some rules), with a `VALARM` so calendar apps ring it.
    ///
    /// ```swift
    /// let wake = AlarmRule(
    ///     id: "wake", label: "Wake up", repeats: .weekly(days: .weekdays),
    ///     times: [TimeOfDay(hour: 7, minute: 30)!])
    /// let document = try ICalendar.document(
    ///     for: [wake], start: .date(LocalDate(year: 2026, month: 12, day: 1)!),
    ///     generatedAt: Date(timeIntervalSince1970: 1_796_083_200))
    /// print(document.text)
    /// // BEGIN:VCALENDAR
    /// // VERSION:2.0
    /// // PRODID:-//RecurringAlarms//RecurringAlarms 1.0//EN
    /// // CALSCALE:GREGORIAN
    /// // BEGIN:VEVENT
    /// // UID:wake
    /// // DTSTAMP:20261201T000000Z
    /// // DTSTART:20261201T073000
    /// // RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=7;BYMINUTE=30
    /// // SUMMARY:Wake up
    /// // BEGIN:VALARM
    /// // ACTION:DISPLAY
    /// // DESCRIPTION:Wake up
    /// // TRIGGER:PT0S
    /// // END:VALARM
    /// // END:VEVENT
    /// // END:VCALENDAR
    /// ```
    ///
    /// Each rule becomes:
    /// - `DTSTART`: the first occurrence on or after the rule's start (a weekly rule without
    ///   a start: on or after its date from `start`), even when that date is skipped; floating local time for
    ///   a floating rule, `TZID=<IANA name>` for a fixed-zone one.
    /// - `RRULE:FREQ=WEEKLY;…;BYDAY=…;BYHOUR=…;BYMINUTE=…` (+ `INTERVAL=n`, `WKST=MO` for every
    ///   n weeks, `UNTIL` = the end date at 23:59:59: local when floating, UTC with `TZID`,
    ///   `BYSECOND` when a time has seconds); none for a one-shot rule.
    /// - `EXDATE` per skipped date and time; `SUMMARY` = the label.
    /// - Times that are not one `BYHOUR` × `BYMINUTE` × `BYSECOND` product (or a one-shot rule's
    ///   several times) make several events, with UIDs `<id>~1`, `<id>~2`, … (`~` is not an id
    ///   character, so no such UID is another rule's) and `X-RECURRINGALARMS-RULE:<id>`.
    /// - `X-RECURRINGALARMS-GAP:SKIP`, `X-RECURRINGALARMS-OVERLAP:LAST` (each with a warning:
    ///   RFC 5545 expansion shifts gap times and takes the first of repeated ones) and
    ///   `X-RECURRINGALARMS-ENABLED:FALSE` (then no `VALARM`).
    ///
    /// A weekly rule with no occurrence left is omitted, with a warning; with no event at all
    /// (no rules, or every one omitted) ``ICalendarDocument/eventCount`` is 0 and the text has
    /// no component, which RFC 5545 does not allow: do not publish it (`alarms export` fails).
    /// Each `VTIMEZONE` covers every instance of its events: their dates from the earliest
    /// `DTSTART` through the latest end, or, when a rule does not end, from then on, with the
    /// zone's yearly rule as `RRULE`s (see Docs/Formats.md).
    ///
    /// - Parameters:
    ///   - rules: The rules, written in this order.
    ///   - start: The first date of each weekly rule without a start (the library never reads
    ///     the clock: pass ``ICalendarExportStart/firesAfter(_:deviceTimeZone:)`` with now to
    ///     keep every fire after now).
    ///   - generatedAt: The `DTSTAMP` RFC 5545 requires on each event: when the document is made.
    /// - Throws: ``/RecurringAlarms/AlarmRulesError/invalid(_:)`` listing every problem when a rule is invalid
    ///   or an id repeats (as ``/RecurringAlarms/AlarmRuleSet/validationProblems(of:)``).
    /// - Complexity: O(rules × times × skipped dates), plus O(days covered / 12 h) `TimeZone`
    ///   calls per zone (through 2100 for a zone with a rule that does not end).
    public static func document(for rules: [AlarmRule], start: ICalendarExportStart, generatedAt: Date) throws(AlarmRulesError)
        -> ICalendarDocument
    {
        let problems = AlarmRuleSet.validationProblems(of: rules)
        guard problems.isEmpty else { throw .invalid(problems) }
        var writer = ContentLineWriter()
        return writtenDocument(for: rules, start: start, generatedAt: generatedAt, into: &writer)
    }

    /// ``document(for:start:generatedAt:)`` within `limits`: what `alarms export` writes, so that
    /// what it writes `alarms import` reads back. A book whose `EXDATE`s alone pass the limit
    /// (each skipped date at each time of its rule) is refused before anything is built; any
    /// other is refused as soon as its text passes it, each zone's `VTIMEZONE` and each event
    /// bounded on its own.
    ///
    /// - Throws: ``ICalendarExportFailure/invalid(_:)`` when a rule is invalid,
    ///   ``ICalendarExportFailure/tooLarge(_:)`` when the text would pass `limits`.
    /// - Complexity: as ``document(for:start:generatedAt:)``, the events' lines at most
    ///   `limits.maximumLines`, each zone's `VTIMEZONE` written until the text is full.
    package static func document(
        for rules: [AlarmRule], start: ICalendarExportStart, generatedAt: Date, within limits: ReadLimits
    ) throws(ICalendarExportFailure) -> ICalendarDocument {
        let problems = AlarmRuleSet.validationProblems(of: rules)
        guard problems.isEmpty else { throw .invalid(problems) }
        if let tooLarge = ICalendarExportTooLarge.beforeWriting(rules, limits: limits) { throw .tooLarge(tooLarge) }
        var writer = ContentLineWriter()
        writer.limits = limits
        let document = writtenDocument(for: rules, start: start, generatedAt: generatedAt, into: &writer)
        if writer.isFull { throw .tooLarge(ICalendarExportTooLarge(cause: .text(rules: rules.count), limits: limits)) }
        return document
    }

    /// The document of valid `rules`, written into `writer`, which stops writing once full.
    private static func writtenDocument(
        for rules: [AlarmRule], start: ICalendarExportStart, generatedAt: Date, into writer: inout ContentLineWriter
    ) -> ICalendarDocument {
        var warnings: [ICalendarExportWarning] = []
        var events: [(rule: AlarmRule, event: ExportedEvent)] = []
        // `through` is nil once a rule of the zone does not end.
        var zoneSpans: [String: (zone: TimeZone, from: LocalDate, through: LocalDate?)] = [:]
        for rule in rules {
            let from = start.date(for: rule)
            let ruleEvents = rule.exportedEvents(from: from)
            if ruleEvents.isEmpty, case .weekly(_, _, let ruleStart, let end?) = rule.repeats {
                warnings.append(ICalendarExportWarning(ruleID: rule.id, reason: .noOccurrence(from: ruleStart ?? from, through: end)))
            }
            if rule.gapPolicy == .skip { warnings.append(ICalendarExportWarning(ruleID: rule.id, reason: .gapPolicySkip)) }
            if rule.overlapPolicy == .last { warnings.append(ICalendarExportWarning(ruleID: rule.id, reason: .overlapPolicyLast)) }
            for event in ruleEvents {
                events.append((rule, event))
                guard let zone = event.zone else { continue }
                let first = event.start.date
                let span = zoneSpans[zone.identifier] ?? (zone.zone, first, event.lastDate)
                let through = span.through.flatMap { spanEnd in event.lastDate.map { max(spanEnd, $0) } }
                zoneSpans[zone.identifier] = (zone.zone, min(span.from, first), through)
            }
        }

        writer.begin("VCALENDAR")
        writer.property("VERSION", "2.0")
        writer.property("PRODID", productID)
        writer.property("CALSCALE", "GREGORIAN")
        for (identifier, span) in zoneSpans.sorted(by: { $0.key < $1.key }) where !writer.isFull {
            VTimeZoneBuilder.write(zone: span.zone, identifier: identifier, from: span.from, through: span.through, into: &writer)
        }
        let stamp = utcText(generatedAt)
        for (rule, event) in events where !writer.isFull {
            write(event, of: rule, stamp: stamp, into: &writer)
        }
        writer.end("VCALENDAR")
        return ICalendarDocument(text: writer.text, warnings: warnings, eventCount: events.count)
    }

    /// The rules as an RFC 5545 document, each weekly rule without a start starting on
    /// `from`: ``document(for:start:generatedAt:)`` with ``ICalendarExportStart/date(_:)``.
    ///
    /// ```swift
    /// let document = try ICalendar.document(for: rules, from: LocalDate(year: 2026, month: 12, day: 1)!, generatedAt: now)
    /// ```
    /// - Throws: ``/RecurringAlarms/AlarmRulesError/invalid(_:)`` listing every problem when a rule is invalid.
    /// - Complexity: As ``document(for:start:generatedAt:)``.
    public static func document(for rules: [AlarmRule], from: LocalDate, generatedAt: Date) throws(AlarmRulesError)
        -> ICalendarDocument
    {
        try document(for: rules, start: .date(from), generatedAt: generatedAt)
    }

    /// Writes one `VEVENT`.
    private static func write(_ event: ExportedEvent, of rule: AlarmRule, stamp: String, into writer: inout ContentLineWriter) {
        writer.begin("VEVENT")
        writer.textProperty("UID", event.uid)
        writer.property("DTSTAMP", stamp)
        writer.property("DTSTART", parameters: event.zoneParameters, event.start.iCalendarText)
        if let rrule = event.rrule { writer.property("RRULE", rrule) }
        for exdate in event.exdates {
            writer.property("EXDATE", parameters: event.zoneParameters, exdate.iCalendarText)
        }
        if let label = rule.label { writer.textProperty("SUMMARY", label) }
        if rule.gapPolicy == .skip { writer.property(ExtensionProperty.gapPolicy, "SKIP") }
        if rule.overlapPolicy == .last { writer.property(ExtensionProperty.overlapPolicy, "LAST") }
        if !rule.isEnabled { writer.property(ExtensionProperty.enabled, "FALSE") }
        if let ruleID = event.splitRuleID { writer.textProperty(ExtensionProperty.rule, ruleID) }
        if rule.isEnabled {
            writer.begin("VALARM")
            writer.property("ACTION", "DISPLAY")
            writer.textProperty("DESCRIPTION", rule.label.flatMap { $0.isEmpty ? nil : $0 } ?? rule.id)
            writer.property("TRIGGER", "PT0S")
            writer.end("VALARM")
        }
        writer.end("VEVENT")
    }
}

extension AlarmRule {
    /// The rule's recurrence as RFC 5545 `DTSTART`, `RRULE` and `EXDATE`s: one per event
    /// ``ICalendar/document(for:start:generatedAt:)`` would write for it.
    ///
    /// One element when the times are one `BYHOUR` × `BYMINUTE` × `BYSECOND` product (and a
    /// one-shot rule has one time); several otherwise; none when a weekly rule has no
    /// occurrence on or after its start (or its date from `start`, without a start) before its
    /// end. The policies, label and enabled state are not part of a recurrence: use the
    /// document for them.
    ///
    /// ```swift
    /// let meds = AlarmRule(
    ///     id: "meds", repeats: .weekly(days: .daily, everyWeeks: 2, start: LocalDate(year: 2026, month: 12, day: 1)!),
    ///     times: [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!])
    /// try meds.recurrences(start: .date(LocalDate(year: 2026, month: 12, day: 1)!)).map(\.rrule)
    /// // ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYHOUR=8,20;BYMINUTE=0;WKST=MO"]
    /// ```
    /// - Parameter start: The first date of a weekly rule without a start.
    /// - Throws: ``/RecurringAlarms/AlarmRulesError/invalid(_:)`` when the rule is invalid.
    /// - Complexity: O(times × skipped dates).
    public func recurrences(start: ICalendarExportStart) throws(AlarmRulesError) -> [ICalendarRecurrence] {
        let problems = validationProblems()
        guard problems.isEmpty else { throw .invalid(problems) }
        return exportedEvents(from: start.date(for: self)).map(\.recurrence)
    }

    /// The rule's recurrences with a weekly rule without a start starting on `from`:
    /// ``recurrences(start:)`` with ``ICalendarExportStart/date(_:)``.
    ///
    /// ```swift
    /// try wake.recurrences(from: LocalDate(year: 2026, month: 12, day: 1)!)[0].dtstart
    /// ```
    /// - Throws: ``/RecurringAlarms/AlarmRulesError/invalid(_:)`` when the rule is invalid.
    /// - Complexity: O(times × skipped dates).
    public func recurrences(from: LocalDate) throws(AlarmRulesError) -> [ICalendarRecurrence] {
        try recurrences(start: .date(from))
    }
}
