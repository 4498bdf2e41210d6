// The helpers every test target shares (named zones, literal parsers, rule builders) are in
// AlarmsTestSupport; re-exported here so no test file needs its own import.
@_exported import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import RecurringAlarmsTesting

/// A calendar around `lines` (one VEVENT's or more), joined with CRLF as RFC 5545 writes.
func calendar(_ lines: [String]) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
}

/// One VEVENT with `lines` as its properties, inside a calendar. The event's BEGIN is line 4.
func eventCalendar(_ lines: [String]) -> String {
    calendar(["BEGIN:VEVENT"] + lines + ["END:VEVENT"])
}

/// The RFC 3339 times of every fire of `rules` in the closed range, in a device zone that
/// only floating rules use.
func fireTimes(_ rules: [AlarmRule], from start: String, through end: String, device: TimeZone = Zones.utc) throws -> [String] {
    let schedule = try AlarmSchedule(rules: rules)
    let from = utcInstant(start)
    let through = utcInstant(end)
    return schedule.fires(after: from, through: through, deviceTimeZone: device).map(\.rfc3339)
}

/// An instant from `YYYY-MM-DDTHH:MM:SSZ` written in a test.
func utcInstant(_ text: String) -> Date {
    let utc = wall(String(text.dropLast()))
    return utc.instant(in: Zones.utc, gap: .shift, overlap: .first)!.instant
}

/// The messages of every problem reading `text`, or `[]` when it reads.
func importProblems(_ text: String) -> [ICalendarReadProblem] {
    do {
        _ = try ICalendar.readRules(from: text)
        return []
    } catch {
        return error.problems
    }
}

/// A seeded export scenario: `from` up to five days before a 2026 offset change, a device zone
/// (often the changing one), and up to six `RuleGenerator` rules around the change, a quarter of
/// them with a time off the others' grid, so they are written as several events.
struct RandomExportScenario {
    var from: LocalDate
    var device: TimeZone
    var rules: [AlarmRule]

    init(using rng: inout RuleGenerator) {
        let transition = rng.element(of: ICalendarExportRoundTripTests.transitions2026)
        let center = LocalDate(daysSinceEpoch: Int64(transition.epochSeconds / 86_400))
        from = center.adding(days: -Int.random(in: 0...5, using: &rng))
        device = rng.chance(1, in: 2) ? transition.zone : Zones.named(rng.element(of: RuleGenerator.zoneIdentifiers))
        rules = rng.rules(maximumCount: 6, near: center, hotspot: transition)
        for index in rules.indices where rng.chance(1, in: 4) {
            let extra = rng.time()
            if !rules[index].times.contains(extra) { rules[index].times.append(extra) }
        }
    }
}
