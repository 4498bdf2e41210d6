import Foundation
import RecurringAlarms

/// One read of iCalendar text: every `VEVENT` with the problems that are its own, so that a read
/// that imports what fits can leave out exactly the events that do not map, and a strict read
/// can report every problem at once.
///
/// Problems are collected in one list, as the text is read and each event mapped; each is then
/// given to the innermost event whose lines hold it (a malformed line, an `RRULE` part, a
/// `VALARM` inside it), or to every event of its calendar (`METHOD:CANCEL`). A problem in no
/// event (a `VTIMEZONE` line, the calendar's own properties) costs no event: a read that imports
/// what fits passes it on as a note.
struct ICalendarReading {
    /// One `VEVENT` of the text, wherever it is.
    struct Entry {
        var event: ICalendarEvent
        /// The lines from its `BEGIN` to its `END`.
        var span: ClosedRange<Int>
        /// The index of its calendar in ``calendars``, `nil` for an event outside any.
        var calendar: Int?
        /// A `VEVENT` inside another component, reported and never mapped.
        var isNested = false
        /// Indices in ``problems`` of every reason the event is left out; empty when it maps.
        var reasons: [Int] = []
        /// The rule it maps onto (its id still empty), when it does.
        var rule: AlarmRule?
        /// A replacement content line that would make it map, when there is one.
        var nearest: String?
    }

    /// What one `VCALENDAR` gives each of its events.
    struct Calendar {
        /// Its `VTIMEZONE`s by `TZID` (the first of each), and their `TZID`s.
        var timeZones: [String: ICalendarComponent] = [:]
        var timeZoneIDs: Set<String> = []
        /// Indices in ``problems`` that leave out every event of the calendar (its `METHOD`).
        var eventProblems: [Int] = []
        /// `X-WR-TIMEZONE`, and the zone it names (if any): the zone of floating times.
        var floatingZoneName: ICalendarValueSite?
        var floatingZone: TimeZone?
    }

    /// A rule of the import: the rule, its id once given, and the events it comes from (one,
    /// or several that carry one `X-RECURRINGALARMS-RULE`).
    struct Slot {
        /// What the rule stands for, which decides how its id is made.
        enum Kind {
            /// An event, or the events of one split rule.
            case event
            /// An edited occurrence (`RECURRENCE-ID`) of the series whose event is entry
            /// `series` (`nil`: no series in the text), at the original date and time `suffix`.
            case occurrence(series: Int?, suffix: String)
            /// The other times of a date of the series whose event is entry `series`, one of
            /// whose times was edited.
            case otherTimes(series: Int, date: LocalDate)
        }

        var rule: AlarmRule
        var entries: [Int]
        var id: String?
        var kind = Kind.event

        /// Whether it stands for events (not an occurrence or a date's other times).
        var isEvent: Bool {
            if case .event = kind { true } else { false }
        }
    }

    let options: ICalendar.ReadOptions
    var problems: [ICalendarReadProblem] = []
    var notes: [ICalendarImportNote] = []
    var entries: [Entry] = []
    var calendars: [Calendar] = []
    /// The rules, in the order of their first events, once ``identifyRules()`` has run.
    var slots: [Slot] = []
    /// The slot of each event that is a rule's (not an occurrence's), by entry index.
    var eventSlots: [Int: Int] = [:]
    /// Indices in ``problems`` that only follow from another problem (an edited occurrence of a
    /// series left out): a strict read does not list them again.
    var consequential = Set<Int>()

    init(options: ICalendar.ReadOptions) {
        self.options = options
    }

    /// Reads `bytes`: the components, each event's properties and the rule each maps onto.
    mutating func read(_ bytes: [UInt8], limits: ICalendar.ReadLimits) {
        let components = ContentLineReader.components(of: bytes, limits: limits, problems: &problems)
        for component in components {
            switch component.name {
            case "VCALENDAR":
                readCalendar(component)
            case "VEVENT" where !options.isStrict:
                notes.append(
                    ICalendarImportNote(
                        line: component.line, property: "BEGIN", value: component.name,
                        message: "is outside any VCALENDAR (RFC 5545 puts each event in one); read as an event all the same"))
                add(component, calendar: nil)
            default:
                problems.append(
                    ICalendarReadProblem(
                        line: component.line, column: component.column, property: "BEGIN", value: component.name,
                        message: "opens a component outside any VCALENDAR; expected BEGIN:VCALENDAR first"))
            }
        }
        for index in entries.indices where !entries[index].isNested {
            // A cancelled occurrence only skips a date of its series: it has no rule of its own.
            if entries[index].event.recurrenceID != nil, entries[index].event.cancelled != nil { continue }
            entries[index].rule = ICalendarEventMapper.rule(
                for: entries[index].event, context: context(of: entries[index]), problems: &problems, notes: &notes)
        }
        attributeProblems()
        findNearest()
        identifyRules()
        noteZoneNames()
    }

