import Foundation
import RecurringAlarms
import RecurringAlarmsSimulation

/// `alarms simulate --format json`: the report's one JSON form (its `Codable` form, the same
/// members), written by the CLI's JSON writer, a fire at a time.
///
/// Every instant carries the offset the device zone had at it (the zone the device was in
/// then), as in the other commands; a fire's `at` carries its own zone's offset, as in every
/// fire object.
struct SimulateDocument: JSONDocument {
    let report: SimulationReport
    /// `--only-missed`: `fires` holds the missed fires only; `summary` still counts every fire.
    var onlyMissed = false

    var json: JSONValue { JSONValue(members: report.jsonMembers(onlyMissed: onlyMissed)) }

    /// Writes ``json`` through `write` a fire at a time, so a run of a million fires is never
    /// held as one text (see ``JSONStream``).
    func write(_ write: (String) throws(CLIError) -> Void) throws(CLIError) {
        try JSONStream.writeObject(report.jsonMembers(onlyMissed: onlyMissed), write: write)
    }
}
