import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// `december1` (2026-12-01T00:00:00Z) is Tuesday 01:00 CET in Berlin (UTC+1) and Monday
// 2026-11-30 19:00 EST in New York (UTC−5). A 7-day plan from it ends at 2026-12-08T00:00:00Z.
// Daylight-saving changes within two years, from the tz rules (EU: last Sunday of March and
// October at 01:00Z; US: second Sunday of March and first of November at 02:00 local; Lord Howe:
// first Sunday of April 02:00 → 01:30 and first Sunday of October 02:00 → 02:30), all on Sundays:
// - Europe/Berlin: gap 02:00–03:00 on 2027-03-28, 2028-03-26; overlap 02:00–03:00 on 2027-10-31, 2028-10-29
// - America/New_York: gap 02:00–03:00 on 2027-03-14, 2028-03-12; overlap 01:00–02:00 on 2027-11-07, 2028-11-05
// - Australia/Lord_Howe: overlap 01:30–02:00 on 2027-04-04, 2028-04-02; gap 02:00–02:30 on 2027-10-03, 2028-10-01

/// The hybrid plan cut as AlarmKit's alarms hold it (per time), with a cap of `budget`.
private func perTimePlan(_ rules: [AlarmRule], now: Date, options: PlanOptions, budget: Int) throws -> HybridPlan {
    var options = options
    options.cap = budget
    return try hybridPlan(rules, now: now, options: options, repeating: .perTime)
}

@Suite("Hybrid plan per time (AlarmKit): which times become repeating alarms")
struct PerTimeHybridPlanTests {
    static let berlin = PlanOptions(deviceTimeZone: Zones.berlin)

