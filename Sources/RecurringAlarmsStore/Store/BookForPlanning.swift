import Foundation
import RecurringAlarms

/// A stored book read for code that only plans it (``JSONFileStore/loadForPlanning()``).
package enum BookForPlanning: Sendable {
    /// A valid book file compiled straight from its bytes, and those bytes, from which the
    /// labels of the rules shown are decoded (``/RecurringAlarms/BookFileSchedule/labels(ofRules:in:)``).
    case compiled(BookFileSchedule, bytes: [UInt8])
    /// The book read in full: an empty book when there is no file, or a valid file that the
    /// compiler left to the full reader.
    case book(AlarmBook)
}
