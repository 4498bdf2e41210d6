import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation

/// A value with one stable, complete, readable text form to keep as a golden.
///
/// The kit's conformances — ``/RecurringAlarms/Plan``, ``/RecurringAlarms/HybridPlan``,
/// ``/RecurringAlarmsScheduling/RefreshReport``, ``/RecurringAlarmsSimulation/SimulationReport``
/// and an array of ``/RecurringAlarms/ClockChangeWarning`` — write a first line naming the type,
/// a header of what the golden depends on (now, device zone, cap, horizon, and the time-zone
/// database version as `time-zone database: …`), then one line per fire: the instant with its
/// offset, the fire id, and the adjustment when there is one.
///
/// ```swift
/// let plan = try plan(rules, now: now, options: PlanOptions(deviceTimeZone: berlin))
/// print(plan.goldenText)
/// // Plan
/// // now: 2026-03-28T12:00:00+01:00
/// // device zone: Europe/Berlin
/// // …
/// // fires: 1
/// //   2026-03-29T03:30:00+02:00 wake@2026-03-29T02:30:00 gap-shifted
/// ```
///
/// The `time-zone database:` line is recorded but not compared (see
/// ``expectGolden(_:matches:sourceLocation:)-(GoldenRepresentable,_,_)``): a golden fails after a tzdata update only when
/// the fires moved, and its failure then names both versions.
public protocol GoldenRepresentable {
    /// The golden text: lines separated by `"\n"`, no trailing newline.
    var goldenText: String { get }
}

/// The pieces every golden text form shares.
package enum GoldenLines {
    /// The header line naming the time-zone database; recorded, never compared.
    static let databasePrefix = "time-zone database: "

    /// The database version of this run, or `unknown` where Foundation does not say.
    package static var databaseVersion: String {
        let version = TimeZone.timeZoneDataVersion
        return version.isEmpty ? "unknown" : version
    }

    static var databaseLine: String { databasePrefix + databaseVersion }

    /// `instant` as RFC 3339 text at its offset in `zone`.
    static func instant(_ instant: Date, in zone: TimeZone) -> String {
        RFC3339.format(instant, utcOffsetSeconds: zone.secondsFromGMT(for: instant))
    }

    /// The header lines of `plan`: now, device zone, cap, horizon end, coverage, database.
    static func planHeader(_ plan: Plan, now: Date? = nil, deviceTimeZone: TimeZone? = nil) -> [String] {
        let zone = deviceTimeZone ?? plan.deviceTimeZone
        let coverage =
            plan.isTruncated ? instant(plan.coveredUntil, in: zone) + " (cap reached)" : "the horizon"
        return [
            "now: " + instant(now ?? plan.now, in: zone),
            "device zone: " + zone.ianaName,
            "cap: \(plan.cap)",
            "horizon end: " + instant(plan.horizonEnd, in: zone),
            "covered until: " + coverage,
            databaseLine
        ]
    }

    /// `title: count`, then each item indented by two spaces.
    static func list(_ title: String, _ items: [String]) -> [String] {
        ["\(title): \(items.count)"] + items.map { "  " + $0 }
    }

    /// One fire: its instant at its own offset, its id, then its adjustment, its zone when it is
    /// not the device's, and `floating` — each only when it says something.
    static func fire(_ fire: Fire, deviceTimeZone: TimeZone) -> String {
        var line = fire.rfc3339 + " " + fire.id
        if fire.adjustment != .none { line += " " + fire.adjustment.rawValue }
        if fire.timeZone.ianaName != deviceTimeZone.ianaName { line += " in " + fire.timeZone.ianaName }
        if fire.isFloating { line += " floating" }
        return line
    }

    static func fires(_ title: String, _ fires: [Fire], deviceTimeZone: TimeZone) -> [String] {
        list(title, fires.map { fire($0, deviceTimeZone: deviceTimeZone) })
    }
}

extension Plan: GoldenRepresentable {
    /// The plan as a golden: its header (now, device zone, cap, horizon end, coverage, time-zone
    /// database) and every fire, one a line.
    ///
    /// ```swift
    /// plan.goldenText
    /// // Plan
    /// // now: 2026-03-28T12:00:00+01:00
    /// // device zone: Europe/Berlin
    /// // cap: 64
    /// // horizon end: 2026-04-04T12:00:00+02:00
    /// // covered until: the horizon
    /// // time-zone database: 2025b
    /// // fires: 1
    /// //   2026-03-29T03:30:00+02:00 wake@2026-03-29T02:30:00 gap-shifted
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of fires.
    public var goldenText: String {
        (["Plan"] + GoldenLines.planHeader(self) + GoldenLines.fires("fires", fires, deviceTimeZone: deviceTimeZone))
            .joined(separator: "\n")
    }
}