    @Test("a plain weekly rule becomes one alarm per time, its weekdays grouped in one weekly repeat")
    func weekdaysAreGroupedPerTime() throws {
        let wake = weeklyRule("wake", days: [.monday, .tuesday, .thursday], times: ["07:30", "08:00"])
        let pill = weeklyRule("pill", times: ["09:00"])
        let kit = try perTimePlan([wake, pill], now: december1, options: Self.berlin, budget: 64)
        #expect(
            kit.repeating.map(\.id) == [
                "pill#daily-09:00:00", "wake#weekly-mon+tue+thu-07:30:00", "wake#weekly-mon+tue+thu-08:00:00"
            ])
        #expect(kit.repeating.map(\.weekdays) == [.daily, [.monday, .tuesday, .thursday], [.monday, .tuesday, .thursday]])
        #expect(kit.oneShot.fires.isEmpty)
        #expect(kit.oneShot.cap == 61)   // 64 − 3 alarms
        #expect(kit.requestCount == 3)
    }

    @Test("a time with seconds stays one-shot beside the same rule's whole-minute time")
    func secondsStayOneShot() throws {
        let wake = weeklyRule("wake", times: ["07:30", "07:30:15"])
        let kit = try perTimePlan([wake], now: december1, options: Self.berlin, budget: 64)
        #expect(kit.repeating.map(\.id) == ["wake#daily-07:30:00"])
        // 07:30:15 every day from Tue 1 to Mon 7 December: the window ends Tue 8 at 01:00 CET.
        #expect(kit.oneShot.fires.map(\.id) == (1...7).map { "wake@2026-12-0\($0)T07:30:15" })
    }

    @Test("in Europe/Berlin a daily 02:30 stays one-shot (March gap, October overlap) while the same rule's 07:30 repeats")
    func berlinGapTimeStaysOneShot() throws {
        let rule = weeklyRule("r", times: ["02:30", "07:30"])
        let kit = try perTimePlan([rule], now: december1, options: Self.berlin, budget: 64)
        #expect(kit.repeating.map(\.id) == ["r#daily-07:30:00"])
        #expect(kit.oneShot.fires.map(\.id) == (1...7).map { "r@2026-12-0\($0)T02:30:00" })
        // Tue 02:30 CET is 01:30Z.
        #expect(kit.oneShot.fires.first.map { epoch($0.instant) } == 1_796_088_600)
    }

    struct ZoneCase: Sendable, CustomTestStringConvertible {
        let zone: String
        let days: WeekdaySet
        let time: String
        let repeats: Bool
        var testDescription: String { "\(zone) \(days) \(time) → \(repeats ? "repeats" : "one-shot")" }
    }

    @Test(
        "a time repeats unless a gap or overlap of the device zone holds it on one of its weekdays",
        arguments: [
            ZoneCase(zone: "America/New_York", days: .weekdays, time: "01:30", repeats: true),   // changes are on Sundays
            ZoneCase(zone: "America/New_York", days: .sunday, time: "01:30", repeats: false),   // November overlap
            ZoneCase(zone: "America/New_York", days: .sunday, time: "02:30", repeats: false),   // March gap
            ZoneCase(zone: "America/New_York", days: .sunday, time: "03:00", repeats: true),   // first wall time after the gap
            ZoneCase(zone: "Australia/Lord_Howe", days: .sunday, time: "01:30", repeats: false),   // first minute of the overlap
            ZoneCase(zone: "Australia/Lord_Howe", days: .sunday, time: "02:15", repeats: false),   // inside the 30-minute gap
            ZoneCase(zone: "Australia/Lord_Howe", days: .sunday, time: "02:30", repeats: true),   // first wall time after it
            ZoneCase(zone: "Australia/Lord_Howe", days: .sunday, time: "01:00", repeats: true),   // before the overlap
            ZoneCase(zone: "Australia/Lord_Howe", days: .monday, time: "02:15", repeats: true)
        ])
    func daylightSavingEdges(_ example: ZoneCase) throws {
        let rule = weeklyRule("r", days: example.days, times: [example.time])
        let options = PlanOptions(deviceTimeZone: Zones.named(example.zone))
        let kit = try perTimePlan([rule], now: december1, options: options, budget: 64)
        #expect(kit.repeating.count == (example.repeats ? 1 : 0))
        // Within 7 days each case fires at least once (weekdays several times), so a one-shot time is in the plan.
        #expect(kit.oneShot.fires.isEmpty == example.repeats)
    }

    @Test(
        "rules AlarmKit cannot repeat exactly are one-shot fires",
        arguments: [
            weeklyRule("fortnight", times: ["07:30"], everyWeeks: 2, start: "2026-11-30"),
            weeklyRule("ends", times: ["07:30"], end: "2027-06-30"),
            weeklyRule("later", times: ["07:30"], start: "2026-12-02"),
            weeklyRule("skips", times: ["07:30"], skip: ["2027-01-01"]),
            weeklyRule("tokyo", times: ["07:30"], zone: Zones.tokyo),
            onceRule("once", on: "2026-12-03", times: ["07:30"])
        ])
    func ineligibleRulesAreOneShot(rule: AlarmRule) throws {
        let kit = try perTimePlan([rule], now: december1, options: Self.berlin, budget: 64)
        #expect(kit.repeating.isEmpty)
        #expect(!kit.oneShot.fires.isEmpty)
        #expect(kit.oneShot.fires.allSatisfy { $0.ruleID == rule.id })
    }

    @Test("skip-next keeps the rule one-shot until the skipped date has passed; a snooze is a one-shot beside the alarm")
    func bookSkipsAndSnoozes() throws {
        var book = AlarmBook(rules: [weeklyRule("wake", days: .weekdays, times: ["07:30"])])
        let skipped = try book.skipNext(ruleID: "wake", now: december1, deviceTimeZone: Zones.berlin)
        #expect(skipped.id == "wake@2026-12-01T07:30:00")   // Tuesday 01:00 CET: Tuesday's 07:30 is next
        let during = try book.hybridPlan(now: december1, options: Self.berlin, repeating: .perTime)
        #expect(during.repeating.isEmpty)
        #expect(during.oneShot.fires.first?.id == "wake@2026-12-02T07:30:00")
        let nextDay = try book.hybridPlan(now: at(1_796_166_000), options: Self.berlin, repeating: .perTime)   // Wed 00:00 CET
        #expect(nextDay.repeating.map(\.id) == ["wake#weekly-mon+tue+wed+thu+fri-07:30:00"])

        var snoozing = AlarmBook(rules: [weeklyRule("wake", days: .weekdays, times: ["07:30"])])
        try snoozing.snooze(fireID: "wake@2026-12-01T07:30:00", until: at(1_796_107_740))   // 06:49:00Z = 07:49 CET
        let kit = try snoozing.hybridPlan(now: december1, options: Self.berlin, repeating: .perTime)
        #expect(kit.repeating.count == 1)
        #expect(kit.oneShot.fires.map(\.id) == ["wake@2026-12-01T07:49:00+snooze"])
    }

    @Test("with a budget smaller than the eligible times, the times the one-shot plan reaches first repeat")
    func budgetSmallerThanEligibleTimes() throws {
        let rules = ["a", "b", "c"].map { weeklyRule($0, times: ["07:30"]) }
        // Budget 2: the one-shot plan holds a and b on Tue 07:30 (ties go by rule id), so a and b
        // repeat; nothing is left for c, whose Tue 07:30 CET (06:30Z) is where coverage ends,
        // as it would end for all one-shots.
        let kit = try perTimePlan(rules, now: december1, options: Self.berlin, budget: 2)
        #expect(kit.repeating.map(\.id) == ["a#daily-07:30:00", "b#daily-07:30:00"])
        #expect(kit.oneShot.fires.isEmpty)
        #expect(epoch(kit.coveredUntil) == 1_796_106_600)
        let allOneShot = try plan(rules, now: december1, options: PlanOptions(deviceTimeZone: Zones.berlin, cap: 2))
        #expect(kit.coveredUntil >= allOneShot.coveredUntil)
    }

    @Test("a time the first plan does not reach repeats in a later round, once a repeating time has freed the budget")
    func laterRoundsAdmitMoreTimes() throws {
        let daily = weeklyRule("a", times: ["07:30"])
        let sunday = weeklyRule("b", days: .sunday, times: ["09:00"])
        // Budget 3: the first plan is a on Tue, Wed, Thu; a repeats. The next (cap 2) holds b on
        // Sun 6 December 09:00; b repeats. Nothing is left one-shot: covered to the horizon.
        let kit = try perTimePlan([daily, sunday], now: december1, options: Self.berlin, budget: 3)
        #expect(kit.repeating.map(\.id) == ["a#daily-07:30:00", "b#weekly-sun-09:00:00"])
        #expect(kit.oneShot.cap == 1)
        #expect(kit.oneShot.fires.isEmpty)
        #expect(epoch(kit.coveredUntil) == 1_796_688_000)   // 2026-12-08T00:00:00Z
    }

    @Test("budget 0, or negative, plans nothing; a huge budget counts as the maximum cap", arguments: [0, -5, Int.min])
    func emptyBudget(budget: Int) throws {
        let kit = try perTimePlan([weeklyRule("wake", times: ["07:30"])], now: december1, options: Self.berlin, budget: budget)
        #expect(kit.repeating.isEmpty)
        #expect(kit.oneShot.fires.isEmpty)
        #expect(kit.oneShot.cap == 0)
    }

    @Test("a budget above the maximum cap counts as it")
    func hugeBudget() throws {
        let kit = try perTimePlan([weeklyRule("wake", times: ["07:30"])], now: december1, options: Self.berlin, budget: .max)
        #expect(kit.repeating.count == 1)
        #expect(kit.oneShot.cap == PlanOptions.maximumCap - 1)
    }

    @Test("a gap-shifted one-shot that lands on the same rule's repeating time is dropped, as the engine rings once per instant")
    func shiftedFireOntoRepeatingTimeIsDropped() throws {
        // Europe/Berlin, from Sun 2027-03-21 00:00 CET (2027-03-20T23:00:00Z = 1_805_583_600), 7 days:
        // on Sun 2027-03-28, 02:30 is in the gap and shifts to 03:30 CEST (01:30Z), which is the
        // rule's own 03:30; the engine keeps one fire there, the repeating 03:30.
        let rule = weeklyRule("r", days: .sunday, times: ["02:30", "03:30"])
        let now = at(1_805_583_600)
        let options = PlanOptions(deviceTimeZone: Zones.berlin, horizon: 8 * 86_400)
        let kit = try perTimePlan([rule], now: now, options: options, budget: 64)
        #expect(kit.repeating.map(\.id) == ["r#weekly-sun-03:30:00"])
        // Sun 21 March 02:30 CET is 01:30Z (1_805_592_600); the 28th's shifted 02:30 is dropped.
        #expect(kit.oneShot.fires.map(\.id) == ["r@2027-03-21T02:30:00"])
        let full = try plan([rule], now: now, options: options)
        #expect(full.fires.map(\.id) == ["r@2027-03-21T02:30:00", "r@2027-03-21T03:30:00", "r@2027-03-28T03:30:00"])
    }
    @Test("the worked example of Docs/Semantics.md: grouped weekdays repeat, seconds and a gap time stay one-shot")
    func semanticsExample() throws {
        // snippet:begin semantics-alarmkit
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let now = Date(timeIntervalSince1970: 1_796_083_200)   // Tue 2026-12-01 01:00 CET
        let wake = AlarmRule(
            id: "wake", repeats: .weekly(days: [.monday, .tuesday, .thursday]),
            times: [TimeOfDay(hour: 7, minute: 30)!, TimeOfDay(hour: 7, minute: 30, second: 15)!])
        let night = AlarmRule(id: "night", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 2, minute: 30)!])
        let kit = try hybridPlan([wake, night], now: now, options: PlanOptions(deviceTimeZone: berlin, cap: 20), repeating: .perTime)
        #expect(kit.repeating.map(\.id) == ["wake#weekly-mon+tue+thu-07:30:00"])
        // 07:30:15 has seconds and 02:30 falls in Berlin's March gap: both are one-shots,
        // 7 of night and 3 of wake (Tue 1, Thu 3, Mon 7 December) in the 19 the alarm leaves.
        #expect(kit.oneShot.cap == 19)
        #expect(kit.oneShot.fires.count == 10)
        #expect(
            kit.oneShot.fires.prefix(3).map(\.id) == [
                "night@2026-12-01T02:30:00", "wake@2026-12-01T07:30:15", "night@2026-12-02T02:30:00"
            ])
        // snippet:end
    }
}

