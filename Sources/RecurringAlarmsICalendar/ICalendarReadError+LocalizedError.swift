import Foundation
import RecurringAlarms

/// The message and hint that apps show: `localizedDescription` reads ``description``, as the
/// `alarms` tool prints it, instead of "The operation could not be completed".
///
/// ```swift
/// do {
///     _ = try AlarmRule(rrule: "FREQ=MONTHLY", dtstart: "20261201T073000", id: "rent")
/// } catch {
///     error.localizedDescription   // "RRULE: \"FREQ=MONTHLY\" repeats by month; …"
///     error.recoverySuggestion     // "the iCalendar subset that maps onto alarm rules is …"
/// }
/// ```
extension ICalendarReadError: LocalizedError {
    /// ``description``: every problem, with its line, column, property and value.
    public var errorDescription: String? { description }

    /// Where the supported subset of RFC 5545 is described.
    public var recoverySuggestion: String? {
        "the iCalendar subset that maps onto alarm rules is described in Docs/Formats.md (iCalendar, Import)"
    }
}
