import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

@testable import RecurringAlarmsScheduling

// The scheduler's one refresh driven through a backend of the test's own: a third service is
// one conformance. By hand: Monday 2026-06-01 00:00 CEST is 2026-05-31T22:00:00Z in Berlin;
// the stand-up at 09:00 in Tokyo is 00:00Z each weekday, June 1 to 5; the floating daily
// 07:30 wake is one repeating alarm per time. With room for 5, the first round holds wake's
// 07:30 among its fires, so it repeats; the 4 left hold the stand-ups of June 1 to 4, and the
// plan is covered until the fifth, June 5 00:00Z.

/// Monday 2026-06-01 00:00 in Berlin.
private let monday = at(1_780_264_800)
/// The stand-ups' instants, June 1 to 5 at 00:00Z.
private let standups = (0..<5).map { at(1_780_272_000 + $0 * 86_400) }
private let book = AlarmBook(rules: [
    weeklyRule("wake", times: ["07:30"]),
    weeklyRule("standup", days: .weekdays, times: ["09:00"], zone: Zones.tokyo)
])

/// A device that holds requests by a key of its own (`key:` and the identifier), accepts at
/// most `accepts` of them, and logs its asynchronous calls.
private actor Ledger {
    var held: [String: Date] = [:]
    var calls: [String] = []
    let accepts: Int

    init(accepts: Int) { self.accepts = accepts }

    func log(_ call: String) { calls.append(call) }
    func move(_ key: String, to instant: Date) { held[key] = instant }

    /// Removes, then adds in order, refusing the first past `accepts`: its index.
    func apply(removing: [String], adding: [LedgerBackend.Request]) -> Int? {
        for key in removing { held[key] = nil }
        for (index, request) in adding.enumerated() {
            guard held.count < accepts else { return index }
            held[request.id] = request.instant
        }
        return nil
    }
}

/// The least a service needs: repeating per time, the reminder kept apart.
private struct LedgerBackend: SchedulingBackend {
    struct Request: BackendRequest {
        let identifier: String
        let instant: Date
        var id: String { "key:" + identifier }
    }

    let ledger: Ledger
    let room: Int

    var granularity: RepeatingAlarm.Granularity { .perTime }

    func prepare() async throws(SchedulingError) { await ledger.log("prepare") }

    func read(_ refresh: RefreshContext) async throws(SchedulingError) -> DeviceState<[String: Date]> {
        await ledger.log("read")
        let held = await ledger.held
        return DeviceState(
            owned: Array(held.keys), foreignCount: 0, slots: room, planCap: room, canHoldReminder: true,
            learnedLimit: refresh.book.applied?.alarmLimit, plan: nil, holdings: held)
    }

    func requests(for plan: HybridPlan, reminderAt: Date?, in refresh: RefreshContext) -> [Request] {
        plan.repeating.map { Request(identifier: $0.id, instant: refresh.now) }
            + plan.oneShot.fires.map { Request(identifier: $0.id, instant: $0.instant) }
    }

    func isRegisteredDifferently(_ request: Request, in holdings: [String: Date]) -> Bool {
        holdings[request.id] != request.instant
    }

    func apply(_ change: Reconciliation<Request>, to holdings: [String: Date]) async throws(SchedulingError) -> AppliedChange {
        await ledger.log("apply")
        let refused = await ledger.apply(removing: change.toRemove + change.toReplace, adding: change.toAdd)
        let added = change.toAdd.prefix(refused ?? change.toAdd.count).map(\.identifier)
        let refusal = refused.map { index in
            AppliedChange.Refusal(
                held: accepts, leftOut: Set(change.toAdd[index...].map(\.identifier)), firstRing: change.toAdd[index].instant)
        }
        return AppliedChange(added: added, removed: change.toRemove.map { String($0.dropFirst(4)) }, refusal: refusal)
    }

    var accepts: Int { ledger.accepts }

    func keepReminder(at instant: Date?, in refresh: RefreshContext) async throws(SchedulingError) {
        await ledger.log("keep reminder at \(instant.map { Int($0.timeIntervalSince1970) } ?? 0)")
    }
}

private func scheduler(_ store: InMemoryStore, _ backend: LedgerBackend) -> AlarmScheduler {
    var options = SchedulerOptions()
    options.reminder = RefreshReminder()
    return AlarmScheduler(
        store: store, backend: backend, clock: .constant(monday), timeZone: .constant(Zones.berlin), options: options)
}

@Suite("The refresh pipeline on a backend of one's own")
struct RefreshPipelineTests {
    @Test("the refresh asks the backend in order, plans within its room and reports the backend's names, not its keys")
    func oneRefresh() async throws {
        let ledger = Ledger(accepts: 100)
        let store = InMemoryStore(book)
        let report = try await scheduler(store, LedgerBackend(ledger: ledger, room: 5)).refresh()

        #expect(await ledger.calls == ["prepare", "read", "apply", "keep reminder at 1780617600"])
        #expect(report.repeating.map(\.id) == ["wake#daily-07:30:00"] && report.granularity == .perTime)
        #expect(report.plan.fires.map(\.instant) == Array(standups.prefix(4)))
        #expect(report.added == ["wake#daily-07:30:00"] + (1...4).map { "standup@2026-06-0\($0)T09:00:00" })
        #expect(report.coveredUntil == standups[4] && report.reminderAt == standups[4])
        #expect(report.slots == 5 && report.alarmLimit == nil)
        #expect(await Set(ledger.held.keys) == Set(report.added.map { "key:" + $0 }))

        let again = try await scheduler(store, LedgerBackend(ledger: ledger, room: 5)).refresh()
        #expect(again.added.isEmpty && again.removed.isEmpty && again.replaced.isEmpty)
        #expect(again.unchanged == report.added.sorted())
    }

    @Test("a held request that no longer rings as planned is removed and added again, and listed by its name")
    func replaced() async throws {
        let ledger = Ledger(accepts: 100)
        let store = InMemoryStore(book)
        try await scheduler(store, LedgerBackend(ledger: ledger, room: 5)).refresh()
        await ledger.move("key:standup@2026-06-02T09:00:00", to: standups[0])

        let report = try await scheduler(store, LedgerBackend(ledger: ledger, room: 5)).refresh()
        #expect(report.replaced == ["standup@2026-06-02T09:00:00"])
        #expect(report.added == ["standup@2026-06-02T09:00:00"] && report.unchanged.count == 4)
        #expect(await ledger.held["key:standup@2026-06-02T09:00:00"] == standups[1])
    }

    @Test("a refusal keeps what was applied, ends the coverage at the first request left out, and is learned for good")
    func refusal() async throws {
        let ledger = Ledger(accepts: 3)
        let store = InMemoryStore(book)
        let report = try await scheduler(store, LedgerBackend(ledger: ledger, room: 5)).refresh()

        // The repeating 07:30 and the stand-ups of June 1 and 2 fit; June 3's was refused.
        #expect(report.added == ["wake#daily-07:30:00", "standup@2026-06-01T09:00:00", "standup@2026-06-02T09:00:00"])
        #expect(report.plan.fires.map(\.instant) == Array(standups.prefix(2)))
        #expect(report.repeating.map(\.id) == ["wake#daily-07:30:00"])
        #expect(report.isTruncated && report.coveredUntil == standups[2])
        #expect(report.alarmLimit == 3 && report.reminderAt == standups[2])
        #expect(await ledger.calls.last == "keep reminder at 1780444800")
        #expect(try store.load().applied?.alarmLimit == 3)
    }
}
