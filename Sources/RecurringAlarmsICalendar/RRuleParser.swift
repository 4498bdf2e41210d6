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

    /// The rule of `site`'s value; `nil` after reporting every problem. `start`, `DTSTART`'s
    /// time, lets a rule that repeats within a day be told its daily form.
    static func parse(_ site: ICalendarValueSite, start: TimeOfDay? = nil, problems: inout [ICalendarReadProblem]) -> RRule? {
        let before = problems.count
        var rule = RRule()
        var seen = Set<String>()
        var sawFrequency = false
        var wkst: (value: String, offset: Int)?
        var withinDay: (part: String, offset: Int)?
        var intervalOffset = 0
        var offset = 0
        for writtenPart in site.value.split(separator: ";", omittingEmptySubsequences: false) {
            let partOffset = offset
            offset += writtenPart.utf8.count + 1
            // Spaces (`BYDAY=MO, TU`, as Exchange wrote it) are reported once; the part is read without them.
            let part = writtenPart.filter { !$0.isWhitespace }
            if part.count != writtenPart.count {
                problems.append(
                    site.problem(
                        at: partOffset, value: String(writtenPart),
                        "has spaces, which RFC 5545 does not allow in a recurrence rule; write \(part)"))
            }
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
                        "repeats by \(text.uppercased() == "MONTHLY" ? "month" : "year"); an alarm rule repeats on weekdays every N weeks")
                case "HOURLY", "MINUTELY", "SECONDLY":
                    // Said once INTERVAL is known.
                    withinDay = (part, partOffset)
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
        if let withinDay {
            problems.append(
                site.problem(
                    at: withinDay.offset, value: withinDay.part, withinDayMessage(site.value, interval: rule.interval, start: start)))
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

    /// Why a rule that repeats within a day (`FREQ=HOURLY`, `MINUTELY`, `SECONDLY`) is no alarm
    /// rule, and its daily form when there is one: `repeats every 8 hours, within a day; … :
    /// FREQ=DAILY;BYHOUR=7,15,23;BYMINUTE=30 rings at the same times and imports`.
    private static func withinDayMessage(_ value: String, interval: Int, start: TimeOfDay?) -> String {
        let parts = namedParts(of: value)
        let frequency = parts.first { $0.name == "FREQ" }?.value.uppercased() ?? ""
        let unit = ["HOURLY": "hour", "MINUTELY": "minute", "SECONDLY": "second"][frequency] ?? "hour"
        let every = interval == 1 ? "every \(unit)" : "every \(interval) \(unit)s"
        var message = "repeats \(every), within a day; an alarm rule fires at fixed times of day"
        guard let start, let daily = dailyForm(of: value, start: start) else {
            if let step = step(frequency, interval: interval), 86_400 % step != 0 {
                message += " (\(every) does not divide a day, so its times change from day to day)"
            }
            return message
        }
        message += ": \(daily.rrule) rings at the same times"
        if daily.firstTime != start {
            message += ", with DTSTART at the first of them in a day, \(daily.firstTime)"
        } else {
            message += " and imports"
        }
        return message
    }

    /// The seconds between instances of `frequency` every `interval`, if it repeats within a day.
    private static func step(_ frequency: String, interval: Int) -> Int? {
        switch frequency {
        case "HOURLY": interval * 3600
        case "MINUTELY": interval * 60
        case "SECONDLY": interval
        default: nil
        }
    }

    /// The parts of an `RRULE` value, spaces dropped, names upper-cased, in order.
    private static func namedParts(of value: String) -> [(name: String, value: String)] {
        value.split(separator: ";").compactMap { part in
            let pieces = part.filter { !$0.isWhitespace }.split(separator: "=", maxSplits: 1)
            return pieces.count == 2 ? (String(pieces[0]).uppercased(), String(pieces[1])) : nil
        }
    }

    /// A rule every n hours (or minutes, or seconds) that divide a day, from `start`, as the daily
    /// rule with the same times: `FREQ=HOURLY;INTERVAL=8` from 07:30 is
    /// `FREQ=DAILY;BYHOUR=7,15,23;BYMINUTE=30` (its `COUNT`, `UNTIL`, `BYDAY` and `WKST` kept,
    /// for they count and pick instances alike). `nil` when its times change from day to day,
    /// are more than 288 or are no `BYHOUR` × `BYMINUTE` × `BYSECOND` product, or when it has
    /// other parts.
    static func dailyForm(of value: String, start: TimeOfDay) -> (rrule: String, firstTime: TimeOfDay)? {
        let parts = namedParts(of: value)
        let kept: Set = ["COUNT", "UNTIL", "BYDAY", "WKST"]
        guard let frequency = parts.first(where: { $0.name == "FREQ" })?.value.uppercased(),
            parts.allSatisfy({ kept.contains($0.name) || $0.name == "FREQ" || $0.name == "INTERVAL" })
        else { return nil }
        let interval = parts.first { $0.name == "INTERVAL" }.map { positiveNumber($0.value) } ?? 1
        guard let interval, let step = step(frequency, interval: interval), 86_400 % step == 0, 86_400 / step <= 288 else { return nil }
        let times = (0..<(86_400 / step)).map { TimeOfDay(secondsSinceMidnight: (start.secondsSinceMidnight + $0 * step) % 86_400)! }
        let products = TimeProduct.split(times)
        guard products.count == 1, let product = products.first else { return nil }
        var rule = ["FREQ=DAILY"] + parts.filter { kept.contains($0.name) }.map { $0.name + "=" + $0.value }
        rule.append("BYHOUR=" + product.hours.map(String.init).joined(separator: ","))
        rule.append("BYMINUTE=" + product.minutes.map(String.init).joined(separator: ","))
        if product.seconds != [0] { rule.append("BYSECOND=" + product.seconds.map(String.init).joined(separator: ",")) }
        return (rule.joined(separator: ";"), product.first)
    }

    /// The `RRULE` values nearest to `value` that may map, to try in turn: without its spaces,
    /// the daily form of a rule that repeats within a day, and `FREQ=WEEKLY;INTERVAL=k` for
    /// `FREQ=DAILY;INTERVAL=7k`.
    static func repairs(of value: String, start: TimeOfDay?) -> [String] {
        var candidates: [String] = []
        let spaceless = String(value.filter { !$0.isWhitespace })
        if spaceless != value { candidates.append(spaceless) }
        if let start, let daily = dailyForm(of: spaceless, start: start) { candidates.append(daily.rrule) }
        let parts = namedParts(of: spaceless)
        if parts.first(where: { $0.name == "FREQ" })?.value.uppercased() == "DAILY", !parts.contains(where: { $0.name == "BYDAY" }),
            let interval = parts.first(where: { $0.name == "INTERVAL" }).flatMap({ positiveNumber($0.value) }), interval % 7 == 0
        {
            candidates.append(
                parts.map { part in
                    switch part.name {
                    case "FREQ": "FREQ=WEEKLY"
                    case "INTERVAL": "INTERVAL=\(interval / 7)"
                    default: part.name + "=" + part.value
                    }
                }.joined(separator: ";"))
        }
        return candidates
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
