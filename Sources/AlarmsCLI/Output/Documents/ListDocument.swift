import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms list --format json`: the file read and its rules, each with its book state
/// (skip-next dates, a pending snooze at the device zone's offset) in the shared rule shape.
struct ListDocument: JSONDocument {
    let file: String
    let rules: [RuleDocument]

    init(_ loaded: FullBook, deviceTimeZone: TimeZone) {
        file = loaded.path
        rules = loaded.book.rules.map { RuleDocument($0, in: loaded.book, deviceTimeZone: deviceTimeZone) }
    }

    var json: JSONValue {
        .object([("file", .string(file)), ("rules", .array(rules.map(\.json)))])
    }
}
