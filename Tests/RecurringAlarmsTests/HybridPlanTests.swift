import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

@Suite("Hybrid plan: which rules become weekly repeating slots")
struct HybridPlanTests {
    static let berlin = PlanOptions(deviceTimeZone: Zones.berlin)

    @Test("a plain floating weekly rule becomes one slot per weekday and time, with ids no fire id can have")
    func plainWeeklyRuleIsRepeating() throws {
        let wake = weeklyRule("wake", days: [.monday, .tuesday], times: ["07:30", "08:00:15"])
        let hybrid = try hybridPlan([wake], now: december1, options: Self.berlin)
        #expect(
            hybrid.repeating.map(\.id) == [
                "wake#weekly-mon-07:30:00", "wake#weekly-mon-08:00:15",
                "wake#weekly-tue-07:30:00", "wake#weekly-tue-08:00:15"
            ])
        #expect(hybrid.oneShot.fires.isEmpty)
        #expect(hybrid.oneShot.cap == 60)
        #expect(hybrid.repeating.allSatisfy { FireID(parsing: $0.id) == nil && RepeatingAlarm(parsing: $0.id) == $0 })
    }

    @Test("a rule on all seven days needs one slot per time")
    func dailyRuleNeedsOneSlotPerTime() throws {
        let hybrid = try hybridPlan([weeklyRule("pill", times: ["09:00", "21:00"])], now: december1, options: Self.berlin)
        #expect(hybrid.repeating.map(\.id) == ["pill#daily-09:00:00", "pill#daily-21:00:00"])
        #expect(hybrid.repeating.map(\.weekdays) == [.daily, .daily])
    }

    @Test("in Europe/Berlin a daily 02:30 stays one-shot (gap and overlap ahead), a daily 07:30 repeats")
    func daylightSavingTimesStayOneShot() throws {
        let night = weeklyRule("night", times: ["02:30"])
        let wake = weeklyRule("wake", times: ["07:30"])
        let hybrid = try hybridPlan([night, wake], now: december1, options: Self.berlin)
        #expect(hybrid.repeatingRuleIDs == ["wake"])
        #expect(hybrid.oneShot.fires.map(\.ruleID) == Array(repeating: "night", count: 7))
    }

    @Test("Berlin changes clocks on Sundays, so 02:30 on weekdays only repeats; the exact edges of the gap count")
    func gapIsCheckedPerWeekday() throws {
        let weekdays = weeklyRule("weekdays", days: .weekdays, times: ["02:30"])
        let sundayGapStart = weeklyRule("edge", days: .sunday, times: ["02:00"])   // first second of the gap
        let sundayGapEnd = weeklyRule("after", days: .sunday, times: ["03:00"])   // first wall time after it
        let sundayBefore = weeklyRule("before", days: .sunday, times: ["01:59:59"])   // last second before it
        let hybrid = try hybridPlan([weekdays, sundayGapStart, sundayGapEnd, sundayBefore], now: december1, options: Self.berlin)
        #expect(hybrid.repeatingRuleIDs == ["after", "before", "weekdays"])
    }

    @Test(
        "rules a repeating trigger cannot ring exactly stay one-shot",
        arguments: [
            weeklyRule("ends", days: .daily, times: ["07:30"], end: "2027-06-30"),
            weeklyRule("fortnight", days: .daily, times: ["07:30"], everyWeeks: 2, start: "2026-11-30"),
            weeklyRule("later", days: .daily, times: ["07:30"], start: "2026-12-02"),
            weeklyRule("skips", days: .daily, times: ["07:30"], skip: ["2027-01-01"]),
            weeklyRule("tokyo", days: .daily, times: ["07:30"], zone: Zones.tokyo)
        ])
    func ineligibleRulesStayOneShot(rule: AlarmRule) throws {
        let hybrid = try hybridPlan([rule], now: december1, options: Self.berlin)
        #expect(hybrid.repeating.isEmpty)
        #expect(!hybrid.oneShot.fires.isEmpty)
        #expect(hybrid.oneShot == plan([rule].asRuleSet, now: december1, options: Self.berlin))
    }

    @Test("a rule that started today, or whose skip dates have all passed, repeats")
    func startedTodayAndPastSkipsRepeat() throws {
        let started = weeklyRule("started", days: .daily, times: ["07:30"], start: "2026-12-01", skip: ["2026-11-30"])
        #expect(try hybridPlan([started], now: december1, options: Self.berlin).repeatingRuleIDs == ["started"])
    }

    @Test("a disabled rule plans nothing at all")
    func disabledRulePlansNothing() throws {
        let hybrid = try hybridPlan([weeklyRule("off", times: ["07:30"], enabled: false)], now: december1, options: Self.berlin)
        #expect(hybrid.requestCount == 0)
    }

    @Test("skip-next keeps the rule one-shot until the skipped date has passed on the device clock, then it repeats")
    func skipNextSwapsToOneShotAndBack() throws {
        var book = AlarmBook(rules: [weeklyRule("wake", days: .weekdays, times: ["07:30"])])
        // 2026-12-01T00:00:00Z is Tuesday 01:00 in Berlin: Tuesday's 07:30 is skipped.
        let skipped = try book.skipNext(ruleID: "wake", now: december1, deviceTimeZone: Zones.berlin)
        #expect(skipped.id == "wake@2026-12-01T07:30:00")
        let during = try book.hybridPlan(now: december1, options: Self.berlin)
        #expect(during.repeating.isEmpty)
        #expect(during.oneShot.fires.first?.id == "wake@2026-12-02T07:30:00")
        let lateThatDay = try book.hybridPlan(now: at(1_796_164_200), options: Self.berlin)   // 2026-12-01T22:30:00Z = 23:30 CET
        #expect(lateThatDay.repeating.isEmpty)
        let nextDay = try book.hybridPlan(now: at(1_796_166_000), options: Self.berlin)   // 2026-12-01T23:00:00Z = Wed 00:00 CET
        #expect(nextDay.repeatingRuleIDs == ["wake"])
        #expect(nextDay.oneShot.fires.isEmpty)
    }

    @Test("an end date added later swaps the rule to one-shot")
    func endDateSwapsToOneShot() throws {
        var book = AlarmBook(rules: [weeklyRule("wake", days: .weekdays, times: ["07:30"])])
        #expect(try book.hybridPlan(now: december1, options: Self.berlin).repeating.count == 5)
        book.rules[0].repeats = .weekly(days: .weekdays, end: day("2027-01-31"))
        let after = try book.hybridPlan(now: december1, options: Self.berlin)
        #expect(after.repeating.isEmpty)
        #expect(after.oneShot.fires.count == 5)
    }

    @Test("snoozes stay one-shot fires beside the repeating slots")
    func snoozesStayOneShot() throws {
        var book = AlarmBook(rules: [weeklyRule("wake", days: .weekdays, times: ["07:30"])])
        try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: at(1_796_107_740))   // 2026-12-01T06:49:00Z
        let hybrid = try book.hybridPlan(now: december1, options: Self.berlin)
        #expect(hybrid.repeating.count == 5)
        #expect(hybrid.oneShot.fires.map(\.id) == ["wake@2026-12-01T07:49:00+snooze"])
    }

    @Test("under cap pressure a rule whose slots outnumber its fires in the one-shot plan stays one-shot")
    func capPressureKeepsCostlyRulesOneShot() throws {
        let wake = weeklyRule("wake", days: .weekdays, times: ["07:30"])
        let pill = weeklyRule("pill", times: ["09:00"])
        // Cap 4: the one-shot plan holds wake Tue 07:30, pill Tue 09:00, wake Wed, pill Wed.
        // pill (1 slot, 2 fires) repeats; wake (5 slots, 2 fires) does not.
        let hybrid = try hybridPlan([wake, pill], now: december1, options: PlanOptions(deviceTimeZone: Zones.berlin, cap: 4))
        #expect(hybrid.repeating.map(\.id) == ["pill#daily-09:00:00"])
        #expect(hybrid.oneShot.cap == 3)
        #expect(hybrid.oneShot.fires.map(\.id) == ["wake@2026-12-01T07:30:00", "wake@2026-12-02T07:30:00", "wake@2026-12-03T07:30:00"])
        #expect(hybrid.requestCount <= 4)
    }

    @Test("a rule the first one-shot plan reaches too briefly repeats in a later round, once other rules have freed slots")
    func laterRoundsAdmitMoreRules() throws {
        let wake = weeklyRule("wake", days: .weekdays, times: ["07:30"])
        let pill = weeklyRule("pill", times: ["09:00", "21:00"])
        // Cap 8 from Tue 01:00: wake Tue, Wed, Thu (3 fires < 5 slots), pill 5 fires (>= 2 slots): pill repeats.
        // Then wake alone has 6 slots: Tue, Wed, Thu, Fri, Mon, Tue (6 fires >= 5 slots): wake repeats too.
        let hybrid = try hybridPlan([wake, pill], now: december1, options: PlanOptions(deviceTimeZone: Zones.berlin, cap: 8))
        #expect(hybrid.repeatingRuleIDs == ["pill", "wake"])
        #expect(hybrid.repeating.count == 7)
        #expect(hybrid.oneShot.cap == 1 && hybrid.oneShot.fires.isEmpty)
    }

    @Test("for random books the hybrid plan never needs more than the cap and covers at least as far as the one-shot plan")
    func randomBooksStayUnderTheCapAndCoverAsFar() throws {
        var rng = RuleGenerator(seed: 11)
        for _ in 0..<60 {
            let rules = (0..<Int.random(in: 1...12, using: &rng)).map { index in
                weeklyRule(
                    "r\(index)", days: WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &rng)),
                    times: (0..<Int.random(in: 1...3, using: &rng)).map { _ in rng.time().description }
                        .uniqued(), zone: rng.chance(1, in: 4) ? Zones.tokyo : nil)
            }
            let options = PlanOptions(
                deviceTimeZone: Zones.berlin, cap: Int.random(in: 1...64, using: &rng),
                horizon: rng.chance(1, in: 2) ? PlanOptions.maximumHorizon : PlanOptions.defaultHorizon)
            let hybrid = try hybridPlan(rules, now: december1, options: options)
            let oneShot = try plan(rules, now: december1, options: options)
            #expect(hybrid.requestCount <= options.cap)
            #expect(hybrid.oneShot.coveredUntil >= oneShot.coveredUntil)
        }
    }

    @Test("the description lists the slots, then the one-shot plan")
    func description() throws {
        let hybrid = try hybridPlan([weeklyRule("wake", days: [.monday], times: ["07:30"])], now: december1, options: Self.berlin)
        #expect(
            hybrid.description.hasPrefix(
                "1 repeating: wake#weekly-mon-07:30:00\nPlan at Tue 2026-12-01 01:00 Europe/Berlin: 0 fires (cap 63)"))
    }
}

extension Array where Element == AlarmRule {
    fileprivate var asRuleSet: AlarmRuleSet { try! AlarmRuleSet(rules: self) }
}

extension Array where Element == String {
    fileprivate func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}
