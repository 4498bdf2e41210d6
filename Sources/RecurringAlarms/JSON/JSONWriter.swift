/// Writes ``JSONValue`` as text, keeping key order: pretty (two-space indent, short arrays
/// of scalars on one line) for files people read and edit, or compact.
struct JSONWriter {
    let pretty: Bool
    private(set) var output = ""

    init(pretty: Bool) { self.pretty = pretty }

    mutating func write(_ value: JSONValue, indent: Int = 0) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): writeString(text)
        case .array(let elements):
            if elements.isEmpty { output += "[]"; return }
            let inline = !pretty || elements.allSatisfy(\.isScalar)
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += inline && pretty ? ", " : "," }
                if !inline { newline(indent + 1) }
                write(element, indent: indent + 1)
            }
            if !inline { newline(indent) }
            output += "]"
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            output += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { output += "," }
                if pretty { newline(indent + 1) }
                writeString(member.key)
                output += pretty ? ": " : ":"
                write(member.value, indent: indent + 1)
            }
            if pretty { newline(indent) }
            output += "}"
        }
    }

    private mutating func newline(_ indent: Int) {
        output += "\n" + String(repeating: "  ", count: indent)
    }

    private mutating func writeString(_ text: String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONValue {
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// Pretty JSON text with a trailing newline, as written to files.
    public var prettyText: String {
        var writer = JSONWriter(pretty: true)
        writer.write(self)
        return writer.output + "\n"
    }

    /// Parses JSON text (UTF-8 bytes).
    /// - Throws: ``AlarmRulesError/malformedJSON(message:line:column:)`` with the position.
    public init(parsing bytes: some Collection<UInt8>) throws(AlarmRulesError) {
        self = try JSONParser.parse(Array(bytes))
    }
}
