import Foundation
import Testing

@testable import RecurringAlarms

/// `print(value)` reads like the `alarms` tool: one line for a fire, a short summary for a plan.
/// Every expected string below was worked out by hand from the instants' ISO comments.
@Suite("Descriptions")
struct DescriptionTests {
    /// 2026-12-01T00:00:00Z, a Tuesday; Berlin is at +01:00.
    static let now = at(1_796_083_200)

    static func berlinFire(_ id: String, _ local: String, _ epochSeconds: Int, snooze: Bool = false) -> Fire {
        Fire(
            ruleID: id, instant: at(epochSeconds), local: wall(local), timeZone: Zones.berlin, utcOffsetSeconds: 3600,
            adjustment: .none, isSnooze: snooze)
    }

    @Test(
        "a time of day prints as the rule file writes it, with seconds only when set",
        arguments: [
            ("00:00", "00:00"), ("07:30", "07:30"), ("07:30:00", "07:30"), ("21:15:30", "21:15:30"), ("23:59:59", "23:59:59")
        ])
    func timeOfDay(text: String, printed: String) {
        let time = clock(text)
        #expect(time.description == printed)
        #expect("\(time)" == printed)
        #expect(time.shortDescription == printed)
    }

    @Test("a local date-time keeps its seconds: it is the fire id's and RFC 3339's form")
    func localDateTimeKeepsSeconds() {
        #expect(LocalDateTime(date: day("2026-12-01"), time: clock("07:30")).description == "2026-12-01T07:30:00")
        #expect(Fire.id(ruleID: "wake", local: wall("2026-12-01T07:30:00")) == "wake@2026-12-01T07:30:00")
        #expect(RFC3339.format(at(1_796_106_600), utcOffsetSeconds: 3600) == "2026-12-01T07:30:00+01:00")
    }

    @Test("a fire is one line: rule, wall clock of its zone, zone")
    func plainFire() {
        // 2026-12-01T06:30:00Z is 07:30 in Berlin.
        #expect(Self.berlinFire("wake", "2026-12-01T07:30:00", 1_796_106_600).description == "wake: Tue 2026-12-01 07:30 Europe/Berlin")
    }

    @Test("a gap-shifted fire shows the clock it rings at and the nominal time it was moved from")
    func gapShiftedFire() {
        // 2026-03-08T07:30:00Z is 03:30 EDT: 02:30 does not exist in New York that day.
        let fire = Fire(
            ruleID: "wake", instant: at(1_772_955_000), local: wall("2026-03-08T02:30:00"), timeZone: Zones.newYork,
            utcOffsetSeconds: -14_400, adjustment: .gapShifted)
        #expect(fire.description == "wake: Sun 2026-03-08 03:30 America/New_York, gap-shifted from 02:30")
    }

    @Test("an overlap, a floating rule and a snooze are named; seconds show when set")
    func markedFires() {
        // 2026-11-01T05:30:00Z is 01:30 EDT, the first of the two 01:30s in New York.
        let overlap = Fire(
            ruleID: "nap", instant: at(1_793_511_000), local: wall("2026-11-01T01:30:00"), timeZone: Zones.newYork,
            utcOffsetSeconds: -14_400, adjustment: .overlapFirst, isFloating: true)
        #expect(overlap.description == "nap: Sun 2026-11-01 01:30 America/New_York, overlap-first, floating")
        // 2026-12-01T06:39:30Z is 07:39:30 in Berlin.
        let snooze = Self.berlinFire("wake", "2026-12-01T07:39:30", 1_796_107_170, snooze: true)
        #expect(snooze.description == "wake: Tue 2026-12-01 07:39:30 Europe/Berlin, snooze")
    }

