import RecurringAlarms

/// The parts of an `RRULE` that map onto an alarm rule, read from its value.
struct RRule: Sendable {
    enum Frequency: Sendable { case weekly, daily }

    var frequency: Frequency = .weekly
    var interval = 1
    /// `BYDAY`, or `nil` when absent.
    var days: WeekdaySet?
    var hours: [Int]?
    var minutes: [Int]?
    var seconds: [Int]?
    var until: ICalendarDateTime?
    var count: Int?
    /// Each part as written (`UNTIL=20251130T000000Z`) with its offset in the value, by
    /// upper-cased name, so a problem found later points at it.
    var parts: [String: (text: String, offset: Int)] = [:]
}

/// Reads an `RRULE` value (RFC 5545 §3.3.10), reporting every part that is malformed or that
/// changes when the rule fires in a way an alarm rule cannot express.
enum RRuleParser {
    /// The largest `COUNT` and `INTERVAL` read; larger ones cannot describe an alarm anyway.
    static let largestNumber = 999_999_999

    static let dayCodes: [String: Weekday] = [
        "MO": .monday, "TU": .tuesday, "WE": .wednesday, "TH": .thursday, "FR": .friday, "SA": .saturday, "SU": .sunday
    ]

    /// Why each part this library does not map cannot be an alarm rule.
    static let unsupportedParts: [String: String] = [
        "BYMONTH": "limits the rule to some months; an alarm rule fires in every month",
        "BYMONTHDAY": "picks days of the month; an alarm rule picks weekdays",
        "BYYEARDAY": "picks days of the year; an alarm rule picks weekdays",
        "BYWEEKNO": "picks weeks of the year; an alarm rule repeats every N weeks from its start",
        "BYSETPOS": "keeps only some instances of each period; an alarm rule fires at every chosen weekday and time",
        "RSCALE": "names a non-Gregorian calendar (RFC 7529); an alarm rule uses the Gregorian calendar",
        "SKIP": "moves instances that do not exist (RFC 7529); an alarm rule has none to move"
    ]

