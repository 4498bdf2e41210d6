/// A day of the week, numbered as ISO 8601 does: Monday is 1, Sunday is 7.
///
/// The numbering is explicit because off-by-one weekday bugs are the classic failure of
/// calendar code (`Calendar` numbers Sunday as 1). Use ``isoNumber`` or ``name`` rather
/// than relying on declaration order.
///
/// `Weekday` is not `Comparable`: two orders are in use, Monday first (ISO 8601, `allCases`,
/// ``WeekdaySet/days``) and Sunday first (rule files, ``allNames``, the command line's help),
/// so code that sorts days names the order it means:
///
/// ```swift
/// days.sorted { $0.isoNumber < $1.isoNumber }                                   // Monday first
/// days.sorted { Weekday.allNames.firstIndex(of: $0.name)! < Weekday.allNames.firstIndex(of: $1.name)! }  // Sunday first
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
        self = Weekday.allCases[index]
    }

    /// Each case's ``name`` as its three bytes in one number, in `allCases` order.
    private static let packedNames: [UInt32] = allCases.map { day in day.name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    /// The names accepted by ``init(name:)``, Sunday first as the rule format lists them.
    public static let allNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    public var description: String { name }
}
