import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

@Suite("Docs/Store.md examples")
struct GuideExampleTests {
    @Test("the guide's first example runs as written")
    func quickStart() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try store.save(AlarmBook(rules: [rule("wake", at: "07:30")]))
            let now = Date(timeIntervalSince1970: 1_796_110_320)   // 2026-12-01T07:32:00Z
            let zone = TimeZone(identifier: "Europe/London")!

            try store.update { book in
                try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: now.addingTimeInterval(9 * 60))
            }
            let plan = try store.load().plan(now: now, options: PlanOptions(deviceTimeZone: zone))
            #expect(plan.fires.first?.id == "wake@2026-12-01T07:41:00+snooze")
            try store.update { book in
                book.applied = AppliedPlan(plan, appliedAt: now)
                book.pruneExpired(now: now)
            }
            #expect(try store.load().applied?.fires.first?.id == "wake@2026-12-01T07:41:00+snooze")
        }
    }

    @Test("the skip-next table: each call skips the next weekday, then the weekend passes")
    func skipTable() throws {
        var book = AlarmBook(rules: [rule("wake", at: "07:30")])
        var rows: [(skipped: String, next: String?)] = []
        for _ in 0..<3 {
            let skipped = try book.skipNext(ruleID: "wake", now: december1, deviceTimeZone: Zones.tokyo)
            let next = try book.plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 1)).fires.first
            rows.append((skipped.id, next?.id))
        }
        #expect(rows.map(\.skipped) == ["wake@2026-12-02T07:30:00", "wake@2026-12-03T07:30:00", "wake@2026-12-04T07:30:00"])
        #expect(rows.map(\.next) == ["wake@2026-12-03T07:30:00", "wake@2026-12-04T07:30:00", "wake@2026-12-07T07:30:00"])
    }
}
