import Foundation

/// "in 2 h 15 min", "in 45 s", "in 3 d 4 h": how far ahead a fire is, for people.
enum RelativeTime {
    static func describe(from now: Date, to date: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded(.down))
        guard seconds > 0 else { return seconds == 0 ? "now" : "\(describeMagnitude(-seconds)) ago" }
        return "in " + describeMagnitude(seconds)
    }

    private static func describeMagnitude(_ seconds: Int) -> String {
        let days = seconds / 86_400, hours = seconds / 3600 % 24, minutes = seconds / 60 % 60
        if days > 0 { return hours > 0 ? "\(days) d \(hours) h" : "\(days) d" }
        if hours > 0 { return minutes > 0 ? "\(hours) h \(minutes) min" : "\(hours) h" }
        if minutes > 0 { return "\(minutes) min" }
        return "\(seconds) s"
    }
}
