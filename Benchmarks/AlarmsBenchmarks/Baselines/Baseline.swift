import Foundation
import RecurringAlarms

/// The usual ways to compute alarm fires with Foundation, ported faithfully and fairly: every
/// `Calendar` and `DateFormatter` is created once per zone before timing (``ZoneTools``),
/// never per fire. Each computes every fire of a rule in `(now, upper]`; a plan is then the
/// sorted union cut to the cap, as an app using them would build it.
enum Baseline: String, CaseIterable {
    /// The classic tutorial: for each of the next day offsets read the weekday with
    /// `Calendar`, format the date with `DateFormatter`, append the time and parse it back in
    /// the rule's zone.
    case tutorial
    /// `Calendar.nextDate(after:matching:matchingPolicy:repeatedTimePolicy:)` per weekday and time.
    case nextDate
    /// `Calendar.RecurrenceRule` (weekly, weekdays, hours, minutes) per time.
    case recurrenceRule

    var caseName: String {
        switch self {
        case .tutorial: "baseline/tutorial"
        case .nextDate: "baseline/nextDate"
        case .recurrenceRule: "baseline/RecurrenceRule"
        }
    }

    /// Appends every fire of `rule` with `now < instant <= upper` to `fires`.
    func fires(of rule: BaselineRule, tools: ZoneTools, now: Date, upper: Date, into fires: inout [FireKey]) {
        switch self {
        case .tutorial: Self.tutorial(rule, tools, now, upper, &fires)
        case .nextDate: Self.nextDate(rule, tools, now, upper, &fires)
        case .recurrenceRule: Self.recurrenceRule(rule, tools, now, upper, &fires)
        }
    }

    private static func emit(_ instant: Date, _ rule: BaselineRule, day: Int64, _ time: BaselineRule.Time, _ fires: inout [FireKey]) {
        fires.append(
            FireKey(
                instant: Int64(instant.timeIntervalSince1970.rounded(.down)), ruleID: rule.id,
                wall: day * 86_400 + time.secondsSinceMidnight))
    }

    /// Day offsets 0 through 7 from the start of today in the rule's zone: the eight local
    /// dates a 7 × 24 h window can touch (a tutorial's `0..<7` would miss the last partial day).
    private static func tutorial(_ rule: BaselineRule, _ tools: ZoneTools, _ now: Date, _ upper: Date, _ fires: inout [FireKey]) {
        let calendar = tools.calendar
        if let once = rule.once {
            guard rule.passesDateTests(day: once.daysSinceEpoch) else { return }
            for time in rule.times {
                guard let date = tools.dateTimeFormatter.date(from: once.description + " " + time.text),
                    date > now, date <= upper
                else { continue }
                emit(date, rule, day: once.daysSinceEpoch, time, &fires)
            }
            return
        }
        let today = calendar.startOfDay(for: now)
        for offset in 0...7 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                rule.calendarWeekdays.contains(calendar.component(.weekday, from: day))
            else { continue }
            let dayText = tools.dayFormatter.string(from: day)
            guard let dayNumber = LocalDate(parsing: dayText)?.daysSinceEpoch, rule.passesDateTests(day: dayNumber) else { continue }
            for time in rule.times {
                guard let date = tools.dateTimeFormatter.date(from: dayText + " " + time.text), date > now, date <= upper else { continue }
                emit(date, rule, day: dayNumber, time, &fires)
            }
        }
    }

    /// The rule's gap policy as a matching policy (`shift` keeps the minutes and seconds, as
    /// RFC 5545 does; `skip` asks for exact matches), its overlap policy as a repeated-time policy.
    private static func policies(_ rule: BaselineRule) -> (Calendar.MatchingPolicy, Calendar.RepeatedTimePolicy) {
        (rule.gap == .skip ? .strict : .nextTimePreservingSmallerComponents, rule.overlap == .last ? .last : .first)
    }

    private static func nextDate(_ rule: BaselineRule, _ tools: ZoneTools, _ now: Date, _ upper: Date, _ fires: inout [FireKey]) {
        let calendar = tools.calendar
        if rule.once != nil { return oneShot(rule, tools, now, upper, &fires) }
        let (matching, repeated) = policies(rule)
        var patterns: [(DateComponents, BaselineRule.Time)] = []
        for time in rule.times {
            for weekday in rule.calendarWeekdays {
                patterns.append((DateComponents(hour: time.hour, minute: time.minute, second: time.second, weekday: weekday), time))
            }
        }
        for (components, time) in patterns {
            var cursor = now
            while let next = calendar.nextDate(after: cursor, matching: components, matchingPolicy: matching, repeatedTimePolicy: repeated),
                next <= upper
            {
                cursor = next
                let day = tools.localDay(next)
                if rule.passesDateTests(day: day) { emit(next, rule, day: day, time, &fires) }
            }
        }
    }

    /// A one-shot rule needs no search: `Calendar.date(from:)` builds the date (searching for
    /// it with `nextDate` would cost milliseconds per rule, which no app would pay).
    private static func oneShot(_ rule: BaselineRule, _ tools: ZoneTools, _ now: Date, _ upper: Date, _ fires: inout [FireKey]) {
        guard let once = rule.once, rule.passesDateTests(day: once.daysSinceEpoch) else { return }
        for time in rule.times {
            guard
                let date = tools.calendar.date(
                    from: DateComponents(
                        year: once.year, month: once.month, day: once.day, hour: time.hour,
                        minute: time.minute, second: time.second)),
                date > now, date <= upper
            else { continue }
            emit(date, rule, day: once.daysSinceEpoch, time, &fires)
        }
    }

    private static func recurrenceRule(_ rule: BaselineRule, _ tools: ZoneTools, _ now: Date, _ upper: Date, _ fires: inout [FireKey]) {
        let calendar = tools.calendar
        if rule.once != nil { return oneShot(rule, tools, now, upper, &fires) }
        let (matching, repeated) = policies(rule)
        // every-N-weeks counts weeks from the start's week, so it must start there.
        let anchor = rule.everyWeeks > 1 ? rule.start! : LocalDate(daysSinceEpoch: tools.localDay(now))
        guard let midnight = calendar.date(from: DateComponents(year: anchor.year, month: anchor.month, day: anchor.day)) else { return }
        let range = now..<upper.addingTimeInterval(1)
        for time in rule.times {
            let recurrence = Calendar.RecurrenceRule(
                calendar: calendar, frequency: .weekly, interval: rule.everyWeeks,
                matchingPolicy: matching, repeatedTimePolicy: repeated,
                weekdays: rule.localeWeekdays.map { .every($0) },
                hours: [time.hour], minutes: [time.minute])
            // Recurrences copy the start date's seconds, so the start carries the time's seconds.
            let start = midnight.addingTimeInterval(Double(time.second))
            for date in recurrence.recurrences(of: start, in: range) where date > now {
                let day = tools.localDay(date)
                if rule.passesDateTests(day: day, weekPhase: false) { emit(date, rule, day: day, time, &fires) }
            }
        }
    }
}
