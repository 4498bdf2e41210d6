import Foundation
import RecurringAlarms

/// `alarms validate --format json`: the file checked, its problems and its warnings.
struct ValidateDocument: JSONDocument {
    let report: ValidationReport

    var json: JSONValue {
        var warnings: [JSONValue] = report.clockChanges.map { warning in
            .object([
                ("kind", .string(warning.kind.rawValue)), ("rule", .string(warning.ruleID)),
                ("local", .string(warning.local.description)), ("timeZone", .string(warning.timeZone.ianaName)),
                ("at", warning.instant.map { .instant($0, utcOffsetSeconds: warning.utcOffsetSeconds) } ?? .null),
                ("adjustment", .optional(warning.adjustment?.rawValue)),
                ("message", .string(warning.description))
            ])
        }
        if let capPressure = report.capPressure {
            warnings.append(
                .object([
                    ("kind", .string("cap")), ("firesInHorizon", .integer(capPressure.firesInHorizon)),
                    ("cap", .integer(capPressure.cap)), ("coverageSeconds", .integer(Int(capPressure.coverage))),
                    ("message", .string(capPressure.description))
                ]))
        }
        return .object([
            ("file", .string(report.path)), ("valid", .bool(report.problems.isEmpty)), ("rules", .integer(report.ruleCount)),
            ("problems", .array(report.problems.map(Self.json))), ("warnings", .array(warnings))
        ])
    }

    private static func json(_ problem: ValidationReport.Problem) -> JSONValue {
        func number(_ value: Int?) -> JSONValue { value.map(JSONValue.integer) ?? .null }
        return .object([
            ("rule", .optional(problem.rule)), ("ruleNumber", number(problem.ruleNumber)),
            ("field", .optional(problem.field)), ("value", problem.value.map(value) ?? .null),
            ("line", number(problem.line)), ("column", number(problem.column)), ("message", .string(problem.message))
        ])
    }

    /// A problem's value as the JSON value it was in the input. Problems quote values as JSON
    /// text cut to 80 characters; a cut one no longer parses, so it stays that text, as a string.
    static func value(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: Array(text.utf8))) ?? .string(text)
    }
}
