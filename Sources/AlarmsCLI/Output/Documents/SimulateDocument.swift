import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation

/// `alarms simulate --format json`: the simulation's setting, every open, every required fire
/// (in the shared fire shape, with whether it rang and why not), and the totals.
///
/// Every instant carries the offset the device zone had at it (the zone the device was in
/// then), as in the other commands; a fire's `at` carries its own zone's offset, as in every
/// fire object.
struct SimulateDocument: JSONDocument {
    let report: SimulationReport
    /// `--only-missed`: `fires` holds the missed fires only; `summary` still counts every fire.
    var onlyMissed = false

    /// The device zone at `date`: the last zone change at or before it, else the initial zone.
    func deviceTimeZone(at date: Date) -> TimeZone {
        report.zoneChanges.last { $0.at <= date }?.timeZone ?? report.initialTimeZone
    }

    /// `date` with the device zone's offset at it.
    private func instant(_ date: Date) -> JSONValue { .instant(date, in: deviceTimeZone(at: date)) }

    var json: JSONValue {
        .object(
            members.map { member in
                switch member {
                case .value(let key, let value): (key, value)
                case .elements(let key, let count, let element): (key, .array((0..<count).map(element)))
                }
            })
    }

    /// Writes ``json`` through `write` a fire at a time, so a run of a million fires is never
    /// held as one text (see ``JSONStream``).
    func write(_ write: (String) throws(CLIError) -> Void) throws(CLIError) {
        try JSONStream.writeObject(members, write: write)
    }

    /// The members in the order Docs/CLI.md documents, the fires made one at a time.
    private var members: [JSONStream.Member] {
        let fires = onlyMissed ? report.fires.indices.filter { !report.fires[$0].delivered } : Array(report.fires.indices)
        // Only an AlarmKit run has the `alarmKit` member, so a notification run's document reads as it always has.
        let alarmKit: [JSONStream.Member] =
            report.alarmKit.map { run in
                [
                    .value(
                        "alarmKit",
                        .object([
                            ("deviceLimit", run.deviceLimit.map(JSONValue.integer) ?? .null), ("budget", .integer(run.budget)),
                            ("learnedLimit", run.learnedLimit.map(JSONValue.integer) ?? .null), ("refusals", .integer(run.refusals))
                        ]))
                ]
            } ?? []
        return [
            .value("start", instant(report.start)), .value("end", instant(report.end)),
            .value("eviction", .string(report.eviction.rawValue)), .value("capacity", .integer(report.capacity)),
            .value("budget", .integer(report.budget)), .value("reminderEnabled", .bool(report.reminderEnabled))
        ] + alarmKit + [
            .value("initialTimeZone", .string(report.initialTimeZone.ianaName)),
            .value(
                "zoneChanges",
                .array(
                    report.zoneChanges.map { change in
                        .object([("at", instant(change.at)), ("timeZone", .string(change.timeZone.ianaName))])
                    })),
            .elements("opens", count: report.opens.count) { json(report.opens[$0]) },
            .elements("fires", count: fires.count) { json(report.fires[fires[$0]]) },
            .elements("unexpectedDeliveries", count: report.unexpectedDeliveries.count) { json(report.unexpectedDeliveries[$0]) },
            .elements("reminders", count: report.reminders.count) { json(report.reminders[$0]) },
            .elements("drops", count: report.drops.count) { index in
                let drop = report.drops[index]
                return .object([("id", .string(drop.id)), ("at", instant(drop.at)), ("reason", .string(drop.reason.rawValue))])
            },
            .value(
                "longestUncovered",
                report.longestUncovered.map { stretch in
                    .object([("from", instant(stretch.from)), ("to", instant(stretch.to)), ("seconds", .integer(stretch.seconds))])
                } ?? .null),
            .value("summary", json(report.summary))
        ]
    }

    private func json(_ fire: SimulationReport.RequiredFire) -> JSONValue {
        fire.fire.jsonObject(adding: [
            ("floating", .bool(fire.isFloating)), ("snooze", .bool(fire.isSnooze)), ("utcOffsetSeconds", .integer(fire.utcOffsetSeconds)),
            ("delivered", .bool(fire.delivered)), ("missReason", .optional(fire.missReason?.rawValue))
        ])
    }

    private func json(_ open: SimulationReport.Open) -> JSONValue {
        .object([
            ("at", instant(open.at)), ("timeZone", .string(open.timeZone.ianaName)),
            ("added", .integer(open.added)), ("removed", .integer(open.removed)), ("replaced", .integer(open.replaced)),
            ("unchanged", .integer(open.unchanged)), ("coveredUntil", instant(open.coveredUntil)),
            ("refillDeadline", instant(open.refillDeadline)), ("horizonEnd", instant(open.horizonEnd)),
            ("truncated", .bool(open.truncated)), ("slots", .integer(open.slots)),
            ("reminderAt", open.reminderAt.map(instant) ?? .null)
        ])
    }

    private func json(_ notification: SimulationReport.RangNotification) -> JSONValue {
        .object([("id", .string(notification.id)), ("at", instant(notification.at)), ("timeZone", .string(notification.timeZone.ianaName))])
    }

    private func json(_ summary: SimulationReport.Summary) -> JSONValue {
        .object([
            ("required", .integer(summary.required)), ("delivered", .integer(summary.delivered)), ("missed", .integer(summary.missed)),
            // Reasons by name, as the table's summary line lists them.
            ("missedByReason", .object(summary.missedByReason.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) })),
            ("unexpectedDeliveries", .integer(summary.unexpectedDeliveries)), ("reminders", .integer(summary.reminders)),
            ("opens", .integer(summary.opens)), ("evictions", .integer(summary.evictions)), ("peakPending", .integer(summary.peakPending)),
            ("longestUncoveredSeconds", .integer(summary.longestUncoveredSeconds))
        ])
    }
}
