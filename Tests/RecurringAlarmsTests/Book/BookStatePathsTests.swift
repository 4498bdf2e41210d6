import Foundation
import Testing

@testable import RecurringAlarms

/// A book's snoozes and skip-next dates are matched to their rules by comparing ids when the
/// book is small (at most ``AlarmBook/fewPairs`` snooze-rule or skip-rule pairs), through
/// dictionaries when it is larger, and by the compiled schedule when a book file is compiled
/// from its bytes. The same state plans the same in all three.
@Suite("Book state through every path")
struct BookStatePathsTests {
    /// Tuesday 2026-12-01 00:00:00Z: 01:00 in Berlin (+01:00), 09:00 in Tokyo (+09:00).
    static let now = Date(timeIntervalSince1970: 1_796_083_200)

    /// `wake` (weekdays 07:30, floating), `off` (weekdays 08:00, disabled) and `tokyo` (daily
    /// 20:00 in Tokyo, 11:00Z), each snoozed; `wake` skips exactly one date, `tokyo` two; then
    /// `padding` one-shot rules in 2030, which plan nothing here.
    static func book(padding: Int) -> AlarmBook {
        let rules =
            [
                weeklyRule("wake", days: .weekdays, times: ["07:30"]),
                weeklyRule("off", days: .weekdays, times: ["08:00"], enabled: false),
                weeklyRule("tokyo", times: ["20:00"], zone: Zones.tokyo)
            ] + (0..<padding).map { onceRule("pad\($0)", on: "2030-01-01", times: ["07:00"]) }
        return AlarmBook(
            rules: rules,
            snoozes: [
                Snooze(ruleID: "off", fireID: "off@2026-11-30T08:00:00", instant: now.addingTimeInterval(2 * 3_600)),
                Snooze(ruleID: "wake", fireID: "wake@2026-11-30T07:30:00", instant: now.addingTimeInterval(3 * 3_600)),
                Snooze(ruleID: "tokyo", fireID: "tokyo@2026-11-30T20:00:00", instant: now.addingTimeInterval(4 * 3_600))
            ],
            skippedOccurrences: [
                SkippedOccurrence(ruleID: "wake", date: day("2026-12-02")),
                SkippedOccurrence(ruleID: "tokyo", date: day("2026-12-01")),
                SkippedOccurrence(ruleID: "tokyo", date: day("2026-12-03"))
            ])
    }

    /// Three days in Berlin, to 2026-12-04T00:00:00Z, by hand: wake's snooze at 03:00Z (04:00 in
    /// Berlin), tokyo's at 04:00Z (13:00 in Tokyo), wake Tue 07:30 (Wed is skipped), tokyo Wed
    /// 20:00 JST (Tue and Thu are skipped), wake Thu 07:30; nothing of `off`.
    static let expected = [
        "wake@2026-12-01T04:00:00+snooze", "tokyo@2026-12-01T13:00:00+snooze", "wake@2026-12-01T07:30:00",
        "tokyo@2026-12-02T20:00:00", "wake@2026-12-03T07:30:00"
    ]

    static let options = PlanOptions(deviceTimeZone: Zones.berlin, horizon: 3 * 86_400)

    @Test("the small book takes the id-comparing path and the padded one the dictionaries")
    func pathsDiffer() {
        let (small, large) = (Self.book(padding: 0), Self.book(padding: 70))
        #expect(small.snoozes.count * small.rules.count <= AlarmBook.fewPairs)
        #expect(small.skippedOccurrences.count * small.rules.count <= AlarmBook.fewPairs)
        #expect(large.snoozes.count * large.rules.count > AlarmBook.fewPairs)
        #expect(large.skippedOccurrences.count * large.rules.count > AlarmBook.fewPairs)
    }

    @Test("a disabled rule's snooze never rings, and a rule with exactly one skip-next date keeps it", arguments: [0, 70])
    func sameStateSamePlan(padding: Int) throws {
        let book = Self.book(padding: padding)
        #expect(book.validationProblems() == [])
        let snoozes = book.snoozeFires(deviceTimeZone: Zones.berlin)
        #expect(snoozes.map(\.id) == ["wake@2026-12-01T04:00:00+snooze", "tokyo@2026-12-01T13:00:00+snooze"])
        #expect(snoozes.map(\.isFloating) == [true, false])
        let rules = Dictionary(uniqueKeysWithValues: book.rulesForPlanning.map { ($0.id, $0) })
        #expect(rules["wake"]?.skippedDates == [day("2026-12-02")])
        #expect(rules["tokyo"]?.skippedDates == [day("2026-12-01"), day("2026-12-03")])
        #expect(rules["off"]?.skippedDates == [])
        #expect(try book.plan(now: Self.now, options: Self.options).fires.map(\.id) == Self.expected)
        // Compiled straight from the book file's bytes, the same state plans the same.
        let compiled = try #require(ByteCompiledScheduleTests.compiled(Array(book.jsonData), state: .read))
        #expect(compiled.plan(now: Self.now, options: Self.options).fires.map(\.id) == Self.expected)
    }
}
