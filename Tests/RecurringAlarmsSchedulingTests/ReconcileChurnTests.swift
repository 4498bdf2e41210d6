import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// Reconcile never removes and re-adds a fire that stays planned, however the refreshes fall.
@Suite("Reconcile without churn")
struct ReconcileChurnTests {
    static let start = at(1_771_977_600)   // 2026-02-25T00:00:00Z: New York changes clocks on 2026-03-08

    static let rules = [
        weekly("wake", .weekdays, times: ["06:45"]),
        weekly("night", times: ["02:30"]),   // floating, in the 2026-03-08 gap
        weekly("standup", .weekdays, times: ["09:00"], zone: Zones.newYork),
        weekly("pills", times: ["08:00", "20:00"], zone: Zones.london),   // London changes on 2026-03-29
        // 20 a day at weekends: 71 fires a week in all, so plans that reach a weekend are cut by the cap.
        weekly("busy", .weekends, times: (16..<36).map { String(format: "%02d:%02d", $0 / 2, $0 % 2 * 30) })
    ]

    @Test(
        "across 40 refreshes at random moments, a fire planned before and after a refresh is never touched by it",
        arguments: EvictionModel.allCases, [1, 2, 3] as [UInt64])
    func noChurn(eviction: EvictionModel, seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let store = InMemoryStore(AlarmBook(rules: Self.rules))
        let center = SimulatedNotificationCenter(eviction: eviction, now: Self.start, deviceTimeZone: Zones.newYork)
        var now = Self.start
        var previousPlan: Set<String> = []
        var sawTruncation = false
        for _ in 0..<40 {
            await center.advance(to: now)
            let pendingBefore = Set(await center.pendingIdentifiers())
            let report = try await AlarmScheduler(
                store: store, center: center, clock: .constant(now),
                timeZone: .constant(Zones.newYork), options: SchedulerOptions(strategy: .rolling)
            ).refresh()
            let planned = Set(report.plan.fires.map(\.id))
            #expect(Set(report.removed).isDisjoint(with: planned))
            #expect(Set(report.added).isDisjoint(with: pendingBefore))
            #expect(report.replaced.isEmpty)
            #expect(previousPlan.intersection(planned).isSubset(of: Set(report.unchanged)))
            #expect(Set(await center.pendingIdentifiers()) == planned)
            sawTruncation = sawTruncation || report.isTruncated
            previousPlan = planned
            now = now.addingTimeInterval(TimeInterval(Int.random(in: 60...(4 * 86_400), using: &generator)))
        }
        #expect(sawTruncation)
        #expect(await center.drops.isEmpty)
    }
}