    static func parse(_ site: ICalendarValueSite, problems: inout [ICalendarReadProblem]) -> RRule? {
        let before = problems.count
        var rule = RRule()
        var seen = Set<String>()
        var sawFrequency = false
        var wkst: (value: String, offset: Int)?
        var intervalOffset = 0
        var offset = 0
        for part in site.value.split(separator: ";", omittingEmptySubsequences: false) {
            let partOffset = offset
            offset += part.utf8.count + 1
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pieces[0]).uppercased()
            guard pieces.count == 2, !name.isEmpty else {
                problems.append(site.problem(at: partOffset, value: String(part), "is not a NAME=VALUE part of a recurrence rule"))
                continue
            }
            let text = String(pieces[1])
            let valueOffset = partOffset + pieces[0].utf8.count + 1
            func report(_ message: String) {
                problems.append(site.problem(at: partOffset, value: String(part), message))
            }
            guard seen.insert(name).inserted else {
                report("repeats \(name); each part may appear once")
                continue
            }
            rule.parts[name] = (String(part), partOffset)
            if let why = unsupportedParts[name] {
                report("\(name) \(why)")
                continue
            }
            switch name {
            case "FREQ":
                sawFrequency = true
                switch text.uppercased() {
                case "WEEKLY": rule.frequency = .weekly
                case "DAILY": rule.frequency = .daily
                case "MONTHLY", "YEARLY":
                    report(
                        "FREQ=\(text.uppercased()) repeats by \(text.uppercased() == "MONTHLY" ? "month" : "year"); an alarm rule repeats on weekdays every N weeks"
                    )
                case "HOURLY", "MINUTELY", "SECONDLY":
                    report("FREQ=\(text.uppercased()) repeats within a day; an alarm rule fires at fixed times of day")
                default:
                    report("is not a frequency; expected WEEKLY or DAILY (SECONDLY … YEARLY exist but do not map onto an alarm rule)")
                }
            case "INTERVAL":
                intervalOffset = partOffset
                guard let number = positiveNumber(text) else {
                    report("is not a whole number from 1 to \(largestNumber)")
                    continue
                }
                rule.interval = number
            case "COUNT":
                guard let number = positiveNumber(text) else {
                    report("is not a whole number from 1 to \(largestNumber)")
                    continue
                }
                rule.count = number
            case "UNTIL":
                guard let until = ICalendarDateTime(text) else {
                    report("is not a date or date-time; \(ICalendarDateTime.expectedForms)")
                    continue
                }
                rule.until = until
            case "BYHOUR": rule.hours = numbers(text, name: name, range: 0...23, report: report)
            case "BYMINUTE": rule.minutes = numbers(text, name: name, range: 0...59, report: report)
            case "BYSECOND":
                if text.split(separator: ",").contains("60") {
                    report("BYSECOND=60 is a leap second; an alarm rule's times run 00:00:00 to 23:59:59")
                    continue
                }
                rule.seconds = numbers(text, name: name, range: 0...59, report: report)
            case "BYDAY":
                var days = WeekdaySet()
                var valid = true
                for code in text.split(separator: ",", omittingEmptySubsequences: false) {
                    let upper = code.uppercased()
                    if let day = dayCodes[upper] {
                        days.insert(WeekdaySet(day))
                    } else if upper.count > 2, dayCodes[String(upper.suffix(2))] != nil {
                        report(
                            "BYDAY=\(code) picks one \(upper.suffix(2)) of each month or year by number; an alarm rule fires on every chosen weekday"
                        )
                        valid = false
                    } else {
                        report("BYDAY \"\(code)\" is not a weekday; expected MO TU WE TH FR SA SU")
                        valid = false
                    }
                }
                if valid { rule.days = days }
            case "WKST":
                guard dayCodes[text.uppercased()] != nil else {
                    report("is not a weekday; expected MO TU WE TH FR SA SU")
                    continue
                }
                wkst = (text.uppercased(), valueOffset)
            default:
                report("\(name) is not a recurrence rule part this library knows; an alarm rule cannot follow it")
            }
        }
        if !sawFrequency {
            problems.append(site.problem("has no FREQ; expected FREQ=WEEKLY or FREQ=DAILY"))
        }
        if rule.count != nil, rule.until != nil {
            problems.append(site.problem("has both COUNT and UNTIL; RFC 5545 allows one of them"))
        }
        if rule.frequency == .daily, sawFrequency, rule.interval > 1 {
            problems.append(
                site.problem(
                    at: intervalOffset, value: "INTERVAL=\(rule.interval)",
                    "with FREQ=DAILY repeats every \(rule.interval) days, across weeks; an alarm rule repeats on weekdays every N weeks (use FREQ=WEEKLY)"
                ))
        }
        if rule.frequency == .weekly, sawFrequency, !AlarmRule.everyWeeksRange.contains(rule.interval) {
            problems.append(
                site.problem(
                    at: intervalOffset, value: "INTERVAL=\(rule.interval)",
                    "repeats every \(rule.interval) weeks; an alarm rule repeats every \(AlarmRule.everyWeeksRange.lowerBound) to \(AlarmRule.everyWeeksRange.upperBound) weeks"
                ))
        }
        if let wkst, let start = dayCodes[wkst.value], rule.frequency == .weekly, rule.interval > 1, let days = rule.days,
            let (before, after) = splitWeek(days, weekStart: start)
        {
            let (earlier, later) = (codes(before), codes(after))
            problems.append(
                site.problem(
                    at: wkst.offset, value: "WKST=\(wkst.value)",
                    "with INTERVAL=\(rule.interval) counts weeks from \(wkst.value), so \(earlier) falls in the week before \(later) of the same such week; an alarm rule counts weeks Monday to Sunday and repeats every \(rule.interval) weeks only days of one of them (make \(earlier) one event and \(later) another)"
                ))
        }
        return problems.count == before ? rule : nil
    }

    /// The days of a week that starts on `weekStart` split where an alarm rule's weeks start,
    /// on Monday: the days from `weekStart` to Sunday, then those from Monday on, when `days` has
    /// some of each; `nil` when the weeks group `days` as Monday-first weeks do (every WKST with
    /// one group, and `MO` always), so that counting every N weeks from either gives the same dates.
    ///
    /// With `WKST=SU`, a rule on `MO,WE` has the same weeks as a Monday-first one; a rule on
    /// `SU,MO` does not: the Sunday of each Sunday-first week is in the Monday-first week before.
    static func splitWeek(_ days: WeekdaySet, weekStart: Weekday) -> (before: [Weekday], after: [Weekday])? {
        let before = days.days.filter { $0.isoNumber >= weekStart.isoNumber }
        let after = days.days.filter { $0.isoNumber < weekStart.isoNumber }
        return before.isEmpty || after.isEmpty ? nil : (before, after)
    }

    /// `SU` or `MO,TU`: days as `BYDAY` writes them.
    private static func codes(_ days: [Weekday]) -> String { days.map(\.iCalendarText).joined(separator: ",") }

    /// `1`…``largestNumber`` written as plain digits, else `nil`.
    static func positiveNumber(_ text: String) -> Int? {
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = Int(text), number >= 1
        else { return nil }
        return number
    }

    /// A comma-separated list of numbers within `range`, sorted and without repeats; `nil`
    /// (with a problem) when any entry is not one.
    static func numbers(_ text: String, name: String, range: ClosedRange<Int>, report: (String) -> Void) -> [Int]? {
        var values = Set<Int>()
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard entry.utf8.count <= 2, entry.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let number = Int(entry), range.contains(number)
            else {
                report("\(name) \"\(entry)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            values.insert(number)
        }
        return values.sorted()
    }
}