    /// What the calendar of `entry` tells its mapping.
    private func context(of entry: Entry) -> ICalendarEventMapper.Context {
        let calendar = entry.calendar.map { calendars[$0] } ?? Calendar()
        return ICalendarEventMapper.Context(
            timeZoneIDs: calendar.timeZoneIDs, floatingZone: calendar.floatingZone, ringsAtReminder: options.ringsAtReminder)
    }

    /// For each event left out only for its `RRULE`, the nearest `RRULE` that maps: the first of
    /// ``RRuleParser/repairs(of:start:)`` with which the event maps, tried as the event is.
    private mutating func findNearest() {
        for index in entries.indices where !entries[index].reasons.isEmpty && !entries[index].isNested {
            let event = entries[index].event
            guard let rrule = event.rrule, entries[index].reasons.allSatisfy({ problems[$0].property == "RRULE" }) else { continue }
            let start = event.dtstart.flatMap { ICalendarDateTime($0.site.value)?.time }
            for candidate in RRuleParser.repairs(of: rrule.value, start: start) {
                var repaired = event
                repaired.rrule = ICalendarValueSite(property: "RRULE", value: candidate)
                var scratchProblems: [ICalendarReadProblem] = []
                var scratchNotes: [ICalendarImportNote] = []
                let rule = ICalendarEventMapper.rule(
                    for: repaired, context: context(of: entries[index]), problems: &scratchProblems, notes: &scratchNotes)
                guard var rule, scratchProblems.isEmpty else { continue }
                rule.id = "nearest"
                if rule.validationProblems().isEmpty {
                    entries[index].nearest = "RRULE:" + candidate
                    break
                }
            }
        }
    }

    /// A calendar's `METHOD`, `VTIMEZONE`s and events.
    private mutating func readCalendar(_ calendar: ICalendarComponent) {
        var context = Calendar()
        let before = problems.count
        ICalendar.checkMethod(of: calendar, problems: &problems)
        // The first is enough for each event; more METHOD lines stay problems of the calendar.
        context.eventProblems = Array((before..<problems.count).prefix(1))
        for child in calendar.children where child.name == "VTIMEZONE" {
            if let tzid = child.properties(named: "TZID").first?.value, context.timeZones[tzid] == nil {
                context.timeZones[tzid] = child
                context.timeZoneIDs.insert(tzid)
            }
        }
        if let name = calendar.properties(named: "X-WR-TIMEZONE").first {
            context.floatingZoneName = ICalendarValueSite(name)
            context.floatingZone = ICalendarZoneName.zone(for: name.value)?.zone
        }
        let index = calendars.count
        calendars.append(context)
        for child in calendar.children {
            switch child.name {
            case "VEVENT": add(child, calendar: index)
            case "VTIMEZONE": addNestedEvents(in: child, calendar: index)
            default:
                notes.append(
                    ICalendarImportNote(
                        line: child.line, property: "BEGIN", value: child.name,
                        message: "is not a VEVENT; only events become alarm rules, so it was ignored"))
                addNestedEvents(in: child, calendar: index)
            }
        }
        // As with empty text, a calendar with nothing to import is most likely the wrong file
        // or a failed download, and export never writes one: an error, not "nothing".
        if !calendar.children.contains(where: { $0.name == "VEVENT" }) {
            problems.append(
                ICalendarReadProblem(
                    line: calendar.line, column: 1, property: "BEGIN", value: calendar.name,
                    message: "has no VEVENT, so it holds no alarm to import; expected at least one event"))
        }
    }

    /// An event, and every `VEVENT` nested in it.
    private mutating func add(_ component: ICalendarComponent, calendar: Int?) {
        let event = ICalendar.event(from: component, problems: &problems, notes: &notes)
        entries.append(Entry(event: event, span: component.line...max(component.line, component.endLine), calendar: calendar))
        addNestedEvents(in: component, calendar: calendar)
    }

    /// Each `VEVENT` anywhere below `component` (RFC 5545 puts events directly in the
    /// calendar) is a problem of its own, an event left out rather than lost. The nesting is at
    /// most ``ContentLineReader/maximumDepth`` deep.
    private mutating func addNestedEvents(in component: ICalendarComponent, calendar: Int?) {
        for child in component.children {
            if child.name == "VEVENT" {
                problems.append(
                    ICalendarReadProblem(
                        line: child.line, column: child.column, property: "BEGIN", value: child.name,
                        message:
                            "is inside \(component.name) at line \(component.line); RFC 5545 puts each VEVENT directly in the VCALENDAR (move it out)"
                    ))
                var entry = Entry(
                    event: ICalendar.event(from: child, problems: &problems, notes: &notes),
                    span: child.line...max(child.line, child.endLine), calendar: calendar)
                entry.isNested = true
                entries.append(entry)
            }
            addNestedEvents(in: child, calendar: calendar)
        }
    }