extension HybridPlan: GoldenRepresentable {
    /// The hybrid plan as a golden: the one-shot plan's header, every repeating alarm's id, then
    /// every one-shot fire, one a line. A plan for notifications lists a rule's alarms one per
    /// weekday (`wake#weekly-tue-07:30:00`); an AlarmKit plan (`repeating: .perTime`) one per
    /// time, on the rule's weekdays (`wake#weekly-mon+tue+wed+thu+fri-07:30:00`).
    ///
    /// ```swift
    /// hybrid.goldenText
    /// // HybridPlan
    /// // now: …
    /// // repeating: 1
    /// //   wake#weekly-tue-07:30:00
    /// // one-shot fires: 1
    /// //   2026-03-29T03:30:00+02:00 nap@2026-03-29T02:30:00 gap-shifted
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of slots and fires.
    public var goldenText: String {
        let zone = oneShot.deviceTimeZone
        return
            (["HybridPlan"] + GoldenLines.planHeader(oneShot) + GoldenLines.list("repeating", repeating.map(\.id))
            + GoldenLines.fires("one-shot fires", oneShot.fires, deviceTimeZone: zone))
            .joined(separator: "\n")
    }
}

extension RefreshReport: GoldenRepresentable {
    /// The refresh as a golden: the plan's header, the center's slots, foreign requests and
    /// reminder, the request ids added, removed, replaced and unchanged (each list sorted), the
    /// repeating requests (an AlarmKit refresh's as `repeating alarms`, when it has some), the
    /// learned alarm limit (only when there is one), the rules that stay one-shot because they
    /// are fixed to the device's zone (only when there are some,
    /// ``/RecurringAlarmsScheduling/RefreshReport/fixedToDeviceZone``), and every planned fire.
    ///
    /// ```swift
    /// let report = try await scheduler.refresh()
    /// report.goldenText
    /// // RefreshReport
    /// // now: …
    /// // slots: 64
    /// // foreign pending: 0
    /// // reminder: none
    /// // added: 1
    /// //   wake@2026-03-30T07:00:00
    /// // …
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of ids and fires.
    public var goldenText: String {
        let zone = deviceTimeZone
        var lines = ["RefreshReport"] + GoldenLines.planHeader(plan, now: now, deviceTimeZone: zone)
        lines.append("slots: \(slots)")
        lines.append("foreign pending: \(foreignPendingCount)")
        lines.append("reminder: " + (reminderAt.map { GoldenLines.instant($0, in: zone) } ?? "none"))
        // Sorted, so the golden does not depend on the order the center lists its requests in.
        func sorted(_ ids: [String]) -> [String] { ids.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) } }
        lines += GoldenLines.list("added", sorted(added))
        lines += GoldenLines.list("removed", sorted(removed))
        lines += GoldenLines.list("replaced", sorted(replaced))
        lines += GoldenLines.list("unchanged", sorted(unchanged))
        // An AlarmKit refresh lists its alarms as `repeating alarms`, only when it has some, and
        // the notification backend's are `repeating`: the lines goldens have been recorded with.
        let ids = repeating.map(\.id)
        lines += GoldenLines.list("repeating", granularity == .perWeekday ? ids : [])
        if granularity == .perTime && !ids.isEmpty { lines += GoldenLines.list("repeating alarms", ids) }
        if let alarmLimit { lines.append("learned alarm limit: \(alarmLimit)") }
        if !fixedToDeviceZone.isEmpty { lines += GoldenLines.list("one-shot, fixed to the device zone", fixedToDeviceZone.map(\.ruleID)) }
        lines += GoldenLines.fires("fires", plan.fires, deviceTimeZone: zone)
        return lines.joined(separator: "\n")
    }
}

