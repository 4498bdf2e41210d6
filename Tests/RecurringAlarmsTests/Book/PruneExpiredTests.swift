import Foundation
import RecurringAlarms
import Testing

@Suite("Pruning expired state")
struct PruneExpiredTests {
    static let ringAgain = Date(timeIntervalSince1970: 1_796_110_860)   // 2026-12-01T07:41:00Z

    @Test(
        "a snooze is dropped once its instant is not after now",
        arguments: [
            (1_796_110_859, 0),   // 2026-12-01T07:40:59Z
            (1_796_110_860, 1)   // 2026-12-01T07:41:00Z
        ])
    func snoozeExpiry(now: TimeInterval, dropped: Int) {
        var book = AlarmBook(
            rules: [rule("wake", at: "07:30")],
            snoozes: [Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: Self.ringAgain)])
        #expect(book.pruneExpired(now: Date(timeIntervalSince1970: now)) == dropped)
        #expect(book.snoozes.count == 1 - dropped)
    }

    @Test(
        "a skipped date is kept until 00:00 UTC two days after it",
        arguments: [
            (1_796_342_399, 0),   // 2026-12-03T23:59:59Z
            (1_796_342_400, 1)   // 2026-12-04T00:00:00Z
        ])
    func skipExpiry(now: TimeInterval, dropped: Int) {
        var book = AlarmBook(
            rules: [rule("wake", at: "07:30")],
            skippedOccurrences: [SkippedOccurrence(ruleID: "wake", date: LocalDate(parsing: "2026-12-02")!)])
        #expect(book.pruneExpired(now: Date(timeIntervalSince1970: now)) == dropped)
    }

    @Test("a skipped date still matters in UTC−12 a day later, so it is not pruned yet")
    func lastZoneOnEarth() throws {
        let bakerIsland = TimeZone(identifier: "Etc/GMT+12")!   // UTC−12
        var book = AlarmBook(rules: [rule("late", days: .daily, at: "23:00")])
        let request = Date(timeIntervalSince1970: 1_796_212_800)   // 2026-12-02T12:00:00Z = Dec 2 00:00 at UTC−12
        #expect(try book.skipNext(ruleID: "late", now: request, deviceTimeZone: bakerIsland).id == "late@2026-12-02T23:00:00")
        let now = Date(timeIntervalSince1970: 1_796_292_000)   // 2026-12-03T10:00:00Z = Dec 2 22:00 at UTC−12
        #expect(book.pruneExpired(now: now) == 0)
        let plan = try book.plan(now: now, options: PlanOptions(deviceTimeZone: bakerIsland, cap: 1))
        #expect(plan.fires.map(\.id) == ["late@2026-12-03T23:00:00"])
    }

    @Test("state of rules no longer in the book is dropped; the applied plan is kept")
    func orphans() {
        let applied = AppliedPlan(appliedAt: december1, deviceTimeZone: Zones.london, coveredUntil: december1, fires: [])
        var book = AlarmBook(
            rules: [rule("wake", at: "07:30")],
            snoozes: [Snooze(ruleID: "gone", fireID: "gone@2026-12-01T07:30:00", instant: Self.ringAgain)],
            skippedOccurrences: [SkippedOccurrence(ruleID: "gone", date: LocalDate(parsing: "2026-12-09")!)],
            applied: applied)
        #expect(book.pruneExpired(now: december1) == 2)
        #expect(book == AlarmBook(rules: [rule("wake", at: "07:30")], applied: applied))
    }
}
