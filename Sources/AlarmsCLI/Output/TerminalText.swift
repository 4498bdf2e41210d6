import RecurringAlarms

/// The one escaping function for everything `alarms` writes to a terminal: user text
/// (arguments, labels, paths, key names and values from files) must not be able to move the
/// cursor, retitle the window, clear the screen or reorder the line around it.
///
/// Each unsafe scalar becomes its JSON escape, `\u` and four lowercase hex digits, so an
/// escape sequence from a rule file reads as it is written there, and escaped JSON text stays
/// valid JSON that decodes to the same strings:
///
/// ```swift
/// TerminalText.escape("\u{1B}]0;OWNED\u{7}", limit: 60)   // "\\u001b]0;OWNED\\u0007"
/// ```
enum TerminalText {
    /// Quoted values in messages (`invalid day '…'`): a hostile megabyte is cut to a line.
    static let valueLimit = 60
    /// Paths, labels, table cells and the parts of validation problems.
    static let lineLimit = 200

    /// Whether a terminal could act on `scalar` instead of showing it, or show it as nothing:
    /// the C0 controls, DEL, the C1 controls, the line and paragraph separators, the
    /// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and
    /// marks (U+200E, U+200F, U+061C), and the invisible format characters: soft hyphen
    /// U+00AD, zero width space U+200B, word joiner and invisible operators U+2060–U+2064,
    /// the deprecated format characters U+206A–U+206F, and U+FEFF. Each can make a line read
    /// differently from its bytes (an id or path that looks like another). The zero width
    /// joiner and non-joiner (U+200C, U+200D) are kept: emoji sequences and scripts need them.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x061C, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064,
            0x2066...0x206F, 0xFEFF:
            true
        default: false
        }
    }

    /// `text` with every unsafe scalar escaped, cut with "…" past `limit` columns
    /// (measured after escaping, by ``width(of:)-(StringProtocol)``). With `keepingNewlines`, line feeds stay line feeds: for
    /// whole messages and reports whose lines were built from escaped parts, and for JSON text,
    /// where a raw line feed can only be layout.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func escape(_ text: some StringProtocol, limit: Int = .max, keepingNewlines: Bool = false) -> String {
        let escaped: String
        if text.unicodeScalars.contains(where: { isUnsafe($0) && !(keepingNewlines && $0 == "\n") }) {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if isUnsafe(scalar) && !(keepingNewlines && scalar == "\n") {
                    let hex = String(scalar.value, radix: 16)
                    scalars.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
                } else {
                    scalars.append(scalar)
                }
            }
            escaped = String(scalars)
        } else {
            escaped = String(text)
        }
        return cut(escaped, to: limit)
    }

    /// `text` cut with "…" to `limit` terminal columns (``width(of:)-(StringProtocol)``) when
    /// it is wider: for values in messages, and for table lines cut to the terminal's width. A
    /// wide character that would straddle the limit is left out whole.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func cut(_ text: String, to limit: Int) -> String {
        // No character takes more columns than its UTF-8 bytes, so short text needs no measuring.
        guard limit != .max, text.utf8.count > limit, width(of: text) > limit else { return text }
        var kept = ""
        var columns = 0
        for character in text {
            let next = width(of: character)
            if columns + next > limit - 1 { break }
            kept.append(character)
            columns += next
        }
        return kept + "…"
    }

    /// How wide output may be: the terminal's columns on a terminal (`COLUMNS` when it is set
    /// to a positive number, else `terminalColumns` as the terminal reports them, else 80),
    /// and no limit when the output is not a terminal, so a file or pipe gets whole lines.
    static func outputWidth(outputIsTerminal: Bool, terminalColumns: Int?, environment: [String: String]) -> Int {
        guard outputIsTerminal else { return .max }
        if let text = environment["COLUMNS"], ValueParsers.isDigits(text), let columns = Int(text), columns > 0 { return columns }
        if let terminalColumns, terminalColumns > 0 { return terminalColumns }
        return 80
    }
}

extension StringProtocol {
    /// User text for one table cell or line of output: escaped, cut at 200 columns.
    var printable: String { TerminalText.escape(self, limit: TerminalText.lineLimit) }

    /// User text quoted in a message: escaped, cut at 60 columns.
    var truncatedForDisplay: String { TerminalText.escape(self, limit: TerminalText.valueLimit) }
}

extension JSONValue {
    /// Pretty JSON for standard output: the writer escapes C0 controls; DEL, C1, the
    /// bidirectional controls and the invisible format characters, legal raw in JSON strings,
    /// are escaped here too. They can only
    /// occur inside strings, so the text stays valid JSON with the same values.
    var terminalText: String { TerminalText.escape(prettyText, keepingNewlines: true) }
}

extension ValidationProblem {
    /// ``description`` with the parts that come from the file (the field, which may be an
    /// unknown key, and the value) escaped and cut, for terminal output.
    var terminalText: String { text(part: \.printable, message: { TerminalText.escape($0) }) }
}