    @Test("a plan is a summary line and its first three fires, on the device zone's clock")
    func planSummary() {
        let fires = [
            Self.berlinFire("wake", "2026-12-01T07:30:00", 1_796_106_600),   // 2026-12-01T06:30:00Z
            Self.berlinFire("call", "2026-12-01T21:00:00", 1_796_155_200),   // 2026-12-01T20:00:00Z
            Self.berlinFire("wake", "2026-12-02T07:30:00", 1_796_193_000),   // 2026-12-02T06:30:00Z
            Self.berlinFire("call", "2026-12-02T21:00:00", 1_796_241_600)   // 2026-12-02T20:00:00Z
        ]
        // Horizon 2026-12-08T00:00:00Z, 01:00 in Berlin.
        let plan = Plan(
            now: Self.now, deviceTimeZone: Zones.berlin, cap: 64, fires: fires, horizonEnd: at(1_796_688_000),
            coveredUntil: at(1_796_688_000), isTruncated: false)
        #expect(
            plan.description == """
                Plan at Tue 2026-12-01 01:00 Europe/Berlin: 4 fires (cap 64), covered until the horizon, Tue 2026-12-08 01:00
                  wake: Tue 2026-12-01 07:30 Europe/Berlin
                  call: Tue 2026-12-01 21:00 Europe/Berlin
                  wake: Wed 2026-12-02 07:30 Europe/Berlin
                  … 1 more
                """)
    }

    @Test("a plan the cap cut short says how far it covers")
    func truncatedPlan() {
        let fires = [Self.berlinFire("wake", "2026-12-01T07:30:00", 1_796_106_600)]
        // Covered until the next fire, 2026-12-02T06:30:00Z (07:30 in Berlin).
        let plan = Plan(
            now: Self.now, deviceTimeZone: Zones.berlin, cap: 1, fires: fires, horizonEnd: at(1_796_688_000),
            coveredUntil: at(1_796_193_000), isTruncated: true)
        #expect(
            plan.description == """
                Plan at Tue 2026-12-01 01:00 Europe/Berlin: 1 fire (cap 1, reached), covered until Wed 2026-12-02 07:30, \
                short of the horizon Tue 2026-12-08 01:00
                  wake: Tue 2026-12-01 07:30 Europe/Berlin
                """)
    }

    @Test("a plan of hundreds of fires still prints five short lines")
    func largePlanStaysShort() throws {
        let rules = [weeklyRule("wake", times: ["07:00", "07:10", "07:20", "07:30", "07:40"], zone: Zones.berlin)]
        let planned = try plan(rules, now: Self.now, options: PlanOptions(deviceTimeZone: Zones.berlin, cap: 500, horizon: 120 * 86_400))
        #expect(planned.fires.count == 500)
        let lines = planned.description.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.last == "  … 497 more")
        #expect(planned.description.count < 400)
    }

    @Test("an occurrence names its rule index, nominal wall time, UTC instant and adjustment")
    func occurrence() throws {
        let schedule = try AlarmSchedule(rules: [weeklyRule("wake", times: ["02:30"], zone: Zones.newYork)])
        // 2026-03-07T12:00:00Z … 2026-03-14T12:00:00Z
        let occurrences = Array(schedule.occurrences(after: at(1_772_884_800), through: at(1_773_489_600), deviceTimeZone: Zones.newYork))
        // 2026-03-08 02:30 falls in the gap and rings at 03:30 EDT, 2026-03-08T07:30:00Z.
        let shifted = try #require(occurrences.first { $0.adjustment == .gapShifted })
        #expect(shifted.description == "rule index 0: Sun 2026-03-08 02:30 (2026-03-08T07:30:00Z), gap-shifted")
        // 2026-03-09 02:30 EDT is 2026-03-09T06:30:00Z.
        let next = try #require(occurrences.first { $0.local.date == day("2026-03-09") })
        #expect(next.description == "rule index 0: Mon 2026-03-09 02:30 (2026-03-09T06:30:00Z)")
    }

    @Test("a rule is one sentence: id, label, days, times, zone and what differs from the defaults")
    func rules() {
        var wake = weeklyRule("wake", days: .weekdays, times: ["07:30", "08:00"])
        wake.label = "Wake up"
        #expect(wake.description == "'wake' \"Wake up\": weekdays at 07:30 08:00, floating")

        let gym = weeklyRule(
            "gym", days: [.monday, .thursday], times: ["18:15:30"], zone: Zones.london, everyWeeks: 2,
            start: "2026-12-07", end: "2027-03-01", skip: ["2026-12-24", "2026-12-21"], overlap: .last)
        #expect(
            gym.description == "'gym': mon thu at 18:15:30, every 2 weeks, from 2026-12-07, until 2027-03-01, Europe/London, "
                + "skips 2026-12-21 2026-12-24, overlap: last")

        let flight = onceRule("flight", on: "2026-12-05", times: ["05:45"], zone: Zones.london, gap: .skip, enabled: false)
        #expect(flight.description == "'flight': once on Sat 2026-12-05 at 05:45, Europe/London, gap: skip, disabled")
    }

    @Test("a label's control characters show escaped, never raw")
    func labelEscaped() {
        var rule = weeklyRule("wake", times: ["07:30"])
        rule.label = "a\u{1B}[2Jb\nc"
        #expect(rule.description == "'wake' \"a\\u{1B}[2Jb\\nc\": daily at 07:30, floating")
    }
}
