/// A day of the week, numbered as ISO 8601 does: Monday is 1, Sunday is 7.
///
/// The numbering is explicit because off-by-one weekday bugs are the classic failure of
/// calendar code (`Calendar` numbers Sunday as 1). Use ``isoNumber`` or ``name`` rather
/// than relying on declaration order.
///
/// `Weekday` is not `Comparable`: two orders are in use, and each has a name. ``mondayFirst``
/// is ISO 8601's (``WeekdaySet/days``, RFC 5545's `BYDAY`, repeating-alarm ids);
/// ``sundayFirst`` is the rule file's and the command line's (``WeekdaySet/names``,
/// ``allNames``). Code that lists days takes one of them, and so says which order it means:
///
/// ```swift
/// let days: WeekdaySet = [.sunday, .monday, .thursday]
/// Weekday.mondayFirst.filter(days.contains)   // [.monday, .thursday, .sunday]
/// Weekday.sundayFirst.filter(days.contains)   // [.sunday, .monday, .thursday]
/// ```
///
/// ```swift
/// Weekday.monday.isoNumber   // 1
/// Weekday(name: "sun")       // .sunday
/// ```
public enum Weekday: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// ISO 8601 number: Monday = 1 … Sunday = 7.
    public var isoNumber: Int { rawValue }

    /// The three-letter lowercase name used in rule files and on the command line (`"mon"`).
    public var name: String {
        switch self {
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        case .sunday: "sun"
        }
    }

    /// Creates a weekday from its three-letter lowercase name (`"mon"` … `"sun"`).
    ///
    /// ```swift
    /// Weekday(name: "thu")  // .thursday
    /// Weekday(name: "Thu")  // nil: names are lowercase
    /// ```
    public init?(name: String) {
        // Every name is three ASCII letters: compared as one number, as rule files hold many.
        // `withUTF8` reads a small string's bytes in one step, not byte by byte.
        var name = name
        guard let day = name.withUTF8(Weekday.init(utf8:)) else { return nil }
        self = day
    }

    /// Reads a three-letter lowercase name from UTF-8 bytes, as ``init(name:)`` does from a string.
    init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count == 3 else { return nil }
        let packed = UInt32(utf8[0]) << 16 | UInt32(utf8[1]) << 8 | UInt32(utf8[2])
        guard let index = Weekday.packedNames.firstIndex(of: packed) else { return nil }
        self = Weekday.mondayFirst[index]
    }

    /// Each day's ``name`` as its three bytes in one number, in ``mondayFirst`` order.
    private static let packedNames: [UInt32] = mondayFirst.map { day in day.name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    /// The week Monday first, as ISO 8601 numbers it (``isoNumber`` 1 to 7): the order of
    /// ``WeekdaySet/days``, of RFC 5545's `BYDAY` lists and of repeating-alarm ids.
    ///
    /// ```swift
    /// Weekday.mondayFirst.map(\.name)   // ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// ```
    public static let mondayFirst: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

    /// The week Sunday first, as rule files write a rule's `days` and the command line lists
    /// day names: the order of ``WeekdaySet/names`` and ``allNames``.
    ///
    /// ```swift
    /// Weekday.sundayFirst.map(\.name)   // ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    /// ```
    public static let sundayFirst: [Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]

    /// The names accepted by ``init(name:)``, in ``sundayFirst`` order as the rule format lists them.
    public static let allNames = sundayFirst.map(\.name)

    public var description: String { name }
}
