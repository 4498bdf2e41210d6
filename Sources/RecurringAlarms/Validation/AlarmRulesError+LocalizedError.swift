import Foundation

/// The message and hint that apps show: `localizedDescription` reads ``description``, as the
/// `alarms` tool prints it, instead of "The operation could not be completed".
///
/// ```swift
/// do {
///     _ = try AlarmRuleSet(jsonData: Data("{".utf8))
/// } catch {
///     error.localizedDescription   // "malformed JSON at line 1, column 2: …"
///     error.recoverySuggestion     // "the rule format is described in Docs/Formats.md"
/// }
/// ```
extension AlarmRulesError: LocalizedError {
    /// ``description``: what is wrong, naming the position or every rule, field and value at fault.
    public var errorDescription: String? { description }

    /// Where to look for a malformed file; `nil` for invalid rules, whose problems each say
    /// what is allowed.
    public var recoverySuggestion: String? {
        if case .malformedJSON = self { return "the rule format is described in Docs/Formats.md" }
        return nil
    }
}
