import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// Turning the pending notifications into exactly the plan, touching only the difference.
@Suite("Reconcile")
struct ReconcileTests {
    /// Daily at 08:00, 08:30 and 20:00 in Tokyo (UTC+9).
    static let meds = weeklyRule("meds", times: ["08:00", "08:30", "20:00"], zone: Zones.tokyo)
    static let options = PlanOptions(deviceTimeZone: Zones.tokyo, cap: 4)

    @Test("re-planning an hour later removes only fires no longer planned and adds only new ones")
    func replanAnHourLater() throws {
        let first = try plan([Self.meds], now: at(1_796_078_700), options: Self.options)   // 2026-11-30T22:45:00Z = Dec 1 07:45 JST
        let second = try plan([Self.meds], now: at(1_796_082_300), options: Self.options)   // 2026-11-30T23:45:00Z = Dec 1 08:45 JST
        #expect(
            first.fires.map(\.id) == [
                "meds@2026-12-01T08:00:00", "meds@2026-12-01T08:30:00",
                "meds@2026-12-01T20:00:00", "meds@2026-12-02T08:00:00"
            ])

        let change = Reconciliation(pending: first.fires.map(\.id), plan: second)
        // 08:00 and 08:30 have rung; the cap now reaches Dec 2 08:30 and 20:00.
        #expect(change.toRemove == ["meds@2026-12-01T08:00:00", "meds@2026-12-01T08:30:00"])
        #expect(change.toAdd.map(\.id) == ["meds@2026-12-02T08:30:00", "meds@2026-12-02T20:00:00"])
        #expect(change.unchanged == ["meds@2026-12-01T20:00:00", "meds@2026-12-02T08:00:00"])
        #expect(!change.isEmpty)
    }

    @Test("pending exactly the plan: nothing to do")
    func nothingToDo() throws {
        let planned = try plan([Self.meds], now: at(1_796_078_700), options: Self.options)   // 2026-11-30T22:45:00Z
        let change = Reconciliation(pending: planned.fires.map(\.id).reversed(), plan: planned)
        #expect(change.isEmpty)
        #expect(change.toRemove.isEmpty)
        #expect(change.toAdd.isEmpty)
        #expect(change.unchanged == planned.fires.map(\.id).sorted())
    }

    @Test("nothing pending: add the whole plan in plan order")
    func nothingPending() throws {
        let planned = try plan([Self.meds], now: at(1_796_078_700), options: Self.options)   // 2026-11-30T22:45:00Z
        let change = Reconciliation(pending: [], plan: planned)
        #expect(change.toAdd == planned.fires)
        #expect(change.toRemove.isEmpty)
        #expect(change.unchanged.isEmpty)
    }

    @Test("an empty plan removes everything pending, sorted, once each")
    func emptyPlan() throws {
        let planned = try plan([], now: at(1_796_078_700), options: Self.options)   // 2026-11-30T22:45:00Z
        let change = Reconciliation(
            pending: ["b@2026-12-01T08:00:00", "a@2026-12-01T08:00:00", "b@2026-12-01T08:00:00", "foreign"],
            plan: planned)
        #expect(change.toRemove == ["a@2026-12-01T08:00:00", "b@2026-12-01T08:00:00", "foreign"])
        #expect(change.toAdd.isEmpty)
        #expect(change.unchanged.isEmpty)
        #expect(Reconciliation(pending: [], plan: planned).isEmpty)
    }

    @Test("for random rules and shifts, the change is exactly the set difference", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func setDifference(seed: UInt64) throws {
        var rng = RuleGenerator(seed: seed)
        let center = day("2026-10-01")
        let rules = rng.rules(maximumCount: 12, near: center)
        let now = at(1_790_812_800 + Int.random(in: 0...(14 * 86_400), using: &rng))   // from 2026-10-01T00:00:00Z
        let later = now.addingTimeInterval(Double(Int.random(in: 1...(2 * 86_400), using: &rng)))
        let options = PlanOptions(
            deviceTimeZone: Zones.named(rng.element(of: RuleGenerator.zoneIdentifiers)), cap: Int.random(in: 1...40, using: &rng))
        let before = try plan(rules, now: now, options: options)
        let after = try plan(rules, now: later, options: options)

        let change = Reconciliation(pending: before.fires.map(\.id), plan: after)
        let old = Set(before.fires.map(\.id))
        let new = Set(after.fires.map(\.id))
        #expect(Set(change.toRemove) == old.subtracting(new))
        #expect(change.toAdd.map(\.id) == after.fires.map(\.id).filter { !old.contains($0) })
        #expect(Set(change.unchanged) == old.intersection(new))
        #expect(change.toRemove == change.toRemove.sorted())
        // Nothing still planned is removed, and applying the change yields exactly the plan.
        #expect(old.subtracting(change.toRemove).union(change.toAdd.map(\.id)) == new)
    }
}

