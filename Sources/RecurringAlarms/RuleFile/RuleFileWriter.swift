import Foundation

/// Writes a rule file or book file straight to bytes, exactly as ``JSONWriter`` writes the
/// file's ``JSONValue`` tree, without building that tree for the rules.
///
/// A rule's members come from ``AlarmRule/writeMembers(to:)``, the logic ``AlarmRule/json``
/// uses too; dates and times are written as digits in place, and the `days` arrays are
/// copied from a table the tree writer made. The rare top-level members after `rules`
/// (a book's runtime state, unknown members) still go through ``JSONWriter/write(_:indent:)``.
///
/// ```swift
/// RuleFileWriter.data(rules: set.rules, then: []) == set.json.prettyData   // true
/// ```
struct RuleFileWriter: RuleMemberSink {
    private(set) var json: JSONWriter
    /// The indent of the members of the rule being written.
    private var memberIndent = 0
    private var memberCount = 0

    /// About the size of a typical rule in a pretty file, so most files never regrow the buffer.
    private static let bytesPerRule = 192

    init(pretty: Bool, rules: Int) {
        json = JSONWriter(pretty: pretty, reservingCapacity: 64 + rules * RuleFileWriter.bytesPerRule)
    }

    /// A writer that goes on after `bytes`, already written, which it takes over (leaving
    /// `bytes` empty, so its buffer is not copied when the writer appends).
    init(pretty: Bool, continuing bytes: inout [UInt8]) {
        json = JSONWriter(pretty: pretty)
        swap(&json.bytes, &bytes)
    }

    /// Appends bytes another writer wrote, such as a piece of the `rules` array.
    mutating func append(written bytes: [UInt8]) { json.bytes.append(contentsOf: bytes) }

