import Foundation
import RecurringAlarms

/// One `--format json` output of a command: a typed value with one JSON form (keys in the
/// order `Docs/CLI.md` documents), written by the engine's one JSON writer.
///
/// ```swift
/// PlanDocument(plan).terminalText   // {"now": "2026-03-07T18:00:00+01:00", "timeZone": …}
/// ```
protocol JSONDocument {
    /// The document as ordered JSON.
    var json: JSONValue { get }
}

extension JSONDocument {
    /// The document as pretty JSON, safe for a terminal (see ``JSONValue/terminalText``).
    var terminalText: String { json.terminalText }
}

extension JSONValue {
    /// A whole number.
    static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A string, or `null` for `nil`.
    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// An instant in RFC 3339 with the UTC offset `zone` has at it: how every time of the
    /// CLI's JSON carries the device zone's offset (`2026-03-07T18:00:00+01:00`).
    static func instant(_ date: Date, in zone: TimeZone) -> JSONValue {
        .instant(date, utcOffsetSeconds: zone.secondsFromGMT(for: date))
    }

    /// An instant in RFC 3339 at a given UTC offset (`Z` for zero).
    static func instant(_ date: Date, utcOffsetSeconds: Int) -> JSONValue {
        .string(RFC3339.format(date, utcOffsetSeconds: utcOffsetSeconds))
    }
}
