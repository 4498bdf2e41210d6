import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// The one JSON shape of a rule with its book state, shared by `list` and the commands that
/// change the book: `id`, `label`, `enabled`, `days`, `date`, `times`, `timeZone`, `floating`,
/// `everyWeeks`, `start`, `end`, `skip`, `skipNext`, `snoozedUntil` (with the device zone's
/// offset), `gap`, `overlap`, in that order.
///
/// ```swift
/// RuleDocument(rule, in: book, deviceTimeZone: berlin).json
/// // {"id": "wake", "label": "Wake up", "enabled": true, "days": ["mon", …], "date": null, …}
/// ```
struct RuleDocument {
    let rule: AlarmRule
    /// Dates skipped with `skip-next`, sorted.
    let skipNext: [LocalDate]
    /// The rule's pending snooze, if any.
    let snoozedUntil: Date?
    /// The zone whose offset `snoozedUntil` is written with.
    let deviceTimeZone: TimeZone

    /// `rule` with the skip-next dates and snooze `book` holds for its id.
    init(_ rule: AlarmRule, in book: AlarmBook, deviceTimeZone: TimeZone) {
        self.rule = rule
        skipNext = book.skippedOccurrences.filter { $0.ruleID == rule.id }.map(\.date).sorted()
        snoozedUntil = book.snoozes.last { $0.ruleID == rule.id }?.instant
        self.deviceTimeZone = deviceTimeZone
    }

    var json: JSONValue {
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
            ("skipNext", .array(skipNext.map { .string($0.description) })),
            ("snoozedUntil", snoozedUntil.map { .instant($0, in: deviceTimeZone) } ?? .null),
            ("gap", .string(rule.gapPolicy.rawValue)), ("overlap", .string(rule.overlapPolicy.rawValue))
        ])
    }
}
