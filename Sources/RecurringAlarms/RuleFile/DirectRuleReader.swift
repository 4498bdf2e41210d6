import Foundation

/// Reads the rules of a valid rule file (or book) straight from its bytes, without building a
/// ``JSONValue`` for them; `nil` when the file is not valid or not plain, and the caller reads
/// it again with ``JSONParser`` and ``RuleReader``, which find and word every problem.
///
/// Two readers so that each does one job: this one makes a valid file cost about what parsing
/// it costs (no tree, no field lookups by name, no String for a day, time, date or zone), and
/// ``RuleReader`` stays the only place that reports problems, with their lines and columns.
/// This reader accepts nothing the full one rejects and builds the same rules; it gives up
/// on anything unusual even when it is valid (a `null` field, an escaped key or weekday, a
/// number written `1.0`), which costs a second read, never a different answer. A randomized
/// test and the `rules` and `book` fuzz targets compare the two readers on every input.
///
/// A large rules array is read in pieces on all cores (`DirectRuleReader+Pieces.swift`); the
/// members those pieces use are internal rather than private for that file.
struct DirectRuleReader {
    /// What a rule file holds besides its version.
    struct Contents {
        var rules: [AlarmRule]
        /// Top-level members other than `version` and `rules`, in file order (a book's state).
        var otherMembers: [(key: String, value: JSONValue)]
    }

    /// Why a read gave up; never shown, the full reader says what is wrong.
    struct GiveUp: Error {}

    /// The field names packed as by ``packedName(_:)``, by ``RuleField`` raw value.
    private static let packedFieldNames: [(UInt64, UInt64)] = RuleField.names.map { name in
        Array(name.utf8).withUnsafeBufferPointer { packedName($0)! }
    }

    /// Up to 15 bytes and their count in two words, so a key is matched by comparing words.
    private static func packedName(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard bytes.count < 16 else { return nil }
        var low: UInt64 = 0
        var high = UInt64(bytes.count) << 56
        for (position, byte) in bytes.enumerated() {
            if position < 8 {
                low |= UInt64(byte) << (8 * position)
            } else {
                high |= UInt64(byte) << (8 * (position - 8))
            }
        }
        return (low, high)
    }

    /// Rules arrays are reserved for one rule per this many bytes: pretty files take about 150
    /// a rule, so the usual file needs one allocation.
    static let fewestBytesPerRule = 128

