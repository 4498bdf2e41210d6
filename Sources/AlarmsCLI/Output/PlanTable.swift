import Foundation
import RecurringAlarms

/// The people-facing view of a plan: one line per fire with its local time and weekday,
/// zone, how far ahead it is, rule and label; adjusted fires marked; coverage in a footer.
enum PlanTable {
    static func render(_ plan: Plan, labels: [String: String], palette: Palette) -> String {
        var table = TextTable(headers: ["WHEN", "ZONE", "IN", "RULE", "LABEL"])
        var adjustmentsSeen: [FireAdjustment] = []
        for fire in plan.fires {
            var rule = fire.ruleID
            if fire.adjustment != .none {
                rule += " " + marker(fire.adjustment)
                if !adjustmentsSeen.contains(fire.adjustment) { adjustmentsSeen.append(fire.adjustment) }
            }
            if fire.isSnooze { rule += " (snooze)" }
            table.append([
                wallClock(fire.instant, offset: fire.utcOffsetSeconds), fire.timeZone.ianaName,
                RelativeTime.describe(from: plan.now, to: fire.instant), rule, labels[fire.ruleID] ?? ""
            ])
        }
        let zone = plan.deviceTimeZone
        var text = "Plan at \(wallClock(plan.now, offset: zone.secondsFromGMT(for: plan.now))) \(zone.ianaName), cap \(plan.cap)\n\n"
        text += plan.fires.isEmpty ? "No fires in the window.\n" : table.render(maximumWidth: 80, palette: palette)
        text += "\n"
        for adjustment in adjustmentsSeen {
            text += "\(marker(adjustment)) \(explanation(adjustment))\n"
        }
        let horizon = wallClock(plan.horizonEnd, offset: zone.secondsFromGMT(for: plan.horizonEnd))
        let covered = wallClock(plan.coveredUntil, offset: zone.secondsFromGMT(for: plan.coveredUntil))
        let reached = plan.isTruncated ? ", reached" : ""
        text += "Fires: \(plan.fires.count) (cap \(plan.cap)\(reached)).\n"
        text +=
            plan.isTruncated
            ? "Covered until: \(covered), short of the horizon \(horizon).\n"
            : "Covered until: the horizon, \(horizon).\n"
        return text
    }

    /// `Tue 2026-12-01 07:30` (seconds shown when set): the clock at the instant.
    static func wallClock(_ instant: Date, offset: Int) -> String { WallClock.text(instant, offset: offset) }

    static func marker(_ adjustment: FireAdjustment) -> String {
        switch adjustment {
        case .none: ""
        case .gapShifted: "[gap]"
        case .overlapFirst: "[1st]"
        case .overlapLast: "[2nd]"
        }
    }

    static func explanation(_ adjustment: FireAdjustment) -> String {
        switch adjustment {
        case .none: ""
        case .gapShifted: "time skipped by a forward clock change that day; fires later by the gap"
        case .overlapFirst: "time occurs twice that day (clocks go back); fires at the first"
        case .overlapLast: "time occurs twice that day (clocks go back); fires at the second"
        }
    }
}
