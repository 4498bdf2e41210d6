import Foundation
import RecurringAlarms

// Rule builders for the tests of every target, from literals; nothing here reads the real
// clock or the system zone.

/// 2026-12-01T00:00:00Z, a Tuesday: 00:00 in London, 09:00 in Tokyo, 19:00 the day before in New York.
package let december1 = Date(timeIntervalSince1970: 1_796_083_200)

/// A rule with the common defaults: weekly on `days`, floating unless `zone` is given.
package func rule(
    _ id: String, days: WeekdaySet = .weekdays, at times: String..., zone: TimeZone? = nil, enabled: Bool = true
) -> AlarmRule {
    AlarmRule(
        id: id, isEnabled: enabled, repeats: .weekly(days: days), times: times.map { TimeOfDay(parsing: $0)! },
        timeZone: zone.map(ZoneChoice.fixed) ?? .floating)
}

/// A one-shot rule.
package func oneShot(_ id: String, on date: String, at time: String, zone: TimeZone? = nil) -> AlarmRule {
    AlarmRule(
        id: id, repeats: .once(LocalDate(parsing: date)!), times: [TimeOfDay(parsing: time)!],
        timeZone: zone.map(ZoneChoice.fixed) ?? .floating)
}

/// A weekly rule from literals; `zone == nil` makes it floating.
package func weeklyRule(
    _ id: String, days: WeekdaySet = .daily, times: [String], zone: TimeZone? = nil, everyWeeks: Int = 1,
    start: String? = nil, end: String? = nil, skip: [String] = [], gap: GapPolicy = .shift,
    overlap: OverlapPolicy = .first, enabled: Bool = true
) -> AlarmRule {
    AlarmRule(
        id: id, isEnabled: enabled,
        repeats: .weekly(days: days, everyWeeks: everyWeeks, start: start.map(day), end: end.map(day)),
        times: times.map(clock), timeZone: zone.map(ZoneChoice.fixed) ?? .floating,
        skippedDates: Set(skip.map(day)), gapPolicy: gap, overlapPolicy: overlap)
}

/// A one-shot rule from literals; `zone == nil` makes it floating.
package func onceRule(
    _ id: String, on date: String, times: [String], zone: TimeZone? = nil, skip: [String] = [],
    gap: GapPolicy = .shift, overlap: OverlapPolicy = .first, enabled: Bool = true
) -> AlarmRule {
    AlarmRule(
        id: id, isEnabled: enabled, repeats: .once(day(date)), times: times.map(clock),
        timeZone: zone.map(ZoneChoice.fixed) ?? .floating, skippedDates: Set(skip.map(day)),
        gapPolicy: gap, overlapPolicy: overlap)
}
