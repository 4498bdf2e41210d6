import Foundation
import RecurringAlarms

/// Loads a rule file and turns every problem into one error line.
enum RuleFileLoader {
    /// Reads and checks `path`; I/O failures throw, rule problems are returned for reporting.
    static func read(_ path: String, standardInput: Int32) throws(CLIError) -> Result<AlarmRuleSet, AlarmRulesError> {
        let data = try BoundedFileReader.read(path, standardInput: standardInput)
        do {
            return .success(try AlarmRuleSet(jsonData: data))
        } catch {
            return .failure(error)
        }
    }

    /// Reads `path`, failing with one `error:` line per problem.
    static func load(_ path: String, standardInput: Int32) throws(CLIError) -> AlarmRuleSet {
        switch try read(path, standardInput: standardInput) {
        case .success(let ruleSet): return ruleSet
        case .failure(let error):
            throw .failure(messages: messages(for: error, path: BoundedFileReader.name(of: path)), hint: hint(for: error))
        }
    }

    static func messages(for error: AlarmRulesError, path: String) -> [String] {
        switch error {
        case .malformedJSON(let message, let line, let column):
            return ["\(path.printable):\(line):\(column): malformed JSON: \(message)"]
        case .invalid(let problems):
            return problems.map { "\(path.printable): \($0.terminalText)" }
        }
    }

    static func hint(for error: AlarmRulesError) -> String? {
        error.recoverySuggestion
    }
}
