import Foundation

/// A wall-clock date and time with no zone: what a clock on the wall shows.
///
/// Fires carry the *nominal* local date-time of the rule (the wall time the user asked
/// for) next to the instant it resolved to, so a gap-shifted 02:30 stays `02:30` here.
///
/// ```swift
/// let local = LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 8)!,
///                           time: TimeOfDay(hour: 2, minute: 30)!)
/// local.description                                  // "2026-03-08T02:30:00"
/// // The same wall time seen from an instant and a UTC offset:
/// LocalDateTime(instant: Date(timeIntervalSince1970: 1_772_955_000),
///               utcOffsetSeconds: -18_000).description  // "2026-03-08T02:30:00"
/// ```
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The calendar date the wall shows.
    public var date: LocalDate
    /// The time the wall clock shows on ``date``.
    public var time: TimeOfDay

    /// Creates the wall time `time` on `date`. Every pair is valid: with no zone, nothing is
    /// skipped or repeated.
    public init(date: LocalDate, time: TimeOfDay) {
        self.date = date
        self.time = time
    }

    /// The wall time at `instant` (whole seconds, rounded down) for a zone `utcOffsetSeconds` east of UTC.
    ///
    /// Never traps: a result before 0001-01-01T00:00:00 or after 9999-12-31T23:59:59 (an extreme
    /// instant or offset, `Int.max` included) is clamped to that end; a NaN instant counts as
    /// 1970-01-01T00:00:00Z, so a timestamp written from any `Date` is well formed.
    ///
    /// ```swift
    /// LocalDateTime(instant: .distantFuture, utcOffsetSeconds: .max).description   // "9999-12-31T23:59:59"
    /// ```
    public init(instant: Date, utcOffsetSeconds: Int) {
        // Offsets beyond ±10^12 s (~31,700 years) move any instant past an end already.
        let offset = min(max(Int64(clamping: utcOffsetSeconds), -1_000_000_000_000), 1_000_000_000_000)
        // The offset is applied before clamping, so an instant just outside years 1…9999 in UTC
        // whose wall time is inside them reads as that wall time: 0000-12-31T23:00:00Z is
        // 0001-01-01T13:00:00 at +14:00. Past ±10^14 s any instant clamps to an end anyway.
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        let whole = seconds.isNaN ? 0 : Int64(min(max(seconds, -1e14), 1e14))
        self.init(wallSeconds: whole + offset)
    }

    /// Seconds since 1970-01-01T00:00:00 *wall time* (not an instant), clamped to
    /// 0001-01-01T00:00:00 … 9999-12-31T23:59:59.
    package init(wallSeconds unclamped: Int64) {
        let wallSeconds = min(
            max(unclamped, LocalDate.earliestDay * CivilArithmetic.secondsPerDay),
            (LocalDate.latestDay + 1) * CivilArithmetic.secondsPerDay - 1)
        let day = CivilArithmetic.floorDiv(wallSeconds, CivilArithmetic.secondsPerDay)
        date = LocalDate(daysSinceEpoch: day)
        time = TimeOfDay(secondsSinceMidnight: Int(wallSeconds - day * CivilArithmetic.secondsPerDay))!
    }

    /// Seconds since 1970-01-01T00:00:00 wall time: the integer the engine works with.
    package var wallSeconds: Int64 { date.daysSinceEpoch * CivilArithmetic.secondsPerDay + Int64(time.secondsSinceMidnight) }

    /// Parses `YYYY-MM-DDTHH:MM:SS` or `YYYY-MM-DDTHH:MM`. As RFC 3339 (section 5.6) allows, a
    /// lowercase `t` or a space may stand for `T`.
    ///
    /// ```swift
    /// LocalDateTime(parsing: "2026-12-01t07:30")?.description   // "2026-12-01T07:30:00"
    /// ```
    public init?(parsing text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 16 || utf8.count == 19,
            utf8[10] == UInt8(ascii: "T") || utf8[10] == UInt8(ascii: "t") || utf8[10] == UInt8(ascii: " "),
            let date = LocalDate(parsing: String(decoding: utf8[0..<10], as: UTF8.self)),
            let time = TimeOfDay(parsing: String(decoding: utf8[11...], as: UTF8.self))
        else { return nil }
        self.init(date: date, time: time)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, the form used in fire identifiers.
    public var description: String { date.description + "T" + time.fullDescription }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.wallSeconds < rhs.wallSeconds }
}

extension LocalDateTime: StringCodable {
    /// Encoded as ``description``, `YYYY-MM-DDTHH:MM:SS`.
    package var codedText: String { description }

    package static let expectedForm = "a local date-time YYYY-MM-DDTHH:MM:SS"
}
