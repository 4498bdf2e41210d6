import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling

/// The people-facing view of a ``SimulationReport``: the setting, one row per required fire
/// (and per reminder or unexpected delivery) in time order, and the totals.
enum SimulationTable {
    /// What the command was asked, for the header.
    struct Setting {
        let days: Int
        /// `nil` for `--open-every never`.
        let interval: TimeInterval?
        let jitter: TimeInterval
        let seed: UInt64
        let zone: TimeZone
        let strategy: SchedulingStrategy
    }

    private struct Row {
        let at: Date
        let cells: [String]
        let missed: Bool
    }

    static func render(_ report: SimulationReport, setting: Setting, palette: Palette) -> String {
        let zone = setting.zone
        var opens =
            "Device zone \(zone.ianaName); app opened at the start, "
            + (setting.interval.map { "then every \(DurationText.describe($0))" } ?? "never again")
        if setting.jitter > 0 { opens += " less up to \(DurationText.describe(setting.jitter)) (seed \(setting.seed))" }
        var text =
            "Simulated \(setting.days) day\(setting.days == 1 ? "" : "s") from \(WallClock.text(report.start, in: zone)) "
            + "to \(WallClock.text(report.end, in: zone))\n"
        text += TextWrap.paragraph(opens + ".", indent: 2)
        // The command's default strategy, rolling, is left unsaid, so the line reads as it always has.
        let strategy = setting.strategy == .rolling ? "" : ", strategy \(setting.strategy)"
        text +=
            "\(report.capacity) slots, budget \(report.budget), \(report.reminderEnabled ? "reminder on" : "no reminder"), eviction \(report.eviction)\(strategy).\n\n"

        // WHEN is the device's clock; a fire on another zone's clock also shows that clock.
        var rows: [Row] = report.fires.map { fire in
            let result = fire.delivered ? "on time" : "MISSED: \(fire.missReason?.rawValue ?? "unknown")"
            let rule = fire.rule + (fire.snooze ? " (snooze)" : "")
            let note = WallClock.ownClock(fire.at, zone: fire.timeZone, offset: fire.utcOffsetSeconds, deviceTimeZone: zone)
            return Row(at: fire.at, cells: [WallClock.text(fire.at, in: zone), rule, result, note], missed: !fire.delivered)
        }
        rows += report.reminders.map {
            Row(at: $0.at, cells: [WallClock.text($0.at, in: zone), "(reminder)", "rang: open the app", ""], missed: false)
        }
        rows += report.unexpectedDeliveries.map {
            Row(
                at: $0.at, cells: [WallClock.text($0.at, in: zone), FireID(parsing: $0.id)?.ruleID ?? $0.id, "rang, not required", ""],
                missed: false)
        }
        rows = rows.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)

        if rows.isEmpty {
            text += "No alarm was due in the period.\n"
        } else {
            var table = TextTable(headers: ["WHEN", "RULE", "RESULT", "RULE'S CLOCK"])
            for row in rows { table.append(row.cells) }
            let rendered = table.renderRows(maximumWidth: 80)
            text += palette.bold(String(rendered[0].dropLast())) + "\n"
            for (row, line) in zip(rows, rendered.dropFirst()) {
                text += row.missed ? palette.red(String(line.dropLast())) + "\n" : line
            }
        }
        text += "\n"
        if let stretch = report.longestUncovered {
            text +=
                "Longest uncovered: \(DurationText.describe(seconds: stretch.seconds)),\n"
                + "  \(WallClock.text(stretch.from, in: zone)) to \(WallClock.text(stretch.to, in: zone)).\n"
        }
        text += TextWrap.paragraph(report.summary.description + ".", prefix: "Summary: ", indent: 2)
        return text
    }
}
