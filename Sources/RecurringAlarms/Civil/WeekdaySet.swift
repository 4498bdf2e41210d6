/// A set of weekdays, stored as a 7-bit mask (bit 0 = Monday … bit 6 = Sunday).
///
/// ```swift
/// let days: WeekdaySet = [.monday, .tuesday, .thursday]
/// days.contains(.tuesday)   // true
/// WeekdaySet.weekdays.count // 5
/// ```
public struct WeekdaySet: OptionSet, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The mask: bit 0 is Monday … bit 6 is Sunday; bit 7 is always clear.
    public let rawValue: UInt8

    /// Creates a set from its mask; bits above bit 6 are dropped.
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x7F }

    /// Creates the set holding exactly one weekday.
    public init(_ day: Weekday) { self.init(rawValue: 1 << UInt8(day.isoNumber - 1)) }

    /// Creates the set holding the given weekdays.
    public init<S: Sequence>(_ days: S) where S.Element == Weekday {
        self.init(rawValue: days.reduce(0) { $0 | (1 << UInt8($1.isoNumber - 1)) })
    }

    /// The set holding only Monday.
    public static let monday = WeekdaySet(.monday)
    /// The set holding only Tuesday.
    public static let tuesday = WeekdaySet(.tuesday)
    /// The set holding only Wednesday.
    public static let wednesday = WeekdaySet(.wednesday)
    /// The set holding only Thursday.
    public static let thursday = WeekdaySet(.thursday)
    /// The set holding only Friday.
    public static let friday = WeekdaySet(.friday)
    /// The set holding only Saturday.
    public static let saturday = WeekdaySet(.saturday)
    /// The set holding only Sunday.
    public static let sunday = WeekdaySet(.sunday)
    /// Monday through Friday.
    public static let weekdays: WeekdaySet = [.monday, .tuesday, .wednesday, .thursday, .friday]
    /// Saturday and Sunday.
    public static let weekends: WeekdaySet = [.saturday, .sunday]
    /// Every day of the week.
    public static let daily = WeekdaySet(rawValue: 0x7F)

    /// Whether `day` is in the set.
    public func contains(_ day: Weekday) -> Bool { rawValue & (1 << UInt8(day.isoNumber - 1)) != 0 }

    /// The weekdays in the set, Monday first (``Weekday/mondayFirst``).
    public var days: [Weekday] { Weekday.mondayFirst.filter(contains) }

    /// How many weekdays the set holds.
    public var count: Int { rawValue.nonzeroBitCount }

    /// The names in rule-file order, Sunday first (``Weekday/sundayFirst``), e.g. `["sun", "mon", "thu"]`.
    public var names: [String] { Weekday.sundayFirst.filter(contains).map(\.name) }

    public var description: String { names.joined(separator: ",") }
}
