import Foundation
import RecurringAlarms

/// Option values people type, read strictly, with a "did you mean" where a near miss is likely.
/// Each throws a usage error naming the option and the offending text.
struct ValueParsers {
    let parser: OptionParser

    /// Whether `text` is a whole number as every numeric option, variable and RFC 5545's
    /// `INTERVAL` writes one: ASCII digits only, no sign (`+5` and `-1` are refused, as Swift's
    /// `Int("+5")` would accept the first).
    static func isDigits(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The day words `--days` accepts, besides full names such as `monday`.
    static let dayWords = Weekday.allNames + ["weekdays", "weekends", "daily"]

    /// `mon,tue,thu`, `weekdays`, `weekends`, `daily`, full names, any mix, separated by
    /// commas or spaces, in any case. Repeats are allowed (the set is their union).
    func days(_ text: String, flag: String = "days") throws(CLIError) -> WeekdaySet {
        var days = WeekdaySet()
        let words = text.split { $0 == "," || $0 == " " }.map { $0.lowercased() }
        guard !words.isEmpty else {
            throw parser.usage(
                "invalid value for '--\(flag)': it names no day",
                hint: "expected day words such as mon,tue,thu, or weekdays, weekends, daily")
        }
        for word in words {
            switch word {
            case "weekdays": days.formUnion(.weekdays)
            case "weekends": days.formUnion(.weekends)
            case "daily": days.formUnion(.daily)
            default:
                if let day = Weekday(name: word) ?? Weekday.mondayFirst.first(where: { Self.fullName($0) == word }) {
                    days.insert(WeekdaySet(day))
                } else {
                    let suggestion = word.count <= 16 ? Suggestion.closest(to: word, among: Self.dayWords) : nil
                    throw parser.usage(
                        "invalid day '\(word.truncatedForDisplay)' in '--\(flag)'",
                        hint: suggestion.map { "did you mean '\($0)'?" }
                            ?? "expected \(Weekday.allNames.joined(separator: " ")), weekdays, weekends or daily, separated by commas")
                }
            }
        }
        return days
    }

    static func fullName(_ day: Weekday) -> String {
        switch day {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    /// `07:30` or `07:30,21:00:30`: wall times, in the order given.
    func times(_ text: String, flag: String = "at") throws(CLIError) -> [TimeOfDay] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var times: [TimeOfDay] = []
        for part in parts {
            guard let time = TimeOfDay(parsing: part) else {
                throw parser.usage(
                    "invalid time '\(part.truncatedForDisplay)' in '--\(flag)'",
                    hint: "expected HH:MM or HH:MM:SS from 00:00 to 23:59:59, several separated by commas")
            }
            times.append(time)
        }
        return times
    }

    /// A local date `YYYY-MM-DD`.
    func date(_ text: String, what: String) throws(CLIError) -> LocalDate {
        guard let date = LocalDate(parsing: text) else {
            throw parser.usage(
                "invalid \(what): '\(text.truncatedForDisplay)'", hint: "expected a real calendar date YYYY-MM-DD, such as 2026-12-24")
        }
        return date
    }

    /// One of `choices` (`shift`, `skip`), with a suggestion for a near miss.
    func choice<Value: RawRepresentable & CaseIterable>(_ text: String, flag: String, _: Value.Type) throws(CLIError) -> Value
    where Value.RawValue == String {
        if let value = Value(rawValue: text) { return value }
        let names = Value.allCases.map(\.rawValue)
        // A near miss, or the one choice the text begins ("keep-soonest" for keep-soonest-firing).
        let prefixed = text.isEmpty ? [] : names.filter { $0.hasPrefix(text) }
        let suggestion = text.count <= 32 ? Suggestion.closest(to: text, among: names) ?? (prefixed.count == 1 ? prefixed[0] : nil) : nil
        throw parser.usage(
            "invalid value for '--\(flag)': '\(text.truncatedForDisplay)'",
            hint: suggestion.map { "did you mean '\($0)'?" } ?? "expected " + names.map { "'\($0)'" }.joined(separator: " or "))
    }

    /// A duration such as `6h`, `90m`, `2d` or `1d12h`: whole numbers each followed by `d`,
    /// `h` or `m`, each unit at most once (`1d1d` is refused, not read as 2 days). Returns seconds.
    func duration(_ text: String, flag: String) throws(CLIError) -> TimeInterval {
        let hint = "expected a whole number with a unit d, h or m, such as 6h, 90m, 2d or 1d12h"
        var total = 0
        var digits = ""
        var sawUnit = false
        var units: Set<Character> = []
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            let unit: Int
            switch character {
            case "d": unit = 86_400
            case "h": unit = 3_600
            case "m": unit = 60
            default: throw parser.usage("invalid value for '--\(flag)': '\(text.truncatedForDisplay)'", hint: hint)
            }
            guard let number = Int(digits), number <= 100_000 else {
                throw parser.usage("invalid value for '--\(flag)': '\(text.truncatedForDisplay)'", hint: hint)
            }
            guard units.insert(character).inserted else {
                throw parser.usage(
                    "invalid value for '--\(flag)': '\(text.truncatedForDisplay)' gives the unit '\(character)' twice",
                    hint: "give each unit once, such as 1d12h")
            }
            total += number * unit
            digits = ""
            sawUnit = true
        }
        guard sawUnit, digits.isEmpty, total <= 10 * 366 * 86_400 else {
            throw parser.usage("invalid value for '--\(flag)': '\(text.truncatedForDisplay)'", hint: hint)
        }
        return TimeInterval(total)
    }
}

extension CommandInvocation {
    var values: ValueParsers { ValueParsers(parser: parser) }
}
