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
        if bytes.allSatisfy(isJSONWhitespace) { throw .empty(path: path) }
        do throws(AlarmRulesError) {
            // A valid book is read without a JSON tree; anything else is read again below.
            if let book = try AlarmBook(readingDirectly: bytes) { return book }
        } catch {
            throw bookError(error, path: path)
        }
        let json: JSONValue
        do throws(AlarmRulesError) {
            json = try JSONValue(parsing: bytes)
        } catch {
            switch error {
            case .malformedJSON(let message, let line, let column):
                throw notJSON(bytes, message: message, line: line, column: column, path: path)
            case .invalid(let problems): throw .invalid(path: path, problems: problems)
            }
        }
        if case .number(let text)? = json["version"], let version = Int(text), version > AlarmRuleSet.currentVersion {
            throw .newerVersion(path: path, found: version, supported: AlarmRuleSet.currentVersion)
        }
        do throws(AlarmRulesError) {
            return try AlarmBook(json: json)
        } catch {
            throw bookError(error, path: path)
        }
    }

    /// The store's error for a book that parsed but could not be read.
    private static func bookError(_ error: AlarmRulesError, path: String) -> AlarmStoreError {
        switch error {
        case .invalid(let problems): .invalid(path: path, problems: problems)
        case .malformedJSON(let message, let line, let column): .malformedJSON(path: path, line: line, column: column, message: message)
        }
    }

    /// The bytes to store for `book` (pretty UTF-8 JSON), after checking it can be read back.
    ///
    /// - Throws: ``AlarmStoreError/invalidBook(path:problems:)``.
    /// - Complexity: O(n) in the size of the book.
    static func encode(_ book: AlarmBook, path: String) throws(AlarmStoreError) -> Data {
        let problems = book.validationProblems()
        guard problems.isEmpty else { throw .invalidBook(path: path, problems: problems) }
        return book.jsonData
    }

    /// Tells binary data and a cut-off copy from other text that is not JSON. A cut-off copy
    /// fails at the very end, or inside a string or escape that never closes.
    private static func notJSON(_ bytes: [UInt8], message: String, line: Int, column: Int, path: String) -> AlarmStoreError {
        if let (offset, byte) = firstBinaryByte(in: bytes) { return .binary(path: path, offset: offset, byte: byte) }
        let end = endPosition(of: bytes)
        if (line, column) == (end.line, end.column) || message.hasPrefix("unterminated") {
            return .truncated(path: path, line: line, column: column, message: message)
        }
        return .malformedJSON(path: path, line: line, column: column, message: message)
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

    /// The 1-based line and column just past the last byte, counted as the JSON parser counts.
    private static func endPosition(of bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
