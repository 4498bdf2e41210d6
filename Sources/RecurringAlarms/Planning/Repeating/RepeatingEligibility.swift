import Foundation

/// Which rules may be handed to weekly repeating triggers: those whose every occurrence such a
/// trigger rings exactly, for as long as it stays registered.
///
/// A repeating calendar trigger cannot skip a date, stop at an end date, start later, repeat
/// every N weeks, or follow a gap/overlap policy, and it reads its components on the device
/// clock. So a rule qualifies only when it is enabled, floating, weekly every week, already
/// started (its start, if any, is at most today on the device clock), without an end date,
/// without a skip date from today on (skip-next requests count, as the book plans them as skip
/// dates), and none of its times on its weekdays falls in a daylight-saving gap or overlap of
/// the device zone within ``lookahead`` of `now`.
///
/// The device zone's transitions are read once, when this is made; each rule then costs
/// O(times × transitions) integer comparisons.
struct RepeatingEligibility {
    /// How far ahead a gap or overlap disqualifies a time: two years of 366 days.
    static let lookahead: Int64 = 2 * 366 * CivilArithmetic.secondsPerDay

    /// The device's local date at `now`.
    let today: LocalDate
    /// Wall-time spans (seconds since 1970-01-01T00:00 local, end exclusive) that a gap skips
    /// or an overlap repeats.
    private let irregular: [(from: Int64, to: Int64)]

    init(now: Date, deviceTimeZone: TimeZone) {
        let lower = CivilArithmetic.wholeSeconds(now)
        let table = ZoneOffsetTable(zone: deviceTimeZone, from: lower, through: lower + Self.lookahead)
        var spans: [(from: Int64, to: Int64)] = []
        for index in table.starts.indices.dropFirst() {
            let change = table.starts[index]
            let before = table.offsets[index - 1]
            let after = table.offsets[index]
            spans.append((change + min(before, after), change + max(before, after)))
        }
        irregular = spans
        today = LocalDateTime(wallSeconds: lower + table.offset(atInstant: lower)).date
    }

    /// Whether `rule` may be planned as repeating alarms of one weekday (or every day) each.
    func isEligible(_ rule: AlarmRule) -> Bool {
        guard let days = repeatingDays(of: rule) else { return false }
        return !rule.times.contains { falls($0, on: days) }
    }

    /// The weekdays of `rule` when all but its times let it repeat (enabled, floating, weekly
    /// every week, started, endless, no skip date from today on), else `nil`. Its times still
    /// need ``falls(_:on:)`` to be false.
    func repeatingDays(of rule: AlarmRule) -> WeekdaySet? {
        guard rule.isEnabled, rule.timeZone == .floating,
            case .weekly(let days, let everyWeeks, let start, let end) = rule.repeats,
            everyWeeks == 1, end == nil, start.map({ $0 <= today }) ?? true,
            !rule.skippedDates.contains(where: { $0 >= today })
        else { return nil }
        return days
    }

    /// Whether a gap or overlap ahead holds `time` on one of `days`.
    func falls(_ time: TimeOfDay, on days: WeekdaySet) -> Bool {
        let seconds = Int64(time.secondsSinceMidnight)
        for span in irregular {
            var day = CivilArithmetic.floorDiv(span.from, CivilArithmetic.secondsPerDay)
            while day * CivilArithmetic.secondsPerDay + seconds < span.to {
                let wall = day * CivilArithmetic.secondsPerDay + seconds
                if wall >= span.from, days.contains(LocalDate(daysSinceEpoch: day).weekday) { return true }
                day += 1
            }
        }
        return false
    }

    /// The alarms of one weekday (or every day) each that `rule` needs: one per time when it
    /// fires every day, else one per weekday and time.
    static func slots(of rule: AlarmRule) -> [RepeatingAlarm] {
        guard case .weekly(let days, _, _, _) = rule.repeats else { return [] }
        if days == .daily { return rule.times.map { RepeatingAlarm(ruleID: rule.id, weekdays: .daily, time: $0) } }
        return days.days.flatMap { day in rule.times.map { RepeatingAlarm(ruleID: rule.id, weekdays: WeekdaySet(day), time: $0) } }
    }
}