    /// Gives each problem found so far to the innermost event whose lines hold it, and the
    /// problems of a calendar's `METHOD` to each of its events.
    private mutating func attributeProblems() {
        let owners = Self.innermostEntries(of: problems.map(\.line), in: entries.map(\.span))
        for (index, owner) in owners.enumerated() {
            if let owner { entries[owner].reasons.append(index) }
        }
        for index in entries.indices {
            guard let calendar = entries[index].calendar else { continue }
            entries[index].reasons = (entries[index].reasons + calendars[calendar].eventProblems).sorted()
        }
    }

    /// For each line (`nil`: none), the index of the innermost span that holds it, if any.
    ///
    /// Spans are nested or apart, as components are: a sweep over the lines in order keeps the
    /// spans open at the current line on a stack, whose top is the innermost.
    /// - Complexity: O((l + s) log(l + s)) for l lines and s spans.
    static func innermostEntries(of lines: [Int?], in spans: [ClosedRange<Int>]) -> [Int?] {
        let spanOrder = spans.indices.sorted { (spans[$0].lowerBound, $0) < (spans[$1].lowerBound, $1) }
        let lineOrder = lines.indices.filter { lines[$0] != nil }.sorted { lines[$0]! < lines[$1]! }
        var owners = [Int?](repeating: nil, count: lines.count)
        var open: [Int] = []
        var next = 0
        for index in lineOrder {
            let line = lines[index]!
            while next < spanOrder.count, spans[spanOrder[next]].lowerBound <= line {
                while let top = open.last, spans[top].upperBound < spans[spanOrder[next]].lowerBound { open.removeLast() }
                open.append(spanOrder[next])
                next += 1
            }
            while let top = open.last, spans[top].upperBound < line { open.removeLast() }
            owners[index] = open.last
        }
        return owners
    }

    /// The import: the rules of the events that map, and the rest left out; or, when a strict
    /// read found any problem or nothing maps, the error with every problem.
    func result() throws(ICalendarReadError) -> ICalendarImport {
        let listed = problems.indices.filter { !consequential.contains($0) }
        let rules = importedRules()
        if options.isStrict || rules.isEmpty {
            if !listed.isEmpty {
                throw ICalendarReadError(problems: Self.inTextOrder(listed.map { problems[$0] }) { ($0.line ?? 0, $0.column ?? 0) })
            }
        }
        if rules.isEmpty {
            // Only cancelled occurrences of series that are not in the text: nothing rings.
            throw ICalendarReadError(problems: [
                ICalendarReadProblem(
                    line: entries.first?.event.line, column: nil, property: "VEVENT", value: nil,
                    message: "no event imports: each cancels an occurrence of a series that is not in the text; expected at least one event"
                )
            ])
        }
        let leftOutEntries = entries.indices.filter { !entries[$0].reasons.isEmpty }
        let owned = Set(leftOutEntries.flatMap { entries[$0].reasons })
        var notes = notes
        // A note about an event left out (its id, an EXDATE it ignored) would describe a rule
        // that is not there.
        let noteOwners = Self.innermostEntries(of: notes.map(\.line), in: entries.map(\.span))
        notes = notes.indices.filter { noteOwners[$0].map { entries[$0].reasons.isEmpty } ?? true }.map { notes[$0] }
        for index in listed where !owned.contains(index) {
            let problem = problems[index]
            notes.append(
                ICalendarImportNote(
                    line: problem.line, property: problem.property, value: problem.value,
                    message: problem.message + " (outside any event, so no event was left out for it)"))
        }
        let leftOut = leftOutEntries.map { index in
            let entry = entries[index]
            return ICalendarLeftOutEvent(
                line: entry.event.line, uid: entry.event.uid?.value, summary: entry.event.label,
                recurrenceID: entry.event.recurrenceID?.site.value,
                reasons: Self.inTextOrder(entry.reasons.map { problems[$0] }) { ($0.line ?? 0, $0.column ?? 0) },
                nearest: entry.nearest)
        }
        return ICalendarImport(rules: rules, notes: Self.inTextOrder(notes) { ($0.line ?? 0, 0) }, leftOut: leftOut)
    }

    /// `items` sorted by their position in the text, those at one position in the order found.
    static func inTextOrder<Item>(_ items: [Item], position: (Item) -> (Int, Int)) -> [Item] {
        items.enumerated().sorted {
            let (left, right) = (position($0.element), position($1.element))
            return (left.0, left.1, $0.offset) < (right.0, right.1, $1.offset)
        }.map(\.element)
    }
}