extension SimulationReport: GoldenRepresentable {
    /// The simulation as a golden: its settings, the zone changes, every open, every required
    /// fire with whether it was delivered (or why it was missed), unexpected deliveries,
    /// reminders, dropped requests, the longest uncovered stretch and the summary.
    ///
    /// Instants without a zone of their own are written at the device's offset then.
    ///
    /// ```swift
    /// report.goldenText
    /// // SimulationReport
    /// // start: 2026-03-01T00:00:00+01:00
    /// // …
    /// // fires: 2
    /// //   2026-03-02T07:00:00+01:00 wake@2026-03-02T07:00:00 delivered
    /// //   2026-03-03T07:00:00+01:00 wake@2026-03-03T07:00:00 missed no-open-in-time
    /// // …
    /// ```
    ///
    /// - Complexity: O(*n* log *z*) in the number of entries *n* and zone changes *z*.
    public var goldenText: String {
        let changes = zoneChanges.sorted { $0.at < $1.at }
        func zone(at instant: Date) -> TimeZone {
            // The last change at or before `instant`, else the initial zone.
            var low = 0
            var high = changes.count
            while low < high {
                let middle = (low + high) / 2
                if changes[middle].at <= instant { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? initialTimeZone : changes[low - 1].timeZone
        }
        func at(_ instant: Date) -> String { GoldenLines.instant(instant, in: zone(at: instant)) }

        var lines = ["SimulationReport", "start: " + at(start), "end: " + at(end)]
        lines.append("device zone: " + initialTimeZone.ianaName)
        lines.append("capacity: \(capacity)")
        lines.append("budget: \(budget)")
        lines.append("eviction: " + eviction.rawValue)
        lines.append("reminder: " + (reminderEnabled ? "on" : "off"))
        lines.append(GoldenLines.databaseLine)
        lines += GoldenLines.list(
            "zone changes", zoneChanges.map { GoldenLines.instant($0.at, in: $0.timeZone) + " " + $0.timeZone.ianaName })
        lines += GoldenLines.list(
            "opens",
            opens.map { open in
                var line = GoldenLines.instant(open.at, in: open.timeZone) + " " + open.timeZone.ianaName + ": "
                line += "\(open.added) added, \(open.removed) removed, \(open.replaced) replaced, \(open.unchanged) unchanged; "
                line += "covered until " + GoldenLines.instant(open.coveredUntil, in: open.timeZone)
                if open.truncated { line += " (cap reached)" }
                line += ", horizon end " + GoldenLines.instant(open.horizonEnd, in: open.timeZone)
                line += ", slots \(open.slots), reminder "
                line += open.reminderAt.map { GoldenLines.instant($0, in: open.timeZone) } ?? "none"
                return line
            })
        lines += GoldenLines.list(
            "fires",
            fires.map { required in
                GoldenLines.fire(required.fire, deviceTimeZone: zone(at: required.fire.instant))
                    + (required.delivered ? " delivered" : " missed " + (required.missReason?.rawValue ?? "unknown"))
            })
        func rang(_ notes: [RangNotification]) -> [String] {
            notes.map { GoldenLines.instant($0.at, in: $0.timeZone) + " " + $0.id }
        }
        lines += GoldenLines.list("unexpected deliveries", rang(unexpectedDeliveries))
        lines += GoldenLines.list("reminders", rang(reminders))
        lines += GoldenLines.list("drops", drops.map { at($0.at) + " " + $0.id + " " + $0.reason.rawValue })
        lines.append(
            "longest uncovered: "
                + (longestUncovered.map { "\(at($0.from)) to \(at($0.to)) (\(DurationText.describe(seconds: $0.seconds)))" } ?? "none"))
        lines.append("summary: \(summary)")
        return lines.joined(separator: "\n")
    }
}

extension Array: GoldenRepresentable where Element == ClockChangeWarning {
    /// The warnings as a golden: the time-zone database, then one line per warning — the fire id
    /// of the wall time, gap or overlap, the change and the zone, then what happens instead.
    ///
    /// ```swift
    /// schedule.clockChangeWarnings(after: now, through: end, deviceTimeZone: berlin).goldenText
    /// // ClockChangeWarnings
    /// // time-zone database: 2025b
    /// // warnings: 1
    /// //   wake@2026-03-29T02:30:00 gap 1 h in Europe/Berlin: fires 2026-03-29T03:30:00+02:00 gap-shifted
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of warnings.
    public var goldenText: String {
        let lines = map { warning in
            var line = FireID(ruleID: warning.ruleID, local: warning.local).description + " " + warning.kind.rawValue + " "
            line += DurationText.describe(seconds: warning.changeSeconds) + " in " + warning.timeZone.ianaName + ": "
            if let instant = warning.instant {
                line += "fires " + RFC3339.format(instant, utcOffsetSeconds: warning.utcOffsetSeconds)
                if let adjustment = warning.adjustment, adjustment != .none { line += " " + adjustment.rawValue }
            } else if let kept = warning.ringingInstead {
                line += "dropped, " + kept.id + " rings at " + kept.rfc3339
            } else {
                line += "skipped"
            }
            return line
        }
        return (["ClockChangeWarnings", GoldenLines.databaseLine] + GoldenLines.list("warnings", lines)).joined(separator: "\n")
    }
}
