import Foundation
import RecurringAlarms
import Testing

@Suite("The applied plan")
struct AppliedPlanTests {
    static let book = AlarmBook(rules: [rule("wake", at: "07:30")])
    static let options = PlanOptions(deviceTimeZone: Zones.london, cap: 3)

    @Test("recording a plan keeps its fire ids, instants, zone and coverage")
    func recordsThePlan() throws {
        let plan = try Self.book.plan(now: december1, options: Self.options)
        let applied = AppliedPlan(plan, appliedAt: december1)
        #expect(applied.fires.map(\.id) == plan.fires.map(\.id))
        #expect(applied.fires.map(\.instant) == plan.fires.map(\.instant))
        #expect(applied.deviceTimeZone == Zones.london && applied.coveredUntil == plan.coveredUntil && applied.appliedAt == december1)
    }

    @Test(
        "the next launch tells delivered fires from pending ones",
        arguments: [
            (1_796_110_199, [String]()),   // 2026-12-01T07:29:59Z
            (1_796_110_200, ["wake@2026-12-01T07:30:00"]),   // 2026-12-01T07:30:00Z
            (1_796_212_800, ["wake@2026-12-01T07:30:00", "wake@2026-12-02T07:30:00"])   // 2026-12-02T12:00:00Z
        ])
    func delivered(now: TimeInterval, ids: [String]) throws {
        let applied = AppliedPlan(try Self.book.plan(now: december1, options: Self.options), appliedAt: december1)
        #expect(applied.delivered(asOf: Date(timeIntervalSince1970: now)).map(\.id) == ids)
    }

    @Test("after a snooze, reconciling against the applied ids adds only the snooze")
    func reconcileAfterSnooze() throws {
        var book = Self.book
        book.applied = AppliedPlan(try book.plan(now: december1, options: Self.options), appliedAt: december1)
        let now = Date(timeIntervalSince1970: 1_796_110_320)   // 2026-12-01T07:32:00Z
        try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: now.addingTimeInterval(9 * 60))
        let plan = try book.plan(now: now, options: Self.options)
        let change = Reconciliation(pending: try #require(book.applied).fires.map(\.id), plan: plan)
        #expect(change.toAdd.map(\.id) == ["wake@2026-12-01T07:41:00+snooze"])
        #expect(change.toRemove == ["wake@2026-12-01T07:30:00"])
    }

    @Test("an applied fire knows its rule and whether it is a snooze")
    func appliedFireParts() {
        let fire = AppliedFire(id: "wake@2026-12-01T07:41:00+snooze", instant: december1)
        #expect(fire.ruleID == "wake" && fire.isSnooze)
        #expect(!AppliedFire(id: "wake@2026-12-01T07:30:00", instant: december1).isSnooze)
        #expect(
            fire.fireID
                == FireID(
                    ruleID: "wake",
                    local: LocalDateTime(
                        date: LocalDate(year: 2026, month: 12, day: 1)!,
                        time: TimeOfDay(hour: 7, minute: 41)!), isSnooze: true))
    }

    @Test("an applied id that is not a fire id has no rule and is not a snooze")
    func appliedFireWithoutFireID() {
        let fire = AppliedFire(id: "junk+snooze", instant: december1)
        #expect(fire.fireID == nil)
        #expect(fire.ruleID == "")
        #expect(!fire.isSnooze)
    }

    @Test("the applied plan survives the book file's JSON, as a store writes and reads it")
    func persisted() throws {
        var book = Self.book
        book.applied = AppliedPlan(try book.plan(now: december1, options: Self.options), appliedAt: december1)
        #expect(try AlarmBook(jsonData: book.jsonData).applied == book.applied)
    }
}
