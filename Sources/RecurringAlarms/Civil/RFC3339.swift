import Foundation

/// RFC 3339 timestamps, formatted and parsed with integer arithmetic (no `DateFormatter`).
///
/// ```swift
/// let instant = Date(timeIntervalSince1970: 1_772_955_000)
/// RFC3339.format(instant, utcOffsetSeconds: -14_400)  // "2026-03-08T03:30:00-04:00"
/// RFC3339.format(instant, utcOffsetSeconds: 0)        // "2026-03-08T07:30:00Z"
/// RFC3339.parse("2026-03-08T03:30:00-04:00")          // that instant, offset -14400
/// RFC3339.parse("2026-03-08T03:30:00")                // nil: no offset (see ``parseLocal(_:)``)
/// ```
package enum RFC3339 {
    /// Formats `instant` (whole seconds, rounded down) as seen at `utcOffsetSeconds`;
    /// offset zero is written `Z`.
    ///
    /// Never traps: the date and time are those of ``LocalDateTime/init(instant:utcOffsetSeconds:)``
    /// (clamped to years 1…9999), so an instant whose wall time leaves those years reads as the
    /// nearest end; the offset is written as given.
    package static func format(_ instant: Date, utcOffsetSeconds: Int) -> String {
        // The offset is applied before clamping to years 1…9999, so a timestamp whose wall time is
        // inside them formats back to itself even when its instant is not: 9999-12-31T23:59:00-14:00
        // is in the year 10000 in UTC.
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        let wall = (seconds.isNaN ? 0 : seconds) + Double(utcOffsetSeconds)
        let clamped = Int64(min(max(wall, -62_135_596_800), 253_402_300_799))   // 0001-01-01T00:00:00 … 9999-12-31T23:59:59
        return LocalDateTime(wallSeconds: clamped).description + offsetSuffix(utcOffsetSeconds)
    }

    /// `Z`, `+05:30`, `-03:30`, or `+05:53:28` for offsets with seconds. Any `Int` is written
    /// (hours take more digits past 99); none traps, `Int.min` included.
    package static func offsetSuffix(_ utcOffsetSeconds: Int) -> String {
        if utcOffsetSeconds == 0 { return "Z" }
        // `magnitude` is a UInt, so `Int.min` has one; divided by 3600 every part fits an Int.
        let magnitude = utcOffsetSeconds.magnitude
        return (utcOffsetSeconds < 0 ? "-" : "+") + suffixDigits(Int(magnitude / 3600), Int(magnitude % 3600))
    }

    /// `HH:MM` or `HH:MM:SS` of `hours` and `seconds` (0 ..< 3600) past them.
    private static func suffixDigits(_ hours: Int, _ seconds: Int) -> String {
        var text = DigitParser.pad(hours, 2) + ":" + DigitParser.pad(seconds / 60, 2)
        if seconds % 60 != 0 { text += ":" + DigitParser.pad(seconds % 60, 2) }
        return text
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)`; `nil` when malformed or without an offset.
    /// `T` and `Z` may be lowercase (or `T` a space), as RFC 3339 allows.
    /// An offset with seconds, `±HH:MM:SS`, is read too: ``format(_:utcOffsetSeconds:)`` writes
    /// one for local mean time (Tokyo was +09:18:59 before 1888).
    /// - Returns: the instant and the offset that was written.
    package static func parse(_ text: String) -> (instant: Date, utcOffsetSeconds: Int)? {
        guard let (local, fraction, rest) = splitLocal(text), let offset = parseOffset(rest) else { return nil }
        let seconds = local.wallSeconds - Int64(offset)
        return (Date(timeIntervalSince1970: Double(seconds) + fraction), offset)
    }

    /// Parses a local date-time with no offset, `YYYY-MM-DDTHH:MM[:SS[.fff]]`, for callers that
    /// then resolve it in a zone; `nil` when malformed or when an offset is present.
    package static func parseLocal(_ text: String) -> (local: LocalDateTime, fractionalSeconds: Double)? {
        guard let (local, fraction, rest) = splitLocal(text), rest.isEmpty else { return nil }
        return (local, fraction)
    }

    private static func splitLocal(_ text: String) -> (LocalDateTime, Double, Substring)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 16 else { return nil }
        var end = 16
        if bytes.count >= 19, bytes[16] == UInt8(ascii: ":") { end = 19 }
        guard let local = LocalDateTime(parsing: String(decoding: bytes[0..<end], as: UTF8.self)) else { return nil }
        var fraction = 0.0
        if end == 19, end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            var scale = 0.1
            end += 1
            let digitsStart = end
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
                fraction += Double(bytes[end] - UInt8(ascii: "0")) * scale
                scale /= 10
                end += 1
            }
            guard end > digitsStart else { return nil }
        }
        let rest = Substring(String(decoding: bytes[end...], as: UTF8.self))
        return (local, fraction, rest)
    }

    /// `Z`, `±HH:MM`, or the `±HH:MM:SS` that ``offsetSuffix(_:)`` writes for offsets with
    /// seconds, so that everything ``format(_:utcOffsetSeconds:)`` writes reads back.
    private static func parseOffset(_ text: Substring) -> Int? {
        if text == "Z" || text == "z" { return 0 }
        let bytes = Array(text.utf8)
        guard bytes.count == 6 || bytes.count == 9, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes[3] == UInt8(ascii: ":"),
            let hours = DigitParser.number(bytes, 1, 2), let minutes = DigitParser.number(bytes, 4, 2),
            hours <= 23, minutes <= 59
        else { return nil }
        var seconds = 0
        if bytes.count == 9 {
            guard bytes[6] == UInt8(ascii: ":"), let parsed = DigitParser.number(bytes, 7, 2), parsed <= 59 else { return nil }
            seconds = parsed
        }
        let magnitude = hours * 3600 + minutes * 60 + seconds
        return bytes[0] == UInt8(ascii: "-") ? -magnitude : magnitude
    }
}
