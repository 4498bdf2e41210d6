import RecurringAlarms

/// A zone's offset changes as a yearly rule, which a `VTIMEZONE` observance can say with
/// `RRULE:FREQ=YEARLY;BYMONTH=…;BYDAY=…`: every year the same changes, each in the same month
/// on the same weekday of the same part of the month, at the same local time, between the same
/// offsets.
///
/// New York since 2007: 02:00 on the second Sunday of March, −05:00 → −04:00, and 02:00 on the
/// first Sunday of November, −04:00 → −05:00. Derived from the zone's own changes by
/// ``init(changesByYear:years:)`` and checked against every one of those years, so the rule
/// never claims a change the tz database does not have.
struct ZoneYearlyRule: Sendable, Equatable {
    /// Which day of its month a change falls on.
    enum Day: Sendable, Equatable {
        /// The first of its weekday on or after this day of the month: 8 is the second one
        /// (`BYDAY=2SU`), 23 needs `BYMONTHDAY=23,…,29`.
        case onOrAfter(Int)
        /// The last of its weekday in the month (`BYDAY=-1SU`).
        case last
    }

    /// One of each year's changes.
    struct Change: Sendable, Equatable {
        var month: Int
        var weekday: Weekday
        var day: Day
        /// The onset's local time of day, read with the offset before the change, in seconds.
        var localTime: Int64
        var from: Int64
        var to: Int64

        /// The change's `RRULE` value.
        var rrule: String {
            let weekday = weekday.iCalendarText
            let days: String
            switch day {
            case .last:
                days = "BYDAY=-1" + weekday
            case .onOrAfter(let first) where first % 7 == 1 && first <= 22:
                days = "BYDAY=\((first - 1) / 7 + 1)" + weekday
            case .onOrAfter(let first):
                days = "BYMONTHDAY=" + (first...(first + 6)).map(String.init).joined(separator: ",") + ";BYDAY=" + weekday
            }
            return "FREQ=YEARLY;BYMONTH=\(month);" + days
        }

        /// The onset in `year`, in seconds since 1970.
        func onset(in year: Int) -> Int64 {
            let monthDays = CivilArithmetic.daysInMonth(year: year, month: month)
            let firstDay: Int
            switch day {
            case .onOrAfter(let first): firstDay = first
            case .last: firstDay = monthDays - 6
            }
            let start = CivilArithmetic.daysFromCivil(year: year, month: month, day: firstDay)
            let shift = CivilArithmetic.floorMod(Int64(weekday.rawValue - CivilArithmetic.isoWeekday(ofDay: start)), 7)
            return (start + shift) * CivilArithmetic.secondsPerDay + localTime - from
        }
    }

    /// One offset change: its onset in seconds since 1970 and the offsets either side.
    struct Transition: Sendable, Equatable {
        var onset: Int64
        var from: Int64
        var to: Int64

        /// The year of the onset's local date, read with the offset before it, as `DTSTART` writes it.
        var localYear: Int { LocalDate(daysSinceEpoch: CivilArithmetic.floorDiv(onset + from, CivilArithmetic.secondsPerDay)).year }
    }

    /// Each year's changes, in onset order.
    var changes: [Change]

    /// The rule every one of `years` follows, or `nil` when they follow none: a year with no
    /// change, years with different numbers of changes, or a change whose month, weekday, local
    /// time or offsets differ between years, or whose days no weekday-of-month rule gives.
    ///
    /// The days are read from all the years: over 28 years (a whole cycle of weekdays and leap
    /// years) a change on "the first Sunday on or after the 8th" falls on each of the 8th to
    /// the 14th, which is how the rule is told from one year's date.
    ///
    /// - Complexity: O(years × changes per year).
    init?(changesByYear: [Int: [Transition]], years: ClosedRange<Int>) {
        guard let count = changesByYear[years.lowerBound]?.count, count > 0 else { return nil }
        var changes: [Change] = []
        for slot in 0..<count {
            var template: Change?
            var days: [(year: Int, day: Int)] = []
            for year in years {
                guard let transitions = changesByYear[year], transitions.count == count else { return nil }
                let transition = transitions[slot]
                let wall = transition.onset + transition.from
                let date = LocalDate(daysSinceEpoch: CivilArithmetic.floorDiv(wall, CivilArithmetic.secondsPerDay))
                let change = Change(
                    month: date.month, weekday: date.weekday, day: .last,
                    localTime: CivilArithmetic.floorMod(wall, CivilArithmetic.secondsPerDay), from: transition.from, to: transition.to)
                if let template, template != change { return nil }
                template = change
                days.append((year, date.day))
            }
            guard var change = template, let day = Self.day(of: days, month: change.month) else { return nil }
            change.day = day
            changes.append(change)
        }
        self.changes = changes
        for year in years where !predicts(changesByYear[year] ?? [], in: year) { return nil }
    }

    /// The weekday-of-month rule that gives `days`: the ordinal form when the days span one of
    /// the month's weeks 1–7, 8–14, 15–21 or 22–28; else the last weekday when every day is in
    /// the month's last seven; else the week the days span.
    private static func day(of days: [(year: Int, day: Int)], month: Int) -> Day? {
        let lowest = days.map(\.day).min()!
        let highest = days.map(\.day).max()!
        let inOneWeek = highest - lowest <= 6
        if inOneWeek && lowest % 7 == 1 && lowest <= 22 { return .onOrAfter(lowest) }
        if days.allSatisfy({ $0.day > CivilArithmetic.daysInMonth(year: $0.year, month: month) - 7 }) { return .last }
        return inOneWeek ? .onOrAfter(lowest) : nil
    }

    /// Whether `transitions` are exactly the rule's changes in `year`.
    func predicts(_ transitions: [Transition], in year: Int) -> Bool {
        transitions == changes.map { Transition(onset: $0.onset(in: year), from: $0.from, to: $0.to) }
    }
}
