import Foundation
import RecurringAlarms
import Testing

/// Which local dates a rule fires on: weekdays, every-N-weeks phase, start, end, skips,
/// one-shot dates, disabled rules, year ends and leap days.
///
/// Most rules here are fixed to Asia/Tokyo (UTC+9, no DST since 1951), so 08:00 local is
/// 23:00Z the day before and 09:00 local is 00:00Z the same day.
@Suite("Recurrence")
struct RecurrenceTests {
    static let tokyo = PlanOptions(deviceTimeZone: Zones.tokyo)

    /// The nominal local dates of a plan's fires.
    func dates(_ planned: Plan) -> [String] { planned.fires.map { $0.local.date.description } }

    @Test("everyWeeks anchors on the Monday of start's week, even when start is a Wednesday")
    func everyTwoWeeksFromWednesday() throws {
        let rule = weeklyRule(
            "fortnight", days: [.monday, .wednesday, .friday], times: ["08:00"], zone: Zones.tokyo,
            everyWeeks: 2, start: "2026-12-02")
        let now = at(1_795_910_400)   // 2026-11-29T00:00:00Z
        var options = Self.tokyo
        options.horizon = 35 * 86_400   // through 2027-01-03T00:00:00Z
        let planned = try plan([rule], now: now, options: options)

        // Week of Mon 2026-11-30 (anchor; Mon 11-30 is before start), 12-14, 12-28; not 12-07, 12-21.
        #expect(
            dates(planned) == [
                "2026-12-02", "2026-12-04", "2026-12-14", "2026-12-16", "2026-12-18",
                "2026-12-28", "2026-12-30", "2027-01-01"
            ])
        #expect(planned.fires.first?.rfc3339 == "2026-12-02T08:00:00+09:00")
        #expect(planned.fires.first.map { epoch($0.instant) } == 1_796_166_000)   // 2026-12-01T23:00:00Z
    }

    @Test("a start on a Sunday anchors its own week, not the week after")
    func startOnSunday() throws {
        let weekdays = weeklyRule(
            "mwf", days: [.monday, .wednesday, .friday], times: ["08:00"], zone: Zones.tokyo,
            everyWeeks: 2, start: "2026-12-06")
        let sundays = weeklyRule("sun", days: .sunday, times: ["08:00"], zone: Zones.tokyo, everyWeeks: 2, start: "2026-12-06")
        let now = at(1_795_910_400)   // 2026-11-29T00:00:00Z
        var options = Self.tokyo
        options.horizon = 35 * 86_400

        // Sun 12-06 belongs to the week of Mon 11-30, so the next eligible week starts Mon 12-14
        // (counting 14 days from the start date would wrongly give 12-07 … 12-11).
        #expect(
            dates(try plan([weekdays], now: now, options: options)) == [
                "2026-12-14", "2026-12-16", "2026-12-18",
                "2026-12-28", "2026-12-30", "2027-01-01"
            ])
        #expect(dates(try plan([sundays], now: now, options: options)) == ["2026-12-06", "2026-12-20", "2027-01-03"])
    }

    @Test("every third week from a Wednesday start")
    func everyThreeWeeks() throws {
        let rule = weeklyRule(
            "third", days: [.monday, .wednesday, .friday], times: ["08:00"], zone: Zones.tokyo,
            everyWeeks: 3, start: "2026-12-02")
        let now = at(1_795_910_400)   // 2026-11-29T00:00:00Z
        var options = Self.tokyo
        options.horizon = 35 * 86_400
        #expect(
            dates(try plan([rule], now: now, options: options)) == ["2026-12-02", "2026-12-04", "2026-12-21", "2026-12-23", "2026-12-25"])
    }

    @Test("a day is eligible iff ((monday(d) - monday(start)) / 7) % N == 0", arguments: 1...5, ["2026-12-02", "2026-12-06", "2026-11-30"])
    func eligibilityFormula(everyWeeks: Int, start: String) throws {
        let rule = weeklyRule("n", times: ["12:00"], zone: Zones.utc, everyWeeks: everyWeeks, start: start)
        let now = at(1_795_910_400)   // 2026-11-29T00:00:00Z
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.utc, cap: 100, horizon: 70 * 86_400))

        // Hand computation: 2026-11-30 is a Monday, and every start above lies in its week.
        let startDay = day(start)
        let anchorMonday = day("2026-11-30")
        var expected: [String] = []
        for offset in 0..<70 {   // the window ends 2027-02-07T00:00Z, before that day's 12:00
            let date = day("2026-11-29").adding(days: offset)
            let daysFromAnchor = Int(date.daysSinceEpoch - anchorMonday.daysSinceEpoch)
            let mondayOffset = daysFromAnchor - ((daysFromAnchor % 7) + 7) % 7
            if date >= startDay && (mondayOffset / 7) % everyWeeks == 0 { expected.append(date.description) }
        }
        #expect(dates(planned) == expected)
    }

    @Test("start and end are inclusive local dates")
    func startAndEndInclusive() throws {
        let rule = weeklyRule("span", times: ["09:00"], zone: Zones.tokyo, start: "2026-12-03", end: "2026-12-05")
        let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z
        let planned = try plan([rule], now: now, options: Self.tokyo)
        #expect(
            summary(planned.fires) == [
                "span@2026-12-03T09:00:00 2026-12-03T09:00:00+09:00 none",   // 2026-12-03T00:00:00Z
                "span@2026-12-04T09:00:00 2026-12-04T09:00:00+09:00 none",
                "span@2026-12-05T09:00:00 2026-12-05T09:00:00+09:00 none"
            ])
        let ended = weeklyRule("ended", times: ["09:00"], zone: Zones.tokyo, end: "2026-11-30")
        #expect(try plan([ended], now: now, options: Self.tokyo).fires.isEmpty)
        let notYet = weeklyRule("later", times: ["09:00"], zone: Zones.tokyo, start: "2026-12-09")
        #expect(try plan([notYet], now: now, options: Self.tokyo).fires.isEmpty)
    }

    @Test("skipped dates drop every time of that day and nothing else")
    func skips() throws {
        let rule = weeklyRule("daily", times: ["09:00", "21:00"], zone: Zones.tokyo, skip: ["2026-12-03", "2026-12-05"])
        let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z, which is 09:00 JST: that fire is not after now
        var options = Self.tokyo
        options.horizon = 5 * 86_400   // through 2026-12-06T00:00:00Z = 09:00 JST, included
        #expect(
            try planned(rule, now, options) == [
                "daily@2026-12-01T21:00:00", "daily@2026-12-02T09:00:00", "daily@2026-12-02T21:00:00",
                "daily@2026-12-04T09:00:00", "daily@2026-12-04T21:00:00", "daily@2026-12-06T09:00:00"
            ])
    }

    func planned(_ rule: AlarmRule, _ now: Date, _ options: PlanOptions) throws -> [String] {
        try plan([rule], now: now, options: options).fires.map(\.id)
    }

    @Test("a one-shot rule fires on its date only, at each of its times")
    func oneShot() throws {
        let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z
        let once = onceRule("party", on: "2026-12-05", times: ["18:30", "09:00"], zone: Zones.tokyo)
        #expect(
            summary(try plan([once], now: now, options: Self.tokyo).fires) == [
                "party@2026-12-05T09:00:00 2026-12-05T09:00:00+09:00 none",   // 2026-12-05T00:00:00Z
                "party@2026-12-05T18:30:00 2026-12-05T18:30:00+09:00 none"   // 2026-12-05T09:30:00Z
            ])
        let past = onceRule("past", on: "2026-11-30", times: ["09:00"], zone: Zones.tokyo)
        #expect(try plan([past], now: now, options: Self.tokyo).fires.isEmpty)
        let skipped = onceRule("skipped", on: "2026-12-05", times: ["09:00"], zone: Zones.tokyo, skip: ["2026-12-05"])
        #expect(try plan([skipped], now: now, options: Self.tokyo).fires.isEmpty)
        let farFuture = onceRule("later", on: "2027-06-01", times: ["09:00"], zone: Zones.tokyo)
        #expect(try plan([farFuture], now: now, options: Self.tokyo).fires.isEmpty)
    }

    @Test("disabled rules produce nothing and are not compiled")
    func disabled() throws {
        let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z
        let off = weeklyRule("off", times: ["09:00", "12:00"], zone: Zones.tokyo, enabled: false)
        let on = weeklyRule("on", days: .tuesday, times: ["12:00"], zone: Zones.tokyo)
        let schedule = try AlarmSchedule(rules: [off, on])
        #expect(schedule.count == 1)
        // Dec 8 12:00 JST is past the window
        #expect(schedule.plan(now: now, options: Self.tokyo).fires.map(\.id) == ["on@2026-12-01T12:00:00"])
        #expect(try plan([off], now: now, options: Self.tokyo).fires.isEmpty)
        #expect(
            Array(try AlarmSchedule(rules: [off]).fires(after: now, through: now.addingTimeInterval(604_800), deviceTimeZone: Zones.tokyo))
                .isEmpty)
    }

    @Test("the year end: 23:59:59 on Dec 31 and 00:00 on Jan 1, and weekdays either side")
    func yearEnd() throws {
        let now = at(1_798_675_200)   // 2026-12-31T00:00:00Z (09:00 JST)
        let rule = weeklyRule("y", times: ["23:59:59", "00:00"], zone: Zones.tokyo)
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.tokyo, horizon: 86_400))
        #expect(
            summary(planned.fires) == [
                "y@2026-12-31T23:59:59 2026-12-31T23:59:59+09:00 none",   // 2026-12-31T14:59:59Z
                "y@2027-01-01T00:00:00 2027-01-01T00:00:00+09:00 none"   // 2026-12-31T15:00:00Z
            ])
        #expect(planned.fires.map { epoch($0.instant) } == [1_798_729_199, 1_798_729_200])   // 2026-12-31T14:59:59Z, 15:00:00Z

        let thursday = weeklyRule("thu", days: .thursday, times: ["10:00"], zone: Zones.tokyo)
        let friday = weeklyRule("fri", days: .friday, times: ["10:00"], zone: Zones.tokyo)
        let before = at(1_798_588_800)   // 2026-12-30T00:00:00Z
        let options = PlanOptions(deviceTimeZone: Zones.tokyo, horizon: 3 * 86_400)
        #expect(
            try plan([thursday, friday], now: before, options: options).fires.map(\.id) == [
                "thu@2026-12-31T10:00:00", "fri@2027-01-01T10:00:00"
            ])
    }

    @Test("2028-02-29 is a Tuesday that weekly, one-shot, end and skip rules all see")
    func leapDay() throws {
        let now = at(1_835_222_400)   // 2028-02-27T00:00:00Z
        let options = PlanOptions(deviceTimeZone: Zones.berlin, horizon: 7 * 86_400)
        let once = onceRule("leap", on: "2028-02-29", times: ["07:00"], zone: Zones.berlin)
        #expect(summary(try plan([once], now: now, options: options).fires) == ["leap@2028-02-29T07:00:00 2028-02-29T07:00:00+01:00 none"])
        #expect(try plan([once], now: now, options: options).fires.map { epoch($0.instant) } == [1_835_416_800])   // 2028-02-29T06:00:00Z

        let tuesdays = weeklyRule("tue", days: .tuesday, times: ["07:00"], zone: Zones.berlin)
        #expect(try plan([tuesdays], now: now, options: options).fires.map(\.id) == ["tue@2028-02-29T07:00:00"])

        let ending = weeklyRule("end", times: ["07:00"], zone: Zones.berlin, end: "2028-02-29")
        #expect(
            try plan([ending], now: now, options: options).fires.map(\.id) == [
                "end@2028-02-27T07:00:00", "end@2028-02-28T07:00:00", "end@2028-02-29T07:00:00"
            ])
        let skipping = weeklyRule("skip", times: ["07:00"], zone: Zones.berlin, end: "2028-03-01", skip: ["2028-02-29"])
        #expect(
            try plan([skipping], now: now, options: options).fires.map(\.id) == [
                "skip@2028-02-27T07:00:00", "skip@2028-02-28T07:00:00", "skip@2028-03-01T07:00:00"
            ])
    }
}
