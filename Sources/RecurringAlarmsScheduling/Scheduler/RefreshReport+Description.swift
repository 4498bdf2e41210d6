import Foundation
import RecurringAlarms

/// A short summary of what a refresh did, on the device zone's clock; the ``plan`` behind it
/// has its own description.
///
/// ```swift
/// print(report)
/// // Refresh at Tue 2026-12-01 00:00 Europe/Berlin: 3 added, 1 removed, 0 replaced, 10 unchanged (13 fires, 64 slots); covered until the horizon, Tue 2026-12-08 00:00
/// ```
/// When they apply, `; N other pending requests` (the app's own), `; reminder at …` and
/// `; rule 'weekend' fixed to the device's zone stays one-shot` (see ``fixedToDeviceZone``) follow.
extension RefreshReport: CustomStringConvertible {
    /// One line: the counts of requests added, removed, replaced and left, the fires planned
    /// and slots they could fill, the coverage, the app's own requests, the reminder, and the
    /// rules fixed to the device's zone that stay one-shot.
    public var description: String {
        var text =
            "Refresh at \(plan.wallClockText(now)) \(deviceTimeZone.ianaName): \(added.count) added, \(removed.count) removed, "
            + "\(replaced.count) replaced, \(unchanged.count) unchanged (\(plan.fires.count) \(plan.fires.count == 1 ? "fire" : "fires"), "
            + "\(slots) \(slots == 1 ? "slot" : "slots")); " + plan.coverageText
        if foreignPendingCount > 0 {
            text += "; \(foreignPendingCount) other pending \(foreignPendingCount == 1 ? "request" : "requests")"
        }
        if let reminderAt { text += "; reminder at \(plan.wallClockText(reminderAt))" }
        if !fixedToDeviceZone.isEmpty {
            let rules = fixedToDeviceZone.map { "'\($0.ruleID)'" }.joined(separator: ", ")
            text += fixedToDeviceZone.count == 1 ? "; rule \(rules)" : "; rules \(rules)"
            text += " fixed to the device's zone " + (fixedToDeviceZone.count == 1 ? "stays one-shot" : "stay one-shot")
        }
        return text
    }
}
