import Foundation
import RecurringAlarms

/// A pretty JSON object written member by member, laid out byte for byte as the one JSON
/// writer lays out the whole value (two-space indent, `"key": value`), so a document with a
/// long array (`simulate`'s fires) reaches standard output one element at a time instead of
/// being held whole, with memory flat in the number of elements.
///
/// ```swift
/// try JSONStream.writeObject([.value("start", start), .elements("fires", count: fires.count) { fireJSON(fires[$0]) }]) { text in
///     try invocation.emit(text)
/// }
/// ```
enum JSONStream {
    /// One member of the object: a value written whole, or an array made an element at a time.
    typealias Member = JSONMember

    /// Writes the object of `members` in pieces through `write`, each passed through
    /// ``TerminalText/escape(_:limit:keepingNewlines:)`` as ``JSONValue/terminalText`` is; the
    /// pieces together are the object's ``JSONValue/terminalText``.
    ///
    /// - Complexity: O(n) in the size of the output; memory O(1) in the number of elements.
    static func writeObject(_ members: [Member], write: (String) throws(CLIError) -> Void) throws(CLIError) {
        guard !members.isEmpty else { return try write("{}\n") }
        var piece = "{"
        for (position, member) in members.enumerated() {
            if position > 0 { piece += "," }
            switch member {
            case .value(let key, let value):
                piece += "\n  " + JSONValue.string(key).jsonText + ": " + indented(value, depth: 1)
            case .elements(let key, let count, let element):
                piece += "\n  " + JSONValue.string(key).jsonText + ": "
                guard count > 0 else {
                    piece += "[]"
                    continue
                }
                piece += "["
                for index in 0..<count {
                    piece += (index > 0 ? "," : "") + "\n    " + indented(element(index), depth: 2)
                    // Whole elements at a time, a few kilobytes each, so the sink sees few calls.
                    if piece.utf8.count >= 16_384 {
                        try write(TerminalText.escape(piece, keepingNewlines: true))
                        piece = ""
                    }
                }
                piece += "\n  ]"
            }
        }
        try write(TerminalText.escape(piece + "\n}\n", keepingNewlines: true))
    }

    /// `value` written pretty as it is at `depth` inside a document: its own pretty text, each
    /// line after the first indented by the depth. A line feed in pretty JSON is always layout
    /// (strings write theirs as `\n`), so indenting after each is exact.
    ///
    /// - Complexity: O(n) in the length of the text, over its UTF-8 bytes (Foundation's string
    ///   replacement costs tens of microseconds a record on Linux).
    private static func indented(_ value: JSONValue, depth: Int) -> String {
        let text = value.prettyText.utf8.dropLast()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count + 64)
        for byte in text {
            bytes.append(byte)
            if byte == UInt8(ascii: "\n") { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth)) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
