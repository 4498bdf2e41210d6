import Foundation
import RecurringAlarms

/// Loads a rule file and turns every problem into one error line.
enum RuleFileLoader {
    static func load(_ path: String) throws(CLIError) -> AlarmRuleSet {
        let data = try BoundedFileReader.read(path)
        do {
            return try AlarmRuleSet(jsonData: data)
        } catch {
            switch error {
            case let .malformedJSON(message, line, column):
                throw .failure("\(path.truncatedForDisplay):\(line):\(column): malformed JSON: \(message)",
                               hint: "the rule format is described in Docs/Formats.md")
            case .invalid(let problems):
                throw .failure(messages: problems.map { "\(path.truncatedForDisplay): \($0)" }, hint: nil)
            }
        }
    }
}
