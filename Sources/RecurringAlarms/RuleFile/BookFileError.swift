/// Why a book file (or rule file) could not be read, told apart as a store reports it:
/// what ``AlarmBook/init(bookFile:)`` throws.
///
/// ```swift
/// do throws(BookFileError) {
///     _ = try AlarmBook(bookFile: Array(#"{"version": 2, "rules": []}"#.utf8))
/// } catch .newerVersion(let found, _) {
///     found   // 2
/// } catch {
///     print(error)
/// }
/// ```
package enum BookFileError: Error, Sendable, Hashable {
    /// The bytes are not JSON.
    case malformedJSON(JSONSyntaxError)
    /// The file's `version` is a whole number above ``AlarmRuleSet/currentVersion``, written by
    /// a newer build; `problems` are what this build finds reading it anyway, the version among them.
    case newerVersion(found: Int, problems: [ValidationProblem])
    /// The JSON does not describe a valid book; every problem found.
    case invalid([ValidationProblem])
}

extension AlarmRulesError {
    /// The error a library user sees for bytes that are not JSON.
    init(_ error: JSONSyntaxError) {
        self = .malformedJSON(message: error.message, line: error.line, column: error.column)
    }

    /// The error a library user sees for a book file that could not be read: a newer version
    /// is one of the problems.
    package init(_ error: BookFileError) {
        switch error {
        case .malformedJSON(let syntax): self.init(syntax)
        case .newerVersion(_, let problems), .invalid(let problems): self = .invalid(problems)
        }
    }
}
