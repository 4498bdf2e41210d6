/// Writes one element of a pretty file's `rules` array — its comma, line break and indent,
/// the rule's object with its members at indent 3 — through a pointer into room the caller
/// sized with ``bound(of:)``, the bytes ``RuleFileWriter``'s general path writes.
///
/// Saving a large book writes each rule's eight or so members; appending each key, quote and
/// digit to a growing array cost far more than the bytes themselves, so the room is checked
/// once per rule and the bytes are stored one after the other.
struct RuleElementBytes: RuleMemberSink {
    /// Where the next byte goes.
    private(set) var cursor: UnsafeMutablePointer<UInt8>
    private var memberCount = 0

    init(at start: UnsafeMutablePointer<UInt8>) { cursor = start }

    /// At least as many bytes as ``write(_:first:)`` writes for `rule`: every key with its
    /// framing, every string escaped at its longest, times and dates at their widest.
    ///
    /// - Complexity: O(1); string lengths are read, not their bytes.
    static func bound(of rule: AlarmRule) -> Int {
        // The element's `,\n    {` and `\n    }`, and eleven keys (`,\n      "everyWeeks": `).
        var bound = 16 + 11 * 24
        let escape = JSONWriter.longestEscape
        bound += 2 + escape * rule.id.utf8.count
        if let label = rule.label { bound += 2 + escape * label.utf8.count }
        if case .fixed(let zone) = rule.timeZone { bound += 2 + escape * zone.ianaName.utf8.count }
        // enabled, the longest days array, a date, everyWeeks (an Int), start and end, gap and overlap.
        bound += 5 + RuleFileWriter.longestPrettyDays + 12 + 20 + 2 * 12
        bound += 4 + escape * (rule.gapPolicy.rawValue.utf8.count + rule.overlapPolicy.rawValue.utf8.count)
        bound += 2 + 12 * rule.times.count + 2 + 14 * rule.skippedDates.count
        return bound
    }

    /// The element for `rule`, after a comma unless it is the array's `first`.
    mutating func write(_ rule: AlarmRule, first: Bool) {
        if !first { put(UInt8(ascii: ",")) }
        put(RuleElementBytes.elementStart)
        memberCount = 0
        rule.writeMembers(to: &self)
        put(RuleElementBytes.elementEnd)
    }

    private static let elementStart: StaticString = "\n    {"
    private static let elementEnd: StaticString = "\n    }"

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        cursor.initialize(to: byte)
        cursor += 1
    }

    @inline(__always)
    private mutating func put(_ text: StaticString) {
        cursor.initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
        cursor += text.utf8CodeUnitCount
    }

    @inline(__always)
    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        cursor.initialize(from: base, count: bytes.count)
        cursor += bytes.count
    }

    /// A string's UTF-8 as-is: keys, numbers and other text that needs no escaping.
    @inline(__always)
    private mutating func putUnescaped(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// `"text"`, escaped as ``JSONWriter/writeString(_:)`` escapes it.
    private mutating func putString(_ text: String) {
        put(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            for byte in utf8 {
                if JSONWriter.needsEscape(byte) {
                    JSONWriter.writeEscape(byte) { put($0) }
                } else {
                    put(byte)
                }
            }
        }
        put(UInt8(ascii: "\""))
    }

    /// `,` before every member but the first, the line break and indent, and `"key": `.
    /// Keys are ASCII names that need no escaping.
    @inline(__always)
    private mutating func key(_ key: String) {
        put(memberCount > 0 ? RuleElementBytes.nextMemberStart : RuleElementBytes.firstMemberStart)
        memberCount += 1
        putUnescaped(key)
        put(RuleElementBytes.keyEnd)
    }

    private static let firstMemberStart: StaticString = "\n      \""
    private static let nextMemberStart: StaticString = ",\n      \""
    private static let keyEnd: StaticString = "\": "

    /// `value` (0 ..< 10^width) in exactly `width` digits, zero-padded.
    @inline(__always)
    private mutating func putDigits(_ value: Int, _ width: Int) {
        var rest = value
        var position = width
        while position > 0 {
            position -= 1
            cursor[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        cursor += width
    }

    /// `"YYYY-MM-DD"`; every `LocalDate` is in the years 1 to 9999.
    private mutating func putDate(_ date: LocalDate) {
        let parts = CivilArithmetic.civilFromDays(date.daysSinceEpoch)
        put(UInt8(ascii: "\""))
        putDigits(parts.year, 4)
        put(UInt8(ascii: "-"))
        putDigits(parts.month, 2)
        put(UInt8(ascii: "-"))
        putDigits(parts.day, 2)
        put(UInt8(ascii: "\""))
    }

    mutating func member(_ key: String, string: String) {
        self.key(key)
        putString(string)
    }

    mutating func member(_ key: String, bool: Bool) {
        self.key(key)
        put(bool ? "true" : "false")
    }

    mutating func member(_ key: String, integer: Int) {
        self.key(key)
        putUnescaped(String(integer))
    }

    mutating func member(_ key: String, days: WeekdaySet) {
        self.key(key)
        RuleFileWriter.prettyDays[Int(days.rawValue)].withUnsafeBufferPointer { put($0) }
    }

    mutating func member(_ key: String, date: LocalDate) {
        self.key(key)
        putDate(date)
    }

    mutating func member(_ key: String, times: [TimeOfDay]) {
        self.key(key)
        put(UInt8(ascii: "["))
        for (position, time) in times.enumerated() {
            if position > 0 { put(", ") }
            put(UInt8(ascii: "\""))
            let seconds = time.secondsSinceMidnight
            putDigits(seconds / 3600, 2)
            put(UInt8(ascii: ":"))
            putDigits(seconds / 60 % 60, 2)
            if seconds % 60 != 0 {
                put(UInt8(ascii: ":"))
                putDigits(seconds % 60, 2)
            }
            put(UInt8(ascii: "\""))
        }
        put(UInt8(ascii: "]"))
    }

    mutating func member(_ key: String, dates: [LocalDate]) {
        self.key(key)
        put(UInt8(ascii: "["))
        for (position, date) in dates.enumerated() {
            if position > 0 { put(", ") }
            putDate(date)
        }
        put(UInt8(ascii: "]"))
    }
}
