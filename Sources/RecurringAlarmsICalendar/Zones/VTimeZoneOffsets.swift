import Foundation
import RecurringAlarms

/// The UTC offsets a calendar's own `VTIMEZONE` gives (RFC 5545 §3.6.5), read so that an import
/// can say where they disagree with the IANA zone a Windows or globally unique `TZID` is read as.
///
/// Each `STANDARD` or `DAYLIGHT` observance has an onset at its `DTSTART` (local time, read with
/// its `TZOFFSETFROM`), then at each of its `RDATE`s and each date of a yearly `RRULE` as calendar
/// programs write them: `FREQ=YEARLY` with `BYMONTH`, and `BYDAY=nSU` (n from 1 to 4, or -1),
/// `BYMONTHDAY=d,…,d+6;BYDAY=SU`, or neither (`DTSTART`'s day), with `UNTIL`, `COUNT` or
/// `INTERVAL`. At an instant the offset is the `TZOFFSETTO` of the latest onset at or before it;
/// before every onset, the earliest observance's `TZOFFSETFROM`. Anything else makes the
/// component unreadable, with the reason: it is then not compared.
struct VTimeZoneOffsets: Sendable {
    /// One onset: its instant (seconds since 1970) and the offset from then on.
    struct Onset: Sendable, Equatable {
        var instant: Int64
        var offset: Int64
    }

    /// A yearly `RRULE` of an observance.
    private struct YearlyRule: Sendable {
        var month: Int
        var weekday: Weekday?
        /// With ``weekday``: the n-th (1…4) or last (-1) one of the month.
        var ordinal: Int?
        /// With ``weekday``: the first day of the seven it falls on; without: the day.
        var firstDay: Int?
        var interval: Int
        /// The last year with an onset, from `COUNT`.
        var lastYear: Int?
        /// `UNTIL`: an instant, or a local date-time compared with the onsets' local times.
        var untilInstant: Int64?
        var untilLocal: LocalDateTime?
    }

    private struct Observance: Sendable {
        var start: LocalDateTime
        var from: Int64
        var to: Int64
        var rule: YearlyRule?
        var dates: [LocalDateTime]
    }

    private var observances: [Observance]

    /// The offsets `component` gives, or why they cannot be read.
    static func read(_ component: ICalendarComponent) -> Result<VTimeZoneOffsets, Unreadable> {
        var observances: [Observance] = []
        for child in component.children where child.name == "STANDARD" || child.name == "DAYLIGHT" {
            func first(_ name: String) -> String? { child.properties(named: name).first?.value }
            guard let startText = first("DTSTART"), let start = ICalendarDateTime(startText), let time = start.time, !start.isUTC
            else {
                return .failure(Unreadable(line: child.line, why: "\(child.name) has no local DTSTART"))
            }
            guard let from = first("TZOFFSETFROM").flatMap(Self.offset), let to = first("TZOFFSETTO").flatMap(Self.offset) else {
                return .failure(Unreadable(line: child.line, why: "\(child.name) has no TZOFFSETFROM and TZOFFSETTO of the form +HHMM"))
            }
            var observance = Observance(start: LocalDateTime(date: start.date, time: time), from: from, to: to, rule: nil, dates: [])
            for rdate in child.properties(named: "RDATE") {
                for value in rdate.value.split(separator: ",") {
                    guard let date = ICalendarDateTime(String(value)), let time = date.time, !date.isUTC else {
                        return .failure(Unreadable(line: rdate.line, why: "RDATE \"\(value)\" is not a local date-time"))
                    }
                    observance.dates.append(LocalDateTime(date: date.date, time: time))
                }
            }
            let rules = child.properties(named: "RRULE")
            if rules.count > 1 { return .failure(Unreadable(line: rules[1].line, why: "\(child.name) has two RRULEs")) }
            if let rrule = rules.first {
                switch yearlyRule(rrule.value, start: observance.start) {
                case .success(let rule): observance.rule = rule
                case .failure(let unreadable): return .failure(Unreadable(line: rrule.line, why: "RRULE " + unreadable.why))
                }
            }
            observances.append(observance)
        }
        guard !observances.isEmpty else { return .failure(Unreadable(line: component.line, why: "it has no STANDARD or DAYLIGHT")) }
        return .success(VTimeZoneOffsets(observances: observances))
    }

    /// Why a `VTIMEZONE` could not be read, and where.
    struct Unreadable: Error, Sendable {
        var line: Int
        var why: String
    }

    /// Every onset that decides the offsets from `from` through `through` (seconds since 1970):
    /// each observance's last onset before `from` and all in between, sorted.
    /// - Complexity: O(observances × (years spanned + dates)), then a sort.
    func onsets(from: Int64, through: Int64) -> [Onset] {
        let firstYear = LocalDateTime(wallSeconds: from).date.year - 1
        let lastYear = LocalDateTime(wallSeconds: through).date.year + 1
        var onsets: [Onset] = []
        for observance in observances {
            func add(_ local: LocalDateTime) {
                let instant = local.wallSeconds - observance.from
                if instant <= through { onsets.append(Onset(instant: instant, offset: observance.to)) }
            }
            add(observance.start)
            observance.dates.forEach(add)
            guard let rule = observance.rule else { continue }
            let startYear = observance.start.date.year
            let ruleLast = min(rule.lastYear ?? .max, lastYear)
            let years: [Int]
            if ruleLast < max(startYear, firstYear) {
                // A rule that ended before the span still decides the offset at its start.
                years = ruleLast >= startYear ? [ruleLast] : []
            } else {
                years = Array(max(startYear, firstYear)...ruleLast)
            }
            for year in years where (year - observance.start.date.year) % rule.interval == 0 {
                guard let date = Self.date(of: rule, in: year) else { continue }
                let local = LocalDateTime(date: date, time: observance.start.time)
                guard local > observance.start else { continue }
                if let until = rule.untilInstant, local.wallSeconds - observance.from > until { continue }
                if let until = rule.untilLocal, local > until { continue }
                add(local)
            }
        }
        return onsets.sorted { ($0.instant, $0.offset) < ($1.instant, $1.offset) }
    }

