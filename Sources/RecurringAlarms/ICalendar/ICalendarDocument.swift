/// An exported iCalendar document: the `.ics` text and what it could not say.
///
/// Made by ``ICalendar/document(for:from:generatedAt:)``.
public struct ICalendarDocument: Sendable, Hashable {
    /// The RFC 5545 text: CRLF line ends, lines folded at 75 octets, UTF-8.
    public var text: String
    /// One warning per rule and thing the text cannot say, in rule order.
    public var warnings: [ICalendarExportWarning]

    /// Creates a document from its parts.
    public init(text: String, warnings: [ICalendarExportWarning]) {
        self.text = text
        self.warnings = warnings
    }
}
