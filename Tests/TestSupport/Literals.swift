import Foundation
import RecurringAlarms

// Dates, times and instants written in a test. A typo stops the run instead of testing
// something else.

/// `YYYY-MM-DD` written in a test.
package func day(_ text: String) -> LocalDate {
    guard let date = LocalDate(parsing: text) else { fatalError("bad date literal \(text) in a test") }
    return date
}

/// `HH:MM` or `HH:MM:SS` written in a test.
package func clock(_ text: String) -> TimeOfDay {
    guard let time = TimeOfDay(parsing: text) else { fatalError("bad time literal \(text) in a test") }
    return time
}

/// `YYYY-MM-DDTHH:MM:SS` written in a test.
package func wall(_ text: String) -> LocalDateTime {
    guard let local = LocalDateTime(parsing: text) else { fatalError("bad local date-time literal \(text) in a test") }
    return local
}

/// An instant written as whole seconds since 1970 (each call site carries an ISO comment).
package func at(_ epochSeconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(epochSeconds)) }

/// Whole seconds since 1970 of an instant.
package func epoch(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
