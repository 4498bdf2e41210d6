import Foundation
import RecurringAlarms

/// RFC 3339 timestamps for the benchmark's scenarios and reports. The core's formatter is not
/// public API; none of this runs inside a measured loop, so plain Foundation is fine here.
enum Timestamp {
    /// Reads a UTC timestamp such as `2026-03-07T12:00:00Z`; traps on anything else, since the
    /// only inputs are the scenario table's literals.
    static func utc(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { preconditionFailure("not an RFC 3339 timestamp: \(text)") }
        return date
    }

    /// `2026-03-08T03:30:00-04:00`, or `…Z` at offset zero.
    static func format(_ instant: Date, utcOffsetSeconds offset: Int) -> String {
        let local = LocalDateTime(instant: instant, utcOffsetSeconds: offset).description
        if offset == 0 { return local + "Z" }
        let magnitude = abs(offset)
        var suffix = (offset < 0 ? "-" : "+") + pad(magnitude / 3600) + ":" + pad(magnitude % 3600 / 60)
        if magnitude % 60 != 0 { suffix += ":" + pad(magnitude % 60) }
        return local + suffix
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
