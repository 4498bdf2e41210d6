import Foundation

/// RFC 3339 timestamps for the benchmark's scenarios and reports, written by Foundation's
/// `ISO8601DateFormatter` (the engine's own formatter is not public API). None of this runs
/// inside a measured loop.
enum Timestamp {
    /// Reads a UTC timestamp such as `2026-03-07T12:00:00Z`; traps on anything else, since the
    /// only inputs are the scenario table's literals.
    static func utc(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { preconditionFailure("not an RFC 3339 timestamp: \(text)") }
        return date
    }

    /// `2026-03-08T03:30:00-04:00`, or `…Z` at offset zero.
    static func format(_ instant: Date, utcOffsetSeconds offset: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        return formatter.string(from: instant)
    }
}
