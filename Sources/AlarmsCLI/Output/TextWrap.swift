/// Word wrapping for messages that would pass 80 columns: continuation lines are indented.
enum TextWrap {
    /// `text` cut at spaces into lines of at most `width` terminal columns
    /// (``TerminalText/width(of:)-(StringProtocol)``; a longer word stays whole); the first line
    /// starts with `prefix`, the others with `indent` spaces.
    ///
    /// ```swift
    /// TextWrap.lines("warning: rule 'night': 02:30 on Sun 2026-03-08 does not exist …", indent: 2)
    /// ```
    static func lines(_ text: String, width: Int = 80, prefix: String = "", indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = prefix
        var lineWidth = TerminalText.width(of: prefix)
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = TerminalText.width(of: word)
            if lineHasWord && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = pad
                lineWidth = indent
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineWidth += (lineHasWord ? 1 : 0) + wordWidth
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// ``lines(_:width:prefix:indent:)`` joined, with a final newline.
    static func paragraph(_ text: String, width: Int = 80, prefix: String = "", indent: Int) -> String {
        lines(text, width: width, prefix: prefix, indent: indent).joined(separator: "\n") + "\n"
    }
}

extension TextWrap {
    /// A sentence of a command's confirmation: wrapped at 80 columns, continuation indented by 2.
    static func sentence(_ text: String) -> String { paragraph(text, indent: 2) }
}
