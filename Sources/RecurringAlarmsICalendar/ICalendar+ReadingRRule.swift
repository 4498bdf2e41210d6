import RecurringAlarms

extension AlarmRule {
    /// Creates the rule an RFC 5545 recurrence describes: an `RRULE` value with its `DTSTART`
    /// and `EXDATE`s, as servers store them.
    ///
    /// The mapping is the one ``ICalendar/readRules(from:limits:options:)-(String,_,_)`` uses for an event;
    /// anything that cannot be an alarm rule exactly is an error that names the part and why.
    ///
    /// ```swift
    /// let wake = try AlarmRule(rrule: "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30",
    ///                          dtstart: "DTSTART;TZID=Europe/Berlin:20261202T073000",
    ///                          id: "wake", label: "Wake up")
    /// wake.repeats    // .weekly(days: [.monday, .wednesday], everyWeeks: 1, start: 2026-12-02, end: nil)
    /// wake.times      // [07:30]
    /// wake.timeZone   // .fixed(Europe/Berlin)
    ///
    /// try AlarmRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=1", dtstart: "20261201T090000", id: "rent")
    /// // throws: RRULE: "FREQ=MONTHLY" repeats by month; …
    /// ```
    ///
    /// - Parameters:
    ///   - rrule: the value of an `RRULE` (`FREQ=WEEKLY;BYDAY=MO`), with or without `RRULE:`.
    ///   - dtstart: `20261201T073000` (floating), `20261201T073000Z` (UTC), or a whole content
    ///     line such as `DTSTART;TZID=Europe/Berlin:20261201T073000`.
    ///   - timeZone: the zone of a floating `dtstart`; `nil` keeps the zone `dtstart` gives
    ///     (floating without `TZID` or `Z`).
    ///   - id: the rule's id.
    ///   - label: the rule's label.
    ///   - exdates: `EXDATE` values (`20261224T073000`, comma lists allowed) or whole lines
    ///     (`EXDATE;TZID=Europe/Berlin:20261224T073000,20261231T073000`, the `TZID` for every
    ///     value of the line); together they must remove every time of a date, and one that
    ///     matches no instance is ignored (`alarms import --rrule` prints a note saying which).
    /// - Throws: ``ICalendarReadError`` with every problem.
    /// - Complexity: O(t + e) for t times and e `EXDATE` values.
    public init(
        rrule: String, dtstart: String, timeZone: ZoneChoice? = nil, id: String, label: String? = nil, exdates: [String] = []
    ) throws(ICalendarReadError) {
        self = try ICalendar.readRecurrence(
            rrule: rrule, dtstart: dtstart, timeZone: timeZone, id: id, label: label, exdates: exdates
        ).rules[0]
    }
}

extension ICalendar {
    /// `AlarmRule(rrule:dtstart:timeZone:id:label:exdates:)` with the notes the reading
    /// made (an `EXDATE` that matches no instance), which `alarms import --rrule` prints.
    ///
    /// ```swift
    /// let read = try ICalendar.readRecurrence(
    ///     rrule: "FREQ=DAILY", dtstart: "20261201T073000", id: "wake", exdates: ["20261202T080000"])
    /// read.rules.count   // 1
    /// read.notes[0]      // EXDATE: "20261202T080000" matches no instance of the rule (…); ignored
    /// ```
    /// - Returns: one rule, and the notes.
    /// - Throws: ``ICalendarReadError`` with every problem. Neither problems nor notes have a
    ///   line or column: there is no text to point into.
    /// - Complexity: O(t + e) for t times and e `EXDATE` values.
    package static func readRecurrence(
        rrule: String, dtstart: String, timeZone: ZoneChoice? = nil, id: String, label: String? = nil, exdates: [String] = []
    ) throws(ICalendarReadError) -> ICalendarImport {
        var problems: [ICalendarReadProblem] = []
        var notes: [ICalendarImportNote] = []
        // The content-line reader counts a line given alone as line 1: no line of any text.
        func failure() -> ICalendarReadError {
            ICalendarReadError(
                problems: problems.map { problem in
                    var problem = problem
                    (problem.line, problem.column) = (nil, nil)
                    return problem
                })
        }
        var event = ICalendarEvent()
        event.dtstart = property(dtstart, name: "DTSTART", problems: &problems)
        var rruleValue = rrule
        if rruleValue.uppercased().hasPrefix("RRULE:") { rruleValue.removeFirst(6) }
        event.rrule = ICalendarValueSite(property: "RRULE", value: rruleValue)
        event.exdates = exdates.compactMap { property($0, name: "EXDATE", problems: &problems) }
        event.label = label
        if dtstart.isEmpty {
            problems.append(
                ICalendarReadProblem(line: nil, column: nil, property: "DTSTART", value: "", message: "is empty; expected YYYYMMDDTHHMMSS"))
        }
        guard problems.isEmpty,
            var rule = ICalendarEventMapper.rule(
                for: event, context: ICalendarEventMapper.Context(chosenZone: timeZone), problems: &problems, notes: &notes)
        else { throw failure() }
        rule.id = id
        for problem in rule.validationProblems() {
            problems.append(ICalendarReadProblem(line: nil, column: nil, property: nil, value: nil, message: problem.description))
        }
        guard problems.isEmpty else { throw failure() }
        return ICalendarImport(rules: [rule], notes: notes)
    }

    /// `text` as a property `name`: a whole content line when it starts with the name and `;`
    /// or `:` (`DTSTART;TZID=…:…`), else a value alone; `nil` after a problem.
    private static func property(_ text: String, name: String, problems: inout [ICalendarReadProblem]) -> ICalendarEvent.DateTimeProperty? {
        let head = text.utf8.prefix(name.utf8.count + 1)
        let isLine =
            head.count == name.utf8.count + 1 && String(decoding: head.dropLast(), as: UTF8.self).uppercased() == name
            && (head.last == UInt8(ascii: ";") || head.last == UInt8(ascii: ":"))
        guard isLine else { return ICalendarEvent.DateTimeProperty(site: ICalendarValueSite(property: name, value: text)) }
        guard let line = ContentLineReader.line(text, problems: &problems),
            var property = ICalendarEvent.DateTimeProperty(line, problems: &problems)
        else { return nil }
        property.site.line = nil   // no text to point into
        return property
    }
}
