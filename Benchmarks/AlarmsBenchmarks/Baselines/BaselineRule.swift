import Foundation
import RecurringAlarms

/// A rule as the baselines read it, prepared once outside the timed loop: the plain values
/// an app would keep next to its `Calendar` code.
struct BaselineRule {
    struct Time {
        let hour: Int
        let minute: Int
        let second: Int
        /// `HH:mm:ss`, for the formatter baseline.
        let text: String
        var secondsSinceMidnight: Int64 { Int64(hour * 3600 + minute * 60 + second) }
    }

    let id: String
    /// `nil` for a floating rule (the scenario's device zone).
    let zone: TimeZone?
    /// `Calendar` numbering: Sunday = 1 … Saturday = 7.
    let calendarWeekdays: [Int]
    let localeWeekdays: [Locale.Weekday]
    let times: [Time]
    let once: LocalDate?
    let everyWeeks: Int
    let start: LocalDate?
    let end: LocalDate?
    let skips: Set<Int64>
    let gap: GapPolicy
    let overlap: OverlapPolicy

    init(_ rule: AlarmRule) {
        id = rule.id
        if case .fixed(let zone) = rule.timeZone { self.zone = zone } else { zone = nil }
        times = Set(rule.times).sorted().map {
            // HH:mm:ss always, as the tutorial's formatter reads it (TimeOfDay prints 07:30 for 07:30:00).
            Time(
                hour: $0.hour, minute: $0.minute, second: $0.second,
                text: [$0.hour, $0.minute, $0.second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":"))
        }
        skips = Set(rule.skippedDates.map(\.daysSinceEpoch))
        gap = rule.gapPolicy
        overlap = rule.overlapPolicy
        switch rule.repeats {
        case .weekly(let days, let everyWeeks, let start, let end):
            let ordered = days.days
            calendarWeekdays = ordered.map { $0.isoNumber % 7 + 1 }
            localeWeekdays = ordered.map { [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday][$0.isoNumber - 1] }
            once = nil
            self.everyWeeks = max(everyWeeks, 1)
            self.start = start
            self.end = end
        case .once(let date):
            calendarWeekdays = []
            localeWeekdays = []
            once = date
            everyWeeks = 1
            start = nil
            end = nil
        }
    }

    static func enabled(_ rules: [AlarmRule]) -> [BaselineRule] {
        rules.filter(\.isEnabled).map(BaselineRule.init)
    }

    /// The date tests other than the weekday, on local day number `day`, as app code would
    /// write them; `weekPhase: false` leaves every-N-weeks to an API that handles it.
    func passesDateTests(day: Int64, weekPhase: Bool = true) -> Bool {
        if skips.contains(day) { return false }
        if let once { return once.daysSinceEpoch == day }
        if let start, day < start.daysSinceEpoch { return false }
        if let end, day > end.daysSinceEpoch { return false }
        if weekPhase, everyWeeks > 1, let start {
            let weeks = (Reference.monday(day) - Reference.monday(start.daysSinceEpoch)) / 7
            return Reference.floorMod(weeks, Int64(everyWeeks)) == 0
        }
        return true
    }
}

/// The Foundation objects for one zone, created once per zone before timing.
final class ZoneTools {
    let calendar: Calendar
    /// `yyyy-MM-dd` in the zone.
    let dayFormatter: DateFormatter
    /// `yyyy-MM-dd HH:mm:ss` in the zone.
    let dateTimeFormatter: DateFormatter

    init(zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.firstWeekday = 2   // weeks start on Monday, as the rule format defines them
        self.calendar = calendar
        func formatter(_ format: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = format
            return formatter
        }
        dayFormatter = formatter("yyyy-MM-dd")
        dateTimeFormatter = formatter("yyyy-MM-dd HH:mm:ss")
    }

    /// The local day number (days since 1970-01-01) of `date` in this zone.
    func localDay(_ date: Date) -> Int64 {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!.daysSinceEpoch
    }
}

/// Zone tools for every zone of the workload and every device zone of the scenarios.
struct BaselineZones {
    private let tools: [String: ZoneTools]

    init() {
        var tools: [String: ZoneTools] = [:]
        for identifier in Workload.zoneIdentifiers + Workload.scenarios.map(\.deviceTimeZone.identifier) where tools[identifier] == nil {
            tools[identifier] = ZoneTools(zone: TimeZone(identifier: identifier)!)
        }
        self.tools = tools
    }

    func tools(for rule: BaselineRule, _ scenario: Scenario) -> ZoneTools {
        tools[(rule.zone ?? scenario.deviceTimeZone).identifier]!
    }
}
