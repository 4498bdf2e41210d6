import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import RecurringAlarmsTesting
import Testing

/// Where an export starts a weekly rule without a start: ``ICalendarExportStart/firesAfter(_:deviceTimeZone:)``
/// keeps every fire after now, whichever zone the rule and the device are in.
@Suite("iCalendar export: the start keeps every fire after now")
struct ICalendarExportStartTests {
    @Test func aRuleInAZoneBehindTheDevicesStartsOnTheDayItIsThere() throws {
        // The device in Tokyo at Monday 2026-11-30 10:00 JST = 01:00Z = Sunday 17:00 PST in Los
        // Angeles. The Sunday 22:45 PST fire is 06:45Z, Monday 15:45 in Tokyo: after now.
        let now = at(1_796_000_400)   // 2026-11-30T01:00:00Z
        let rule = weeklyRule("sun", days: .sunday, times: ["22:45"], zone: Zones.named("America/Los_Angeles"))
        let start = ICalendarExportStart.firesAfter(now, deviceTimeZone: Zones.tokyo)
        #expect(try rule.recurrences(start: start).map(\.dtstart) == ["DTSTART;TZID=America/Los_Angeles:20261129T224500"])
        // Today's date in the device zone, read in the rule's, started a week later (12-06).
        #expect(try rule.recurrences(from: day("2026-11-30")).map(\.dtstart) == ["DTSTART;TZID=America/Los_Angeles:20261206T224500"])
    }

    @Test(
        "a floating rule starts on the device's date, a fixed-zone rule on its zone's",
        arguments: [
            // 2026-11-30T21:00Z: Monday 22:00 in Berlin, Tuesday 06:00 in Tokyo, Monday 16:00 in New York.
            ("Europe/Berlin", nil, "DTSTART:20261130T073000"),
            ("Asia/Tokyo", nil, "DTSTART:20261201T073000"),
            ("Europe/Berlin", "Asia/Tokyo", "DTSTART;TZID=Asia/Tokyo:20261201T073000"),
            ("Asia/Tokyo", "America/New_York", "DTSTART;TZID=America/New_York:20261130T073000")
        ] as [(String, String?, String)])
    func eachRuleStartsOnTodayInItsOwnZone(device: String, ruleZone: String?, dtstart: String) throws {
        let rule = weeklyRule("wake", days: .daily, times: ["07:30"], zone: ruleZone.map(Zones.named))
        let start = ICalendarExportStart.firesAfter(at(1_796_072_400), deviceTimeZone: Zones.named(device))
        #expect(try rule.recurrences(start: start).map(\.dtstart) == [dtstart])
    }

    @Test(arguments: 0..<30)
    func everyFireTheEnginePlansAfterNowIsInTheExport(seed: UInt64) throws {
        var rng = RuleGenerator(seed: 0x57A7_0000 + seed)
        let scenario = RandomExportScenario(using: &rng)
        var rules = scenario.rules
        for index in rules.indices {
            rules[index].gapPolicy = .shift
            rules[index].overlapPolicy = .first
        }
        // Now: some second of the scenario's first day, UTC.
        let now = Int(scenario.from.daysSinceEpoch) * 86_400 + Int.random(in: 0..<86_400, using: &rng)
        let document = try ICalendar.document(
            for: rules, start: .firesAfter(at(now), deviceTimeZone: scenario.device), generatedAt: december1)
        let expander = try #require(ICalendarTestExpander(text: document.text), "seed \(seed): unreadable text")
        let through = now + 60 * 86_400
        let engine = try AlarmSchedule(rules: rules)
            .fires(after: at(now), through: at(through), deviceTimeZone: scenario.device)
            .map { "\($0.ruleID) \(epoch($0.instant))" }
        let expanded = expander.fires(after: now, through: through, deviceZone: scenario.device)
        #expect(
            Set(engine).subtracting(expanded).isEmpty,
            "seed \(seed), now \(now), device \(scenario.device.identifier): missing \(Set(engine).subtracting(expanded).sorted().prefix(5))"
        )
    }
}
