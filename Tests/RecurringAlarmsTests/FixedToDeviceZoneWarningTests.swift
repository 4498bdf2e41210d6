import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// `december1` (2026-12-01T00:00:00Z) is Tuesday 01:00 CET in Berlin. Within two years Berlin
// changes its clocks at 02:00–03:00 on Sundays (gap 2027-03-28, overlap 2027-10-31), so a daily
// 02:30 meets them and a 09:00 never does.

@Suite("Rules fixed to the device's zone that stay one-shot")
struct FixedToDeviceZoneWarningTests {
    static let weekend: WeekdaySet = [.saturday, .sunday]

    static func warned(_ rules: [AlarmRule], _ granularity: RepeatingAlarm.Granularity = .perWeekday) -> [String] {
        fixedToDeviceZoneWarnings(rules, now: december1, deviceTimeZone: Zones.berlin, repeating: granularity).map(\.ruleID)
    }

    @Test("a weekend 09:00 fixed to Berlin on a Berlin device is warned about, and says how to let it repeat")
    func fixedToTheDeviceZone() throws {
        let fixed = weeklyRule("weekend", days: Self.weekend, times: ["09:00"], zone: Zones.berlin)
        let warnings = fixedToDeviceZoneWarnings([fixed], now: december1, deviceTimeZone: Zones.berlin)
        #expect(warnings == [FixedToDeviceZoneWarning(ruleID: "weekend", timeZone: Zones.berlin)])
        #expect(
            warnings.map(\.description) == [
                "rule 'weekend' is fixed to Europe/Berlin, the device's zone, so it never repeats: it rings only as far as the app's "
                    + "last refresh planned; leave out its \"timeZone\" (make it floating) to let it repeat; it then follows the "
                    + "device's zone when the device travels"
            ])
        // What the warning says: fixed, the rule is one-shot; floating, it repeats (Saturday and Sunday at 09:00).
        let options = PlanOptions.fillingCap(deviceTimeZone: Zones.berlin)
        #expect(try hybridPlan([fixed], now: december1, options: options).repeating.isEmpty)
        var floating = fixed
        floating.timeZone = .floating
        #expect(
            try hybridPlan([floating], now: december1, options: options).repeating.map(\.id) == [
                "weekend#weekly-sat-09:00:00", "weekend#weekly-sun-09:00:00"
            ])
    }

    @Test("no warning for a rule that follows the device, is fixed elsewhere, or would not repeat floating either")
    func noWarning() {
        #expect(Self.warned([weeklyRule("floating", days: Self.weekend, times: ["09:00"])]).isEmpty)
        #expect(Self.warned([weeklyRule("tokyo", days: Self.weekend, times: ["09:00"], zone: Zones.tokyo)]).isEmpty)
        let cases = [
            weeklyRule("fortnight", days: Self.weekend, times: ["09:00"], zone: Zones.berlin, everyWeeks: 2, start: "2026-12-05"),
            weeklyRule("ends", days: Self.weekend, times: ["09:00"], zone: Zones.berlin, end: "2027-06-30"),
            weeklyRule("later", days: Self.weekend, times: ["09:00"], zone: Zones.berlin, start: "2026-12-10"),
            weeklyRule("skipping", days: Self.weekend, times: ["09:00"], zone: Zones.berlin, skip: ["2026-12-05"]),
            weeklyRule("off", days: Self.weekend, times: ["09:00"], zone: Zones.berlin, enabled: false),
            AlarmRule(
                id: "once", repeats: .once(LocalDate(year: 2026, month: 12, day: 5)!), times: [TimeOfDay(hour: 9, minute: 0)!],
                timeZone: .fixed(Zones.berlin))
        ]
        for rule in cases {
            #expect(Self.warned([rule]).isEmpty, "\(rule.id)")
            #expect(Self.warned([rule], .perTime).isEmpty, "\(rule.id)")
        }
        // A skip date already past does not keep the rule one-shot.
        #expect(
            Self.warned([weeklyRule("skipped", days: Self.weekend, times: ["09:00"], zone: Zones.berlin, skip: ["2026-11-28"])]) == [
                "skipped"
            ])
    }

    @Test("a rule with a time in a clock change is warned about for AlarmKit, whose alarms repeat its other time, not for notifications")
    func granularity() {
        let rule = weeklyRule("night", times: ["02:30", "09:00"], zone: Zones.berlin)
        #expect(Self.warned([rule], .perWeekday).isEmpty)
        #expect(Self.warned([rule], .perTime) == ["night"])
    }

    @Test("the warnings keep the rules' order, and a device elsewhere warns about none of them")
    func order() {
        let rules = ["b", "a", "c"].map { weeklyRule($0, days: Self.weekend, times: ["09:00"], zone: Zones.berlin) }
        #expect(Self.warned(rules) == ["b", "a", "c"])
        #expect(fixedToDeviceZoneWarnings(rules, now: december1, deviceTimeZone: Zones.newYork).isEmpty)
    }

    @Test(
        "zones are the same when their names are, as the engine compares them: UTC on a UTC device is warned about, on an Etc/UTC or GMT device not",
        arguments: [("UTC", true), ("Etc/UTC", false), ("GMT", false)])
    func sameZoneByName(_ device: String, _ warned: Bool) throws {
        let utc = try #require(TimeZone(ianaIdentifier: "UTC"))
        let deviceZone = try #require(TimeZone(ianaIdentifier: device))
        let rule = weeklyRule("weekend", days: Self.weekend, times: ["09:00"], zone: utc)
        let warnings = fixedToDeviceZoneWarnings([rule], now: december1, deviceTimeZone: deviceZone)
        #expect(warnings.map(\.ruleID) == (warned ? ["weekend"] : []))
        #expect(warnings.map(\.timeZone.ianaName) == (warned ? ["UTC"] : []))
        // The same rule read back from a compiled schedule, as the command line reads a file, agrees.
        let compiled = try AlarmSchedule(rules: [rule]).fixedToDeviceZoneWarnings(now: december1, deviceTimeZone: deviceZone)
        #expect(compiled == warnings)
    }

    @Test("a compiled schedule gives the warnings its rules give, for random rules half fixed to the device's zone")
    func compiledScheduleAgrees() throws {
        let day = LocalDate(year: 2027, month: 3, day: 28)!
        let hotspot = ZoneTransition.springForward(in: Zones.berlin, year: 2027)
        var warned = 0
        withSeeds(0..<300) { generator in
            var rules = generator.rules(maximumCount: 8, near: day, hotspot: hotspot)
            for index in rules.indices where generator.chance(1, in: 2) { rules[index].timeZone = .fixed(Zones.berlin) }
            let now = generator.instant(near: day)
            let schedule = try AlarmSchedule(rules: rules)
            for granularity in RepeatingAlarm.Granularity.allCases {
                let expected = fixedToDeviceZoneWarnings(rules, now: now, deviceTimeZone: Zones.berlin, repeating: granularity)
                let compiled = schedule.fixedToDeviceZoneWarnings(now: now, deviceTimeZone: Zones.berlin, repeating: granularity)
                #expect(Set(compiled.map(\.ruleID)) == Set(expected.map(\.ruleID)))
                #expect(compiled.count == expected.count)
                warned += expected.count
            }
        }
        #expect(warned > 100)   // the property was checked on rules that are warned about, not only on none
    }
}
