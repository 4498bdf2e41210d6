import Foundation
import RecurringAlarms
import Testing

/// App code shows `localizedDescription` (SwiftUI's alerts do): it must read the engine's own
/// message, not "The operation could not be completed. (RecurringAlarms.AlarmRulesError error 0.)".
@Suite("AlarmRulesError as a LocalizedError")
struct AlarmRulesLocalizedErrorTests {
    @Test("malformed JSON: the message with its position, and where the format is described")
    func malformedJSON() {
        let error: any Error = AlarmRulesError.malformedJSON(message: "expected a value", line: 1, column: 2)
        #expect(error.localizedDescription == "malformed JSON at line 1, column 2: expected a value")
        #expect((error as? any LocalizedError)?.recoverySuggestion == "the rule format is described in Docs/Formats.md")
        #expect((error as NSError).localizedRecoverySuggestion == "the rule format is described in Docs/Formats.md")
    }

    @Test("invalid rules: every problem, and no extra hint (each problem says what is allowed)")
    func invalidRules() {
        let problem = ValidationProblem(
            ruleID: "wake", ruleNumber: 1, field: "times[0]", value: "\"25:00\"",
            message: "is not a valid time; expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59")
        let error: any Error = AlarmRulesError.invalid([problem])
        #expect(
            error.localizedDescription == """
                1 problem:
                  rule 'wake' (#1): times[0]: "25:00" is not a valid time; expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59
                """)
        #expect((error as? any LocalizedError)?.recoverySuggestion == nil)
    }

    @Test("a rule file that fails to read gives its message to localizedDescription")
    func fromTheReader() {
        do {
            _ = try AlarmRuleSet(jsonData: Data("{\"version\": 1, \"rules\": [".utf8))
            Issue.record("an unfinished file was read")
        } catch {
            #expect(error.localizedDescription.hasPrefix("malformed JSON at line 1, column "))
            #expect(error.localizedDescription == error.description)
        }
    }
}
