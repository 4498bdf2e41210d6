import Foundation
import RecurringAlarms
import Testing

/// The planner's window, order, cap, coverage, extra fires and JSON form.
@Suite("Planner")
struct PlannerTests {
    /// Daily at 08:00 and 20:00 in Tokyo (UTC+9): 23:00Z the day before and 11:00Z.
    static let twiceDaily = weeklyRule("daily", times: ["08:00", "20:00"], zone: Zones.tokyo)
    /// 2026-12-01T00:00:00Z = 09:00 JST, a Tuesday. The default 7-day window then holds 14
    /// fires of `twiceDaily`: Dec 1 20:00, two a day Dec 2 … Dec 7, and Dec 8 08:00 (Dec 7 23:00Z).
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z

    // MARK: - Window

    @Test(
        "the window is now < f <= now + horizon",
        arguments: [
            // A one-shot fire at 2026-12-01T00:00:00Z (1_796_083_200).
            (1_796_083_199.0, 1.0, true),   // horizonEnd is exactly the fire: included
            (1_796_083_200.0, 3600.0, false),   // the fire is exactly now: excluded
            (1_796_083_199.0, 0.0, false),   // an empty window
            (1_796_079_600.0, 3599.0, false),   // 2026-11-30T23:00:00Z + 3599 s ends a second early
            (1_796_079_600.0, 3600.0, true),   // 2026-11-30T23:00:00Z + 1 h: ends exactly at the fire
            (1_796_083_199.5, 0.5, true),   // fractional now, horizonEnd exactly the fire
            (1_796_083_199.25, 0.5, false),   // horizonEnd 0.25 s before the fire
            (1_796_083_200.5, 3600.0, false)   // now half a second after the fire
        ])
    func windowBounds(nowSeconds: Double, horizon: Double, included: Bool) throws {
        let rule = onceRule("once", on: "2026-12-01", times: ["09:00"], zone: Zones.tokyo)
        let planned = try plan(
            [rule], now: Date(timeIntervalSince1970: nowSeconds),
            options: PlanOptions(deviceTimeZone: Zones.utc, horizon: horizon))
        #expect(planned.fires.map(\.id) == (included ? ["once@2026-12-01T09:00:00"] : []))
        #expect(planned.horizonEnd == Date(timeIntervalSince1970: nowSeconds + horizon))
    }

