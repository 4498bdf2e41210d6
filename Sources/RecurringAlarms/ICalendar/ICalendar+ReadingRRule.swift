extension AlarmRule {
    /// Creates the rule an RFC 5545 recurrence describes: an `RRULE` value with its `DTSTART`
    /// and `EXDATE`s, as servers store them.
    ///
    /// The mapping is the one ``ICalendar/readRules(from:limits:)-(String,_)`` uses for an event;
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
    /// // throws: RRULE: "FREQ=MONTHLY" FREQ=MONTHLY repeats by month; …
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
    ///     (`EXDATE;TZID=Europe/Berlin:20261224T073000`); together they must remove every time
    ///     of a date, and one that matches no instance is ignored.
    /// - Throws: ``ICalendarReadError`` with every problem.
    /// - Complexity: O(t + e) for t times and e `EXDATE` values.
    public init(
        rrule: String, dtstart: String, timeZone: ZoneChoice? = nil, id: String, label: String? = nil, exdates: [String] = []
    ) throws(ICalendarReadError) {
        var problems: [ICalendarReadProblem] = []
        var notes: [ICalendarImportNote] = []
        func property(_ text: String, name: String) -> ICalendarEvent.DateTimeProperty? {
            guard text.contains(":") else { return ICalendarEvent.DateTimeProperty(site: ICalendarValueSite(property: name, value: text)) }
            guard let line = ContentLineReader.line(text, problems: &problems) else { return nil }
            var property = ICalendarEvent.DateTimeProperty(line)
            property.site.line = nil   // no text to point into
            if line.name != name {
                problems.append(property.site.problem(value: text, "is a \(line.name) line; expected \(name)"))
                return nil
            }
            return property
        }
        var event = ICalendarEvent()
        event.dtstart = property(dtstart, name: "DTSTART")
        var rruleValue = rrule
        if rruleValue.uppercased().hasPrefix("RRULE:") { rruleValue.removeFirst(6) }
        event.rrule = ICalendarValueSite(property: "RRULE", value: rruleValue)
        event.exdates = exdates.compactMap { property($0, name: "EXDATE") }
        event.label = label
        if dtstart.isEmpty {
            problems.append(
                ICalendarReadProblem(line: nil, column: nil, property: "DTSTART", value: "", message: "is empty; expected YYYYMMDDTHHMMSS"))
        }
        guard problems.isEmpty,
            var rule = ICalendarEventMapper.rule(for: event, timeZoneIDs: [], zone: timeZone, problems: &problems, notes: &notes)
        else { throw ICalendarReadError(problems: problems) }
        rule.id = id
        for problem in rule.validationProblems() {
            problems.append(ICalendarReadProblem(line: nil, column: nil, property: nil, value: nil, message: problem.description))
        }
        guard problems.isEmpty else { throw ICalendarReadError(problems: problems) }
        self = rule
    }
}
