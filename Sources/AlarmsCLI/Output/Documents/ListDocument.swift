import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms list --format json`: the file read and its rules, each with its book state
/// (skip-next dates, a pending snooze at the device zone's offset).
struct ListDocument: JSONDocument {
    struct Rule {
        let rule: AlarmRule
        /// Dates skipped with `skip-next`, sorted.
        let skipNext: [LocalDate]
        /// The rule's pending snooze, if any.
        let snoozedUntil: Date?
    }

    let file: String
    let rules: [Rule]
    /// The zone whose offset `snoozedUntil` is written with.
    let deviceTimeZone: TimeZone

    init(_ loaded: LoadedBook, deviceTimeZone: TimeZone) {
        let book = loaded.book
        file = loaded.path
        self.deviceTimeZone = deviceTimeZone
        rules = book.rules.map { rule in
            Rule(
                rule: rule, skipNext: book.skippedOccurrences.filter { $0.ruleID == rule.id }.map(\.date).sorted(),
                snoozedUntil: book.snoozes.last { $0.ruleID == rule.id }?.instant)
        }
    }

    var json: JSONValue {
        .object([("file", .string(file)), ("rules", .array(rules.map(json)))])
    }

    private func json(_ entry: Rule) -> JSONValue {
        let rule = entry.rule
        var days: JSONValue = .null
        var date: JSONValue = .null
        var everyWeeks: JSONValue = .null
        var start: JSONValue = .null
        var end: JSONValue = .null
        switch rule.repeats {
        case .weekly(let set, let every, let first, let last):
            days = .array(set.names.map(JSONValue.string))
            everyWeeks = .integer(every)
            start = .optional(first?.description)
            end = .optional(last?.description)
        case .once(let once):
            date = .string(once.description)
        }
        let zone: JSONValue
        if case .fixed(let fixed) = rule.timeZone { zone = .string(fixed.ianaName) } else { zone = .null }
        return .object([
            ("id", .string(rule.id)), ("label", .optional(rule.label)), ("enabled", .bool(rule.isEnabled)),
            ("days", days), ("date", date), ("times", .array(rule.times.map { .string($0.shortDescription) })),
            ("timeZone", zone), ("floating", .bool(rule.timeZone == .floating)),
            ("everyWeeks", everyWeeks), ("start", start), ("end", end),
            ("skip", .array(rule.skippedDates.sorted().map { .string($0.description) })),
            ("skipNext", .array(entry.skipNext.map { .string($0.description) })),
            ("snoozedUntil", entry.snoozedUntil.map { .instant($0, in: deviceTimeZone) } ?? .null),
            ("gap", .string(rule.gapPolicy.rawValue)), ("overlap", .string(rule.overlapPolicy.rawValue))
        ])
    }
}
