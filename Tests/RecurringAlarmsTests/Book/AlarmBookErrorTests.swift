import Foundation
import RecurringAlarms
import Testing

@Suite("Alarm book error messages")
struct AlarmBookErrorTests {
    static let problem = ValidationProblem(
        ruleID: "wake", ruleNumber: 1, field: "times", value: "[]",
        message: "is empty; expected at least one time HH:MM or HH:MM:SS")

    @Test(
        "every message starts lowercase and names the rule or fire id at fault",
        arguments: [
            (AlarmBookError.unknownRule(id: "wkae", suggestion: "wake"), "no rule has id 'wkae'; did you mean 'wake'?"),
            (.unknownRule(id: "zzz", suggestion: nil), "no rule has id 'zzz'"),
            (
                .invalidFireID("wake@2026-02-30T07:30:00"),
                "'wake@2026-02-30T07:30:00' is not a fire id; expected the id of a planned fire, RULE@YYYY-MM-DDTHH:MM:SS with an optional +snooze, such as 'wake@2026-12-01T07:30:00'"
            ),
            (
                .nothingToSkip(ruleID: "flight", after: december1, through: december1.addingTimeInterval(86_400)),
                "rule 'flight' has no occurrence after 2026-12-01T00:00:00Z through 2026-12-02T00:00:00Z to skip; it is disabled, has ended, or its one date has passed"
            ),
            (
                .invalidRule([problem]),
                "the rule is not valid (1 problem); fix it first:\n  rule 'wake' (#1): times: [] is empty; expected at least one time HH:MM or HH:MM:SS"
            )
        ])
    func messages(error: AlarmBookError, message: String) {
        #expect(error.description == message)
        #expect(error.description.first?.isUppercase == false)
    }

    @Test("a fire id of more than 80 characters is cut in the message")
    func longFireID() {
        let text = String(repeating: "x", count: 100)
        #expect(
            AlarmBookError.invalidFireID(text).description.hasPrefix("'" + String(repeating: "x", count: 77) + "...' is not a fire id;"))
    }

    @Test("localizedDescription reads the message and the hint says what to do, not 'The operation could not be completed'")
    func localizedError() {
        let error: any Error = AlarmBookError.unknownRule(id: "wkae", suggestion: "wake")
        #expect(error.localizedDescription == "no rule has id 'wkae'; did you mean 'wake'?")
        #expect((error as NSError).localizedRecoverySuggestion == "use the id of a rule in the book (AlarmBook.rules)")
        #expect(
            (AlarmBookError.nothingToSkip(ruleID: "off", after: december1, through: december1) as any LocalizedError).recoverySuggestion
                == "turn the rule on, or change its end or date, before skipping its next occurrence")
    }

    @Test("an error thrown by the book itself reaches localizedDescription")
    func fromTheBook() {
        var book = AlarmBook(rules: [rule("wake", at: "07:30")])
        do {
            try book.snooze(fireID: "wake", until: december1)
            Issue.record("a rule id was read as a fire id")
        } catch {
            let any: any Error = error
            #expect(any.localizedDescription == error.description)
            #expect(any.localizedDescription.hasPrefix("'wake' is not a fire id;"))
        }
    }

    @Test("skip-next of a rule made invalid in memory reports the rule's problems")
    func invalidRuleInMemory() {
        var book = AlarmBook(rules: [rule("wake", at: "07:30")])
        book.rules[0].times = []
        #expect(throws: AlarmBookError.invalidRule(AlarmRuleSet.validationProblems(of: book.rules))) {
            try book.skipNext(ruleID: "wake", now: december1, deviceTimeZone: Zones.london)
        }
    }
}
