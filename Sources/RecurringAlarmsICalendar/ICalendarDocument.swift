import RecurringAlarms

/// An exported iCalendar document: the `.ics` text and what it could not say.
///
/// Made by ``ICalendar/document(for:start:generatedAt:)``.
public struct ICalendarDocument: Sendable, Hashable {
    /// The RFC 5545 text: CRLF line ends, lines folded at 75 octets, UTF-8.
    public var text: String
    /// One warning per rule and thing the text cannot say, in rule order.
    public var warnings: [ICalendarExportWarning]
    /// How many `VEVENT`s the text holds. With none (no rules, or every rule left out) the
    /// `VCALENDAR` has no component, which RFC 5545 does not allow: do not publish such a text.
    public var eventCount: Int

    /// Creates a document from its parts.
    public init(text: String, warnings: [ICalendarExportWarning], eventCount: Int) {
        self.text = text
        self.warnings = warnings
        self.eventCount = eventCount
    }
}
