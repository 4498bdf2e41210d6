import Foundation
import RecurringAlarms

/// Loads a rule file and turns every problem into one error line.
enum RuleFileLoader {
    /// Checks the bytes of a rule file; rule problems are returned for reporting.
    static func read(_ data: Data) -> Result<AlarmRuleSet, AlarmRulesError> {
        do {
            return .success(try AlarmRuleSet(jsonData: data))
        } catch {
            return .failure(error)
        }
    }

    /// Reads the bytes `data` of `path`, failing with one `error:` line per problem.
    static func load(_ data: Data, path: String) throws(CLIError) -> AlarmRuleSet {
        switch read(data) {
        case .success(let ruleSet): return ruleSet
        case .failure(let error):
            throw .failure(messages: messages(for: error, path: BoundedFileReader.name(of: path)), hint: hint(for: error))
        }
    }

    static func messages(for error: AlarmRulesError, path: String) -> [String] {
        switch error {
        case .malformedJSON(let message, let line, let column):
            return [MalformedJSON.line(path.printable, line: line, column: column, message: message)]
        case .invalid(let problems):
            return problems.map { "\(path.printable): \($0.terminalText)" }
        }
    }

    static func hint(for error: AlarmRulesError) -> String? {
        error.recoverySuggestion
    }
}
