/// Why bytes are not JSON, and where: what ``JSONParser`` throws.
///
/// Readers of rule and book files turn it into their own errors (``AlarmRulesError/malformedJSON(message:line:column:)``,
/// a store's malformed or cut-off file); this type says only what the parser knows.
///
/// ```swift
/// do throws(JSONSyntaxError) {
///     _ = try JSONValue(parsing: Array("[1,".utf8))
/// } catch {
///     error.description   // "malformed JSON at line 1, column 4: expected a value, found end of input"
///     error.isAtEnd       // true
/// }
/// ```
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, such as `unterminated string`.
    package var message: String
    /// The 1-based line of the failure.
    package var line: Int
    /// The 1-based column of the failure, counted in bytes.
    package var column: Int
    /// Whether the failure is at the very end of the bytes: the text stopped where it needed more.
    package var isAtEnd: Bool

    /// The text users see, as ``AlarmRulesError/description`` words a malformed file.
    package var description: String { "malformed JSON at line \(line), column \(column): \(message)" }
}
