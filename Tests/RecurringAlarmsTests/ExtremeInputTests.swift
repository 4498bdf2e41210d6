import Foundation
import RecurringAlarms
import Testing

/// Arguments at the edges of their types and of the calendar: nothing traps, and nothing
/// comes back wrong.
@Suite("Extreme inputs")
struct ExtremeInputTests {
    @Test(
        "adding any number of days to a date clamps to 0001-01-01 … 9999-12-31",
        arguments: [
            (Int.max, "9999-12-31"), (Int.min, "0001-01-01"), (Int(Int64.max) - 5, "9999-12-31"), (3_000_000, "9999-12-31"),
            (-3_000_000, "0001-01-01"), (365, "2027-01-01"), (-1, "2025-12-31")
        ])
    func addingDays(days: Int, expected: String) {
        #expect(day("2026-01-01").adding(days: days).description == expected)
    }

    /// Instants are passed as seconds: Foundation's `Date.description`, which the test
    /// runner uses to name arguments, traps on NaN and infinite dates.
    @Test(
        "a wall time from an extreme instant or offset clamps to the first or last second",
        arguments: [
            (Date.distantFuture.timeIntervalSince1970, Int.max, "9999-12-31T23:59:59"),
            (Date.distantFuture.timeIntervalSince1970, Int.min, "0001-01-01T00:00:00"),
            (Date.distantPast.timeIntervalSince1970, Int.max, "9999-12-31T23:59:59"),
            (Date.distantPast.timeIntervalSince1970, Int.min, "0001-01-01T00:00:00"),
            (Double.infinity, 0, "9999-12-31T23:59:59"), (-Double.infinity, 0, "0001-01-01T00:00:00"),
            (Double.nan, 0, "1970-01-01T00:00:00"), (Date.distantFuture.timeIntervalSince1970, 0, "4001-01-01T00:00:00"),
            (253_402_300_799, 1, "9999-12-31T23:59:59"),   // 9999-12-31T23:59:59Z, one second east
            (1_796_083_200, 50_400, "2026-12-01T14:00:00")   // 2026-12-01T00:00:00Z at +14:00
        ])
    func wallTimes(seconds: Double, offset: Int, expected: String) {
        #expect(LocalDateTime(instant: Date(timeIntervalSince1970: seconds), utcOffsetSeconds: offset).description == expected)
    }

    @Test("RFC 3339 writes any offset, Int.min and Int.max included")
    func offsets() {
        #expect(RFC3339.offsetSuffix(Int.min) == "-2562047788015215:30:08")
        #expect(RFC3339.offsetSuffix(Int.max) == "+2562047788015215:30:07")
        #expect(RFC3339.offsetSuffix(-12_600) == "-03:30")
        #expect(RFC3339.format(.distantFuture, utcOffsetSeconds: .min).hasPrefix("0001-01-01T00:00:00-"))
    }

