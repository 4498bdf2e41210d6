import Foundation

extension ICalendar {
    /// Reads every `VEVENT` of RFC 5545 text (an `.ics` file) as an alarm rule.
    ///
    /// Each event maps onto one rule exactly or is an error that names the property and says
    /// why; see the iCalendar section of Docs/Formats.md for the mapping. Events that carry the
    /// same `X-RECURRINGALARMS-RULE` (one rule written as several events) become one rule.
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
    /// - Returns: the rules in event order, each valid, and notes (derived ids, ignored
    ///   `EXDATE`s and components).
    /// - Throws: ``ICalendarReadError`` with every problem in the text, each with its line,
    ///   column, property and value.
    /// - Complexity: O(n) in the length of the text, plus O(t) per event for its t times.
    public static func readRules(from text: String, limits: ReadLimits = .standard) throws(ICalendarReadError) -> ICalendarImport {
        try readRules(from: Data(text.utf8), limits: limits)
    }

    /// Reads every `VEVENT` of RFC 5545 bytes (UTF-8) as an alarm rule; see
    /// ``readRules(from:limits:)-(String,_)``.
    ///
    /// ```swift
    /// let imported = try ICalendar.readRules(from: Data(contentsOf: url))
    /// ```
    /// - Throws: ``ICalendarReadError`` with every problem; invalid UTF-8 is one.
    /// - Complexity: O(n) in the number of bytes, plus O(t) per event for its t times.
    public static func readRules(from data: Data, limits: ReadLimits = .standard) throws(ICalendarReadError) -> ICalendarImport {
        var problems: [ICalendarReadProblem] = []
        var notes: [ICalendarImportNote] = []
        let calendars = ContentLineReader.components(of: [UInt8](data), limits: limits, problems: &problems)
        var events: [ICalendarEvent] = []
        var timeZoneIDs = Set<String>()
        for calendar in calendars where calendar.name == "VCALENDAR" {
            for child in calendar.children where child.name == "VTIMEZONE" {
                if let tzid = child.properties(named: "TZID").first?.value { timeZoneIDs.insert(tzid) }
            }
            for child in calendar.children {
                switch child.name {
                case "VEVENT": events.append(event(from: child, problems: &problems, notes: &notes))
                case "VTIMEZONE": break
                default:
                    notes.append(
                        ICalendarImportNote(
                            line: child.line, property: "BEGIN", value: child.name,
                            message: "is not a VEVENT; only events become alarm rules, so it was ignored"))
                }
            }
        }
        var built: [(rule: AlarmRule, event: ICalendarEvent)] = []
        for event in events {
            if let rule = ICalendarEventMapper.rule(for: event, timeZoneIDs: timeZoneIDs, problems: &problems, notes: &notes) {
                built.append((rule, event))
            }
        }
        let rules = identifiedRules(built, problems: &problems, notes: &notes)
        guard problems.isEmpty else {
            throw ICalendarReadError(problems: problems.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) })
        }
        return ICalendarImport(rules: rules, notes: notes)
    }

    /// The event's properties; a property that changes when the event happens but has no
    /// alarm-rule meaning is a problem.
    private static func event(
        from component: ICalendarComponent, problems: inout [ICalendarReadProblem], notes: inout [ICalendarImportNote]
    )
        -> ICalendarEvent
    {
        var event = ICalendarEvent(line: component.line)
        var seen: [String: Int] = [:]
        for property in component.properties {
            let site = ICalendarValueSite(property)
            func report(_ message: String) { problems.append(site.problem(message)) }
            if ["DTSTART", "RRULE", "UID", "SUMMARY", "STATUS"].contains(property.name) || property.name.hasPrefix("X-RECURRINGALARMS-") {
                if let first = seen[property.name] {
                    report("appears a second time in this event (first at line \(first)); expected it once")
                    continue
                }
                seen[property.name] = property.line
            }
            switch property.name {
            case "DTSTART": event.dtstart = ICalendarEvent.DateTimeProperty(property)
            case "RRULE": event.rrule = site
            case "EXDATE": event.exdates.append(ICalendarEvent.DateTimeProperty(property))
            case "SUMMARY":
                // An empty SUMMARY is an empty label, as export writes one.
                event.label = unescapedText(property.value)
            case "UID": event.uid = site
            case "RDATE":
                report("adds single dates to the recurrence; an alarm rule has only its weekly pattern (add them as one-shot rules)")
            case "EXRULE": report("removes a recurring set of dates (deprecated in RFC 5545); an alarm rule can only skip single dates")
            case "RECURRENCE-ID":
                report("moves or changes one instance of a recurring event; an alarm rule cannot move a single fire")
            case "STATUS":
                if property.value.uppercased() == "CANCELLED" {
                    report("marks the event cancelled; a cancelled event never happens, so it cannot be an alarm rule (leave it out)")
                }
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
            default: break   // DTEND, DURATION, DESCRIPTION …: an alarm has no length or body
            }
        }
        for alarm in component.children where alarm.name == "VALARM" {
            for trigger in alarm.properties(named: "TRIGGER") where !isAtEventStart(trigger) {
                problems.append(
                    ICalendarValueSite(trigger).problem(
                        "rings the alarm away from the event's start; an alarm rule fires at its times (use TRIGGER:PT0S, or move the event)"
                    ))
            }
        }
        return event
    }

    /// Whether a `VALARM`'s `TRIGGER` rings at the event's start: a zero duration relative to it.
    private static func isAtEventStart(_ trigger: ContentLine) -> Bool {
        if let related = trigger.parameter("RELATED"), related.uppercased() != "START" { return false }
        if let type = trigger.parameter("VALUE"), type.uppercased() != "DURATION" { return false }
        var text = Substring(trigger.value.uppercased())
        if text.first == "+" || text.first == "-" { text = text.dropFirst() }
        guard text.first == "P", text.count > 1 else { return false }
        return text.dropFirst().allSatisfy { "0WDTHMS".contains($0) }
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

    /// Gives each rule its id, merges events of one split rule, and validates the result.
    private static func identifiedRules(
        _ built: [(rule: AlarmRule, event: ICalendarEvent)], problems: inout [ICalendarReadProblem], notes: inout [ICalendarImportNote]
    ) -> [AlarmRule] {
        var rules: [(rule: AlarmRule, event: ICalendarEvent, id: String?)] = []
        var merged: [String: Int] = [:]
        var claimed: [String: Int] = [:]   // valid ids → line of the event that uses them
        for (rule, event) in built {
            if let ruleID = event.ruleID?.value {
                if let index = merged[ruleID] {
                    merge(rule, from: event, into: &rules[index].rule, firstLine: rules[index].event.line, problems: &problems)
                    continue
                }
                merged[ruleID] = rules.count
                claim(ruleID, event: event, site: event.ruleID!, claimed: &claimed, problems: &problems)
                rules.append((rule, event, ruleID))
            } else if let uid = event.uid, AlarmRule.isValidID(uid.value) {
                claim(uid.value, event: event, site: uid, claimed: &claimed, problems: &problems)
                rules.append((rule, event, uid.value))
            } else {
                rules.append((rule, event, nil))
            }
        }
        var result: [AlarmRule] = []
        for (index, entry) in rules.enumerated() {
            var rule = entry.rule
            if let id = entry.id {
                rule.id = id
            } else {
                rule.id = derivedID(from: entry.event.uid?.value, claimed: &claimed, line: entry.event.line ?? 0)
                if let uid = entry.event.uid {
                    notes.append(
                        uid.note("is not a valid rule id (1 to 64 characters of A-Z a-z 0-9 . _ -); the rule's id is \"\(rule.id)\""))
                } else {
                    notes.append(
                        ICalendarImportNote(
                            line: entry.event.line, property: "UID", value: nil, message: "is missing; the rule's id is \"\(rule.id)\""))
                }
            }
            rule.times.sort()
            for problem in rule.validationProblems(number: index + 1) {
                problems.append(
                    ICalendarReadProblem(line: entry.event.line, column: nil, property: "VEVENT", value: nil, message: problem.description))
            }
            result.append(rule)
        }
        return result
    }

    private static func claim(
        _ id: String, event: ICalendarEvent, site: ICalendarValueSite, claimed: inout [String: Int], problems: inout [ICalendarReadProblem]
    ) {
        if let other = claimed[id] {
            problems.append(
                site.problem("is the id of the event at line \(other) too; each rule needs its own id (give one event another UID)"))
        } else {
            claimed[id] = event.line ?? 0
        }
    }

    /// Another event of a rule written as several: its times join the rule's; everything else
    /// must be the same.
    private static func merge(
        _ rule: AlarmRule, from event: ICalendarEvent, into target: inout AlarmRule, firstLine: Int?, problems: inout [ICalendarReadProblem]
    ) {
        var comparable = rule
        comparable.id = target.id
        comparable.times = target.times
        if case .weekly(let days, let every, let start, let end) = comparable.repeats,
            case .weekly(_, _, let targetStart, _) = target.repeats, start != targetStart
        {
            comparable.repeats = .weekly(days: days, everyWeeks: every, start: targetStart, end: end)
        }
        guard comparable == target else {
            problems.append(
                event.ruleID!.problem(
                    "names the rule of the event at line \(firstLine ?? 0), but this event's \(difference(rule, target)) differs; events of one rule must agree in all but their times"
                ))
            return
        }
        var times = Set(target.times)
        for time in rule.times where times.insert(time).inserted { target.times.append(time) }
    }

    private static func difference(_ rule: AlarmRule, _ other: AlarmRule) -> String {
        if rule.repeats != other.repeats { return "recurrence (RRULE, DTSTART date)" }
        if rule.timeZone != other.timeZone { return "zone" }
        if rule.skippedDates != other.skippedDates { return "EXDATE dates" }
        if rule.label != other.label { return "SUMMARY" }
        if rule.isEnabled != other.isEnabled { return ICalendar.ExtensionProperty.enabled }
        if rule.gapPolicy != other.gapPolicy { return ICalendar.ExtensionProperty.gapPolicy }
        return ICalendar.ExtensionProperty.overlapPolicy
    }

    /// An id from `uid`: its id characters, every run of others as one `-`, at most 60
    /// characters, then `-2`, `-3` … until it is unused. `event` without a usable `UID`.
    static func derivedID(from uid: String?, claimed: inout [String: Int], line: Int) -> String {
        var base = ""
        for byte in (uid ?? "").utf8 {
            if AlarmRule.isIDByte(byte) {
                base.append(Character(Unicode.Scalar(byte)))
            } else if !base.isEmpty, !base.hasSuffix("-") {
                base.append("-")
            }
            if base.utf8.count >= 60 { break }
        }
        while base.hasSuffix("-") { base.removeLast() }
        if base.isEmpty { base = "event" }
        var id = base
        var number = 1
        while claimed[id] != nil {
            number += 1
            id = "\(base)-\(number)"
        }
        claimed[id] = line
        return id
    }
}
