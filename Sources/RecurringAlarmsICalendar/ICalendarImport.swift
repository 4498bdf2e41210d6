import RecurringAlarms

extension ICalendar {
    /// Limits on the text ``readRules(from:limits:options:)-(String,_,_)`` accepts, so hostile input
    /// costs bounded time and memory.
    ///
    /// ```swift
    /// let small = ICalendar.ReadLimits(maximumBytes: 64 * 1024, maximumLines: 2_000)
    /// ```
    public struct ReadLimits: Sendable, Hashable {
        /// The longest text, in bytes (UTF-8). Default 4 MiB (4,194,304 bytes).
        public var maximumBytes: Int
        /// The most lines, counting each folded line. Default 100,000.
        public var maximumLines: Int

        /// Creates limits; the defaults are ``standard``.
        public init(maximumBytes: Int = 4 * 1024 * 1024, maximumLines: Int = 100_000) {
            self.maximumBytes = maximumBytes
            self.maximumLines = maximumLines
        }

        /// 4 MiB and 100,000 lines: far more than a calendar of alarms needs.
        public static let standard = ReadLimits()
    }
}

/// Something an import did that the reader should know, though it is not an error: an id
/// derived from a `UID` that is not a valid rule id, an ignored `EXDATE` or component.
///
/// ```swift
/// note.description   // "line 4: UID: \"abc@example.com\" is not a valid rule id; the rule's id is \"abc-example.com\""
/// ```
public struct ICalendarImportNote: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line the note is about, or `nil`.
    public var line: Int?
    /// The property concerned, or `nil`.
    public var property: String?
    /// The value concerned as written, or `nil`.
    public var value: String?
    /// What happened.
    public var message: String

    /// Creates a note from its parts as given.
    public init(line: Int?, property: String?, value: String?, message: String) {
        self.line = line
        self.property = property
        self.value = value
        self.message = message
    }

    /// `line 4: UID: "abc@example.com" is not a valid rule id; …`
    public var description: String { text(part: { $0 }, message: { $0 }) }
}

// Said as an ``ICalendarReadProblem`` without a column is: the property and the value (in
// quotes) come from the text, and the CLI escapes them for a terminal.
extension ICalendarImportNote: ProblemText {
    package func problemPlace(part: (String) -> String) -> String? { line.map { "line \($0)" } }

    package var problemSubject: String? { property }

    package static let quotesValue = true
}

/// The alarm rules read from iCalendar text, notes about how they were read, and the events
/// left out.
public struct ICalendarImport: Sendable, Hashable {
    /// One rule per `VEVENT` (events that carry the same `X-RECURRINGALARMS-RULE` merged into
    /// one; an edited occurrence, `RECURRENCE-ID`, adds a one-shot rule), in the order of the
    /// events in the text; each passes ``/RecurringAlarms/AlarmRule/validationProblems(number:)``.
    public var rules: [AlarmRule]
    /// Ids derived from `UID`s, ignored `EXDATE`s and components, zone names read as IANA
    /// zones, reminders, in text order.
    public var notes: [ICalendarImportNote]
    /// The events that do not map onto a rule, in text order, each with every reason: empty
    /// unless read with ``ICalendar/ReadOptions/whatFits`` (a strict read throws instead).
    public var leftOut: [ICalendarLeftOutEvent]

    /// Creates an import result from its parts.
    public init(rules: [AlarmRule], notes: [ICalendarImportNote], leftOut: [ICalendarLeftOutEvent] = []) {
        self.rules = rules
        self.notes = notes
        self.leftOut = leftOut
    }
}