    /// The bytes written so far, handed over, leaving the writer empty.
    mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &json.bytes)
        return taken
    }

    /// The pretty file with a trailing newline: `{"version": 1, "rules": […]}` followed by
    /// `members`, as ``JSONValue/prettyData`` writes the same object.
    ///
    /// - Complexity: O(n) in the size of the output.
    /// A file of many rules is written in pieces on all cores (``RulePieces/forWriting(ruleCount:)``),
    /// the same bytes sooner.
    ///
    /// - Complexity: O(n) in the size of the output.
    static func data(
        rules: [AlarmRule], then members: [(key: String, value: JSONValue)],
        pieces: RulePieces? = nil
    ) -> Data {
        let pieces = pieces ?? RulePieces.forWriting(ruleCount: rules.count)
        guard pieces.count > 1, !rules.isEmpty else {
            var writer = RuleFileWriter(pretty: true, rules: rules.count)
            writer.writeFile(rules: rules, then: members)
            writer.json.append("\n")
            return Data(writer.json.bytes)
        }
        return dataInPieces(rules: rules, then: members, pieces: pieces)
    }

    /// The file's top-level object at indent 0.
    mutating func writeFile(rules: [AlarmRule], then members: [(key: String, value: JSONValue)]) {
        writeHead()
        writeRules(rules, indent: 1)
        writeTail(members)
    }

    /// The end of a pretty file after its `rules` array: `members`, `}` and the trailing newline.
    mutating func writeTailAndNewline(_ members: [(key: String, value: JSONValue)]) {
        writeTail(members)
        json.append("\n")
    }

    /// The file up to the `rules` array: `{`, the version and the `rules` key.
    mutating func writeHead() {
        let pretty = json.pretty
        json.bytes.append(UInt8(ascii: "{"))
        if pretty { json.newline(1) }
        json.append(pretty ? #""version": "# : #""version":"#)
        json.append(String(AlarmRuleSet.currentVersion))
        json.append(",")
        if pretty { json.newline(1) }
        json.append(pretty ? #""rules": "# : #""rules":"#)
    }

    /// The file after the `rules` array: `members`, then the closing `}`.
    mutating func writeTail(_ members: [(key: String, value: JSONValue)]) {
        let pretty = json.pretty
        for member in members {
            json.append(",")
            if pretty { json.newline(1) }
            json.writeString(member.key)
            json.append(pretty ? ": " : ":")
            json.write(member.value, indent: 1)
        }
        if pretty { json.newline(0) }
        json.append("}")
    }

    /// The `rules` array, whose opening bracket is at `indent`: never inline, its elements are objects.
    private mutating func writeRules(_ rules: [AlarmRule], indent: Int) {
        if rules.isEmpty {
            json.append("[]")
            return
        }
        writeRulesStart()
        writeElements(rules, rules.indices, indent: indent)
        writeRulesEnd(indent: indent)
    }

    /// The opening bracket of a non-empty `rules` array.
    mutating func writeRulesStart() { json.bytes.append(UInt8(ascii: "[")) }

    /// The elements `range` of a `rules` array whose opening bracket is at `indent`, each
    /// after a comma but the array's first: a piece of the array, as the whole array holds it.
    mutating func writeElements(_ rules: [AlarmRule], _ range: Range<Int>, indent: Int) {
        let pretty = json.pretty
        if pretty && indent == 1 {
            writeFileElements(rules, range)
            return
        }
        for index in range {
            if index > 0 { json.bytes.append(UInt8(ascii: ",")) }
            if pretty { json.newline(indent + 1) }
            json.bytes.append(UInt8(ascii: "{"))
            memberIndent = indent + 2
            memberCount = 0
            rules[index].writeMembers(to: &self)
            if pretty { json.newline(indent + 1) }
            json.bytes.append(UInt8(ascii: "}"))
        }
    }

    /// ``writeElements(_:_:indent:)`` for a pretty file's `rules` array (indent 1), written by
    /// ``RuleElementBytes`` through a scratch buffer on the stack, so the output grows once
    /// per few dozen rules.
    private mutating func writeFileElements(_ rules: [AlarmRule], _ range: Range<Int>) {
        let output = takeBytes()
        json.bytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 * 1024) { scratch in
            var elements = RuleElementBytes(continuing: output, scratch: scratch)
            for index in range { elements.write(rules[index], first: index == 0) }
            return elements.finish()
        }
    }

    /// The closing bracket of a non-empty `rules` array opened at `indent`.
    mutating func writeRulesEnd(indent: Int) {
        if json.pretty { json.newline(indent) }
        json.bytes.append(UInt8(ascii: "]"))
    }

    /// `,` before every member but the first, the line break, and `"key": `. Keys are ASCII
    /// names that need no escaping.
    private mutating func key(_ key: String) {
        defer { memberCount += 1 }
        if memberCount > 0 { json.bytes.append(UInt8(ascii: ",")) }
        if json.pretty { json.newline(memberIndent) }
        json.bytes.append(UInt8(ascii: "\""))
        json.append(key)
        json.append(json.pretty ? "\": " : "\":")
    }

    mutating func member(_ key: String, string: String) {
        self.key(key)
        json.writeString(string)
    }

    mutating func member(_ key: String, bool: Bool) {
        self.key(key)
        json.append(bool ? "true" : "false")
    }

    mutating func member(_ key: String, integer: Int) {
        self.key(key)
        json.append(String(integer))
    }

    mutating func member(_ key: String, days: WeekdaySet) {
        self.key(key)
        let table = json.pretty ? RuleFileWriter.prettyDays : RuleFileWriter.compactDays
        json.bytes.append(contentsOf: table[Int(days.rawValue)])
    }

    mutating func member(_ key: String, date: LocalDate) {
        self.key(key)
        writeDate(date)
    }

    mutating func member(_ key: String, times: [TimeOfDay]) {
        self.key(key)
        json.bytes.append(UInt8(ascii: "["))
        for (position, time) in times.enumerated() {
            if position > 0 { json.append(json.pretty ? ", " : ",") }
            json.bytes.append(UInt8(ascii: "\""))
            let seconds = time.secondsSinceMidnight
            appendDigits(seconds / 3600, 2)
            json.bytes.append(UInt8(ascii: ":"))
            appendDigits(seconds / 60 % 60, 2)
            if seconds % 60 != 0 {
                json.bytes.append(UInt8(ascii: ":"))
                appendDigits(seconds % 60, 2)
            }
            json.bytes.append(UInt8(ascii: "\""))
        }
        json.bytes.append(UInt8(ascii: "]"))
    }

    mutating func member(_ key: String, dates: [LocalDate]) {
        self.key(key)
        json.bytes.append(UInt8(ascii: "["))
        for (position, date) in dates.enumerated() {
            if position > 0 { json.append(json.pretty ? ", " : ",") }
            writeDate(date)
        }
        json.bytes.append(UInt8(ascii: "]"))
    }

    /// `"YYYY-MM-DD"` as ``LocalDate/description`` writes it; every `LocalDate` is in the
    /// years 1 to 9999.
    private mutating func writeDate(_ date: LocalDate) {
        let parts = CivilArithmetic.civilFromDays(date.daysSinceEpoch)
        guard (0...9999).contains(parts.year) else {
            json.writeString(date.description)
            return
        }
        json.bytes.append(UInt8(ascii: "\""))
        appendDigits(parts.year, 4)
        json.bytes.append(UInt8(ascii: "-"))
        appendDigits(parts.month, 2)
        json.bytes.append(UInt8(ascii: "-"))
        appendDigits(parts.day, 2)
        json.bytes.append(UInt8(ascii: "\""))
    }

    /// `value` (0 ..< 10^width) in exactly `width` digits, zero-padded as ``DigitParser/pad(_:_:)``.
    @inline(__always)
    private mutating func appendDigits(_ value: Int, _ width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            json.bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The bytes of each `days` array by raw value, as the tree writer writes ``RuleTreeSink/dayArrays``.
    static let prettyDays = RuleTreeSink.dayArrays.map { days in
        var writer = JSONWriter(pretty: true)
        writer.write(days)
        return writer.bytes
    }

    /// The longest of ``prettyDays``, the room ``RuleElementBytes`` makes for a `days` array.
    static let longestPrettyDays = prettyDays.map(\.count).max() ?? 0

    private static let compactDays = RuleTreeSink.dayArrays.map { days in
        var writer = JSONWriter(pretty: false)
        writer.write(days)
        return writer.bytes
    }
}
