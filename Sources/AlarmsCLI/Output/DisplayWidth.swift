extension TerminalText {
    /// How many terminal columns `text` takes: the one measure of every table column, wrapped
    /// line and cut in the tool's output.
    ///
    /// Each character (grapheme cluster) takes 2 columns when it is East Asian Wide or
    /// Fullwidth (CJK ideographs, kana, hangul syllables, fullwidth forms) or an emoji shown as
    /// one (default emoji presentation, or a text emoji followed by U+FE0F, which covers flags,
    /// keycaps and joined sequences); 0 when it holds only combining marks, enclosing marks and
    /// format characters (a mark with no base, a zero-width joiner); 1 otherwise. A mark on a
    /// base adds nothing to the base's width.
    ///
    /// ```swift
    /// TerminalText.width(of: "Wake")      // 4
    /// TerminalText.width(of: "起床")       // 4
    /// TerminalText.width(of: "⏰ Café")    // 7: the alarm clock is wide; "é" may be e and U+0301
    /// ```
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func width(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// The columns one character takes (see ``width(of:)-(StringProtocol)``).
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        if base.isASCII { return 1 }
        if scalars.allSatisfy(isZeroWidth) { return 0 }
        if base.properties.isEmojiPresentation || isWide(base) { return 2 }
        if base.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        return 1
    }

    /// `text` followed by spaces to `columns` columns (as it is when it is already that wide).
    static func pad(_ text: String, to columns: Int) -> String {
        let missing = columns - width(of: text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// A mark drawn on the character before it, or a character with no glyph.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default:
            // Hangul medial vowels and final consonants join the syllable their initial starts.
            return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
        }
    }

    /// East Asian Width W or F (Unicode's EastAsianWidth.txt), outside the emoji, which
    /// ``width(of:)-(Character)`` asks about first.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
