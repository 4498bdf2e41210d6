import Foundation
import RecurringAlarms

// The report's one JSON form: the document `alarms simulate --format json` writes
// (Docs/CLI.md, "Simulate JSON"), which the report's `Encodable` conformance writes too.

extension SimulationReport {
    /// Encodes the report's one JSON form, the document `alarms simulate --format json`
    /// writes: the members in the order `Docs/CLI.md` documents them, every instant in RFC 3339
    /// with the offset the device zone had at it (a fire's `at` with its own zone's offset), every
    /// field always written (`null` when absent) except `alarmKit`, written only for an AlarmKit
    /// run. The encoder's date strategy plays no part; ``jsonEncoder()`` sorts the keys.
    ///
    /// ```swift
    /// let data = try SimulationReport.jsonEncoder().encode(report)
    /// // {"budget" : 0, …, "start" : "2026-11-30T22:00:00+01:00", …}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        try JSONValue(members: jsonMembers()).encode(to: encoder)
    }

    /// The device zone at `date`: the zone of the last change at or before it, else ``initialTimeZone``.
    ///
    /// - Complexity: O(z) in the number of zone changes.
    func deviceTimeZone(at date: Date) -> TimeZone {
        zoneChanges.last { $0.at <= date }?.timeZone ?? initialTimeZone
    }

    /// The report's JSON members in their documented order, each array made an element at a
    /// time (so the command line streams a million fires); with `onlyMissed`, `fires` holds the
    /// missed fires only, while `summary` still counts every fire.
    ///
    /// - Complexity: O(m) to list the members, for m members; each element is made when asked.
    package func jsonMembers(onlyMissed: Bool = false) -> [JSONMember] {
        let shown = onlyMissed ? fires.indices.filter { !fires[$0].delivered } : Array(fires.indices)
        // Only an AlarmKit run has the `alarmKit` member, so a notification run's document reads as it always has.
        let alarmKitMember: [JSONMember] =
            alarmKit.map { run in
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
            .value("start", instant(start)), .value("end", instant(end)),
            .value("eviction", .string(eviction.rawValue)), .value("capacity", .integer(capacity)),
            .value("budget", .integer(budget)), .value("reminderEnabled", .bool(reminderEnabled))
        ] + alarmKitMember + [
            .value("initialTimeZone", .string(initialTimeZone.ianaName)),
            .value(
                "zoneChanges",
                .array(zoneChanges.map { change in .object([("at", instant(change.at)), ("timeZone", .string(change.timeZone.ianaName))]) })
            ),
            .elements("opens", count: opens.count) { json(opens[$0]) },
            .elements("fires", count: shown.count) { fires[shown[$0]].json },
            .elements("unexpectedDeliveries", count: unexpectedDeliveries.count) { json(unexpectedDeliveries[$0]) },
            .elements("reminders", count: reminders.count) { json(reminders[$0]) },
            .elements("drops", count: drops.count) { index in
                let drop = drops[index]
                return .object([("id", .string(drop.id)), ("at", instant(drop.at)), ("reason", .string(drop.reason.rawValue))])
            },
            .value(
                "longestUncovered",
                longestUncovered.map { stretch in
                    .object([("from", instant(stretch.from)), ("to", instant(stretch.to)), ("seconds", .integer(stretch.seconds))])
                } ?? .null),
            .value("summary", json(summary))
        ]
    }

    /// `date` with the offset the device zone had at it.
    private func instant(_ date: Date) -> JSONValue { .instant(date, in: deviceTimeZone(at: date)) }

    private func json(_ open: Open) -> JSONValue {
        .object([
            ("at", instant(open.at)), ("timeZone", .string(open.timeZone.ianaName)),
            ("added", .integer(open.added)), ("removed", .integer(open.removed)), ("replaced", .integer(open.replaced)),
            ("unchanged", .integer(open.unchanged)), ("coveredUntil", instant(open.coveredUntil)),
            ("refillDeadline", instant(open.refillDeadline)), ("horizonEnd", instant(open.horizonEnd)),
            ("truncated", .bool(open.truncated)), ("slots", .integer(open.slots)),
            ("reminderAt", open.reminderAt.map(instant) ?? .null)
        ])
    }

    private func json(_ notification: RangNotification) -> JSONValue {
        .object([("id", .string(notification.id)), ("at", instant(notification.at)), ("timeZone", .string(notification.timeZone.ianaName))])
    }

    private func json(_ summary: Summary) -> JSONValue {
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

extension SimulationReport.RequiredFire {
    /// The fire's JSON object: the one fire object (`id`, `rule`, `at` with the offset of the
    /// fire's zone, `local`, `timeZone`, `adjustment`), then `floating`, `snooze`,
    /// `utcOffsetSeconds`, `delivered` and `missReason`.
    var json: JSONValue {
        fire.jsonObject(adding: [
            ("floating", .bool(fire.isFloating)), ("snooze", .bool(fire.isSnooze)), ("utcOffsetSeconds", .integer(fire.utcOffsetSeconds)),
            ("delivered", .bool(delivered)), ("missReason", .optional(missReason?.rawValue))
        ])
    }
}
