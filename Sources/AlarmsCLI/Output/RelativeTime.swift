import Foundation
import RecurringAlarms

/// "in 2 h 15 min", "in 45 s", "in 3 d 4 h", "now", "9 min ago": how far ahead a fire is, for
/// people, in whole seconds rounded down, written by the shared ``DurationText`` rule.
enum RelativeTime {
    static func describe(from now: Date, to date: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded(.down))
        guard seconds > 0 else { return seconds == 0 ? "now" : "\(DurationText.describe(seconds: -seconds)) ago" }
        return "in " + DurationText.describe(seconds: seconds)
    }
}
