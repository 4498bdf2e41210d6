import Foundation

/// Which rules, or times of rules, may be handed to weekly repeating triggers: those whose
/// every occurrence such a trigger rings exactly, for as long as it stays registered.
///
/// A repeating trigger cannot skip a date, stop at an end date, start later, repeat every N
/// weeks, or follow a gap/overlap policy, and it reads its time on the device clock. So a rule
/// qualifies only when it is enabled, floating, weekly every week, already started (its start,
/// if any, is at most today on the device clock), without an end date and without a skip date
/// from today on (skip-next requests count, as the book plans them as skip dates); and a time
/// only when, on the rule's weekdays, it falls in no daylight-saving gap or overlap of the
/// device zone within ``lookahead`` of `now`. Per weekday every time of the rule must pass;
/// per time each time is judged alone and must also have no seconds (see
/// ``RepeatingAlarm/Granularity``).
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

    /// What of rule `index` of `schedule` may repeat, cut as `granularity` says: the whole
    /// rule, its alarms one per weekday and time (one per time on all seven days), when none of
    /// its times falls in a gap or overlap ahead; or each time without seconds that falls in
    /// none, as one alarm on the rule's weekdays. A schedule holds only enabled rules, and its
    /// entry says the rest (``CompiledRule/plannedRecurrence``, its zone, times and skipped
    /// days, a book's skip-next dates among them).
    func candidates(ofRuleAt index: Int, in schedule: AlarmSchedule, _ granularity: RepeatingAlarm.Granularity)
        -> [RepeatingCandidate]
    {
        guard schedule.rules[index].zoneIndex == 0, let days = repeatingDays(ofRuleAt: index, in: schedule) else { return [] }
        let times = Array(schedule.ruleTimes(at: index))
        let ruleID = schedule.ruleIDs[index]
        switch granularity {
        case .perWeekday:
            guard mayRepeat(times, on: days, granularity) else { return [] }
            let alarms =
                days == .daily
                ? times.map { RepeatingAlarm(ruleID: ruleID, weekdays: .daily, time: $0) }
                : days.days.flatMap { day in times.map { RepeatingAlarm(ruleID: ruleID, weekdays: WeekdaySet(day), time: $0) } }
            return [RepeatingCandidate(key: .init(ruleID: ruleID, time: nil), times: times, alarms: alarms)]
        case .perTime:
            return times.filter { mayRepeat($0, on: days, granularity) }.map { time in
                RepeatingCandidate(
                    key: .init(ruleID: ruleID, time: time), times: [time],
                    alarms: [RepeatingAlarm(ruleID: ruleID, weekdays: days, time: time)])
            }
        }
    }

    /// ``repeatingDays(of:skipsFromToday:)`` of rule `index` of `schedule`, judged from its
    /// entry (``CompiledRule/plannedRecurrence`` and its last skipped day); a schedule holds
    /// only enabled rules. Its zone is the caller's to judge: the planner asks it of floating
    /// rules, the fixed-to-device-zone warnings of rules fixed to the device's zone.
    func repeatingDays(ofRuleAt index: Int, in schedule: AlarmSchedule) -> WeekdaySet? {
        repeatingDays(
            of: schedule.rules[index].plannedRecurrence, skipsFromToday: schedule.skipsFromDay(today, ofRuleAt: index))
    }

    /// The weekdays of an enabled, floating rule that repeats as `recurrence` says, when all
    /// but its times let it repeat (weekly every week, started, endless, and no skip date from
    /// today on: `skipsFromToday` is false), else `nil`. Its times still need
    /// ``mayRepeat(_:on:_:)``.
    func repeatingDays(of recurrence: Recurrence, skipsFromToday: Bool) -> WeekdaySet? {
        guard !skipsFromToday, case .weekly(let days, let everyWeeks, let start, let end) = recurrence,
            everyWeeks == 1, end == nil, start.map({ $0 <= today }) ?? true
        else { return nil }
        return days
    }

    /// Whether `times`, on `days` (their rule's ``repeatingDays(of:skipsFromToday:)``), let the
    /// rule repeat as `granularity` cuts it: all of them, per weekday; any one, per time.
    func mayRepeat(_ times: some Sequence<TimeOfDay>, on days: WeekdaySet, _ granularity: RepeatingAlarm.Granularity) -> Bool {
        switch granularity {
        case .perWeekday: times.allSatisfy { mayRepeat($0, on: days, granularity) }
        case .perTime: times.contains { mayRepeat($0, on: days, granularity) }
        }
    }

    /// Whether `time` may repeat on `days` as `granularity` cuts it: it falls in no gap or
    /// overlap ahead, and per time it has no seconds.
    private func mayRepeat(_ time: TimeOfDay, on days: WeekdaySet, _ granularity: RepeatingAlarm.Granularity) -> Bool {
        (granularity == .perWeekday || time.second == 0) && !falls(time, on: days)
    }

    /// Whether a gap or overlap ahead holds `time` on one of `days`.
    private func falls(_ time: TimeOfDay, on days: WeekdaySet) -> Bool {
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
}

/// What the hybrid planner admits as repeating at once: a whole rule (per weekday) or one time
/// of a rule (per time), with the alarms that stand for it.
struct RepeatingCandidate {
    /// Which fires of the one-shot plan the candidate's alarms replace: those of `ruleID` at
    /// `time`, or at any time when `time` is `nil`.
    struct Key: Hashable {
        let ruleID: String
        let time: TimeOfDay?
    }

    let key: Key
    /// The rule's times that repeat once it is admitted; the rest of the rule stays one-shot.
    let times: [TimeOfDay]
    let alarms: [RepeatingAlarm]

    var ruleID: String { key.ruleID }
}

extension RepeatingAlarm.Granularity {
    /// The ``RepeatingCandidate/Key`` whose candidate a fire of the one-shot plan counts for.
    func key(of fire: Fire) -> RepeatingCandidate.Key {
        RepeatingCandidate.Key(ruleID: fire.ruleID, time: self == .perTime ? fire.local.time : nil)
    }
}
