import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// Each exported event has its own `UID` (RFC 5545 §3.8.4.7: a calendar app keeps one event
/// per UID), the same every time the same rules are exported, whatever the other rules.
@Suite("iCalendar export: UIDs")
struct ICalendarExportUIDTests {
    /// `tea` is split (07:00 and 08:30 are not one hours × minutes grid), next to a rule whose id
    /// is the old scheme's name for tea's second event.
    static let rules = [
        weeklyRule("tea", days: .sunday, times: ["07:00", "08:30"]),
        weeklyRule("tea-2", days: .monday, times: ["16:00"]),
        onceRule("trip", on: "2026-12-20", times: ["05:00", "04:30"])
    ]

    /// The `UID` values of `text`, in order.
    static func uids(_ text: String) -> [String] {
        text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
    }

    @Test func aSplitRulesEventsAreNumberedWithATildeNoRuleIdCanHold() throws {
        let text = try ICalendar.document(for: Self.rules, from: day("2026-12-01"), generatedAt: december1).text
        // Before: tea-1, tea-2, tea-2, trip-1, trip-2: tea's second event and the rule tea-2 shared a UID.
        #expect(Self.uids(text) == ["tea~1", "tea~2", "tea-2", "trip~1", "trip~2"])
        #expect(Set(Self.uids(text)).count == 5)
        #expect(try Self.rules[0].recurrences(from: day("2026-12-01")).map(\.uid) == ["tea~1", "tea~2"])
    }

    @Test func theUIDsOfARuleDoNotDependOnTheOtherRulesOrTheirOrder() throws {
        let forward = try ICalendar.document(for: Self.rules, from: day("2026-12-01"), generatedAt: december1).text
        let backward = try ICalendar.document(for: Self.rules.reversed(), from: day("2026-12-01"), generatedAt: december1).text
        let alone = try ICalendar.document(for: [Self.rules[0]], from: day("2026-12-01"), generatedAt: december1).text
        #expect(Set(Self.uids(forward)) == Set(Self.uids(backward)))
        #expect(Self.uids(alone) == ["tea~1", "tea~2"])
    }

    @Test func theExportReadsBackAsTheSameRules() throws {
        let text = try ICalendar.document(for: Self.rules, from: day("2026-12-01"), generatedAt: december1).text
        let imported = try ICalendar.readRules(from: text).rules
        #expect(imported.map(\.id) == ["tea", "tea-2", "trip"])
        // tea has no start: it comes back starting on its DTSTART's date, the first Sunday on
        // or after Tuesday 2026-12-01, 2026-12-06.
        #expect(imported[0].repeats == .weekly(days: .sunday, everyWeeks: 1, start: day("2026-12-06"), end: nil))
        #expect(imported.map { $0.times.map(\.description) } == [["07:00", "08:30"], ["16:00"], ["04:30", "05:00"]])
    }
}
