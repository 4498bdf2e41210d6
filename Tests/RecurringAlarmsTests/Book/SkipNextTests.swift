import Foundation
import RecurringAlarms
import Testing

@Suite("Skip-next flows through planning")
struct SkipNextTests {
    static let wake = rule("wake", at: "07:30")   // weekdays, floating

    @Test("skip-next records the next occurrence's local date and the plan starts after it")
    func skipsTheNextOccurrence() throws {
        var book = AlarmBook(rules: [Self.wake])
        // 2026-12-01T00:00:00Z is Tuesday 09:00 in Tokyo: Tuesday's 07:30 has passed.
        let skipped = try book.skipNext(ruleID: "wake", now: december1, deviceTimeZone: Zones.tokyo)
        #expect(skipped.id == "wake@2026-12-02T07:30:00")
        #expect(book.skippedOccurrences == [SkippedOccurrence(ruleID: "wake", date: LocalDate(parsing: "2026-12-02")!)])
        let plan = try book.plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 2))
        #expect(plan.fires.map(\.id) == ["wake@2026-12-03T07:30:00", "wake@2026-12-04T07:30:00"])
    }

    @Test("each further skip-next skips the occurrence after the ones already skipped")
    func repeatedSkips() throws {
        var book = AlarmBook(rules: [Self.wake])
        let ids = try (0..<3).map { _ in try book.skipNext(ruleID: "wake", now: december1, deviceTimeZone: Zones.tokyo).id }
        #expect(ids == ["wake@2026-12-02T07:30:00", "wake@2026-12-03T07:30:00", "wake@2026-12-04T07:30:00"])
        // Friday skipped too, so the weekend passes and Monday is next.
        let plan = try book.plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 1))
        #expect(plan.fires.map(\.id) == ["wake@2026-12-07T07:30:00"])
    }

    @Test("the skipped date is fixed when requested, not recomputed when planning later")
    func resolvedAtRequestTime() throws {
        var book = AlarmBook(rules: [Self.wake])
        try book.skipNext(ruleID: "wake", now: december1, deviceTimeZone: Zones.tokyo)
        let later = Date(timeIntervalSince1970: 1_796_212_800)   // 2026-12-02T12:00:00Z = Wed 21:00 JST
        let plan = try book.plan(now: later, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 1))
        #expect(plan.fires.map(\.id) == ["wake@2026-12-03T07:30:00"])
    }

    @Test(
        "a floating rule's next occurrence is found in the device zone, a fixed rule's in its own",
        arguments: [
            (zone: Zones.tokyo, ruleID: "wake", skipped: "wake@2026-12-02T07:30:00"),
            (zone: Zones.newYork, ruleID: "wake", skipped: "wake@2026-12-01T07:30:00"),   // Mon 19:00 EST: Tuesday's is next
            (zone: Zones.newYork, ruleID: "standup-tokyo", skipped: "standup-tokyo@2026-12-02T09:00:00"),
            (zone: Zones.london, ruleID: "standup-tokyo", skipped: "standup-tokyo@2026-12-02T09:00:00")
        ])
    func zones(zone: TimeZone, ruleID: String, skipped: String) throws {
        var book = AlarmBook(rules: [Self.wake, rule("standup-tokyo", days: [.monday, .wednesday, .friday], at: "09:00", zone: Zones.tokyo)]
        )
        #expect(try book.skipNext(ruleID: ruleID, now: december1, deviceTimeZone: zone).id == skipped)
    }

    @Test("skip-next skips every time of the rule on that day")
    func wholeDay() throws {
        var book = AlarmBook(rules: [rule("meds", days: .daily, at: "08:00", "20:00")])
        let now = Date(timeIntervalSince1970: 1_796_119_200)   // 2026-12-01T10:00:00Z
        #expect(try book.skipNext(ruleID: "meds", now: now, deviceTimeZone: Zones.london).id == "meds@2026-12-01T20:00:00")
        let plan = try book.plan(now: now, options: PlanOptions(deviceTimeZone: Zones.london, cap: 2))
        #expect(plan.fires.map(\.id) == ["meds@2026-12-02T08:00:00", "meds@2026-12-02T20:00:00"])
    }

    @Test("skip-next leaves other rules and the cap alone")
    func otherRulesAndCap() throws {
        var book = AlarmBook(rules: [Self.wake, rule("gym", at: "18:00")])
        try book.skipNext(ruleID: "wake", now: december1, deviceTimeZone: Zones.tokyo)
        let plan = try book.plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 3))
        #expect(plan.fires.map(\.id) == ["gym@2026-12-01T18:00:00", "gym@2026-12-02T18:00:00", "wake@2026-12-03T07:30:00"])
        #expect(plan.isTruncated)
        #expect(book.rules[0].skippedDates.isEmpty, "the rule itself is not edited")
        #expect(book.rulesForPlanning[0].skippedDates == [LocalDate(parsing: "2026-12-02")!])
    }

    @Test("skip-next fails clearly when there is nothing to skip")
    func nothingToSkip() throws {
        var book = AlarmBook(rules: [rule("off", at: "07:30", enabled: false), oneShot("flight", on: "2026-11-30", at: "05:45")])
        let end = december1.addingTimeInterval(AlarmBook.skipSearchLimit)
        #expect(throws: AlarmBookError.nothingToSkip(ruleID: "off", after: december1, through: end)) {
            try book.skipNext(ruleID: "off", now: december1, deviceTimeZone: Zones.london)
        }
        #expect(throws: AlarmBookError.nothingToSkip(ruleID: "flight", after: december1, through: end)) {
            try book.skipNext(ruleID: "flight", now: december1, deviceTimeZone: Zones.london)
        }
        #expect(throws: AlarmBookError.unknownRule(id: "flihgt", suggestion: "flight")) {
            try book.skipNext(ruleID: "flihgt", now: december1, deviceTimeZone: Zones.london)
        }
        #expect(book.skippedOccurrences.isEmpty)
    }

    @Test("an every-52-weeks rule is found within the search limit")
    func sparseRule() throws {
        let yearly = AlarmRule(
            id: "yearly", repeats: .weekly(days: .thursday, everyWeeks: 52, start: LocalDate(parsing: "2026-11-26")!),
            times: [TimeOfDay(hour: 9, minute: 0)!])
        var book = AlarmBook(rules: [yearly])
        #expect(try book.skipNext(ruleID: "yearly", now: december1, deviceTimeZone: Zones.london).id == "yearly@2027-11-25T09:00:00")
        #expect(try book.skipNext(ruleID: "yearly", now: december1, deviceTimeZone: Zones.london).id == "yearly@2028-11-23T09:00:00")
    }
}
