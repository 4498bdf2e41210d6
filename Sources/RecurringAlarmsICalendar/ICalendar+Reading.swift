import Foundation
import RecurringAlarms

extension ICalendar {
    /// Reads every `VEVENT` of RFC 5545 text (an `.ics` file) as an alarm rule.
    ///
    /// Each event maps onto one rule exactly or not at all: what it cannot say is a problem
    /// that names the property and says why; see the iCalendar section of Docs/Formats.md for
    /// the mapping. Events that carry the same `X-RECURRINGALARMS-RULE` (one rule written as
    /// several events) become one rule. Read ``ReadOptions/strict`` (the default), one event
    /// that does not map fails the whole read; read ``ReadOptions/whatFits``, it is left out and
    /// listed in ``ICalendarImport/leftOut`` with every reason.
    ///
    /// ```swift
    /// let text = """
    ///     BEGIN:VCALENDAR
    ///     VERSION:2.0
    ///     PRODID:-//Example//EN
    ///     BEGIN:VEVENT
    ///     UID:wake
    ///     SUMMARY:Wake up
    ///     DTSTART;TZID=Europe/Berlin:20261201T073000
    ///     RRULE:FREQ=WEEKLY;BYDAY=TU,TH
    ///     END:VEVENT
    ///     END:VCALENDAR
    ///     """
    /// let imported = try ICalendar.readRules(from: text)
    /// imported.rules[0].repeats   // .weekly(days: [.tuesday, .thursday], everyWeeks: 1, start: 2026-12-01, end: nil)
    /// imported.rules[0].times     // [07:30]
    /// ```
    ///
    /// - Parameters:
    ///   - text: the calendar; lines end in CRLF or LF, and may be folded.
    ///   - limits: the most bytes and lines read; more is an error.
    ///   - options: all or nothing (the default) or what fits, and whether reminders ring.
    /// - Returns: the rules in event order, each valid; notes in text order (derived ids,
    ///   ignored `EXDATE`s and components); and, read with ``ReadOptions/whatFits``, the events
    ///   left out.
    /// - Throws: ``ICalendarReadError`` with every problem in the text, in text order, each
    ///   with its line, column, property and value: read strictly, when there is any; read for
    ///   what fits, when no event maps. Empty or blank text is one.
    /// - Complexity: O(n log n) in the length of the text, plus O(t) per event for its t times.
    public static func readRules(from text: String, limits: ReadLimits = .standard, options: ReadOptions = .strict)
        throws(ICalendarReadError) -> ICalendarImport
    {
        try readRules(from: Data(text.utf8), limits: limits, options: options)
    }

    /// Reads every `VEVENT` of RFC 5545 bytes (UTF-8) as an alarm rule; see
    /// ``readRules(from:limits:options:)-(String,_,_)``.
    ///
    /// ```swift
    /// let imported = try ICalendar.readRules(from: Data(contentsOf: url), options: .whatFits)
    /// ```
    /// A UTF-8 byte-order mark at the start is skipped.
    ///
    /// - Throws: ``ICalendarReadError`` with every problem; invalid UTF-8 is one.
    /// - Complexity: O(n log n) in the number of bytes, plus O(t) per event for its t times.
    public static func readRules(from data: Data, limits: ReadLimits = .standard, options: ReadOptions = .strict)
        throws(ICalendarReadError) -> ICalendarImport
    {
        var reading = ICalendarReading(options: options)
        reading.read([UInt8](data), limits: limits)
        return try reading.result()
    }

    /// A calendar's `METHOD` (iTIP, RFC 5546): its events are to be added only when it
    /// publishes them (`PUBLISH`) or invites to them (`REQUEST`); any other method, `CANCEL`
    /// above all, says something about events held elsewhere.
    static func checkMethod(of calendar: ICalendarComponent, problems: inout [ICalendarReadProblem]) {
        for method in calendar.properties(named: "METHOD") {
            let site = ICalendarValueSite(method)
            switch method.value.uppercased() {
            case "PUBLISH", "REQUEST": break
            case "CANCEL":
                problems.append(
                    site.problem(
                        "makes the calendar a cancellation notice (iTIP, RFC 5546): its events are to be removed, not added as alarms"))
            default:
                problems.append(
                    site.problem(
                        "is an iTIP method (RFC 5546) whose events are not to be added to a calendar; expected PUBLISH or REQUEST, or no METHOD"
                    ))
            }
        }
    }

