import Foundation

/// Writes ``JSONValue`` as UTF-8 bytes, keeping key order: pretty (two-space indent, short
/// arrays of scalars on one line) for files people read and edit, or compact.
///
/// Output goes straight into one byte buffer; strings without characters to escape are
/// copied as whole runs, so writing a 100,000-rule book is a single linear pass.
struct JSONWriter {
    let pretty: Bool
    var bytes: [UInt8] = []

    init(pretty: Bool, reservingCapacity capacity: Int = 0) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ value: JSONValue, indent: Int = 0) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let text): append(text)
        case .string(let text): writeString(text)
        case .array(let elements):
            if elements.isEmpty {
                append("[]")
                return
            }
            let inline = !pretty || elements.allSatisfy(\.isScalar)
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { append(inline && pretty ? ", " : ",") }
                if !inline { newline(indent + 1) }
                write(element, indent: indent + 1)
            }
            if !inline { newline(indent) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                append("{}")
                return
            }
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                if pretty { newline(indent + 1) }
                writeString(member.key)
                append(pretty ? ": " : ":")
                write(member.value, indent: indent + 1)
            }
            if pretty { newline(indent) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func newline(_ indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        let width = 2 * indent
        guard width <= Self.spaces.count else {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
            return
        }
        Self.spaces.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<width])) }
    }

    /// Indentation for any depth the parser accepts, copied as one run per line.
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 2 * (JSONParser.maximumDepth + 1))

    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where JSONWriter.needsEscape(byte) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                JSONWriter.writeEscape(byte) { bytes.append($0) }
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension JSONWriter {
    /// Whether `byte` of a string's UTF-8 must be escaped in JSON text: a control character, `"` or `\`.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The longest escape ``writeEscape(_:_:)`` writes: `\u001f`.
    static var longestEscape: Int { 6 }

    /// Gives `put` the escape of `byte` (one that ``needsEscape(_:)``), byte by byte: the short
    /// forms `\"`, `\\`, `\n`, `\r`, `\t`, else `\u00` and two lowercase hex digits. The one
    /// place that decides how the package's JSON escapes a character.
    @inline(__always)
    static func writeEscape(_ byte: UInt8, _ put: (UInt8) -> Void) {
        put(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(byte)
        case UInt8(ascii: "\n"): put(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): put(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): put(UInt8(ascii: "t"))
        default:
            func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
            put(UInt8(ascii: "u"))
            put(UInt8(ascii: "0"))
            put(UInt8(ascii: "0"))
            put(hex(byte >> 4))
            put(hex(byte & 0xF))
        }
    }
}

extension JSONValue {
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// Pretty JSON as UTF-8 bytes with a trailing newline, as written to files.
    ///
    /// - Complexity: O(n) in the size of the output.
    package var prettyData: Data {
        var writer = JSONWriter(pretty: true)
        writer.write(self)
        writer.append("\n")
        return Data(writer.bytes)
    }

    /// Pretty JSON text with a trailing newline (see ``prettyData``).
    package var prettyText: String {
        var writer = JSONWriter(pretty: true)
        writer.write(self)
        writer.append("\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Compact JSON text of this value, used to quote values in messages.
    package var jsonText: String {
        var writer = JSONWriter(pretty: false)
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
