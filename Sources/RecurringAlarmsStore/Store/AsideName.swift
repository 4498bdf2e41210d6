import Foundation
import RecurringAlarms

/// The name an unreadable book is moved aside to: `<name>.corrupt-20261201T073000Z`, or with
/// `-2`, `-3`, … when that is taken. Every store names its copies this way.
enum AsideName {
    /// How many names are tried before giving up.
    static let attempts = 1_000

    /// `now` in UTC as `20261201T073000Z`.
    static func stamp(_ now: Date) -> String {
        LocalDateTime(instant: now, utcOffsetSeconds: 0).description.filter { $0 != "-" && $0 != ":" } + "Z"
    }

    /// The first name for `base` at `stamp` that `isTaken` says is free, or `nil` after
    /// ``attempts`` taken ones.
    static func firstFree<Failure: Error>(
        for base: String, stamp: String,
        isTaken: (String) throws(Failure) -> Bool
    ) throws(Failure) -> String? {
        for attempt in 1...attempts {
            let candidate = base + ".corrupt-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
            if try !isTaken(candidate) { return candidate }
        }
        return nil
    }
}