    /// The event's properties; a property that changes when the event happens but has no
    /// alarm-rule meaning is a problem.
    static func event(
        from component: ICalendarComponent, problems: inout [ICalendarReadProblem], notes: inout [ICalendarImportNote]
    )
        -> ICalendarEvent
    {
        var event = ICalendarEvent(line: component.line)
        var seen: [String: Int] = [:]
        for property in component.properties {
            guard property.isReadable else {
                event.unreadable.insert(property.name)
                continue
            }
            let site = ICalendarValueSite(property)
            func report(_ message: String) { problems.append(site.problem(message)) }
            if ["DTSTART", "RRULE", "UID", "SUMMARY", "STATUS", "RECURRENCE-ID"].contains(property.name)
                || property.name.hasPrefix("X-RECURRINGALARMS-")
            {
                if let first = seen[property.name] {
                    report("appears a second time in this event (first at line \(first)); expected it once")
                    continue
                }
                seen[property.name] = property.line
            }
            switch property.name {
            case "DTSTART":
                event.dtstart = ICalendarEvent.DateTimeProperty(property, problems: &problems)
                if event.dtstart == nil { event.unreadable.insert(property.name) }
            case "RRULE": event.rrule = site
            case "EXDATE":
                if let exdate = ICalendarEvent.DateTimeProperty(property, problems: &problems) { event.exdates.append(exdate) }
            case "SUMMARY":
                // An empty SUMMARY is an empty label, as export writes one.
                event.label = unescapedText(property.value)
            case "UID": event.uid = site
            case "RDATE":
                report("adds single dates to the recurrence; an alarm rule has only its weekly pattern (add them as one-shot rules)")
            case "EXRULE": report("removes a recurring set of dates (deprecated in RFC 5545); an alarm rule can only skip single dates")
            case "RECURRENCE-ID":
                let before = problems.count
                let range = property.singleParameter("RANGE", problems: &problems)
                guard problems.count == before, let recurrenceID = ICalendarEvent.DateTimeProperty(property, problems: &problems) else {
                    event.unreadable.insert(property.name)
                    continue
                }
                if let range, range.uppercased() == "THISANDFUTURE" {
                    report(
                        "has RANGE=THISANDFUTURE: it edits this occurrence and every later one; an alarm rule cannot split its series (edit the series instead)"
                    )
                }
                event.recurrenceID = recurrenceID
            case "STATUS":
                if property.value.uppercased() == "CANCELLED" { event.cancelled = site }
            case ICalendar.ExtensionProperty.gapPolicy:
                switch property.value.uppercased() {
                case "SHIFT": event.gapPolicy = .shift
                case "SKIP": event.gapPolicy = .skip
                default: report("is not a gap policy; expected SHIFT or SKIP")
                }
            case ICalendar.ExtensionProperty.overlapPolicy:
                switch property.value.uppercased() {
                case "FIRST": event.overlapPolicy = .first
                case "LAST": event.overlapPolicy = .last
                default: report("is not an overlap policy; expected FIRST or LAST")
                }
            case ICalendar.ExtensionProperty.enabled:
                switch property.value.uppercased() {
                case "TRUE": event.isEnabled = true
                case "FALSE": event.isEnabled = false
                default: report("is not a truth value; expected TRUE or FALSE")
                }
            case ICalendar.ExtensionProperty.rule:
                if AlarmRule.isValidID(property.value) {
                    event.ruleID = site
                } else {
                    report("is not a valid rule id; expected 1 to 64 characters of A-Z a-z 0-9 . _ -")
                }
            case let name where name.hasPrefix(ICalendar.ExtensionProperty.prefix):
                // A misspelt one would silently lose what it carries (a gap policy, a disabled rule).
                let known = ICalendar.ExtensionProperty.all
                let hint = Suggestion.closest(to: name, among: known).map { "did you mean \($0)? " } ?? ""
                report(
                    "is not a property this library writes; \(hint)expected one of \(known.joined(separator: ", "))")
            default: break   // DTEND, DURATION, DESCRIPTION …: an alarm has no length or body
            }
        }
        if let cancelled = event.cancelled, event.recurrenceID == nil {
            // A cancelled occurrence of a series (RECURRENCE-ID) is read: it skips a date.
            problems.append(
                cancelled.problem(
                    "marks the event cancelled; a cancelled event never happens, so it cannot be an alarm rule (leave it out)"))
        }
        if let recurrenceID = event.recurrenceID, let rrule = event.rrule {
            problems.append(
                rrule.problem(
                    "repeats an edited occurrence (RECURRENCE-ID \(recurrenceID.site.value.truncatedForMessage)); an edited occurrence is one date and time, a one-shot alarm"
                ))
        }
        for child in component.children {
            switch child.name {
            case "VALARM":
                checkAlarm(child, problems: &problems)
                event.alarms.append(
                    ICalendarEvent.Alarm(
                        action: child.properties(named: "ACTION").first?.value.uppercased(), triggers: child.properties(named: "TRIGGER")))
            case "VEVENT": break   // an event of its own, reported as nested
            default:
                notes.append(
                    ICalendarImportNote(
                        line: child.line, property: "BEGIN", value: child.name,
                        message: "is not a VALARM; only an event's alarms are read, so it was ignored"))
            }
        }
        return event
    }

    /// A `VALARM` that rings again (`REPEAT`) is a problem: an alarm rule rings once at each of
    /// its times. When it rings is read with the event's times (see `ICalendarEventMapper`).
    private static func checkAlarm(_ alarm: ICalendarComponent, problems: inout [ICalendarReadProblem]) {
        for repeatCount in alarm.properties(named: "REPEAT") where repeatCount.value != "0" {
            let site = ICalendarValueSite(repeatCount)
            if let count = RRuleParser.positiveNumber(repeatCount.value) {
                problems.append(
                    site.problem(
                        "rings the alarm \(count) more time\(count == 1 ? "" : "s"), DURATION apart; an alarm rule rings once at each of its times (remove REPEAT and DURATION, or add the times to the rule)"
                    ))
            } else {
                problems.append(site.problem("is not a whole number; expected REPEAT:0, as an alarm rule rings once at each of its times"))
            }
        }
    }

    /// TEXT unescaping (RFC 5545 §3.3.11): `\\` `\;` `\,` and `\n` or `\N` (a line break); a
    /// backslash before anything else is dropped, keeping the character.
    static func unescapedText(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}

extension ICalendar.ExtensionProperty {
    /// What every property of this library starts with: any other that does is misspelt.
    static let prefix = "X-RECURRINGALARMS-"

    /// Every property the reader knows, for messages about one it does not.
    static let all = [gapPolicy, overlapPolicy, enabled, rule]
}
