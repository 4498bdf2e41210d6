import AlarmsCLI
import Foundation
import Testing

@testable import AlarmsCLI

/// Tables, wrapped lines and cuts measure text in terminal columns: an East Asian wide
/// character or an emoji takes two, a combining mark none. Widths below are those of
/// Unicode's EastAsianWidth.txt and emoji-data.txt for each character.
@Suite("display width")
struct DisplayWidthTests {
    @Test(
        "a character takes 2 columns when wide or an emoji, 0 when only marks, else 1",
        arguments: [
            ("wake", 4), ("起床", 4),   // U+8D77 U+5E8A: W
            ("한국", 4),   // Hangul syllables: W
            ("Ａ", 2),   // U+FF21 fullwidth A: F
            ("ｱ", 1),   // U+FF71 halfwidth katakana: H
            ("e\u{301}", 1),   // e and a combining acute accent: one character, the width of e
            ("\u{301}", 0),   // a combining mark with no base
            ("\u{200D}", 0),   // zero-width joiner: a format character
            ("⏰", 2),   // U+23F0: Emoji_Presentation
            ("❤", 1),   // U+2764 alone: an emoji shown as text
            ("❤\u{FE0F}", 2),   // with variation selector 16: shown as an emoji
            ("🇯🇵", 2),   // a flag: two regional indicators, one character
            ("👨\u{200D}👩\u{200D}👧", 2),   // a family joined by ZWJ: one character
            ("Café ⏰", 7)
        ])
    func width(_ text: String, _ columns: Int) {
        #expect(TerminalText.width(of: text) == columns)
    }

    @Test(
        "a cut keeps whole characters within the limit, the ellipsis included",
        arguments: [
            ("起床時間", 5, "起床…"),   // 2 + 2 + 1
            ("起床時間", 4, "起…"),   // 起床 would leave no room for the ellipsis; 床 is not split
            ("起床時間", 8, "起床時間"),   // exactly 8 columns: not cut
            ("abcdef", 4, "abc…")
        ])
    func cut(_ text: String, _ limit: Int, _ expected: String) {
        #expect(TerminalText.cut(text, to: limit) == expected)
    }

    /// A rule whose label is ten words of two ideographs, 4 columns each: 49 columns in all.
    static let book = """
        {"version": 1, "rules": [
          {"id": "wake", "days": ["mon"], "times": ["07:30"], "label": "起床 起床 起床 起床 起床 起床 起床 起床 起床 起床"},
          {"id": "party", "days": ["tue", "wed"], "times": ["19:00"], "label": "🎉 パーティー ⏰ 👨‍👩‍👧 家族 🇯🇵 ❤️ and some more words here"}
        ]}
        """

    @Test("list wraps a wide label by columns: three 4-column words to a line after 42 columns of cells")
    func listWraps() async throws {
        let store = try TemporaryStore(
            #"{"version": 1, "rules": [{"id": "wake", "days": ["mon"], "times": ["07:30"], "label": "起床 起床 起床 起床 起床 起床 起床 起床 起床 起床"}]}"#)
        let result = try await store.run(["list"], outputIsTerminal: true, terminalColumns: 60)
        // ID 4 + 2, ON 3 + 2, DAYS OR DATE 12 + 2, TIMES 5 + 2, ZONE 8 + 2: the label starts at
        // column 42 and has 60 - 42 = 18 columns; "起床 起床 起床" is 14, a fourth word makes 19.
        #expect(
            result.standardOutput == """
                ID    ON   DAYS OR DATE  TIMES  ZONE      LABEL
                wake  yes  mon           07:30  floating  起床 起床 起床
                                                          起床 起床 起床
                                                          起床 起床 起床
                                                          起床

                1 rule in \(store.path).

                """)
    }

    @Test("at COLUMNS=60, no table line of list, next, plan or week passes 60 columns", arguments: ["list", "next", "plan", "week"])
    func fitsTheTerminal(command: String) async throws {
        let store = try TemporaryStore(Self.book)
        let result = try await store.run([command], extraEnvironment: ["COLUMNS": "60"], outputIsTerminal: true, terminalColumns: nil)
        #expect(result.exitCode == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.contains("起床") || $0.contains("🎉") })
        // The footers name the book's path and the horizon, which are not table lines and are not cut.
        for line in lines where !line.hasPrefix("Covered until") && !line.contains(" rules in ") {
            #expect(TerminalText.width(of: line) <= 60, "\(line)")
        }
    }
}