    /// The offset at `instant` by `onsets` (from ``onsets(from:through:)``).
    func offset(at instant: Int64, onsets: [Onset]) -> Int64 {
        onsets.last(where: { $0.instant <= instant })?.offset
            ?? observances.min(by: { $0.start < $1.start })!.from
    }

    /// `+HHMM` or `+HHMMSS` (RFC 5545 §3.3.14) in seconds.
    private static func offset(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            let hours = DigitParser.number(bytes, 1, 2), let minutes = DigitParser.number(bytes, 3, 2), hours < 24, minutes < 60
        else { return nil }
        let seconds = bytes.count == 7 ? DigitParser.number(bytes, 5, 2) : 0
        guard let seconds, seconds < 60 else { return nil }
        let magnitude = Int64(hours * 3600 + minutes * 60 + seconds)
        return bytes[0] == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    private static func yearlyRule(_ text: String, start: LocalDateTime) -> Result<YearlyRule, Unreadable> {
        func fail(_ why: String) -> Result<YearlyRule, Unreadable> { .failure(Unreadable(line: 0, why: why)) }
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2 else { return fail("part \"\(part)\" is not NAME=VALUE") }
            parts[pieces[0].uppercased()] = pieces[1].uppercased()
        }
        let read: Set = ["FREQ", "WKST", "BYMONTH", "INTERVAL", "BYDAY", "BYMONTHDAY", "COUNT", "UNTIL"]
        if let other = parts.keys.filter({ !read.contains($0) }).sorted().first { return fail("has \(other), which is not read") }
        guard parts.removeValue(forKey: "FREQ") == "YEARLY" else { return fail("is not FREQ=YEARLY") }
        parts.removeValue(forKey: "WKST")
        var rule = YearlyRule(month: start.date.month, interval: 1)
        if let month = parts.removeValue(forKey: "BYMONTH") {
            guard let number = Int(month), (1...12).contains(number) else { return fail("BYMONTH=\(month) is not one month") }
            rule.month = number
        }
        if let interval = parts.removeValue(forKey: "INTERVAL") {
            guard let number = Int(interval), number >= 1 else { return fail("INTERVAL=\(interval) is not a whole number") }
            rule.interval = number
        }
        if let day = parts.removeValue(forKey: "BYDAY") {
            guard let weekday = RRuleParser.dayCodes[String(day.suffix(2))] else { return fail("BYDAY=\(day) is not a weekday") }
            rule.weekday = weekday
            let ordinal = day.dropLast(2)
            if !ordinal.isEmpty {
                guard let number = Int(ordinal), (1...4).contains(number) || number == -1 else {
                    return fail("BYDAY=\(day) is not the 1st to 4th or the last weekday")
                }
                rule.ordinal = number
            }
        }
        if let days = parts.removeValue(forKey: "BYMONTHDAY") {
            let numbers = days.split(separator: ",").compactMap { Int($0) }
            let consecutive = numbers.count == 7 && zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 }
            guard let first = numbers.first, (1...28).contains(first), rule.ordinal == nil,
                rule.weekday == nil ? numbers.count == 1 : consecutive
            else { return fail("BYMONTHDAY=\(days) is not one day, or seven days in a row with one BYDAY") }
            rule.firstDay = first
        }
        if rule.weekday != nil, rule.ordinal == nil, rule.firstDay == nil { return fail("BYDAY without a number picks several days") }
        if rule.weekday == nil, rule.firstDay == nil { rule.firstDay = start.date.day }
        if let count = parts.removeValue(forKey: "COUNT") {
            guard let number = Int(count), number >= 1 else { return fail("COUNT=\(count) is not a whole number") }
            rule.lastYear = start.date.year + (number - 1) * rule.interval
        }
        if let until = parts.removeValue(forKey: "UNTIL") {
            guard let value = ICalendarDateTime(until) else { return fail("UNTIL=\(until) is not a date-time") }
            let local = LocalDateTime(date: value.date, time: value.time ?? TimeOfDay(secondsSinceMidnight: 86_399)!)
            if value.isUTC { rule.untilInstant = local.wallSeconds } else { rule.untilLocal = local }
            // The local year, within a day of the UTC one: the onsets past it are dropped by UNTIL itself.
            rule.lastYear = min(rule.lastYear ?? .max, LocalDate(daysSinceEpoch: value.date.daysSinceEpoch + 1).year)
        }
        return .success(rule)
    }

    /// The date of `rule`'s onset in `year`, if there is one.
    private static func date(of rule: YearlyRule, in year: Int) -> LocalDate? {
        let monthDays = CivilArithmetic.daysInMonth(year: year, month: rule.month)
        guard let weekday = rule.weekday else {
            return LocalDate(year: year, month: rule.month, day: min(rule.firstDay ?? 1, monthDays))
        }
        let firstDay: Int
        if let ordinal = rule.ordinal {
            firstDay = ordinal == -1 ? monthDays - 6 : 1 + 7 * (ordinal - 1)
        } else {
            firstDay = rule.firstDay ?? 1
        }
        let start = CivilArithmetic.daysFromCivil(year: year, month: rule.month, day: firstDay)
        let shift = CivilArithmetic.floorMod(Int64(weekday.rawValue - CivilArithmetic.isoWeekday(ofDay: start)), 7)
        return LocalDate(daysSinceEpoch: start + shift)
    }
}
