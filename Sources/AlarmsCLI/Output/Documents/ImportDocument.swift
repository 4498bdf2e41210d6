import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar

/// `alarms import --format json`: the file read, whether the book was left alone, the rules
/// imported (in the rule file's shape), the events left out with every reason and the nearest
/// thing that would import, and the notes.
///
/// ```swift
/// ImportDocument(file: "cal.ics", dryRun: true, imported: imported).json
/// // {"file": "cal.ics", "dryRun": true, "rules": [{"id": "wake", …}], "leftOut": [{"line": 12, …}], "notes": […]}
/// ```
struct ImportDocument: JSONDocument {
    /// The file as given (`<stdin>` for `-`), `nil` for `--rrule`.
    let file: String?
    let dryRun: Bool
    let imported: ICalendarImport

    var json: JSONValue {
        .object([
            ("file", .optional(file)), ("dryRun", .bool(dryRun)), ("rules", .array(imported.rules.map(\.json))),
            ("leftOut", .array(imported.leftOut.map(Self.json))),
            ("notes", .array(imported.notes.map(Self.json)))
        ])
    }

    private static func number(_ value: Int?) -> JSONValue { value.map(JSONValue.integer) ?? .null }

    private static func json(_ event: ICalendarLeftOutEvent) -> JSONValue {
        .object([
            ("line", number(event.line)), ("uid", .optional(event.uid)), ("summary", .optional(event.summary)),
            ("recurrenceId", .optional(event.recurrenceID)), ("reasons", .array(event.reasons.map(json))),
            ("nearest", .optional(event.nearest))
        ])
    }

    private static func json(_ problem: ICalendarReadProblem) -> JSONValue {
        .object([
            ("line", number(problem.line)), ("column", number(problem.column)), ("property", .optional(problem.property)),
            ("value", .optional(problem.value)), ("message", .string(problem.message))
        ])
    }

    private static func json(_ note: ICalendarImportNote) -> JSONValue {
        .object([
            ("line", number(note.line)), ("property", .optional(note.property)), ("value", .optional(note.value)),
            ("message", .string(note.message))
        ])
    }
}
