/// A date on the proleptic Gregorian calendar with no time zone attached: "2026-12-05".
///
/// Rule files use it for one-shot dates, start and end dates and skips. It compares and
/// hashes by its day number, so it is cheap to sort and to keep in sets.
///
/// ```swift
/// let date = LocalDate(year: 2028, month: 2, day: 29)!   // a leap day
/// date.weekday                                           // .tuesday
/// date.adding(days: 1).description                       // "2028-03-01"
/// LocalDate(parsing: "2027-02-29")                       // nil: not a leap year
/// ```
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01 (which is day 0).
    public let daysSinceEpoch: Int64

    /// Creates the date that is `daysSinceEpoch` days after 1970-01-01, clamped to
    /// ``earliest`` … ``latest`` (years 1 to 9999) so every date can be printed and compared.
    public init(daysSinceEpoch: Int64) {
        self.daysSinceEpoch = min(max(daysSinceEpoch, LocalDate.earliestDay), LocalDate.latestDay)
    }

    static let earliestDay: Int64 = -719_162   // 0001-01-01
    static let latestDay: Int64 = 2_932_896   // 9999-12-31
    /// 0001-01-01, the first date this type represents.
    public static let earliest = LocalDate(daysSinceEpoch: earliestDay)
    /// 9999-12-31, the last date this type represents.
    public static let latest = LocalDate(daysSinceEpoch: latestDay)

    /// Creates a date from its parts, or `nil` when they do not name a real date
    /// (month outside 1...12, day past the month's end, year outside 1...9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= CivilArithmetic.daysInMonth(year: year, month: month)
        else { return nil }
        daysSinceEpoch = CivilArithmetic.daysFromCivil(year: year, month: month, day: day)
    }

    /// Parses the exact form `YYYY-MM-DD`; `nil` for anything else or for a date that does not exist.
    public init?(parsing text: String) {
        var text = text
        // In place: rule files hold many dates, and a copy of each would cost an allocation.
        guard let date = text.withUTF8(LocalDate.init(utf8:)) else { return nil }
        self = date
    }

    /// Parses `YYYY-MM-DD` from UTF-8 bytes, as ``init(parsing:)`` does from a string.
    init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
            let year = DigitParser.number(utf8, 0, 4),
            let month = DigitParser.number(utf8, 5, 2),
            let day = DigitParser.number(utf8, 8, 2)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    private var parts: (year: Int, month: Int, day: Int) { CivilArithmetic.civilFromDays(daysSinceEpoch) }
    /// The year, 1 … 9999.
    public var year: Int { parts.year }
    /// The month, 1 (January) … 12.
    public var month: Int { parts.month }
    /// The day of the month, 1 … 31.
    public var day: Int { parts.day }

    /// The day of the week of this date.
    public var weekday: Weekday { Weekday(rawValue: CivilArithmetic.isoWeekday(ofDay: daysSinceEpoch))! }

    /// The date `days` days later (earlier when negative), clamped to ``earliest`` … ``latest``
    /// like ``init(daysSinceEpoch:)``: any `Int`, even `.max` or `.min`, gives a date.
    ///
    /// ```swift
    /// LocalDate(year: 2026, month: 1, day: 1)!.adding(days: .max)   // 9999-12-31
    /// ```
    public func adding(days: Int) -> LocalDate {
        // Steps longer than the whole range land on an end either way; bounding them first
        // keeps the sum far from overflow.
        let span = LocalDate.latestDay - LocalDate.earliestDay
        return LocalDate(daysSinceEpoch: daysSinceEpoch + min(max(Int64(clamping: days), -span), span))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let p = parts
        return DigitParser.pad(p.year, 4) + "-" + DigitParser.pad(p.month, 2) + "-" + DigitParser.pad(p.day, 2)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }
}

/// Fixed-width decimal fields, parsed and printed without `Scanner` or formatters.
package enum DigitParser {
    /// The decimal number in `bytes[start ..< start + count]`, or `nil` unless all are digits.
    @inline(__always)
    package static func number<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ start: Int, _ count: Int) -> Int?
    where Bytes.Index == Int {
        var value = 0
        for index in start..<(start + count) {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        // Dates and times write many small numbers: digits straight into the string's storage.
        if value >= 0, width <= 8, value < 100_000_000 {
            var rest = value
            var length = 1
            while rest >= 10 {
                rest /= 10
                length += 1
            }
            let total = max(width, length)
            return String(unsafeUninitializedCapacity: total) { buffer in
                var remaining = value
                for position in stride(from: total - 1, through: 0, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                }
                return total
            }
        }
        let digits = String(abs(value))
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }
}

extension LocalDate: StringCodable {
    /// Encoded as ``description``, `YYYY-MM-DD`.
    package var codedText: String { description }

    package static let expectedForm = "a date of the form YYYY-MM-DD"
}
