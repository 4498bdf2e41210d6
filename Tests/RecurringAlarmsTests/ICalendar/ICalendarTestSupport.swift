import Foundation
import RecurringAlarms

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
