import RecurringAlarms

/// Where a property value came from, so a problem inside it points at the right column of the
/// folded text; a value given on its own (no content line) has no position.
struct ICalendarValueSite: Sendable {
    var line: ContentLine?
    var property: String
    var value: String

    init(_ line: ContentLine) {
        self.line = line
        property = line.name
        value = line.value
    }

    init(property: String, value: String) {
        self.property = property
        self.value = value
    }

    /// A problem with `value` (default: the whole value) at byte `offset` of the value.
    func problem(at offset: Int = 0, value part: String? = nil, _ message: String) -> ICalendarReadProblem {
        let position = line.map { $0.position(ofOffset: $0.valueOffset + offset) }
        return ICalendarReadProblem(
            line: position?.line, column: position?.column, property: property,
            value: (part ?? value).truncatedForMessage, message: message)
    }

    func note(value part: String? = nil, _ message: String) -> ICalendarImportNote {
        ICalendarImportNote(line: line?.line, property: property, value: (part ?? value).truncatedForMessage, message: message)
    }
}

/// A `DATE` (`19970902`) or `DATE-TIME` (`19970902T090000`, `…Z` for UTC) value.
struct ICalendarDateTime: Sendable, Hashable {
    var date: LocalDate
    /// `nil` for a `DATE`.
    var time: TimeOfDay?
    var isUTC: Bool

    /// Parses the RFC 5545 forms exactly; `nil` for anything else (a leap second `60` included).
    init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 8 || utf8.count == 15 || utf8.count == 16 else { return nil }
        guard let year = DigitParser.number(utf8, 0, 4), let month = DigitParser.number(utf8, 4, 2),
            let day = DigitParser.number(utf8, 6, 2), let date = LocalDate(year: year, month: month, day: day)
        else { return nil }
        self.date = date
        if utf8.count == 8 {
            time = nil
            isUTC = false
            return
        }
        guard utf8[8] == UInt8(ascii: "T"), let hour = DigitParser.number(utf8, 9, 2),
            let minute = DigitParser.number(utf8, 11, 2), let second = DigitParser.number(utf8, 13, 2),
            let time = TimeOfDay(hour: hour, minute: minute, second: second)
        else { return nil }
        self.time = time
        if utf8.count == 16 {
            guard utf8[15] == UInt8(ascii: "Z") else { return nil }
            isUTC = true
        } else {
            isUTC = false
        }
    }

    /// The form RFC 5545 expects, for messages.
    static let expectedForms = "expected YYYYMMDDTHHMMSS (floating), YYYYMMDDTHHMMSSZ (UTC) or, where a date is allowed, YYYYMMDD"
}
