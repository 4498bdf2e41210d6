import Foundation
import RecurringAlarms
import Testing

/// Clock-change warnings, cap pressure and per-date explanations (what `alarms validate`
/// and `alarms explain` print).
@Suite("Diagnostics")
struct DiagnosticsTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let lordHowe = TimeZone(identifier: "Australia/Lord_Howe")!
    static let utc = TimeZone(identifier: "UTC")!

    static func time(_ text: String) -> TimeOfDay { TimeOfDay(parsing: text)! }
    static func date(_ text: String) -> LocalDate { LocalDate(parsing: text)! }

    @Test("a year of New York warnings names the spring gap and the autumn overlap, nothing else")
    func newYorkYear() throws {
        let rule = AlarmRule(
            id: "night", repeats: .weekly(days: .daily), times: [Self.time("01:30"), Self.time("02:30")],
            timeZone: .fixed(Self.newYork))
        let now = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01T00:00:00Z
        let warnings = try AlarmSchedule(rules: [rule]).clockChangeWarnings(
            after: now, through: now.addingTimeInterval(365 * 86_400),
            deviceTimeZone: Self.utc)
        // 2026-03-08: 02:00 EST → 03:00 EDT removes 02:30 (01:30 is untouched).
        // 2026-11-01: 02:00 EDT → 01:00 EST repeats 01:30 (02:30 is untouched).
        #expect(warnings.map(\.local.description) == ["2026-03-08T02:30:00", "2026-11-01T01:30:00"])
        #expect(warnings.map(\.kind) == [.gap, .overlap])
        #expect(warnings[0].instant == Date(timeIntervalSince1970: 1_772_955_000))   // 2026-03-08T07:30:00Z = 03:30 EDT
        #expect(
            warnings[0].description
                == "rule 'night': 02:30 on Sun 2026-03-08 does not exist in America/New_York (clocks jump forward 1 h); it fires at 03:30 (gap: shift)"
        )
        #expect(warnings[1].instant == Date(timeIntervalSince1970: 1_793_511_000))   // 2026-11-01T05:30:00Z = 01:30 EDT
        #expect(warnings[1].adjustment == .overlapFirst)
    }

    @Test("warnings only count days the rule fires: a Monday rule never meets Lord Howe's Sunday changes")
    func onlyEligibleDays() throws {
        let now = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01T00:00:00Z
        let end = now.addingTimeInterval(365 * 86_400)
        let sunday = AlarmRule(
            id: "sun", repeats: .weekly(days: .sunday), times: [Self.time("02:15")],
            timeZone: .fixed(Self.lordHowe), gapPolicy: .skip)
        let monday = AlarmRule(id: "mon", repeats: .weekly(days: .monday), times: [Self.time("02:15")], timeZone: .fixed(Self.lordHowe))
        let warnings = try AlarmSchedule(rules: [sunday, monday]).clockChangeWarnings(after: now, through: end, deviceTimeZone: Self.utc)
        // Sun 2026-10-04 02:00 → 02:30 (+10:30 → +11:00) removes 02:15; the April change repeats 01:30–02:00 only.
        #expect(warnings.map(\.ruleID) == ["sun"])
        #expect(warnings.first?.local.description == "2026-10-04T02:15:00")
        #expect(warnings.first?.instant == nil)
        #expect(warnings.first?.changeSeconds == 1800)
        #expect(warnings.first?.description.hasSuffix("(clocks jump forward 30 min); it does not fire that day (gap: skip)") == true)
    }

    @Test("cap pressure reports the fires in the horizon and how far a plan reaches")
    func capPressure() throws {
        let hourly = (0..<10).map { TimeOfDay(hour: $0, minute: 0)! }
        let rule = AlarmRule(id: "busy", repeats: .weekly(days: .daily), times: hourly, timeZone: .fixed(Self.utc))
        let now = Date(timeIntervalSince1970: 1_796_126_400)   // 2026-12-01T12:00:00Z
        let pressure = try AlarmSchedule(rules: [rule]).capPressure(now: now, options: PlanOptions(deviceTimeZone: Self.utc))
        // Dec 2 … Dec 8 each hold 10 fires (00:00–09:00Z, Dec 8's all before 12:00Z): 70 > 64.
        // The 65th is Dec 8 04:00Z, 6 d 16 h after now.
        #expect(pressure?.firesInHorizon == 70)
        #expect(pressure?.coverage == TimeInterval(6 * 86_400 + 16 * 3600))
        #expect(
            pressure?.description
                == "70 fires in the 7 days from now exceed the cap of 64: a plan covers only 6 d 16 h, so the app must refresh within that")
        let light = AlarmRule(id: "light", repeats: .weekly(days: .daily), times: [Self.time("07:00")], timeZone: .fixed(Self.utc))
        #expect(try AlarmSchedule(rules: [light]).capPressure(now: now, options: PlanOptions(deviceTimeZone: Self.utc)) == nil)
    }

    @Test("check names are typed, and each raw value is the name 'alarms explain' prints")
    func checkNames() throws {
        // The names Docs/CLI.md's explain output and JSON use, in the order checks are listed.
        #expect(FireExplanation.Check.Name.allCases.map(\.rawValue) == ["enabled", "weekday", "date", "start", "end", "everyWeeks", "skip"])
        let rule = AlarmRule(
            id: "bins", repeats: .weekly(days: .wednesday, everyWeeks: 2, start: Self.date("2026-12-02")),
            times: [Self.time("20:00")], timeZone: .fixed(Self.utc))
        let explanation = try FireExplanation(rule: rule, date: Self.date("2026-12-16"), deviceTimeZone: Self.utc)
        #expect(explanation.checks.map(\.name) == [.enabled, .weekday, .start, .everyWeeks, .skip])
    }

    @Test("an explanation lists each eligibility check with its reason")
    func explanationChecks() throws {
        let rule = AlarmRule(
            id: "bins", repeats: .weekly(days: .wednesday, everyWeeks: 2, start: Self.date("2026-12-02")),
            times: [Self.time("20:00")], timeZone: .fixed(Self.utc), skippedDates: [Self.date("2026-12-30")])
        // Week of Wed 12-09 starts Mon 12-07, one week after the anchor week of Mon 11-30: off week.
        let offWeek = try FireExplanation(rule: rule, date: Self.date("2026-12-09"), deviceTimeZone: Self.newYork)
        #expect(!offWeek.isEligible)
        #expect(offWeek.checks.filter { !$0.passed }.map(\.name) == [.everyWeeks])
        // Wed 12-16 is two weeks on: eligible, fires 20:00Z.
        let onWeek = try FireExplanation(rule: rule, date: Self.date("2026-12-16"), deviceTimeZone: Self.newYork)
        #expect(onWeek.isEligible)
        #expect(onWeek.times.first?.fire?.instant == Date(timeIntervalSince1970: 1_797_451_200))   // 2026-12-16T20:00:00Z
        // Wed 12-30 is an on week but skipped; Tue 12-15 is the wrong weekday; 11-25 is before start.
        #expect(
            try FireExplanation(rule: rule, date: Self.date("2026-12-30"), deviceTimeZone: Self.utc).checks.filter { !$0.passed }.map(
                \.name) == [.skip])
        #expect(
            try FireExplanation(rule: rule, date: Self.date("2026-12-15"), deviceTimeZone: Self.utc).checks.filter { !$0.passed }.map(
                \.name) == [.weekday])
        #expect(
            try FireExplanation(rule: rule, date: Self.date("2026-11-25"), deviceTimeZone: Self.utc).checks.filter { !$0.passed }.map(
                \.name
            ).contains(.start))
    }

    @Test("an explanation shows how a gap time is shifted and which zone a floating rule used")
    func explanationResolution() throws {
        let rule = AlarmRule(id: "night", repeats: .weekly(days: .daily), times: [Self.time("02:30")])
        let explanation = try FireExplanation(rule: rule, date: Self.date("2026-03-08"), deviceTimeZone: Self.newYork)
        #expect(explanation.isFloating)
        #expect(explanation.timeZone == Self.newYork)
        #expect(explanation.times.count == 1)
        #expect(explanation.times[0].fire?.adjustment == .gapShifted)
        #expect(
            explanation.times[0].summary
                == "02:30 does not exist in America/New_York (clocks jump forward 1 h); gap: shift reads it with the earlier offset -05:00 → 03:30 -04:00 (2026-03-08T07:30:00Z)"
        )
    }

    @Test("a warning says when a shifted time is dropped because its rule already rings then")
    func warningForDroppedShift() throws {
        let now = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01T00:00:00Z
        let end = now.addingTimeInterval(365 * 86_400)
        let newYork = AlarmRule(
            id: "night", repeats: .weekly(days: .daily), times: [Self.time("02:30"), Self.time("03:30")],
            timeZone: .fixed(Self.newYork))
        let warnings = try AlarmSchedule(rules: [newYork]).clockChangeWarnings(after: now, through: end, deviceTimeZone: Self.utc)
        // 2026-03-08 02:30 EST would be 07:30Z = 03:30 EDT, where the rule's own 03:30 rings. Nothing
        // of 02:30 or 03:30 is repeated on 2026-11-01 (01:00–01:59 is).
        #expect(warnings.map(\.local.description) == ["2026-03-08T02:30:00"])
        #expect(warnings.first?.instant == nil)
        #expect(warnings.first?.adjustment == nil)
        #expect(warnings.first?.ringingInstead?.id == "night@2026-03-08T03:30:00")
        #expect(warnings.first?.ringingInstead?.instant == Date(timeIntervalSince1970: 1_772_955_000))   // 2026-03-08T07:30:00Z
        #expect(
            warnings.first?.description == "rule 'night': 02:30 on Sun 2026-03-08 does not exist in America/New_York "
                + "(clocks jump forward 1 h); it would fire at 03:30 (gap: shift), when the rule already rings, so it is dropped")

        // Lord Howe, Sun 2026-10-04: 02:00 +10:30 would be 15:30Z = 02:30 +11:00, the rule's own 02:30.
        let lordHowe = AlarmRule(
            id: "lh", repeats: .weekly(days: .sunday), times: [Self.time("02:00"), Self.time("02:30")],
            timeZone: .fixed(Self.lordHowe))
        let half = try AlarmSchedule(rules: [lordHowe]).clockChangeWarnings(after: now, through: end, deviceTimeZone: Self.utc)
        let gap = half.filter { $0.kind == .gap }
        #expect(gap.map(\.local.description) == ["2026-10-04T02:00:00"])
        #expect(gap.first?.ringingInstead?.instant == Date(timeIntervalSince1970: 1_791_041_400))   // 2026-10-03T15:30:00Z
        #expect(
            gap.first?.description.hasSuffix(
                "(clocks jump forward 30 min); it would fire at 02:30 (gap: shift), "
                    + "when the rule already rings, so it is dropped") == true)
    }

    @Test("an explanation says a shifted time is dropped because its rule already rings then")
    func explanationOfDroppedShift() throws {
        var rule = AlarmRule(
            id: "night", repeats: .weekly(days: .daily), times: [Self.time("03:30"), Self.time("02:30")],
            timeZone: .fixed(Self.newYork))
        let explanation = try FireExplanation(rule: rule, date: Self.date("2026-03-08"), deviceTimeZone: Self.utc)
        #expect(explanation.times.map(\.local.description) == ["2026-03-08T02:30:00", "2026-03-08T03:30:00"])
        let dropped = explanation.times[0]
        #expect(dropped.fire == nil)
        let kept = try #require(dropped.ringingInstead)
        #expect(kept.id == "night@2026-03-08T03:30:00")
        #expect(kept.instant == Date(timeIntervalSince1970: 1_772_955_000))   // 2026-03-08T07:30:00Z = 03:30 EDT
        #expect(kept.adjustment == .none)
        #expect(
            dropped.summary == "02:30 does not exist in America/New_York (clocks jump forward 1 h); gap: shift reads it with the "
                + "earlier offset -05:00 → 03:30 -04:00 (2026-03-08T07:30:00Z), when the rule already rings "
                + "(night@2026-03-08T03:30:00), so the shifted time is dropped")
        #expect(explanation.times[1].fire == kept)
        #expect(explanation.times[1].ringingInstead == nil)

        // A disabled rule is explained as it would ring; on a skipped date there is nothing to drop for.
        rule.isEnabled = false
        #expect(try FireExplanation(rule: rule, date: Self.date("2026-03-08"), deviceTimeZone: Self.utc).times[0].ringingInstead == kept)
        rule.isEnabled = true
        rule.skippedDates = [Self.date("2026-03-08")]
        let skipped = try FireExplanation(rule: rule, date: Self.date("2026-03-08"), deviceTimeZone: Self.utc)
        #expect(skipped.times[0].ringingInstead == nil)
        #expect(skipped.times[0].fire?.adjustment == .gapShifted)
    }
}
