import Testing

@testable import RecurringAlarms

/// The field table both rule readers read by: what the readers test per rule as constants
/// agrees with what each field declares.
@Suite("Rule field table")
struct RuleFieldTests {
    @Test("the required fields are exactly those with a missing problem")
    func requiredFields() {
        let declared = RuleField.allCases.filter { $0.missing != nil }.reduce(UInt16(0)) { $0 | $1.bit }
        #expect(RuleField.required == declared)
        #expect(RuleField.required != 0)
    }

    @Test("one field makes a rule weekly, one makes it a one-shot, and the weekly options are the others of the recurrence")
    func recurrenceRoles() {
        #expect(RuleField.allCases.filter { $0.role == .weekly } == [RuleField.weeklyChoice])
        #expect(RuleField.allCases.filter { $0.role == .once } == [RuleField.onceChoice])
        #expect(RuleField.allCases.filter { $0.role == .weeklyOption } == RuleField.weeklyOptions)
        // A one-shot with a weekly option has no recurrence; a weekly rule with one has.
        for option in RuleField.weeklyOptions {
            #expect(!RuleField.isRecurrenceShape(RuleField.onceChoice.bit | option.bit).valid, "\(option.name)")
            #expect(RuleField.isRecurrenceShape(RuleField.weeklyChoice.bit | option.bit).valid, "\(option.name)")
        }
    }

    @Test("every key is distinct and short enough for the direct reader to match as two words")
    func names() {
        #expect(Set(RuleField.names).count == RuleField.allCases.count)
        #expect(RuleField.names.allSatisfy { $0.utf8.count < 16 })
        #expect(RuleField.allCases.count <= 16)
    }
}