@Suite("Hybrid plan per time (AlarmKit): repeating alarms ring exactly what the engine plans")
struct PerTimeHybridPlanPropertyTests {
    /// A rule that is often eligible: floating, weekly every week, whole minutes, near the
    /// hours where transitions are; else one of the shared random rules.
    static func rule(id: String, near center: LocalDate, using rng: inout RuleGenerator) -> AlarmRule {
        guard rng.chance(2, in: 3) else { return rng.rule(id: id, near: center) }
        var times: [TimeOfDay] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let minutes = rng.chance(1, in: 2) ? Int.random(in: 0..<240, using: &rng) : Int.random(in: 0..<1_440, using: &rng)
            let seconds = rng.chance(1, in: 8) ? Int.random(in: 1..<60, using: &rng) : 0
            let time = TimeOfDay(secondsSinceMidnight: minutes * 60 + seconds)!
            if !times.contains(time) { times.append(time) }
        }
        var mask = UInt8.random(in: 1...0x7F, using: &rng)
        if rng.chance(1, in: 4) { mask = 0x7F }
        let skip: Set<LocalDate> = rng.chance(1, in: 6) ? [center.adding(days: Int.random(in: -3...5, using: &rng))] : []
        return AlarmRule(
            id: id, repeats: .weekly(days: WeekdaySet(rawValue: mask)), times: times, skippedDates: skip,
            gapPolicy: rng.chance(1, in: 2) ? .skip : .shift)
    }

    /// The instants `alarm` rings at in `(now, end]`: its time on each of its weekdays, read on
    /// the device clock (no gap or overlap holds it, so the offset is found by two lookups).
    static func expansion(of alarm: RepeatingAlarm, from now: Date, through end: Date, in zone: TimeZone) -> [Date] {
        let first = LocalDateTime(instant: now, utcOffsetSeconds: zone.secondsFromGMT(for: now)).date.adding(days: -1)
        let last = LocalDateTime(instant: end, utcOffsetSeconds: zone.secondsFromGMT(for: end)).date.adding(days: 1)
        var instants: [Date] = []
        var date = first
        while date <= last {
            if alarm.weekdays.contains(date.weekday) {
                let wall = TimeInterval(date.daysSinceEpoch * 86_400 + Int64(alarm.time.secondsSinceMidnight))
                let guess = TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
                let offset = TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - guess)))
                let instant = Date(timeIntervalSince1970: wall - offset)
                if instant > now && instant <= end { instants.append(instant) }
            }
            date = date.adding(days: 1)
        }
        return instants
    }

    @Test("for random rules, zones and budgets", arguments: 0..<40)
    func repeatingRingsExactlyThePlannedFires(seed: Int) throws {
        var rng = RuleGenerator(seed: 28_001 + UInt64(seed))
        let transition = rng.element(of: Zones.transitions.filter { $0.epochSeconds > 1_700_000_000 })
        let named = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe"]
        let zone = Zones.named(rng.chance(1, in: 2) ? transition.zone.identifier : rng.element(of: named))
        let now = at(transition.epochSeconds - Int.random(in: 0...(10 * 86_400), using: &rng))
        let center = LocalDateTime(instant: now, utcOffsetSeconds: zone.secondsFromGMT(for: now)).date
        let rules = (0..<Int.random(in: 1...6, using: &rng)).map { Self.rule(id: "r\($0)", near: center, using: &rng) }
        let horizon = TimeInterval(Int.random(in: 1...21, using: &rng) * 86_400)
        let options = PlanOptions(deviceTimeZone: zone, horizon: horizon)
        let budget = Int.random(in: 0...80, using: &rng)

        let kit = try perTimePlan(rules, now: now, options: options, budget: budget)
        #expect(kit.requestCount <= budget, "seed \(seed)")

        var full = options
        full.cap = 100_000
        let everything = try plan(rules, now: now, options: full)
        var expected = Set<String>()
        for alarm in kit.repeating {
            let planned = everything.fires.filter { !$0.isSnooze && $0.ruleID == alarm.ruleID && $0.local.time == alarm.time }
            let rung = Self.expansion(of: alarm, from: now, through: kit.horizonEnd, in: zone)
            #expect(planned.map(\.instant) == rung, "seed \(seed): \(alarm.id)")
            for fire in planned where fire.instant < kit.coveredUntil { expected.insert(fire.id) }
        }
        // Before the coverage end, the repeating alarms and the one-shots ring every planned fire, once.
        for fire in kit.oneShot.fires where fire.instant < kit.coveredUntil {
            #expect(expected.insert(fire.id).inserted, "seed \(seed): \(fire.id) twice")
        }
        let required = Set(everything.fires.filter { $0.instant < kit.coveredUntil }.map(\.id))
        #expect(expected == required, "seed \(seed)")
        let allOneShot = try plan(rules, now: now, options: PlanOptions(deviceTimeZone: zone, cap: budget, horizon: horizon))
        #expect(kit.coveredUntil >= allOneShot.coveredUntil, "seed \(seed)")
    }
}
