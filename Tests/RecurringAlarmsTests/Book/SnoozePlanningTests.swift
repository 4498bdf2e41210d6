import Foundation
import RecurringAlarms
import Testing

@Suite("Snoozes flow through planning")
struct SnoozePlanningTests {
    static let snoozedAt = Date(timeIntervalSince1970: 1_796_110_320)   // 2026-12-01T07:32:00Z, Tue
    static let ringAgain = Date(timeIntervalSince1970: 1_796_110_860)   // 2026-12-01T07:41:00Z

    static func snoozedBook(_ rules: [AlarmRule] = [rule("wake", at: "07:30")], until instant: Date = ringAgain) throws -> AlarmBook {
        var book = AlarmBook(rules: rules)
        try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: instant)
        return book
    }

    @Test("a live snooze is planned first, with its own id, then the schedule resumes")
    func snoozeLeadsThePlan() throws {
        let plan = try Self.snoozedBook().plan(now: Self.snoozedAt, options: PlanOptions(deviceTimeZone: Zones.london, cap: 3))
        #expect(plan.fires.map(\.id) == ["wake@2026-12-01T07:41:00+snooze", "wake@2026-12-02T07:30:00", "wake@2026-12-03T07:30:00"])
        let snooze = try #require(plan.fires.first)
        #expect(snooze.isSnooze && snooze.ruleID == "wake" && snooze.instant == Self.ringAgain)
        #expect(snooze.timeZone == Zones.london && snooze.utcOffsetSeconds == 0 && snooze.adjustment == .none)
        #expect(plan.isTruncated && plan.coveredUntil == Date(timeIntervalSince1970: 1_796_369_400))   // 2026-12-04T07:30:00Z
    }

    @Test("a snooze takes a place under the cap and moves coveredUntil earlier")
    func snoozeCountsTowardTheCap() throws {
        let plan = try Self.snoozedBook().plan(now: Self.snoozedAt, options: PlanOptions(deviceTimeZone: Zones.london, cap: 1))
        #expect(plan.fires.map(\.id) == ["wake@2026-12-01T07:41:00+snooze"])
        #expect(plan.isTruncated && plan.coveredUntil == Date(timeIntervalSince1970: 1_796_196_600))   // 2026-12-02T07:30:00Z
    }

    @Test("ties go by rule id, then scheduled fires before snoozes")
    func tieOrder() throws {
        // The snooze rings at 2026-12-02T07:30:00Z, the same instant as wake's next fire and alpha's.
        let book = try Self.snoozedBook(
            [rule("wake", at: "07:30"), rule("alpha", at: "07:30")],
            until: Date(timeIntervalSince1970: 1_796_196_600))
        let plan = try book.plan(
            // 2026-12-01T10:00:00Z
            now: Date(timeIntervalSince1970: 1_796_119_200), options: PlanOptions(deviceTimeZone: Zones.london, cap: 3))
        #expect(plan.fires.map(\.id) == ["alpha@2026-12-02T07:30:00", "wake@2026-12-02T07:30:00", "wake@2026-12-02T07:30:00+snooze"])
    }

    @Test(
        "a snooze plans only while it is strictly after now",
        arguments: [
            (1_796_110_859, true),   // 2026-12-01T07:40:59Z
            (1_796_110_860, false),   // 2026-12-01T07:41:00Z: ringing now, not planned again
            (1_796_110_861, false)   // 2026-12-01T07:41:01Z
        ])
    func expiry(now: TimeInterval, planned: Bool) throws {
        let plan = try Self.snoozedBook().plan(now: Date(timeIntervalSince1970: now), options: PlanOptions(deviceTimeZone: Zones.london))
        #expect(plan.fires.contains(where: \.isSnooze) == planned)
    }

    @Test("a floating rule's snooze follows the device zone, a fixed rule's its own zone")
    func snoozeZones() throws {
        var book = AlarmBook(rules: [rule("wake", at: "07:30"), rule("standup", at: "09:00", zone: Zones.newYork)])
        try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: Self.ringAgain)
        try book.snooze(fireID: "standup@2026-12-01T09:00:00", until: Date(timeIntervalSince1970: 1_796_134_200))   // 2026-12-01T14:10:00Z
        let fires = book.snoozeFires(deviceTimeZone: Zones.tokyo)
        #expect(fires.map(\.id) == ["wake@2026-12-01T16:41:00+snooze", "standup@2026-12-01T09:10:00+snooze"])
        #expect(fires.map(\.utcOffsetSeconds) == [32_400, -18_000])
        #expect(fires.map(\.timeZone) == [Zones.tokyo, Zones.newYork])
        #expect(fires.map(\.isFloating) == [true, false])
    }

    @Test("snoozes of disabled rules and of rules no longer in the book are not planned")
    func orphanAndDisabledSnoozes() throws {
        var book = try Self.snoozedBook()
        book.rules[0].isEnabled = false
        book.snoozes.append(Snooze(ruleID: "gone", fireID: "gone@2026-12-01T07:00:00", instant: Self.ringAgain))
        #expect(book.snoozeFires(deviceTimeZone: Zones.london).isEmpty)
        #expect(try book.plan(now: Self.snoozedAt, options: PlanOptions(deviceTimeZone: Zones.london)).fires.isEmpty)
    }

    @Test("snoozing again moves the snooze, and snoozing the snooze keeps the original occurrence")
    func resnooze() throws {
        var book = try Self.snoozedBook()
        let later = Date(timeIntervalSince1970: 1_796_111_400)   // 2026-12-01T07:50:00Z
        try book.snooze(fireID: "wake@2026-12-01T07:41:00+snooze", until: later)
        #expect(book.snoozes == [Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: later)])
        let plan = try book.plan(now: Self.ringAgain, options: PlanOptions(deviceTimeZone: Zones.london, cap: 1))
        #expect(plan.fires.map(\.id) == ["wake@2026-12-01T07:50:00+snooze"])
    }

    @Test("snoozing another fire of the same rule replaces the earlier snooze: a rule keeps one, so only the latest rings")
    func oneSnoozePerRule() throws {
        var book = try Self.snoozedBook()   // wake@2026-12-01T07:30:00 rings again at 07:41Z
        let nextDay = Date(timeIntervalSince1970: 1_796_197_140)   // 2026-12-02T07:39:00Z
        try book.snooze(fireID: "wake@2026-12-02T07:30:00", until: nextDay)
        #expect(book.snoozes == [Snooze(ruleID: "wake", fireID: "wake@2026-12-02T07:30:00", instant: nextDay)])
        let plan = try book.plan(now: Self.snoozedAt, options: PlanOptions(deviceTimeZone: Zones.london, cap: 3))
        #expect(plan.fires.map(\.id) == ["wake@2026-12-02T07:30:00", "wake@2026-12-02T07:39:00+snooze", "wake@2026-12-03T07:30:00"])
    }

    @Test("snoozing a fire of an unknown rule throws and suggests a close id")
    func unknownRule() throws {
        var book = AlarmBook(rules: [rule("wake", at: "07:30")])
        #expect(throws: AlarmBookError.unknownRule(id: "wkae", suggestion: "wake")) {
            try book.snooze(fireID: "wkae@2026-12-01T07:30:00", until: Self.ringAgain)
        }
        #expect(book.snoozes.isEmpty)
    }

    @Test(
        "snoozing text that is not a fire id throws, quoting it, and records nothing",
        arguments: [
            "wake", "wake@2026-12-01", "wake@2026-02-30T07:30:00", "wake@2026-12-01T07:30:00+snooze+snooze", "wake@2026-12-01T07:30:00junk"
        ])
    func invalidFireID(text: String) throws {
        var book = AlarmBook(rules: [rule("wake", at: "07:30")])
        #expect(throws: AlarmBookError.invalidFireID(text)) {
            try book.snooze(fireID: text, until: Self.ringAgain)
        }
        #expect(book.snoozes.isEmpty)
    }

    @Test("two snoozes that land on the same wall second plan once")
    func duplicateSnoozesPlanOnce() {
        let snooze = Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: Self.ringAgain)
        let book = AlarmBook(rules: [rule("wake", at: "07:30")], snoozes: [snooze, snooze])
        #expect(book.snoozeFires(deviceTimeZone: Zones.london).count == 1)
    }
}
