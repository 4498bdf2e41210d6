/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports line and column on error.
///
/// Written here rather than using `JSONSerialization` because rule files need exact
/// positions in error messages, key order, and a hard nesting limit so no input can
/// exhaust the stack.
///
/// It reads the bytes in place and keeps only the byte offset of a failure; line and column
/// are counted from that offset when an error is reported, so the success path does no
/// position bookkeeping. Strings without escapes (nearly all of them) become a `String` in
/// one step: ASCII needs no further check, other UTF-8 is validated once.
struct JSONParser {
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    static let maximumDepth = 64
    /// Objects with more members than this check duplicate keys with a set instead of a scan.
    private static let linearKeyCheckLimit = 16

    // Not private: ``DirectRuleReader`` reads a valid rule file with this parser as its cursor.
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// Escaped strings are decoded here, reused from one string to the next.
    private var scratch: [UInt8] = []

    /// Parses one JSON document.
    /// - Throws: ``JSONSyntaxError`` with the position.
    /// - Complexity: O(n) in the number of bytes.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        do throws(Failure) {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            parser.skipWhitespace()
            let value = try parser.parseValue()
            parser.skipWhitespace()
            guard parser.index == bytes.count else {
                throw Failure(message: "unexpected text after the JSON document", offset: parser.index)
            }
            return value
        } catch {
            let (line, column) = Self.position(of: error.offset, in: bytes)
            throw JSONSyntaxError(message: error.message, line: line, column: column, isAtEnd: error.offset >= bytes.count)
        }
    }

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The string whose opening quote is at `start` in `bytes`, which a read has already
    /// passed over (a label whose place was kept, say); `nil` when no string starts there.
    static func string(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var parser = JSONParser(bytes: bytes)
        parser.index = start
        return try? parser.parseString()
    }

    /// The 1-based line and column of byte `offset`; columns count bytes.
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<end where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return (line, end - lineStart + 1)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20:
                // Pretty files indent with runs of spaces: a word at a time, up to the first other byte.
                guard index + 8 <= bytes.count else {
                    index += 1
                    continue
                }
                let notSpaces = word(at: index) ^ 0x2020_2020_2020_2020
                index += notSpaces == 0 ? 8 : notSpaces.trailingZeroBitCount >> 3
            case 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The eight bytes at `offset`, the first in the low byte.
    @inline(__always)
    private func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// Where the string content from `start` reaches its first quote, backslash or control
    /// character (or the end of the bytes), read eight bytes at a time, and whether the bytes
    /// before it are all ASCII.
    func plainStringEnd(from start: Int) -> (end: Int, isASCII: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var highBits: UInt64 = 0
        var offset = start
        while offset + 8 <= bytes.count {
            let word = word(at: offset)
            // The classic word-at-a-time tests: a byte's high bit comes out set when it is below
            // 0x20, or zero after XOR with '"' or '\\'. Both constants have the high bit
            // clear, so one mask with the word's own complement serves all three tests. A byte
            // can be flagged wrongly only above one flagged rightly (by a borrow from it), so
            // the lowest flagged byte is the first stop.
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let found = ((word &- ones &* 0x20) | (quote &- ones) | (backslash &- ones)) & ~word & highs
            guard found == 0 else {
                let stop = found.trailingZeroBitCount >> 3
                highBits |= word & highs & ((1 << UInt64(stop * 8)) &- 1)
                return (offset + stop, highBits == 0)
            }
            highBits |= word & highs
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            highBits |= UInt64(byte & 0x80)
            offset += 1
        }
        return (offset, highBits == 0)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw Failure(message: "expected a value, found end of input", offset: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw Failure(message: "expected a value, found \(describeCurrent())", offset: index)
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(Failure) {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                throw Failure(message: "expected '\(literal)', found \(describeCurrent())", offset: index)
            }
            index += 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw Failure(message: "nesting deeper than \(Self.maximumDepth) levels", offset: index) }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        // One allocation for a rule's members instead of growing 1, 2, 4, 8.
        members.reserveCapacity(8)
        // Small objects (every rule) scan their few keys; large ones keep a set.
        var seen: Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw Failure(message: "expected a quoted key, found \(describeCurrent())", offset: index)
            }
            let keyOffset = index
            let key = try parseString()
            if seen == nil, members.count >= Self.linearKeyCheckLimit { seen = Set(members.map(\.key)) }
            let isNew = seen != nil ? seen!.insert(key).inserted : JSONValue.member(key, in: members) == nil
            guard isNew else { throw Failure(message: "duplicate key \"\(key)\"", offset: keyOffset) }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw Failure(message: "expected ':' after key \"\(key)\", found \(describeCurrent())", offset: index)
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw Failure(message: "unterminated object: expected ',' or '}'", offset: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            }
            throw Failure(message: "expected ',' or '}', found \(describeCurrent())", offset: index)
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        elements.reserveCapacity(4)
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw Failure(message: "unterminated array: expected ',' or ']'", offset: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            }
            throw Failure(message: "expected ',' or ']', found \(describeCurrent())", offset: index)
        }
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw Failure(message: "expected digits in number", offset: index) }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            throw Failure(message: "numbers may not have leading zeros", offset: integerStart)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw Failure(message: "expected digits after '.'", offset: index) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw Failure(message: "expected digits in exponent", offset: index) }
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    mutating func parseString() throws(Failure) -> String {
        let open = index
        index += 1
        // The common case: no escape before the closing quote, one run of bytes.
        let (end, isASCII) = plainStringEnd(from: index)
        if end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
            let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
            let text: String
            if isASCII {
                text = String(decoding: run, as: UTF8.self)
            } else {
                guard let valid = WellFormedUTF8.string(run) else {
                    throw Failure(message: "string is not valid UTF-8", offset: index)
                }
                text = valid
            }
            index = end + 1
            return text
        }
        return try parseEscapedString(open: open)
    }

    /// A string with escapes (or a control character or no end, which fail): decoded into
    /// ``scratch``, each unescaped run validated as UTF-8 on its own so a failure names where
    /// that run starts.
    private mutating func parseEscapedString(open: Int) throws(Failure) -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = index
        func flushRun(_ end: Int) throws(Failure) {
            guard runStart < end else { return }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
            guard WellFormedUTF8.isWellFormed(run) else {
                throw Failure(message: "string is not valid UTF-8", offset: runStart)
            }
            scratch.append(contentsOf: run)
        }
        func append(_ scalar: Unicode.Scalar) {
            scratch.append(contentsOf: UTF8.encode(scalar)!)
        }
        while true {
            guard index < bytes.count else { throw Failure(message: "unterminated string", offset: open) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flushRun(index)
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte < 0x20 { throw Failure(message: "control character in string (escape it)", offset: index) }
            if byte == UInt8(ascii: "\\") {
                try flushRun(index)
                index += 1
                guard index < bytes.count else { throw Failure(message: "unterminated escape", offset: index) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"): append(try parseUnicodeEscape())
                default: throw Failure(message: "invalid escape '\\\(Character(Unicode.Scalar(escape)))'", offset: index - 2)
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Failure(message: "expected 4 hex digits after \\u", offset: index) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw Failure(message: "expected 4 hex digits after \\u", offset: index)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let start = index - 2
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw Failure(message: "unpaired surrogate in \\u escape", offset: start)
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw Failure(message: "unpaired surrogate in \\u escape", offset: start) }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else { throw Failure(message: "unpaired surrogate in \\u escape", offset: start) }
        return scalar
    }
}

extension JSONValue {
    /// Parses JSON text (UTF-8 bytes).
    /// - Throws: ``JSONSyntaxError`` with the position.
    /// - Complexity: O(n) in the number of bytes; contiguous bytes (an array, `Data`) are read in place.
    package init(parsing bytes: some Collection<UInt8>) throws(JSONSyntaxError) {
        let parsed = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONSyntaxError) in try JSONParser.parse(buffer) }
        }
        self = try
            (parsed
            ?? Array(bytes).withUnsafeBufferPointer { buffer in
                Result { () throws(JSONSyntaxError) in try JSONParser.parse(buffer) }
            }).get()
    }
}
