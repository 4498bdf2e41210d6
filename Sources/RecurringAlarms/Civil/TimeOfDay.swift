/// A wall-clock time with second precision, 00:00:00 … 23:59:59, with no date or zone.
///
/// ```swift
/// let time = TimeOfDay(hour: 7, minute: 30)!
/// time.secondsSinceMidnight          // 27000
/// TimeOfDay(parsing: "21:15:30")     // 21:15:30
/// "\(time)"                          // "07:30": seconds only when set
/// TimeOfDay(parsing: "24:00")        // nil
/// ```
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Seconds since local midnight, 0 ..< 86400.
    public let secondsSinceMidnight: Int

    /// Creates a time, or `nil` when a part is out of range.
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        secondsSinceMidnight = hour * 3600 + minute * 60 + second
    }

    /// Creates a time from seconds since midnight, or `nil` outside 0 ..< 86400.
    public init?(secondsSinceMidnight: Int) {
        guard (0..<86_400).contains(secondsSinceMidnight) else { return nil }
        self.secondsSinceMidnight = secondsSinceMidnight
    }

    /// Parses `HH:MM` or `HH:MM:SS` (two digits each); `nil` for anything else.
    public init?(parsing text: String) {
        var text = text
        // In place: rule files hold many times, and a copy of each would cost an allocation.
        guard let time = text.withUTF8(TimeOfDay.init(utf8:)) else { return nil }
        self = time
    }

    /// Parses `HH:MM` or `HH:MM:SS` from UTF-8 bytes, as ``init(parsing:)`` does from a string.
    init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count == 5 || utf8.count == 8, utf8[2] == UInt8(ascii: ":"),
            let hour = DigitParser.number(utf8, 0, 2),
            let minute = DigitParser.number(utf8, 3, 2)
        else { return nil }
        var second = 0
        if utf8.count == 8 {
            guard utf8[5] == UInt8(ascii: ":"), let parsed = DigitParser.number(utf8, 6, 2) else { return nil }
            second = parsed
        }
        self.init(hour: hour, minute: minute, second: second)
    }

    /// The hour, 0 … 23.
    public var hour: Int { secondsSinceMidnight / 3600 }
    /// The minute within the hour, 0 … 59.
    public var minute: Int { secondsSinceMidnight / 60 % 60 }
    /// The second within the minute, 0 … 59.
    public var second: Int { secondsSinceMidnight % 60 }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero: as rule files write it, so
    /// `print(time)` and `"\(time)"` read `07:30`.
    public var description: String {
        second == 0 ? DigitParser.pad(hour, 2) + ":" + DigitParser.pad(minute, 2) : fullDescription
    }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero: the same as ``description``.
    public var shortDescription: String { description }

    /// `HH:MM:SS`, seconds always: the form inside ``LocalDateTime``, fire ids and RFC 3339 times.
    package var fullDescription: String {
        DigitParser.pad(hour, 2) + ":" + DigitParser.pad(minute, 2) + ":" + DigitParser.pad(second, 2)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondsSinceMidnight < rhs.secondsSinceMidnight }
}

extension TimeOfDay: StringCodable {
    /// Encoded as the short form (`HH:MM`, or `HH:MM:SS` when seconds are set).
    package var codedText: String { shortDescription }

    package static let expectedForm = "a time HH:MM or HH:MM:SS"
}