    var parser: JSONParser
    /// Zones read so far with the bytes that named them: a file names few distinct zones, and
    /// Foundation's lookup is slow.
    var zones: [TimeZone] = []
    /// The bytes that named each of ``zones``.
    var zoneNames: [[UInt8]] = []
    /// The id key and the id's bytes of each rule read into an ``AlarmRule``, for the check
    /// that no two share an id: made while the id's bytes are at hand (in the pieces'
    /// threads), so the check looks at the bytes again only where two ids share a prefix.
    var idKeys: [RuleIDOrder.Key] = []
    var idRanges: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        parser = JSONParser(bytes: bytes)
    }

    /// The rules and other top-level members of a valid rule file, or `nil`.
    ///
    /// A large rules array is read in pieces, one per core (see ``pieceStarts(in:after:split:)``).
    ///
    /// - Complexity: O(n) in the number of bytes, plus O(z) per rule for the z distinct zones
    ///   named before it.
    static func read(_ bytes: some Collection<UInt8>, split: CoreSplit = .reading) -> Contents? {
        bytes.withContiguousStorageIfAvailable { buffer in
            var reader = DirectRuleReader(bytes: buffer)
            guard
                let (rules, otherMembers) = try? reader.readFile(
                    split: split,
                    rules: { reader, split throws(GiveUp) in
                        try reader.readRules(split: split)
                    })
            else { return nil }
            // No two rules may share an id (a compiled file finds a repeat as it sorts the ids).
            let ranges = reader.idRanges
            let hasRepeat = RuleIDOrder.containsRepeat(reader.idKeys) { a, b in
                UnsafeBufferPointer(rebasing: buffer[ranges[a]]).elementsEqual(UnsafeBufferPointer(rebasing: buffer[ranges[b]]))
            }
            guard !hasRepeat else { return nil }
            return Contents(rules: rules, otherMembers: otherMembers)
        } ?? nil
    }

    // MARK: - File

    /// The file's rules, read by `readRules` from the cursor at the rules array, and its
    /// other top-level members.
    mutating func readFile<Rules>(
        split: CoreSplit, rules readRules: (inout DirectRuleReader, CoreSplit) throws(GiveUp) -> Rules
    ) throws(GiveUp) -> (Rules, [(key: String, value: JSONValue)]) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        try expect(UInt8(ascii: "{"))
        parser.depth = 1
        var hasVersion = false
        var rules: Rules?
        var otherMembers: [(key: String, value: JSONValue)] = []
        repeat {
            parser.skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw GiveUp() }
            let key = try parse { (parser: inout JSONParser) throws(JSONParser.Failure) in try parser.parseString() }
            try expectColon()
            switch key {
            case "version":
                guard !hasVersion else { throw GiveUp() }
                try readVersion()
                hasVersion = true
            case "rules":
                guard rules == nil else { throw GiveUp() }
                rules = try readRules(&self, split)
            default:
                guard !otherMembers.contains(where: { $0.key == key }) else { throw GiveUp() }
                otherMembers.append((key, try parse { (parser: inout JSONParser) throws(JSONParser.Failure) in try parser.parseValue() }))
            }
        } while try nextMember(closing: UInt8(ascii: "}"))
        parser.skipWhitespace()
        guard parser.index == bytes.count, hasVersion, let rules else { throw GiveUp() }
        return (rules, otherMembers)
    }

    /// Exactly `1`, the only version the full reader accepts.
    private mutating func readVersion() throws(GiveUp) {
        try expect(UInt8(ascii: "1"))
        switch current {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw GiveUp()
        default: break
        }
    }

    private mutating func readRules(split: CoreSplit) throws(GiveUp) -> [AlarmRule] {
        try expect(UInt8(ascii: "["))
        parser.skipWhitespace()
        if current == UInt8(ascii: "]") {
            parser.index += 1
            return []
        }
        let starts = [parser.index] + Self.pieceStarts(in: bytes, after: parser.index, split: split)
        guard starts.count > 1 else {
            var rules: [AlarmRule] = []
            rules.reserveCapacity(bytes.count / Self.fewestBytesPerRule)
            _ = try readElements(into: &rules, stoppingAt: .max)
            return rules
        }
        return try readRules(inPiecesFrom: starts)
    }

    /// Reads rules from the cursor, at an element of the rules array, until the cursor is at
    /// `stop` after a comma (`true`) or past the array's `]` (`false`).
    mutating func readElements(into rules: inout [AlarmRule], stoppingAt stop: Int) throws(GiveUp) -> Bool {
        repeat {
            parser.skipWhitespace()
            if parser.index == stop { return true }
            rules.append(try readRule())
        } while try nextMember(closing: UInt8(ascii: "]"))
        return false
    }

    // MARK: - Rule

    /// Where a string is in the bytes: what the direct reader keeps of a text field, so that
    /// compiling never builds a `String` for a label.
    struct ByteText {
        /// The string's bytes, quotes excluded.
        var range: Range<Int>
        /// Whether those bytes are the text as they stand (no escapes, checked UTF-8).
        var isPlain: Bool
    }

    /// One rule object, checked as ``RuleReader`` and ``AlarmRule/validationProblems(number:)`` check it.
    ///
    /// Out of line, so the rule is built in the array's new slot rather than copied there.
    @inline(never)
    private mutating func readRule() throws(GiveUp) -> AlarmRule {
        var lists = RuleLists()
        let element = try readElement(lists: &lists)
        guard let repeats = element.validRecurrence, AlarmRule.repeatedIndices(of: lists.times).isEmpty, let id = element.id
        else { throw GiveUp() }
        let bytes = bytes
        idKeys.append(
            RuleIDOrder.Key(
                prefix: RuleIDOrder.prefix(of: UnsafeBufferPointer(rebasing: bytes[id.range])), position: idRanges.count, isEnabled: true))
        idRanges.append(id.range)
        return element.rule(
            text: { text in Self.string(text, in: bytes) }, zones: zones, repeats: repeats, times: lists.times,
            skippedDates: lists.skippedDates)
    }

    /// The `String` of `text`, whose bytes a read has checked (a string that is not plain was
    /// read by the full parser, so it decodes).
    static func string(_ text: ByteText, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard text.isPlain else { return JSONParser.string(at: text.range.lowerBound - 1, in: bytes) ?? "" }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[text.range]), as: UTF8.self)
    }

    /// Where ``readElement(lists:)`` puts a rule's times and skipped dates as it reads them,
    /// so each caller keeps them in the form it builds: an ``AlarmRule``'s own array and set,
    /// or a compiled piece's flat arrays, with no copy in between.
    protocol ListSink {
        /// A time, in file order; not yet checked to be distinct from the rule's others.
        mutating func addTime(_ time: TimeOfDay)
        /// A skipped date, in file order, possibly repeated (a set reads them).
        mutating func addSkippedDate(_ date: LocalDate)
    }

    /// A rule's times and skipped dates as an ``AlarmRule`` holds them.
    struct RuleLists: ListSink {
        var times: [TimeOfDay]
        var skippedDates = Set<LocalDate>()

        init() {
            times = []
            // Rules have one to a few times: one allocation.
            times.reserveCapacity(4)
        }

        mutating func addTime(_ time: TimeOfDay) { times.append(time) }
        mutating func addSkippedDate(_ date: LocalDate) { skippedDates.insert(date) }
    }

    /// One rule object's fields, each read by its ``RuleField/Kind`` and checked as
    /// ``RuleReader`` checks it, its times and skipped dates added to `lists`. The caller
    /// checks what involves several fields: the recurrence (``RuleElement/validRecurrence``)
    /// and that the times are distinct. The required fields are checked here.
    ///
    /// Plain values only (strings are where they are in the bytes, zones numbered in
    /// ``zones``), so returning the element copies no reference.
    mutating func readElement<Lists: ListSink>(lists: inout Lists) throws(GiveUp) -> RuleElement<ByteText> {
        try expect(UInt8(ascii: "{"))
        var element = RuleElement<ByteText>()
        repeat {
            parser.skipWhitespace()
            let field = try readFieldName()
            guard element.markRead(field) else { throw GiveUp() }
            try expectColon()
            switch field.kind {
            case .id: element.set(field, to: .text(try readID()))
            case .text: element.set(field, to: .text(try readText()))
            case .flag: element.set(field, to: .flag(try readBool()))
            case .weekdays: element.set(field, to: .weekdays(try readDays()))
            case .date: element.set(field, to: .date(try readDate()))
            case .times: try readTimes(into: &lists)
            case .zone: element.set(field, to: .zone(try readZone()))
            case .wholeNumber: element.set(field, to: .number(try readWholeNumber(in: field.numberRange)))
            case .dates: try readSkippedDates(into: &lists)
            case .choice: element.set(field, to: .choice(try readChoice(field.choices)))
            }
        } while try nextMember(closing: UInt8(ascii: "}"))
        guard element.hasRequiredFields else { throw GiveUp() }
        return element
    }

    /// A string the full parser would accept, passed over: no `String` is built for the usual
    /// one (no escapes, ASCII), the others are checked by the full parser's own step.
    private mutating func readText() throws(GiveUp) -> ByteText {
        guard current == UInt8(ascii: "\"") else { throw GiveUp() }
        let start = parser.index + 1
        let (end, isASCII) = parser.plainStringEnd(from: start)
        if isASCII && end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
            parser.index = end + 1
            return ByteText(range: start..<end, isPlain: true)
        }
        _ = try parse { (parser: inout JSONParser) throws(JSONParser.Failure) in try parser.parseString() }
        return ByteText(range: start..<(parser.index - 1), isPlain: false)
    }

    private mutating func readFieldName() throws(GiveUp) -> RuleField {
        guard let name = Self.packedName(try readPlainString()),
            let raw = Self.packedFieldNames.firstIndex(where: { $0 == name })
        else { throw GiveUp() }
        return RuleField(rawValue: raw)!
    }

    private mutating func readID() throws(GiveUp) -> ByteText {
        let start = parser.index + 1
        let text = try readPlainString()
        guard AlarmRule.idLengthRange.contains(text.count) else { throw GiveUp() }
        for byte in text {
            guard AlarmRule.isIDByte(byte) else { throw GiveUp() }
        }
        return ByteText(range: start..<(start + text.count), isPlain: true)
    }

    private mutating func readBool() throws(GiveUp) -> Bool {
        let literal: StaticString
        switch current {
        case UInt8(ascii: "t"): literal = "true"
        case UInt8(ascii: "f"): literal = "false"
        default: throw GiveUp()
        }
        guard parser.index + literal.utf8CodeUnitCount <= bytes.count else { throw GiveUp() }
        let found = UnsafeBufferPointer(rebasing: bytes[parser.index..<(parser.index + literal.utf8CodeUnitCount)])
        guard found.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)) else {
            throw GiveUp()
        }
        parser.index += literal.utf8CodeUnitCount
        return literal.utf8CodeUnitCount == 4
    }

    /// A non-empty array of distinct weekday names.
    private mutating func readDays() throws(GiveUp) -> WeekdaySet {
        var days = WeekdaySet()
        try readArray(allowingEmpty: false) { (reader: inout DirectRuleReader) throws(GiveUp) in
            guard let day = Weekday(utf8: try reader.readPlainString()), !days.contains(day) else { throw GiveUp() }
            days.insert(WeekdaySet(day))
        }
        return days
    }

    /// A non-empty array of times, into `lists`.
    ///
    /// Distinctness is left to the caller, by validation's own test or while sorting, so a rule
    /// with tens of thousands of times reads in linear time.
    private mutating func readTimes<Lists: ListSink>(into lists: inout Lists) throws(GiveUp) {
        try readArray(allowingEmpty: false) { (reader: inout DirectRuleReader) throws(GiveUp) in
            guard let time = TimeOfDay(utf8: try reader.readPlainString()) else { throw GiveUp() }
            lists.addTime(time)
        }
    }

    /// An array of dates, possibly repeated, into `lists`.
    private mutating func readSkippedDates<Lists: ListSink>(into lists: inout Lists) throws(GiveUp) {
        try readArray(allowingEmpty: true) { (reader: inout DirectRuleReader) throws(GiveUp) in
            lists.addSkippedDate(try reader.readDate())
        }
    }

    private mutating func readDate() throws(GiveUp) -> LocalDate {
        guard let date = LocalDate(utf8: try readPlainString()) else { throw GiveUp() }
        return date
    }

    /// A zone by IANA name, as its index in ``zones`` plus one; zones from
    /// ``TimeZone/init(ianaIdentifier:)`` are IANA by construction, so the check validation
    /// makes of other zones holds.
    private mutating func readZone() throws(GiveUp) -> Int {
        let name = try readPlainString()
        // By index, so that looking at a known zone copies (and retains) nothing.
        for index in zoneNames.indices where zoneNames[index].count == name.count {
            let same = zoneNames[index].withUnsafeBufferPointer { memcmp($0.baseAddress!, name.baseAddress!, name.count) == 0 }
            if same { return index + 1 }
        }
        guard name.allSatisfy({ $0 < 0x80 }), let zone = TimeZone(ianaIdentifier: String(decoding: name, as: UTF8.self)) else {
            throw GiveUp()
        }
        zones.append(zone)
        zoneNames.append(Array(name))
        return zones.count
    }

    /// A whole number in `range` (of non-negative numbers) written plainly: no sign, fraction,
    /// exponent or leading zero.
    private mutating func readWholeNumber(in range: ClosedRange<Int>) throws(GiveUp) -> Int {
        var value = 0
        var digits = 0
        // More digits than the largest value has cannot be in range (nor can a leading zero).
        var largest = range.upperBound
        var maximumDigits = 1
        while largest >= 10 {
            largest /= 10
            maximumDigits += 1
        }
        while case UInt8(ascii: "0")...UInt8(ascii: "9") = current {
            let digit = Int(current - UInt8(ascii: "0"))
            guard digits < maximumDigits, digits > 0 || digit > 0 else { throw GiveUp() }
            value = value * 10 + digit
            digits += 1
            parser.index += 1
        }
        switch current {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw GiveUp()
        default: break
        }
        guard digits > 0, range.contains(value) else { throw GiveUp() }
        return value
    }

    /// The index in `choices` of the string read.
    private mutating func readChoice(_ choices: [String]) throws(GiveUp) -> Int {
        let name = try readPlainString()
        guard let index = choices.firstIndex(where: { $0.utf8.elementsEqual(name) }) else { throw GiveUp() }
        return index
    }

    // MARK: - Tokens

    var bytes: UnsafeBufferPointer<UInt8> { parser.bytes }

    /// The byte at the cursor; 0 at the end, which no token starts with.
    private var current: UInt8 { parser.index < bytes.count ? bytes[parser.index] : 0 }

    private mutating func expect(_ byte: UInt8) throws(GiveUp) {
        guard current == byte else { throw GiveUp() }
        parser.index += 1
    }

    private mutating func expectColon() throws(GiveUp) {
        parser.skipWhitespace()
        try expect(UInt8(ascii: ":"))
        parser.skipWhitespace()
    }

    /// After a member or element: `true` past a comma, `false` past `closing`.
    mutating func nextMember(closing: UInt8) throws(GiveUp) -> Bool {
        parser.skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            parser.index += 1
            return true
        case closing:
            parser.index += 1
            return false
        default: throw GiveUp()
        }
    }

    /// `[` element (`,` element)* `]`, each element read by `element` after its whitespace.
    private mutating func readArray(
        allowingEmpty: Bool, _ element: (inout DirectRuleReader) throws(GiveUp) -> Void
    ) throws(GiveUp) {
        try expect(UInt8(ascii: "["))
        parser.skipWhitespace()
        if current == UInt8(ascii: "]") {
            guard allowingEmpty else { throw GiveUp() }
            parser.index += 1
            return
        }
        repeat {
            parser.skipWhitespace()
            try element(&self)
        } while try nextMember(closing: UInt8(ascii: "]"))
    }

    /// The bytes of a string without escapes or control characters, quotes excluded.
    private mutating func readPlainString() throws(GiveUp) -> UnsafeBufferPointer<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = parser.index
        // Not checked for ASCII: every field but the label (read by the full parser) is matched
        // against ASCII bytes.
        let end = parser.plainStringEnd(from: start).end
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { throw GiveUp() }
        parser.index = end + 1
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Runs one of the full parser's steps, giving up where it would fail.
    private mutating func parse<Value>(_ step: (inout JSONParser) throws(JSONParser.Failure) -> Value) throws(GiveUp) -> Value {
        do throws(JSONParser.Failure) {
            return try step(&parser)
        } catch {
            throw GiveUp()
        }
    }
}
