import Foundation
import RecurringAlarms

/// The weekly pattern an event describes: which dates have instances, at which times.
struct ICalendarPattern: Sendable {
    var days: WeekdaySet
    var everyWeeks: Int
    var start: LocalDate
    var end: LocalDate?
    /// Ascending, without repeats.
    var times: [TimeOfDay]
    /// `false` for an event without `RRULE`: one date.
    var repeats: Bool

    var timesText: String { times.map(\.description).joined(separator: ", ") }

    /// The pattern of an imported rule: its dates and times.
    init(_ rule: AlarmRule) {
        times = Set(rule.times).sorted()
        switch rule.repeats {
        case .once(let date):
            (days, everyWeeks, start, end, repeats) = (WeekdaySet(date.weekday), 1, date, date, false)
        case .weekly(let days, let everyWeeks, let start, let end):
            // An imported weekly rule has a start: its DTSTART's date.
            (self.days, self.everyWeeks, self.start, self.end, repeats) = (days, everyWeeks, start ?? .earliest, end, true)
        }
    }

    init(days: WeekdaySet, everyWeeks: Int, start: LocalDate, end: LocalDate?, times: [TimeOfDay], repeats: Bool) {
        (self.days, self.everyWeeks, self.start, self.end, self.times, self.repeats) = (days, everyWeeks, start, end, times, repeats)
    }

    /// Whether `date` has instances: the engine's one eligibility test (weekday, range and
    /// every-N-weeks phase) on the rule this pattern becomes.
    func isOccurrence(_ date: LocalDate) -> Bool {
        let recurrence: Recurrence =
            repeats ? .weekly(days: days, everyWeeks: everyWeeks, start: start, end: end) : .once(start)
        return RecurrenceEligibility(recurrence).hasInstances(day: date.daysSinceEpoch)
    }

    /// The `number`-th (1-based) date with instances, or `nil` past 9999-12-31. O(1).
    func occurrenceDate(number: Int) -> LocalDate? {
        guard repeats else { return number == 1 ? start : nil }
        let weekdays = days.days
        let firstWeek = weekdays.filter { $0.isoNumber >= start.weekday.isoNumber }
        let startMonday = CivilArithmetic.monday(ofDay: start.daysSinceEpoch)
        let day: Int64
        if number <= firstWeek.count {
            day = startMonday + Int64(firstWeek[number - 1].isoNumber - 1)
        } else {
            let rest = Int64(number - firstWeek.count - 1)
            let week = rest / Int64(weekdays.count) + 1
            // COUNT and INTERVAL are below 10^9 each, but their product in days need not fit.
            let (weeks, overflow) = week.multipliedReportingOverflow(by: Int64(everyWeeks) * 7)
            guard !overflow, weeks <= LocalDate.latest.daysSinceEpoch - startMonday else { return nil }
            day = startMonday + weeks + Int64(weekdays[Int(rest % Int64(weekdays.count))].isoNumber - 1)
        }
        return day <= LocalDate.latest.daysSinceEpoch ? LocalDate(daysSinceEpoch: day) : nil
    }
}
