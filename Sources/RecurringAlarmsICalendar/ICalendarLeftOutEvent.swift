import RecurringAlarms

/// An event that an import read with ``ICalendar/ReadOptions/whatFits`` left out: where it is,
/// how the calendar names it, every reason, and the nearest thing that would import.
///
/// ```swift
/// let imported = try ICalendar.readRules(from: text, options: .whatFits)
/// for event in imported.leftOut { print(event) }
/// // line 9: event "standup@example.com" (Standup) left out: line 12, column 31: RRULE: "BYDAY=MO, TU" has spaces, …
/// ```
public struct ICalendarLeftOutEvent: Sendable, Hashable, CustomStringConvertible {
    /// The line of the event's `BEGIN:VEVENT`, or `nil` for values passed on their own.
    public var line: Int?
    /// The event's `UID` as written, or `nil` when it has none.
    public var uid: String?
    /// The event's `SUMMARY`, unescaped, or `nil` when it has none.
    public var summary: String?
    /// The `RECURRENCE-ID` value of an edited occurrence, as written, or `nil` for any other event.
    public var recurrenceID: String?
    /// Why it was left out: each problem, with its line, column, property and value. At least one.
    public var reasons: [ICalendarReadProblem]
    /// A replacement for one of its properties that would make it import, as a whole content
    /// line (`RRULE:FREQ=DAILY;BYHOUR=7,15,23;BYMINUTE=30`), or `nil` when there is none.
    public var nearest: String?

    /// Creates a left-out event from its parts as given.
    public init(
        line: Int?, uid: String?, summary: String?, recurrenceID: String? = nil, reasons: [ICalendarReadProblem],
        nearest: String? = nil
    ) {
        self.line = line
        self.uid = uid
        self.summary = summary
        self.recurrenceID = recurrenceID
        self.reasons = reasons
        self.nearest = nearest
    }

    /// `line 9: event "UID" (SUMMARY) left out: REASON; …`, then `nearest that imports: LINE`.
    public var description: String {
        var text = (line.map { "line \($0): " } ?? "") + eventName(part: { $0 }) + " left out: "
        text += reasons.map(\.description).joined(separator: "; ")
        if let nearest { text += "; nearest that imports: " + nearest }
        return text
    }

    /// `event "UID" (SUMMARY)`, `event "UID" (SUMMARY, occurrence RECURRENCE-ID)`, or `event at
    /// line 9` without a `UID`: how messages name the event, each part from the text passed
    /// through `part` (the CLI escapes them for a terminal) and cut after 80 characters.
    package func eventName(part: (String) -> String) -> String {
        var name = uid.map { "event \"" + part($0.truncatedForMessage) + "\"" } ?? "event" + (line.map { " at line \($0)" } ?? "")
        var details: [String] = []
        if let summary, !summary.isEmpty { details.append(part(summary.truncatedForMessage)) }
        if let recurrenceID { details.append("occurrence " + part(recurrenceID.truncatedForMessage)) }
        if !details.isEmpty { name += " (" + details.joined(separator: ", ") + ")" }
        return name
    }
}