/// Pending identifiers that are still wanted but registered to ring differently: replaced.
@Suite("Reconcile: replaced requests")
struct ReconcileReplacementTests {
    /// A wanted notification: its identifier and a tag that tells equal ids apart.
    struct Wanted: Identifiable, Hashable {
        let id: String
        var tag = 0
    }

    @Test("each pending id is removed, replaced or left, each list sorted; additions keep the order wanted")
    func fourWays() {
        let desired = [Wanted(id: "c"), Wanted(id: "e"), Wanted(id: "b"), Wanted(id: "a"), Wanted(id: "f")]
        let change = Reconciliation(pending: ["d", "a", "c", "b", "x", "d"], desired: desired) { $0.id == "a" || $0.id == "c" }
        #expect(change.toRemove == ["d", "x"])
        #expect(change.toReplace == ["a", "c"])
        #expect(change.unchanged == ["b"])
        // Replacements and new items together, as wanted: c (replaced), e (new), a (replaced), f (new).
        #expect(change.toAdd == [Wanted(id: "c"), Wanted(id: "e"), Wanted(id: "a"), Wanted(id: "f")])
        #expect(!change.isEmpty)
    }

    @Test("the registration check is asked once for each wanted id that is pending, and for no other")
    func checkAskedOnlyForPending() {
        var asked: [String] = []
        let change = Reconciliation(
            pending: ["a", "b", "z"], desired: [Wanted(id: "b"), Wanted(id: "c"), Wanted(id: "a"), Wanted(id: "b", tag: 1)]
        ) {
            asked.append($0.id)
            return false
        }
        #expect(asked == ["b", "a"])
        #expect(change.unchanged == ["a", "b"])
        #expect(change.toAdd == [Wanted(id: "c")])
        #expect(change.toRemove == ["z"])
        #expect(change.toReplace.isEmpty)
    }

    @Test("of wanted items with the same id only the first counts")
    func repeatedWantedIDs() {
        let change = Reconciliation(pending: [], desired: [Wanted(id: "a", tag: 1), Wanted(id: "b"), Wanted(id: "a", tag: 2)])
        #expect(change.toAdd == [Wanted(id: "a", tag: 1), Wanted(id: "b")])
    }

    @Test("a pending request that is registered the same way is never replaced, whatever is pending besides")
    func replacementOnlyWhenAsked() {
        let change = Reconciliation(pending: ["a", "b"], desired: [Wanted(id: "a"), Wanted(id: "b")])
        #expect(change.isEmpty)
        #expect(change.toReplace.isEmpty)
        #expect(change.unchanged == ["a", "b"])
    }

    @Test("a planned fire registered at another instant is replaced and added again in plan order")
    func planFireAtAnotherInstant() throws {
        let options = PlanOptions(deviceTimeZone: Zones.tokyo, cap: 4)
        let planned = try plan([ReconcileTests.meds], now: at(1_796_078_700), options: options)   // 2026-11-30T22:45:00Z = Dec 1 07:45 JST
        // As registered: the same ids, but Dec 1 20:00 JST was registered an hour early (an earlier zone of the rule).
        var registered = Dictionary(uniqueKeysWithValues: planned.fires.map { ($0.id, $0.instant) })
        registered["meds@2026-12-01T20:00:00"] = at(1_796_122_800 - 3_600)   // 2026-12-01T11:00:00Z − 1 h
        #expect(planned.fires.map(\.instant).contains(at(1_796_122_800)))   // 2026-12-01T11:00:00Z = 20:00 JST

        let change = Reconciliation(pending: planned.fires.map(\.id).dropFirst(), plan: planned) { registered[$0.id] != $0.instant }
        #expect(change.toReplace == ["meds@2026-12-01T20:00:00"])
        #expect(change.toAdd.map(\.id) == ["meds@2026-12-01T08:00:00", "meds@2026-12-01T20:00:00"])   // the new one, the replaced one
        #expect(change.unchanged == ["meds@2026-12-01T08:30:00", "meds@2026-12-02T08:00:00"])
        #expect(change.toRemove.isEmpty)
    }
}
