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
