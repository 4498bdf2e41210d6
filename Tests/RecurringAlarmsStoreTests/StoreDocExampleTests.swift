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
        // snippet:begin store-plan-only
        let next = try store.plan(now: now, options: PlanOptions(deviceTimeZone: zone, cap: 3)).fires
        // snippet:end
        #expect(next == Array(plan.fires.prefix(3)))
        // The snooze at 07:41, then Wednesday's and Thursday's 07:30 (London is UTC+0 in December).
        #expect(next.map(\.id) == ["wake@2026-12-01T07:41:00+snooze", "wake@2026-12-02T07:30:00", "wake@2026-12-03T07:30:00"])
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

    /// The app's logger as the Store.md fragments use it: what it was told, in order.
    final class AppLog: Sendable {
        let lines = Locked<[String]>([])
        func notice(_ line: String) { lines.withLock { $0.append("notice: " + line) } }
        func error(_ line: String) { lines.withLock { $0.append("error: " + line) } }
    }

    static func folderWithBook(_ rules: [AlarmRule]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "store-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONFileStore(url: folder.appending(path: "alarms.json")).update { book in book.rules = rules }
        return folder
    }

    static let wake = AlarmRule(id: "wake", repeats: .weekly(days: .weekdays), times: [TimeOfDay(hour: 7, minute: 30)!])

    @Test("waiting for a lock: the update runs when no one holds the lock, and the timeout's message reads as shown")
    func lockWait() throws {
        let folder = try Self.folderWithBook([
            Self.wake, AlarmRule(id: "gym", repeats: .weekly(days: .saturday), times: [TimeOfDay(hour: 9, minute: 0)!])
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "alarms.json")
        let logger = AppLog()

        // snippet:begin store-lock-wait
        let store = JSONFileStore(
            url: url,
            lockWait: LockWaitPolicy(timeout: 3) { lockPath in
                logger.notice("waiting for another process holding the lock on \(lockPath)")
            })
        do {
            try store.update { book in book.rules.removeAll { $0.id == "gym" } }
        } catch let error as AlarmStoreError {
            // .lockTimeout: "gave up after 3 s waiting for another process holding the lock on '…/alarms.json.lock'; …"
            logger.error("\(error.description)")
        }
        // snippet:end

        #expect(try store.load().rules.map(\.id) == ["wake"])
        #expect(logger.lines.withLock { $0 } == [])
        let timeout = AlarmStoreError.lockTimeout(path: "/app/alarms.json.lock", seconds: 3)
        #expect(
            timeout.description.hasPrefix("gave up after 3 s waiting for another process holding the lock on '/app/alarms.json.lock'; "))
    }

    @Test("the two error types of an update: the book's message for the user, the store's for the log")
    func twoErrorTypes() throws {
        let folder = try Self.folderWithBook([Self.wake])
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
        let log = AppLog()
        var shown: [String] = []
        func show(_ message: String) { shown.append(message) }
        let id = "wkae"
        let now = Date(timeIntervalSince1970: 1_796_110_320)
        let zone = TimeZone(identifier: "Europe/London")!

        // snippet:begin store-errors
        do {
            try store.update { book in try book.skipNext(ruleID: id, now: now, deviceTimeZone: zone) }
        } catch let error as AlarmBookError {
            show(error.localizedDescription)   // "no rule has id 'wkae'; did you mean 'wake'?"
        } catch let error as AlarmStoreError {
            log.error("\(error.description)")   // the file, the lock or the system
        }
        // snippet:end

        #expect(shown == ["no rule has id 'wkae'; did you mean 'wake'?"])
        #expect(log.lines.withLock { $0 } == [])
    }
}
