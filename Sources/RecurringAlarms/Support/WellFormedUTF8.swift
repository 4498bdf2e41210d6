/// Strict UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF) for every
/// reader of bytes in the package, at its minimum platforms.
///
/// `String(validating:as:)` says the same, but only from macOS 15, iOS 18, watchOS 11 and
/// tvOS 18; the package supports macOS 13, iOS 16, watchOS 9 and tvOS 16. The standard
/// library's `Unicode.UTF8.ForwardParser` is available everywhere and stops at the first
/// ill-formed sequence, as that initializer does.
///
/// ```swift
/// WellFormedUTF8.string([0x63, 0x61, 0x66, 0xC3, 0xA9])   // "café"
/// WellFormedUTF8.string([0xC0, 0xAF])                     // nil: an overlong "/"
/// ```
package enum WellFormedUTF8 {
    /// Whether `bytes` are well-formed UTF-8; an empty sequence is.
    ///
    /// - Complexity: O(n) in the number of bytes.
    package static func isWellFormed(_ bytes: some Sequence<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .error: return false
            case .emptyInput: return true
            }
        }
    }

    /// The text of `bytes`, or `nil` when they are not well-formed UTF-8 (never a text with
    /// U+FFFD in place of what was wrong).
    ///
    /// - Complexity: O(n) in the number of bytes.
    package static func string(_ bytes: some Collection<UInt8>) -> String? {
        isWellFormed(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }
}
