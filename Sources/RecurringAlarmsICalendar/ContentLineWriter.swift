import RecurringAlarms

/// Writes RFC 5545 content lines: `NAME;PARAM=value:value`, each ended by CRLF and folded so
/// that no physical line is longer than 75 octets (RFC 5545 §3.1).
///
/// Folding happens between Unicode scalars, never inside one's UTF-8 sequence: a continuation
/// line starts with one space, which counts towards its 75 octets. Values are written as given;
/// TEXT values go through ``escapedText(_:)`` and parameter values through
/// ``parameterValue(_:)`` first.
struct ContentLineWriter: Sendable {
    /// The most octets a physical line may hold, CRLF excluded.
    static let maximumLineOctets = 75

    /// The document so far; every line ends with CRLF.
    private(set) var text = ""
    /// The most physical lines and UTF-8 bytes the text may hold, or `nil` for no limit.
    var limits: ICalendar.ReadLimits?
    /// The physical lines and bytes written so far.
    private(set) var lineCount = 0
    private(set) var byteCount = 0
    /// Whether a line would have passed ``limits``: it was not written, nor anything after it.
    private(set) var isFull = false

    /// Appends the property `name` with `parameters` (already in parameter-value form) and `value`.
    mutating func property(_ name: String, parameters: [(name: String, value: String)] = [], _ value: String) {
        var line = name
        for parameter in parameters {
            line += ";" + parameter.name + "=" + Self.parameterValue(parameter.value)
        }
        line += ":" + value
        append(line: line)
    }

    /// Appends a `TEXT` property: `value` escaped as RFC 5545 §3.3.11 says.
    mutating func textProperty(_ name: String, _ value: String) {
        property(name, Self.escapedText(value))
    }

    /// Appends `BEGIN:component`.
    mutating func begin(_ component: String) { append(line: "BEGIN:" + component) }

    /// Appends `END:component`.
    mutating func end(_ component: String) { append(line: "END:" + component) }

    /// Appends one logical line, folded; nothing once a line would pass ``limits``.
    mutating func append(line: String) {
        guard !isFull else { return }
        var folded = ""
        var octets = 0
        var lines = 1
        for scalar in line.unicodeScalars {
            let width = UTF8.width(scalar)
            if octets + width > Self.maximumLineOctets {
                folded += "\r\n "
                octets = 1
                lines += 1
            }
            folded.unicodeScalars.append(scalar)
            octets += width
        }
        folded += "\r\n"
        let bytes = folded.utf8.count
        if let limits, lineCount + lines > limits.maximumLines || byteCount + bytes > limits.maximumBytes {
            isFull = true
            return
        }
        text += folded
        lineCount += lines
        byteCount += bytes
    }

    /// `text` as an RFC 5545 `TEXT` value: backslash, semicolon and comma escaped, each line
    /// break (CRLF, CR or LF) written `\n`; other control characters (C0 except tab, DEL, C1),
    /// which `TEXT` cannot hold or a terminal could act on, are dropped.
    ///
    /// ```swift
    /// ContentLineWriter.escapedText("Meds; 2, then\nsleep")   // #"Meds\; 2\, then\nsleep"#
    /// ```
    static func escapedText(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if isControl(scalar) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `value` as a parameter value: quoted when it holds `:`, `;` or `,` (RFC 5545 §3.2);
    /// double quotes and control characters, which no parameter value can hold, are dropped.
    static func parameterValue(_ value: String) -> String {
        var cleaned = ""
        for scalar in value.unicodeScalars where scalar != "\"" && !isControl(scalar) {
            cleaned.unicodeScalars.append(scalar)
        }
        return cleaned.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + cleaned + "\"" : cleaned
    }

    /// Whether `scalar` is a control character: C0 and DEL, which RFC 5545 values exclude, and
    /// C1, which a terminal showing the document could act on.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
