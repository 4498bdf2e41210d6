/// Writes the elements of a pretty file's `rules` array — each one's comma, line break and
/// indent, the rule's object with its members at indent 3 — the bytes ``RuleFileWriter``'s
/// general path writes, through a pointer into a scratch buffer that is appended to the
/// output whenever the next member might not fit.
///
/// Saving a large book writes each rule's eight or so members; appending each key, quote and
/// digit to a growing array cost far more than the bytes themselves, so the room is checked
/// once per member (its longest form) and the bytes are stored one after the other.
struct RuleElementBytes: RuleMemberSink {
    /// The bytes flushed so far.
    private var output: [UInt8]
    /// The caller's scratch buffer, and the buffer being written: the scratch, or for a member
    /// longer than the scratch, a heap buffer of its own.
    private let scratch: UnsafeMutableBufferPointer<UInt8>
    private var start: UnsafeMutablePointer<UInt8>
    private var limit: UnsafeMutablePointer<UInt8>
    /// Where the next byte goes.
    private var cursor: UnsafeMutablePointer<UInt8>
    private var memberCount = 0

    /// A writer that goes on after `output`, writing through `scratch` (which it does not own).
    init(continuing output: [UInt8], scratch: UnsafeMutableBufferPointer<UInt8>) {
        self.output = output
        self.scratch = scratch
        start = scratch.baseAddress!
        limit = start + scratch.count
        cursor = start
    }

    /// The output with everything written, the scratch buffer no longer used.
    consuming func finish() -> [UInt8] {
        flush()
        return output
    }

    /// The element for `rule`, after a comma unless it is the array's `first`.
    mutating func write(_ rule: AlarmRule, first: Bool) {
        reserve(1 + RuleElementBytes.elementStart.utf8CodeUnitCount)
        if !first { put(UInt8(ascii: ",")) }
        put(RuleElementBytes.elementStart)
        memberCount = 0
        rule.writeMembers(to: &self)
        reserve(RuleElementBytes.elementEnd.utf8CodeUnitCount)
        put(RuleElementBytes.elementEnd)
    }

    private static let elementStart: StaticString = "\n    {"
    private static let elementEnd: StaticString = "\n    }"

    /// Makes room for `count` more bytes.
    @inline(__always)
    private mutating func reserve(_ count: Int) {
        if limit - cursor < count { makeRoom(count) }
    }

    /// Flushes what was written and, when `count` bytes do not fit in the scratch buffer,
    /// writes on in a heap buffer of that size until the next flush.
    @inline(never)
    private mutating func makeRoom(_ count: Int) {
        flush()
        guard count > scratch.count else { return }
        start = .allocate(capacity: count)
        limit = start + count
        cursor = start
    }

    /// Appends the bytes written to the output and starts again at the scratch buffer.
    private mutating func flush() {
        output.append(contentsOf: UnsafeBufferPointer(start: start, count: cursor - start))
        if start != scratch.baseAddress! {
            start.deallocate()
            start = scratch.baseAddress!
            limit = start + scratch.count
        }
        cursor = start
    }

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
    /// Room is made for the key and a value of up to `value` bytes.
    @inline(__always)
    private mutating func key(_ key: String, value: Int) {
        reserve(RuleElementBytes.nextMemberStart.utf8CodeUnitCount + key.utf8.count + RuleElementBytes.keyEnd.utf8CodeUnitCount + value)
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
        self.key(key, value: 2 + JSONWriter.longestEscape * string.utf8.count)
        putString(string)
    }

    mutating func member(_ key: String, bool: Bool) {
        self.key(key, value: 5)
        put(bool ? "true" : "false")
    }

    mutating func member(_ key: String, integer: Int) {
        // `Int.min` has 20 characters.
        self.key(key, value: 20)
        putUnescaped(String(integer))
    }

    mutating func member(_ key: String, days: WeekdaySet) {
        self.key(key, value: RuleFileWriter.longestPrettyDays)
        RuleFileWriter.prettyDays[Int(days.rawValue)].withUnsafeBufferPointer { put($0) }
    }

    mutating func member(_ key: String, date: LocalDate) {
        self.key(key, value: 12)
        putDate(date)
    }

    mutating func member(_ key: String, times: [TimeOfDay]) {
        // `, "HH:MM:SS"` each.
        self.key(key, value: 2 + 12 * times.count)
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
        // `, "YYYY-MM-DD"` each.
        self.key(key, value: 2 + 14 * dates.count)
        put(UInt8(ascii: "["))
        for (position, date) in dates.enumerated() {
            if position > 0 { put(", ") }
            putDate(date)
        }
        put(UInt8(ascii: "]"))
    }
}
