import RecurringAlarms

/// One thing wrong with iCalendar text: where it is, the property and value at fault, and why.
///
/// ```swift
/// problem.description
/// // "line 7, column 7: RRULE: \"FREQ=MONTHLY\" repeats by month; …"
/// ```
public struct ICalendarReadProblem: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line in the text as given (folded), or `nil` for a value passed on its own,
    /// as to `AlarmRule(rrule:dtstart:timeZone:id:label:exdates:)`.
    public var line: Int?
    /// The 1-based column, counting bytes, of the value at fault in that line.
    public var column: Int?
    /// The property (`"RRULE"`, `"DTSTART"`, `"BEGIN"` …), or `nil` for the text as a whole.
    public var property: String?
    /// The offending value as written (cut after 80 characters), or `nil`.
    public var value: String?
    /// What is wrong and what is allowed instead.
    public var message: String

    /// Creates a problem from its parts as given; ``description`` joins them.
    public init(line: Int?, column: Int?, property: String?, value: String?, message: String) {
        self.line = line
        self.column = column
        self.property = property
        self.value = value
        self.message = message
    }

    /// `line 7, column 7: RRULE: "FREQ=MONTHLY" repeats by month; …`
    public var description: String { text(part: { $0 }, message: { $0 }) }
}

// The parts that come from the text are the property and the value (shown in quotes); the
// CLI escapes them for a terminal.
extension ICalendarReadProblem: ProblemText {
    package func problemPlace(part: (String) -> String) -> String? {
        switch (line, column) {
        case (let line?, let column?): "line \(line), column \(column)"
        case (let line?, nil): "line \(line)"
        default: nil
        }
    }

    package var problemSubject: String? { property }

    package static let quotesValue = true
}

/// Why iCalendar text could not be read as alarm rules: every problem found, in text order.
///
/// ```swift
/// do {
///     let imported = try ICalendar.readRules(from: text)
/// } catch {
///     error.problems.forEach { print($0) }   // every problem, not just the first
/// }
/// ```
public struct ICalendarReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every problem, at least one.
    public var problems: [ICalendarReadProblem]

    /// Creates an error from its problems.
    public init(problems: [ICalendarReadProblem]) {
        self.problems = problems
    }

    /// `2 problems:` followed by one indented line per problem (or the one problem alone).
    public var description: String {
        if problems.count == 1 { return problems[0].description }
        return "\(problems.count) problems:\n" + problems.map { "  " + $0.description }.joined(separator: "\n")
    }
}
