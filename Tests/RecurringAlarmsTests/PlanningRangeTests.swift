import Foundation
import Testing

@testable import RecurringAlarms

/// At the ends of the years 0001–9999 the engine, `explain` and the bound on `now` agree on
/// one range: a plan holds fires after 0001-01-01T00:00:00Z (-62,135,596,800 s) through
/// 9999-12-31T23:59:59Z (253,402,300,799 s), and a `now` is accepted only when its 366-day
/// window (31,622,400 s) stays inside those instants and inside those years on the device
/// zone's clock.
@Suite("The planning range at years 0001 and 9999")
struct PlanningRangeTests {
    static let earliest: Int64 = -62_135_596_800   // 0001-01-01T00:00:00Z
    static let latest: Int64 = 253_402_300_799   // 9999-12-31T23:59:59Z
    static let window: Int64 = 31_622_400   // 366 days

    // Etc/GMT-14 is UTC+14 (50,400 s), Etc/GMT+12 is UTC-12 (43,200 s): POSIX signs.
    @Test(
        "the first and last now of each zone, worked out by hand",
        arguments: [
            ("UTC", earliest, latest - window, "0001-01-01T00:00:00", "9998-12-30T23:59:59"),
            // East of UTC the last window ends 14 h before 9999-12-31T23:59:59Z, at that wall time.
            ("Etc/GMT-14", earliest, latest - 50_400 - window, "0001-01-01T14:00:00", "9998-12-30T23:59:59"),
            // West of UTC the first now is 0001-01-01T00:00 on its clock, 12 h after the first instant.
            ("Etc/GMT+12", earliest + 43_200, latest - window, "0001-01-01T00:00:00", "9998-12-30T11:59:59")
        ])
    func bounds(zone: String, first: Int64, last: Int64, firstWall: String, lastWall: String) throws {
        let zone = try #require(TimeZone(ianaIdentifier: zone))
        #expect(PlanningRange.nows(in: zone) == first...last)
        #expect(PlanningRange.wallText(in: zone) == (firstWall, lastWall))
        #expect(PlanningRange.contains(now: at(Int(first)), in: zone))
        #expect(PlanningRange.contains(now: at(Int(last)), in: zone))
        #expect(!PlanningRange.contains(now: at(Int(first) - 1), in: zone))
        #expect(!PlanningRange.contains(now: at(Int(last) + 1), in: zone))
    }

    /// A one-shot rule at each time, planned over the widest window that can hold it, and
    /// explained: both find the same fire, or both none.
    @Test(
        "explain names a fire exactly when a plan at the range's end holds it",
        arguments: [
            // 0001-01-01 in Etc/GMT-14: 13:00 is 0000-12-31T23:00:00Z, 14:00 is the first instant
            // itself (never after a now), 14:00:01 the first a plan holds.
            ("Etc/GMT-14", "0001-01-01", "13:00:00", nil),
            ("Etc/GMT-14", "0001-01-01", "14:00:00", nil),
            ("Etc/GMT-14", "0001-01-01", "14:00:01", Optional(earliest + 1)),
            ("Etc/GMT-14", "0001-01-01", "23:59:59", Optional(earliest + 35_999)),
            // 9999-12-31 in Etc/GMT+12: 11:59:59 is the last instant, 12:00 a second past it.
            ("Etc/GMT+12", "9999-12-31", "11:59:59", Optional(latest)),
            ("Etc/GMT+12", "9999-12-31", "12:00:00", nil),
            ("Etc/GMT+12", "9999-12-31", "23:00:00", nil),
            ("UTC", "9999-12-31", "23:59:59", Optional(latest))
        ])
    func explainAgreesWithPlanAtTheEnds(zone: String, date: String, time: String, instant: Int64?) throws {
        let zone = try #require(TimeZone(ianaIdentifier: zone))
        let rule = onceRule("e", on: date, times: [time], zone: zone)
        let explanation = try FireExplanation(rule: rule, date: day(date), deviceTimeZone: zone)
        let explained = explanation.times.first?.fire
        let now = date.hasPrefix("0001") ? at(Int(Self.earliest)) : at(Int(Self.latest - Self.window))
        let planned = try AlarmSchedule(rules: [rule]).plan(now: now, options: .fillingCap(deviceTimeZone: zone)).fires.first
        #expect(explained?.instant == instant.map { at(Int($0)) })
        #expect(planned?.instant == explained?.instant)
        #expect(planned?.id == explained?.id)
        if instant == nil {
            #expect(explanation.times.first?.summary.contains("so it does not fire") == true)
        }
    }

    @Test("explain words an instant before the first or after the last with its own wall time")
    func explainWording() throws {
        let east = try #require(TimeZone(ianaIdentifier: "Etc/GMT-14"))
        let early = try FireExplanation(
            rule: onceRule("e", on: "0001-01-01", times: ["13:00"], zone: east), date: day("0001-01-01"), deviceTimeZone: east)
        #expect(
            early.times.first?.summary
                == "13:00 occurs once in Etc/GMT-14: 13:00 +14:00 (before 0001-01-01T00:00:00Z); no plan holds that instant "
                + "(plans hold fires after 0001-01-01T00:00:00Z, through 9999-12-31T23:59:59Z), so it does not fire")
        let west = try #require(TimeZone(ianaIdentifier: "Etc/GMT+12"))
        let late = try FireExplanation(
            rule: onceRule("l", on: "9999-12-31", times: ["23:00"], zone: west), date: day("9999-12-31"), deviceTimeZone: west)
        #expect(late.times.first?.summary.hasPrefix("23:00 occurs once in Etc/GMT+12: 23:00 -12:00 (after 9999-12-31T23:59:59Z); ") == true)
    }

    @Test("the wall time of an instant just outside the years in UTC is its own, not the clamped end's")
    func wallTimeBeyondUTC() {
        // 0000-12-31T23:00:00Z at +14:00 is 0001-01-01T13:00; 10000-01-01T11:00:00Z at -12:00 is 9999-12-31T23:00.
        #expect(LocalDateTime(instant: at(Int(Self.earliest) - 3_600), utcOffsetSeconds: 50_400).description == "0001-01-01T13:00:00")
        #expect(LocalDateTime(instant: at(Int(Self.latest) + 39_601), utcOffsetSeconds: -43_200).description == "9999-12-31T23:00:00")
    }
}
