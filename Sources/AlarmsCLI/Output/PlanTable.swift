import Foundation
import RecurringAlarms

/// The people-facing view of a plan: one line per fire on the device's clock, so rows read in
/// time order, with how far ahead it is, rule, the rule's own clock when some rule has a zone of
/// its own, and label; adjusted fires marked; coverage in a footer that names the zone.
enum PlanTable {
    /// - Parameter width: the widest a line may be; the label is cut to it (`Int.max` off a terminal).
    static func render(_ plan: Plan, labels: [String: String], palette: Palette, width: Int = .max) -> String {
        let zone = plan.deviceTimeZone
        // The RULE'S CLOCK column only when some rule is fixed to a zone, the device's included:
        // then each row says which rules follow the device (floating) and which keep a zone.
        let ownClocks = plan.fires.map(WallClock.ruleClock)
        let showsOwnClock = plan.fires.contains { !$0.isFloating }
        var table = TextTable(headers: ["WHEN", "IN", "RULE"] + (showsOwnClock ? ["RULE'S CLOCK"] : []) + ["LABEL"])
        var adjustmentsSeen: [FireAdjustment] = []
        for (fire, ownClock) in zip(plan.fires, ownClocks) {
            var rule = fire.ruleID
            if fire.adjustment != .none {
                rule += " " + marker(fire.adjustment)
                if !adjustmentsSeen.contains(fire.adjustment) { adjustmentsSeen.append(fire.adjustment) }
            }
            if fire.isSnooze { rule += " (snooze)" }
            table.append(
                [WallClock.text(fire.instant, in: zone), RelativeTime.describe(from: plan.now, to: fire.instant), rule]
                    + (showsOwnClock ? [ownClock] : []) + [labels[fire.ruleID] ?? ""])
        }
        var text = "Plan at \(WallClock.named(plan.now, in: zone)), cap \(plan.cap)\n\n"
        text += plan.fires.isEmpty ? "No fires in the window.\n" : table.render(maximumWidth: width, palette: palette)
        text += "\n"
        for adjustment in adjustmentsSeen {
            text += "\(marker(adjustment)) \(explanation(adjustment))\n"
        }
        let horizon = WallClock.named(plan.horizonEnd, in: zone)
        let reached = plan.isTruncated ? ", reached" : ""
        text += "Fires: \(plan.fires.count) (cap \(plan.cap)\(reached)).\n"
        text +=
            plan.isTruncated
            ? "Covered until: \(WallClock.named(plan.coveredUntil, in: zone)),\n  short of the horizon \(horizon).\n"
            : "Covered until: the horizon, \(horizon).\n"
        return text
    }

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
