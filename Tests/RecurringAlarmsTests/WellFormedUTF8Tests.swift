import Testing

@testable import RecurringAlarms

/// The package's one UTF-8 check, used by the JSON reader and the iCalendar reader at the
/// package's minimum platforms, says what the standard library's `String(validating:as:)`
/// (macOS 15 and iOS 18 on Apple platforms, always on Linux) says.
@Suite("Well-formed UTF-8")
struct WellFormedUTF8Tests {
    @Test(
        "well-formed text of one to four bytes a scalar is read back as written",
        arguments: ["", "wake", "café", "€ 5", "日本語", "🦉 at 07:30", "\u{10FFFF}"])
    func wellFormedText(text: String) {
        #expect(WellFormedUTF8.string(Array(text.utf8)) == text)
        #expect(WellFormedUTF8.isWellFormed(Array(text.utf8)))
    }

    /// Each row breaks one rule of RFC 3629 §3 (written out from its table, not from a decoder).
    @Test(
        "ill-formed sequences are refused, never repaired",
        arguments: [
            [0xC0, 0xAF],   // an overlong "/"
            [0xE0, 0x80, 0xAF],   // an overlong "/" in three bytes
            [0xED, 0xA0, 0x80],   // U+D800, a surrogate
            [0xF4, 0x90, 0x80, 0x80],   // U+110000, past the last scalar
            [0x80],   // a continuation byte alone
            [0x61, 0xC3],   // a lead byte cut short at the end
            [0xE2, 0x82, 0x61],   // a three-byte sequence cut short by ASCII
            [0xFF]   // never a UTF-8 byte
        ] as [[UInt8]])
    func illFormed(bytes: [UInt8]) {
        #expect(WellFormedUTF8.string(bytes) == nil)
        #expect(!WellFormedUTF8.isWellFormed(bytes))
    }

    @Test("for random bytes it agrees with String(validating:as:)")
    func agreesWithTheStandardLibrary() {
        var rng = SplitMix64(seed: 0x5554_4638)
        // Bytes drawn mostly from the lead and continuation ranges, so well-formed and
        // ill-formed sequences both come up often.
        let pool: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xC3, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xA0, 0x9F, 0x90]
        var wellFormed = 0
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pool.randomElement(using: &rng)! }
            let expected = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
            #expect(WellFormedUTF8.string(bytes) == expected, "\(bytes)")
            if expected != nil { wellFormed += 1 }
        }
        #expect(wellFormed > 1_000)
        #expect(wellFormed < 19_000)
    }
}