    @Test(
        "a NaN or infinite now, or a NaN or infinite horizon, gives a plan inside its window",
        arguments: [
            (Double.nan, 86_400.0), (.infinity, 86_400), (-.infinity, 86_400), (1_796_083_200, .nan), (1_796_083_200, .infinity),
            (1_796_083_200, -.infinity), (-1e300, 86_400), (1e300, 86_400)
        ])
    func planningExtremes(now: Double, horizon: Double) throws {
        let schedule = try AlarmSchedule(rules: [weeklyRule("wake", times: ["07:00"], zone: Zones.utc)])
        let plan = schedule.plan(now: Date(timeIntervalSince1970: now), options: PlanOptions(deviceTimeZone: Zones.utc, horizon: horizon))
        for fire in plan.fires {
            #expect(fire.instant > plan.now && fire.instant <= plan.horizonEnd)
        }
        if now.isNaN || now.isInfinite || horizon.isNaN || horizon == -.infinity { #expect(plan.fires.isEmpty) }
        if now == 1_796_083_200 && horizon == .infinity { #expect(plan.fires.count == 64) }   // 366 days of 07:00, capped
        _ = plan.description   // describing an extreme plan does not trap either
    }

    @Test(
        "expanding between NaN, infinite or distant bounds yields nothing or fires inside years 1…9999",
        arguments: [
            (Double.nan, 1_796_083_200.0), (1_796_083_200, .nan),
            (253_402_000_000, .infinity),   // from 9999-12-28, to infinity
            (-.infinity, -62_135_000_000)   // from minus infinity to 0001-01-07
        ])
    func expandingExtremes(afterSeconds: Double, throughSeconds: Double) throws {
        let after = Date(timeIntervalSince1970: afterSeconds)
        let through = Date(timeIntervalSince1970: throughSeconds)
        let schedule = try AlarmSchedule(rules: [
            weeklyRule("wake", times: ["07:00"], zone: Zones.named("Pacific/Kiritimati")),
            weeklyRule("late", times: ["23:00"], zone: Zones.named("Pacific/Pago_Pago"))
        ])
        let fires = Array(schedule.fires(after: after, through: through, deviceTimeZone: Zones.utc))
        if afterSeconds.isNaN || throughSeconds.isNaN { #expect(fires.isEmpty) } else { #expect(!fires.isEmpty) }
        for fire in fires {
            #expect(fire.instant > after && fire.instant <= through)
            // The nominal local time is the clock at the instant: nothing was clamped.
            #expect(LocalDateTime(instant: fire.instant, utcOffsetSeconds: fire.utcOffsetSeconds) == fire.local, "\(fire.id)")
        }
    }

    /// 9999-12-31T23:59:59+14:00 is 9999-12-31T09:59:59Z. The Saturday fire at
    /// 08:15 on Kiritimati's clock would be on 10000-01-01 (18:15Z on 9999-12-31), a date no
    /// `LocalDate` can name; it used to come back as "9999-12-31T08:15", before now.
    @Test("near the end of year 9999 a plan leaves out fires whose local date is past it")
    func endOfTime() throws {
        let kiritimati = Zones.named("Pacific/Kiritimati")
        let rules = try AlarmRuleSet(rules: [
            weeklyRule("weekend-run", days: [.saturday, .sunday], times: ["08:15"]),
            weeklyRule("daily", times: ["09:00"], zone: Zones.utc)
        ])
        let now = at(253_402_250_399)   // 9999-12-31T09:59:59Z
        let planned = plan(rules, now: now, options: PlanOptions(deviceTimeZone: kiritimati))
        #expect(planned.fires.isEmpty)   // 09:00Z on the 31st has passed; no 08:15 Saturday in year 9999 remains
        let earlier = plan(rules, now: at(253_402_150_399), options: PlanOptions(deviceTimeZone: kiritimati))   // 9999-12-30T06:13:19Z
        #expect(earlier.fires.map(\.id) == ["daily@9999-12-30T09:00:00", "daily@9999-12-31T09:00:00"])
        for fire in earlier.fires { #expect(fire.instant > at(253_402_150_399) && fire.local.date.year <= 9999) }
    }

    @Test("near the start of year 1 a plan leaves out fires whose local date is before it")
    func startOfTime() throws {
        let rules = try AlarmRuleSet(rules: [
            weeklyRule("early", times: ["20:00"], zone: Zones.named("Pacific/Pago_Pago")),
            weeklyRule("daily", times: ["09:00"], zone: Zones.utc)
        ])
        let now = at(-62_135_683_200)   // 0000-12-31T00:00:00Z, before year 1
        let planned = plan(rules, now: now, options: PlanOptions(deviceTimeZone: Zones.utc, horizon: 2 * 86_400))
        for fire in planned.fires {
            #expect(fire.local.date.year >= 1 && fire.instant > now && fire.instant <= planned.horizonEnd)
            #expect(LocalDateTime(instant: fire.instant, utcOffsetSeconds: fire.utcOffsetSeconds) == fire.local, "\(fire.id)")
        }
        #expect(planned.fires.map(\.id).contains("daily@0001-01-01T09:00:00"))
    }
}

/// A rule may list every second of the day, and every one is planned.
@Suite("Rules with very many times", .tags(.slow))
struct ManyTimesTests {
    /// 00:00:00 … 18:12:14 (65,535 times) and 23:00.
    static let rule = AlarmRule(
        id: "x", repeats: .weekly(days: [.monday]),
        times: (0..<65_535).map { TimeOfDay(secondsSinceMidnight: $0)! } + [clock("23:00")],
        timeZone: .fixed(Zones.utc))

    @Test("the 65,536th time of a rule fires")
    func lastTimeFires() throws {
        let now = at(1_772_476_200)   // Mon 2026-03-02T18:30:00Z
        let planned = try plan([Self.rule], now: now, options: PlanOptions(deviceTimeZone: Zones.utc, cap: 1))
        #expect(planned.fires.map(\.id) == ["x@2026-03-02T23:00:00"])
    }

    @Test("the cap warning counts every time of the rule")
    func capPressureCountsAll() throws {
        let now = at(1_772_409_600)   // Mon 2026-03-02T00:00:00Z: its 00:00:00 is not after now
        let schedule = try AlarmSchedule(rules: [Self.rule])
        let pressure = try #require(schedule.capPressure(now: now, options: PlanOptions(deviceTimeZone: Zones.utc, horizon: 86_400)))
        #expect(pressure.firesInHorizon == 65_535)   // 00:00:01 … 18:12:14 is 65,534, plus 23:00
    }
}
