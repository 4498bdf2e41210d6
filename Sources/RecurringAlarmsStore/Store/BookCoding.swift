import Foundation
import RecurringAlarms

/// Stored bytes to book and back, shared by the stores that keep the book file's bytes, with
/// every way stored data can be unreadable told apart.
enum BookCoding {
    /// Decodes stored bytes.
    ///
    /// - Throws: ``AlarmStoreError/empty(path:)``, ``AlarmStoreError/binary(path:offset:byte:)``,
    ///   ``AlarmStoreError/truncated(path:line:column:message:)``,
    ///   ``AlarmStoreError/malformedJSON(path:line:column:message:)``,
    ///   ``AlarmStoreError/newerVersion(path:found:supported:)`` or ``AlarmStoreError/invalid(path:problems:)``.
    /// - Complexity: O(n) in the number of bytes.
    static func decode(_ bytes: [UInt8], path: String) throws(AlarmStoreError) -> AlarmBook {
        try reading(bytes, path: path) { (bytes) throws(BookFileError) in try AlarmBook(bookFile: bytes) }
    }

    /// Decodes stored bytes for planning only: a valid book file is compiled straight from its
    /// bytes (``/RecurringAlarms/BookForPlanning``), any other is read in full, with the
    /// errors ``decode(_:path:)`` throws.
    ///
    /// - Throws: as ``decode(_:path:)``.
    /// - Complexity: O(n) in the number of bytes.
    static func decodeForPlanning(_ bytes: [UInt8], path: String) throws(AlarmStoreError) -> BookForPlanning {
        try reading(bytes, path: path) { (bytes) throws(BookFileError) in try BookForPlanning(bookFile: bytes) }
    }

    /// What `read` makes of stored bytes, its errors told apart as a store reports them.
    private static func reading<Result>(
        _ bytes: [UInt8], path: String, _ read: ([UInt8]) throws(BookFileError) -> Result
    ) throws(AlarmStoreError) -> Result {
        if bytes.allSatisfy(isJSONWhitespace) { throw .empty(path: path) }
        do throws(BookFileError) {
            return try read(bytes)
        } catch {
            switch error {
            case .malformedJSON(let syntax): throw notJSON(bytes, syntax, path: path)
            case .newerVersion(let found, _): throw .newerVersion(path: path, found: found, supported: AlarmRuleSet.currentVersion)
            case .invalid(let problems): throw .invalid(path: path, problems: problems)
            }
        }
    }

    /// The bytes to store for `book` (pretty UTF-8 JSON), after checking it can be read back.
    ///
    /// A book of many rules is checked and written in pieces on all cores, with the same
    /// problems and the same bytes as one thread gives.
    ///
    /// - Throws: ``AlarmStoreError/invalidBook(path:problems:)``.
    /// - Complexity: O(n) in the size of the book.
    static func encode(_ book: AlarmBook, path: String) throws(AlarmStoreError) -> Data {
        let problems = book.validationProblemsOnAllCores()
        guard problems.isEmpty else { throw .invalidBook(path: path, problems: problems) }
        return book.jsonData
    }

    /// Tells binary data and a cut-off copy from other text that is not JSON. A cut-off copy
    /// fails at the very end, or inside a string or escape that never closes.
    private static func notJSON(_ bytes: [UInt8], _ syntax: JSONSyntaxError, path: String) -> AlarmStoreError {
        if let (offset, byte) = firstBinaryByte(in: bytes) { return .binary(path: path, offset: offset, byte: byte) }
        if syntax.isAtEnd || syntax.message.hasPrefix("unterminated") {
            return .truncated(path: path, line: syntax.line, column: syntax.column, message: syntax.message)
        }
        return .malformedJSON(path: path, line: syntax.line, column: syntax.column, message: syntax.message)
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The first byte that cannot be in JSON text: a C0 control other than tab, LF and CR, or
    /// the start of an invalid UTF-8 sequence. A sequence cut short by the end of the data is
    /// truncation, not binary data.
    static func firstBinaryByte(in bytes: [UInt8]) -> (offset: Int, byte: UInt8)? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, let byte = encoded.first, byte < 0x20, !isJSONWhitespace(byte) { return (offset, byte) }
                offset += encoded.count
            case .error(let length):
                return offset + length >= bytes.count ? nil : (offset, bytes[offset])
            case .emptyInput:
                return nil
            }
        }
    }
}