    @Test("the horizon is a duration: across spring-forward, 7 × 24 h ends at 13:00, not 12:00")
    func horizonIsADuration() throws {
        let rule = weeklyRule("r", times: ["12:00", "13:00", "13:00:01"])   // floating
        let now = at(1_772_902_800)   // 2026-03-07T17:00:00Z = 12:00 EST
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.newYork))

        #expect(planned.horizonEnd == at(1_773_507_600))   // 2026-03-14T17:00:00Z = 13:00 EDT
        // Mar 7: 13:00 and 13:00:01 (12:00 is now); Mar 8 … 13: three a day; Mar 14: 12:00 and 13:00.
        #expect(planned.fires.count == 22)
        #expect(planned.fires.first?.id == "r@2026-03-07T13:00:00")
        #expect(planned.fires.suffix(2).map(\.id) == ["r@2026-03-14T12:00:00", "r@2026-03-14T13:00:00"])
        #expect(planned.fires.last?.instant == planned.horizonEnd)
        #expect(!planned.isTruncated)
        #expect(planned.coveredUntil == planned.horizonEnd)
    }

    @Test("a zero or negative horizon plans nothing", arguments: [0.0, -3600.0])
    func emptyHorizon(horizon: Double) throws {
        let planned = try plan([Self.twiceDaily], now: Self.now, options: PlanOptions(deviceTimeZone: Zones.tokyo, horizon: horizon))
        #expect(planned.fires.isEmpty)
        #expect(!planned.isTruncated)
        #expect(planned.horizonEnd == Self.now)
        #expect(planned.coveredUntil == Self.now)
    }

    // MARK: - Order

    @Test("fires at one instant are ordered by rule id code points: digits, upper case, _, lower case")
    func orderByRuleID() throws {
        // Every one of these is 2026-12-01T00:00:00Z.
        let rules = [
            onceRule("a", on: "2026-12-01", times: ["09:00"], zone: Zones.tokyo),
            onceRule("b2", on: "2026-11-30", times: ["19:00"]),   // floating, device New York (EST)
            onceRule("B", on: "2026-12-01", times: ["00:00"], zone: Zones.london),
            onceRule("_x", on: "2026-11-30", times: ["20:30"], zone: Zones.stJohns),   // UTC−3:30 in winter
            onceRule("A", on: "2026-12-01", times: ["05:30"], zone: Zones.kolkata),
            onceRule("9", on: "2026-12-01", times: ["13:45"], zone: Zones.chatham),   // UTC+13:45 in summer
            onceRule("0", on: "2026-12-01", times: ["09:00:01"], zone: Zones.tokyo)   // one second later
        ]
        let now = at(1_796_079_600)   // 2026-11-30T23:00:00Z
        let options = PlanOptions(deviceTimeZone: Zones.newYork, horizon: 86_400)
        let planned = try plan(rules, now: now, options: options)

        #expect(planned.fires.map(\.ruleID) == ["9", "A", "B", "_x", "a", "b2", "0"])
        #expect(planned.fires.prefix(6).allSatisfy { $0.instant == at(1_796_083_200) })   // 2026-12-01T00:00:00Z
        #expect(planned.fires.last?.instant == at(1_796_083_201))   // 2026-12-01T00:00:01Z

        var rng = SplitMix64(seed: 7)
        for _ in 0..<5 {
            #expect(try plan(rules.shuffled(using: &rng), now: now, options: options).fires == planned.fires)
        }
    }

    @Test("one rule has one fire per instant, whatever the order of its times")
    func oneFirePerInstant() throws {
        // In New York on 2026-03-08, 02:30 would shift to 03:30 EDT, the instant of 03:30 itself: the
        // rule rings once, with the time that exists (SameInstantTests has the other transitions).
        let rule = weeklyRule("n", times: ["03:30", "02:30"], zone: Zones.newYork)
        // 2026-03-08T00:00:00Z
        let planned = try plan([rule], now: at(1_772_928_000), options: PlanOptions(deviceTimeZone: Zones.newYork, horizon: 86_400))
        #expect(planned.fires.map(\.id) == ["n@2026-03-08T03:30:00"])
        #expect(planned.fires.map { epoch($0.instant) } == [1_772_955_000])   // 2026-03-08T07:30:00Z
    }

    // MARK: - Cap and coverage

    @Test(
        "the cap keeps the soonest fires; coveredUntil is the first that did not fit",
        arguments: [
            (64, 14, false, 1_796_688_000),   // everything: coveredUntil = horizonEnd, 2026-12-08T00:00:00Z
            (14, 14, false, 1_796_688_000),   // exactly full is not truncated
            (13, 13, true, 1_796_684_400),   // cut: Dec 8 08:00 JST = 2026-12-07T23:00:00Z
            (5, 5, true, 1_796_338_800),   // cut: Dec 4 08:00 JST = 2026-12-03T23:00:00Z
            (1, 1, true, 1_796_166_000),   // cut: Dec 2 08:00 JST = 2026-12-01T23:00:00Z
            (0, 0, true, 1_796_122_800),   // cut: Dec 1 20:00 JST = 2026-12-01T11:00:00Z
            (-3, 0, true, 1_796_122_800)   // a negative cap counts as 0
        ])
    func capAndCoverage(cap: Int, count: Int, truncated: Bool, coveredUntil: Int) throws {
        let planned = try plan([Self.twiceDaily], now: Self.now, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: cap))
        let all = try plan([Self.twiceDaily], now: Self.now, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 1000))

        #expect(planned.cap == max(cap, 0))
        #expect(planned.fires == Array(all.fires.prefix(count)))
        #expect(planned.isTruncated == truncated)
        #expect(planned.coveredUntil == at(coveredUntil))
        #expect(planned.horizonEnd == at(1_796_688_000))   // 2026-12-08T00:00:00Z
        #expect(all.fires.count == 14)
    }

    @Test("the five soonest fires of the twice-daily rule, by hand")
    func capFiveByHand() throws {
        let planned = try plan([Self.twiceDaily], now: Self.now, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 5))
        #expect(
            planned.fires.map(\.id) == [
                "daily@2026-12-01T20:00:00", "daily@2026-12-02T08:00:00", "daily@2026-12-02T20:00:00",
                "daily@2026-12-03T08:00:00", "daily@2026-12-03T20:00:00"
            ])
    }

    @Test("a cut between two fires at one instant leaves coveredUntil at that instant")
    func cutInsideATie() throws {
        let rules = [weeklyRule("b", times: ["10:00"], zone: Zones.tokyo), weeklyRule("a", times: ["10:00"], zone: Zones.tokyo)]
        let planned = try plan(rules, now: Self.now, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 1))
        #expect(planned.fires.map(\.id) == ["a@2026-12-01T10:00:00"])
        #expect(planned.coveredUntil == at(1_796_086_800))   // 2026-12-01T01:00:00Z, b's fire at the same instant
        #expect(planned.isTruncated)
    }

    @Test("no rules, or no fires in the window: nothing truncated, covered to horizonEnd", arguments: [0, 64])
    func emptyPlans(cap: Int) throws {
        let options = PlanOptions(deviceTimeZone: Zones.tokyo, cap: cap)
        let empty = try plan([], now: Self.now, options: options)
        let silent = try plan([onceRule("past", on: "2020-01-01", times: ["09:00"], zone: Zones.tokyo)], now: Self.now, options: options)
        for planned in [empty, silent] {
            #expect(planned.fires.isEmpty)
            #expect(!planned.isTruncated)
            #expect(planned.coveredUntil == at(1_796_688_000))   // 2026-12-08T00:00:00Z
        }
    }

    @Test("10 000 rules at one time: the cap keeps the 64 smallest ids")
    func manyRulesOneInstant() throws {
        let rules = (0..<10_000).reversed().map { weeklyRule("r" + String(format: "%05d", $0), times: ["10:00"], zone: Zones.tokyo) }
        let planned = try plan(rules, now: Self.now, options: PlanOptions(deviceTimeZone: Zones.tokyo))
        #expect(planned.fires.map(\.ruleID) == (0..<64).map { "r" + String(format: "%05d", $0) })
        #expect(planned.fires.allSatisfy { $0.instant == at(1_796_086_800) })   // 2026-12-01T01:00:00Z
        #expect(planned.coveredUntil == at(1_796_086_800))   // 2026-12-01T01:00:00Z
        #expect(planned.isTruncated)
    }

    @Test("70 000 rules, more than one planning chunk: the plan is the soonest cap of every fire")
    func manyRulesManyInstants() throws {
        let zones: [TimeZone?] = [Zones.tokyo, Zones.lordHowe, Zones.newYork, Zones.chatham, nil]
        let times = ["01:45", "02:15", "07:00", "07:00:01"]
        var rules: [AlarmRule] = []
        for index in 0..<70_000 {
            let days = WeekdaySet(rawValue: UInt8(index % 127 + 1))
            rules.append(weeklyRule("r" + String(index, radix: 36), days: days, times: [times[index % 4]], zone: zones[index % 5]))
        }
        let now = at(1_775_311_200)   // 2026-04-04T14:00:00Z: Chatham falls back now, Lord Howe in an hour
        let options = PlanOptions(deviceTimeZone: Zones.lordHowe, cap: 300, horizon: 2 * 86_400)
        let schedule = try AlarmSchedule(rules: rules)
        let planned = schedule.plan(now: now, options: options)

        let every = Array(schedule.fires(after: now, through: planned.horizonEnd, deviceTimeZone: Zones.lordHowe)).sorted(
            by: Fire.precedesInPlan)
        #expect(every.count > 300)
        #expect(planned.fires == Array(every.prefix(300)))   // the fire sequence does not chunk
        #expect(planned.coveredUntil == every[300].instant)
        // The soonest are thousands of Lord Howe 01:45 fires, the first reading of 01:45 on Apr 5
        // (2026-04-04T14:45:00Z): a tie across every chunk, broken by rule id alone.
        #expect(planned.fires.allSatisfy { $0.instant == at(1_775_313_900) && $0.adjustment == FireAdjustment.overlapFirst })
        #expect(planned.coveredUntil == at(1_775_313_900))   // 2026-04-04T14:45:00Z
        #expect(
            planned.fires.map(\.ruleID)
                == planned.fires.map(\.ruleID).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    }

    // MARK: - Extra fires

    /// A snooze of `ruleID` ringing at `epochSeconds`, as an app would build it (Tokyo wall clock).
    func snooze(_ ruleID: String, _ epochSeconds: Int) -> Fire {
        Fire(
            ruleID: ruleID, instant: at(epochSeconds), local: LocalDateTime(instant: at(epochSeconds), utcOffsetSeconds: 32_400),
            timeZone: Zones.tokyo, utcOffsetSeconds: 32_400, adjustment: .none, isSnooze: true)
    }

    @Test("extra fires join the order and count against the cap")
    func extraFiresShareTheCap() throws {
        let snoozed = snooze("daily", 1_796_101_200)   // 2026-12-01T05:00:00Z = 14:00 JST
        let planned = try plan(
            [Self.twiceDaily], now: Self.now, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 3), including: [snoozed])

        #expect(planned.fires.map(\.id) == ["daily@2026-12-01T14:00:00+snooze", "daily@2026-12-01T20:00:00", "daily@2026-12-02T08:00:00"])
        #expect(planned.fires.first?.isSnooze == true)
        #expect(planned.coveredUntil == at(1_796_209_200))   // Dec 2 20:00 JST = 2026-12-02T11:00:00Z, pushed out by the snooze
        #expect(planned.isTruncated)
    }

    @Test(
        "extra fires outside the window are dropped",
        arguments: [
            1_796_083_200,   // exactly now (2026-12-01T00:00:00Z): not after it
            1_796_000_000,   // 2026-11-30T00:53:20Z, in the past
            1_796_688_001   // 2026-12-08T00:00:01Z, a second past horizonEnd
        ])
    func extraFiresOutsideWindow(epochSeconds: Int) throws {
        let planned = try plan(
            [Self.twiceDaily], now: Self.now, options: PlanOptions(deviceTimeZone: Zones.tokyo), including: [snooze("daily", epochSeconds)])
        #expect(planned.fires.count == 14)
        #expect(planned.fires.allSatisfy { !$0.isSnooze })
        #expect(!planned.isTruncated)
    }

    @Test("an extra fire at horizonEnd is kept, and ties sort by rule id then scheduled before snooze")
    func extraFireTies() throws {
        let atEnd = snooze("daily", 1_796_688_000)   // 2026-12-08T00:00:00Z, exactly horizonEnd
        let sameTime = snooze("daily", 1_796_122_800)   // 2026-12-01T11:00:00Z, with the scheduled Dec 1 20:00
        let otherRule = snooze("A", 1_796_122_800)   // 2026-12-01T11:00:00Z
        let planned = try plan(
            [Self.twiceDaily], now: Self.now, options: PlanOptions(deviceTimeZone: Zones.tokyo),
            including: [atEnd, sameTime, otherRule])

        #expect(planned.fires.count == 17)
        #expect(
            planned.fires.prefix(3).map(\.id) == [
                "A@2026-12-01T20:00:00+snooze", "daily@2026-12-01T20:00:00",
                "daily@2026-12-01T20:00:00+snooze"
            ])
        #expect(planned.fires.last?.id == "daily@2026-12-08T09:00:00+snooze")
    }

    // MARK: - Entry points agree

    @Test("a compiled schedule, the free function and the fire sequence agree")
    func entryPointsAgree() throws {
        let rules = [
            Self.twiceDaily, weeklyRule("wake", days: .weekdays, times: ["07:30"]),
            onceRule("x", on: "2026-12-03", times: ["12:00"], zone: Zones.berlin)
        ]
        let options = PlanOptions(deviceTimeZone: Zones.london, cap: 1000)
        let schedule = try AlarmSchedule(rules: rules)
        let planned = schedule.plan(now: Self.now, options: options)

        #expect(try planned == plan(rules, now: Self.now, options: options))
        let sequence = Array(schedule.fires(after: Self.now, through: planned.horizonEnd, deviceTimeZone: Zones.london))
        #expect(sequence.count == planned.fires.count)
        #expect(sequence.sorted(by: Fire.precedesInPlan) == planned.fires)
        // twiceDaily 14; wake Tue 1 … Mon 7 weekdays: Dec 1, 2, 3, 4, 7 at 07:30Z = 5; x once = 1.
        #expect(planned.fires.count == 20)
    }
}
