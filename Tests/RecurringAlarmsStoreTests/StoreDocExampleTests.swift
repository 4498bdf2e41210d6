import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

/// The store's examples in Docs/Store.md and on the module's DocC landing page
/// (`RecurringAlarmsStore.docc/RecurringAlarmsStore.md`): each shows a region of this file (see
/// DocSnippetTests), and the tests run it and assert what its comments state.
@Suite("Store documentation examples")
struct StoreDocExampleTests {
    @Test("snooze, plan and record the applied plan through a JSON file, as the landing page shows")
    func snoozeThroughTheStore() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "store-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try JSONFileStore(url: folder.appending(path: "alarms.json")).update { book in
            book.rules = [AlarmRule(id: "wake", repeats: .weekly(days: .weekdays), times: [TimeOfDay(hour: 7, minute: 30)!])]
        }

        // snippet:begin store-snooze
        let store = JSONFileStore(url: folder.appending(path: "alarms.json"))   // folder: Application Support, say
        let now = Date(timeIntervalSince1970: 1_796_110_320)   // 2026-12-01T07:32:00Z, from the app's clock
        let zone = TimeZone(identifier: "Europe/London")!   // the device zone, from the app

        // The user taps "Snooze" on the 07:30 alarm.
        try store.update { book in
            try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: now.addingTimeInterval(9 * 60))
        }

        // Plan, hand the fires to the OS, then record what was handed over.
        let plan = try store.load().plan(now: now, options: PlanOptions(deviceTimeZone: zone))
        print(plan.fires.first?.id ?? "none")   // wake@2026-12-01T07:41:00+snooze
        // … register plan.fires with UNUserNotificationCenter …
        try store.update { book in
            book.applied = AppliedPlan(plan, appliedAt: now)
            book.pruneExpired(now: now)
        }
        // snippet:end

        // 07:32 + 9 minutes is 07:41 (London is UTC+0 in December), before Wednesday's 07:30.
        #expect(plan.fires.first?.id == "wake@2026-12-01T07:41:00+snooze")
        #expect(try store.load().applied?.appliedAt == now)

        // snippet:begin store-compile-once
        let book = try store.load()
        let options = PlanOptions(deviceTimeZone: zone)
        let schedule = try AlarmSchedule(rules: book.rulesForPlanning)
        let compiled = schedule.plan(now: now, options: options, including: book.snoozeFires(deviceTimeZone: zone))
        // snippet:end
        #expect(compiled.fires == plan.fires)
    }

    @Test("a book in UserDefaults, as Docs/Store.md shows")
    func userDefaults() throws {
        defer { UserDefaults.standard.removePersistentDomain(forName: "com.example.alarms") }
        // snippet:begin store-user-defaults
        guard let store = UserDefaultsStore(suiteName: "com.example.alarms") else {
            fatalError("the suite name is refused")   // only for the names listed below
        }
        let now = Date(timeIntervalSince1970: 1_796_110_320)   // 2026-12-01T07:32:00Z, from the app's clock
        try store.update { book in
            book.rules.append(
                AlarmRule(
                    id: "wake", repeats: .weekly(days: .weekdays),
                    times: [TimeOfDay(hour: 7, minute: 30)!]))
        }
        let plan = try store.load().plan(now: now, options: PlanOptions(deviceTimeZone: TimeZone(identifier: "Europe/London")!))
        // snippet:end
        // Tuesday's 07:30 has passed at 07:32: Wednesday's is first.
        #expect(plan.fires.first?.id == "wake@2026-12-02T07:30:00")
    }
}
