import Foundation
import RecurringAlarms
import Testing

/// The engine's examples in README.md and on the module's DocC landing page
/// (`RecurringAlarms.docc/RecurringAlarms.md`): each page shows a region of this file (see
/// DocSnippetTests), and the test runs it and asserts what its comments print.
///
/// London is UTC+0 in December; 09:00 in Tokyo (UTC+9) is 00:00Z, so Tuesday's stand-up
/// (00:00Z) is already past at 07:00Z and Wednesday's is next, after Tuesday's 07:30 wake-up.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("the README snippet compiles and prints what the README says")
    func readmeSnippet() throws {
        // snippet:begin readme
        // A rule set checks every rule and that ids are unique (they become notification ids);
        // it throws AlarmRulesError.invalid listing every problem. Planning takes only rule sets.
        let rules = try AlarmRuleSet(rules: [
            AlarmRule(
                id: "wake", label: "Wake up",
                repeats: .weekly(days: [.monday, .tuesday, .thursday]),
                times: [TimeOfDay(hour: 7, minute: 30)!]),   // floating: device zone
            AlarmRule(
                id: "standup", repeats: .weekly(days: .weekdays),
                times: [TimeOfDay(hour: 9, minute: 0)!],
                timeZone: .fixed(TimeZone(ianaIdentifier: "Asia/Tokyo")!))   // always Tokyo time
        ])
        let now = Date(timeIntervalSince1970: 1_796_108_400)   // 2026-12-01T07:00:00Z, a Tuesday
        let options = PlanOptions(deviceTimeZone: TimeZone(ianaIdentifier: "Europe/London")!)
        let planned = plan(rules, now: now, options: options)   // cap 64, 7 days by default

        for fire in planned.fires.prefix(2) {
            print(fire.id, fire.rfc3339)
        }
        // wake@2026-12-01T07:30:00 2026-12-01T07:30:00Z
        // standup@2026-12-02T09:00:00 2026-12-02T09:00:00+09:00

        // Later: register only the difference with what the OS reports as pending.
        let change = Reconciliation(pending: ["wake@2026-11-30T07:30:00"], plan: planned)
        print(change.toRemove)   // ["wake@2026-11-30T07:30:00"]
        print(change.toAdd.count)   // every planned fire, as none was pending
        // snippet:end

        let printed = planned.fires.prefix(2).map { "\($0.id) \($0.rfc3339)" }
        #expect(
            printed == [
                "wake@2026-12-01T07:30:00 2026-12-01T07:30:00Z",
                "standup@2026-12-02T09:00:00 2026-12-02T09:00:00+09:00"
            ])
        #expect("\(change.toRemove)" == #"["wake@2026-11-30T07:30:00"]"#)
        #expect(change.toAdd.count == planned.fires.count)
        // The window ends Tue Dec 8 07:00Z: wake-ups Tue 1, Thu 3, Mon 7 (Tue 8 07:30 is past the end) → 3;
        // stand-ups Wed 2, Thu 3, Fri 4, Mon 7, Tue 8 (00:00Z) → 5.
        #expect(planned.fires.count == 8)

        // The safe path refuses what the README warns about: a repeated id.
        #expect(throws: AlarmRulesError.self) { try AlarmRuleSet(rules: rules.rules + [rules.rules[0]]) }
    }

    @Test("the landing page's snippet plans the fires it prints")
    func landingPageSnippet() throws {
        // snippet:begin landing-page
        let rules = [
            AlarmRule(
                id: "wake", label: "Wake up",
                repeats: .weekly(days: [.monday, .tuesday, .thursday]),
                times: [TimeOfDay(hour: 7, minute: 30)!]),   // floating: device zone
            AlarmRule(
                id: "standup", repeats: .weekly(days: .weekdays),
                times: [TimeOfDay(hour: 9, minute: 0)!],
                timeZone: .fixed(TimeZone(ianaIdentifier: "Asia/Tokyo")!))   // always Tokyo time
        ]
        let now = Date(timeIntervalSince1970: 1_796_108_400)   // 2026-12-01T07:00:00Z, a Tuesday
        let options = PlanOptions(deviceTimeZone: TimeZone(ianaIdentifier: "Europe/London")!)
        let planned = try plan(rules, now: now, options: options)   // checks the rules; cap 64, 7 days by default

        print(planned.fires[0].id)   // wake@2026-12-01T07:30:00
        print(planned.fires[1].rfc3339)   // 2026-12-02T09:00:00+09:00
        // snippet:end

        #expect(planned.fires[0].id == "wake@2026-12-01T07:30:00")
        #expect(planned.fires[1].rfc3339 == "2026-12-02T09:00:00+09:00")
    }
}
