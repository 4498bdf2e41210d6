import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation

/// The people-facing view of a ``SimulationReport``: the setting, the totals (what a reader looks
/// for first), then one row per required fire (and per reminder or unexpected delivery) in time
/// order, or only the missed fires.
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
        /// `--only-missed`: the rows are the missed fires only; the totals still count every fire.
        var onlyMissed = false
    }

    /// One line of the fire list: a required fire, a reminder or an unexpected delivery.
    private struct Row {
        let cells: [String]
        let missed: Bool
    }

    static let headers = ["WHEN", "RULE", "RESULT", "RULE'S CLOCK"]
    /// Lines of the fire list are cut at 80 columns, on a terminal or not.
    static let lineWidth = 80

    /// The table of `report`, written through `write` a few rows at a time: the header and
    /// the summary, then the rows, whose column widths are measured in a first pass over
    /// them, so a run of a million fires is never held as one text.
    ///
    /// - Complexity: O(f) for f listed fires, reminders and deliveries; memory O(1) in f.
    static func write(
        _ report: SimulationReport, setting: Setting, palette: Palette, to write: (String) throws(CLIError) -> Void
    ) throws(CLIError) {
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
        if let alarmKit = report.alarmKit {
            text += TextWrap.paragraph(alarmKitLine(alarmKit, reminder: report.reminderEnabled) + strategy + ".", indent: 2) + "\n"
        } else {
            text +=
                "\(report.capacity) slots, budget \(report.budget), \(report.reminderEnabled ? "reminder on" : "no reminder"), eviction \(report.eviction)\(strategy).\n\n"
        }
        text += summary(report, zone: zone)
        text += "\n"

        var widths = headers.map { TerminalText.width(of: $0) }
        var any = false
        forEachRow(report, setting: setting) { row in
            any = true
            for (column, cell) in row.cells.enumerated() { widths[column] = max(widths[column], TerminalText.width(of: cell)) }
        }
        guard any else {
            return try write(text + (setting.onlyMissed ? "No alarm was missed.\n" : "No alarm was due in the period.\n"))
        }
        text += palette.bold(String(TextTable.line(headers, widths: widths, maximumWidth: lineWidth).dropLast())) + "\n"
        var failure: CLIError?
        forEachRow(report, setting: setting) { row in
            guard failure == nil else { return }
            let line = TextTable.line(row.cells, widths: widths, maximumWidth: lineWidth)
            text += row.missed ? palette.red(String(line.dropLast())) + "\n" : line
            guard text.utf8.count >= 16_384 else { return }
            do throws(CLIError) { try write(text) } catch { failure = error }
            text = ""
        }
        if let failure { throw failure }
        try write(text)
    }

    /// Calls `body` with each row in time order: the fires the setting lists (all, or the
    /// missed ones), and at equal times the fires first, then the reminders, then the
    /// unexpected deliveries. Each of the three lists is in time order already, so merging
    /// them is a stable sort by time.
    private static func forEachRow(_ report: SimulationReport, setting: Setting, _ body: (Row) -> Void) {
        let zone = setting.zone
        let reminders = setting.onlyMissed ? [] : report.reminders
        let unexpected = setting.onlyMissed ? [] : report.unexpectedDeliveries
        var reminderIndex = 0
        var unexpectedIndex = 0
        // The reminders and deliveries before `limit` (all of them for `nil`).
        func others(before limit: Date?) {
            while true {
                let reminder = reminderIndex < reminders.count ? reminders[reminderIndex] : nil
                let delivery = unexpectedIndex < unexpected.count ? unexpected[unexpectedIndex] : nil
                if let reminder, limit.map({ reminder.at < $0 }) ?? true, reminder.at <= delivery?.at ?? .distantFuture {
                    body(Row(cells: [WallClock.text(reminder.at, in: zone), "(reminder)", "rang: open the app", ""], missed: false))
                    reminderIndex += 1
                } else if let delivery, limit.map({ delivery.at < $0 }) ?? true {
                    let rule = FireID(parsing: delivery.id)?.ruleID ?? delivery.id
                    body(Row(cells: [WallClock.text(delivery.at, in: zone), rule.printable, "rang, not required", ""], missed: false))
                    unexpectedIndex += 1
                } else {
                    return
                }
            }
        }
        for fire in report.fires where !setting.onlyMissed || !fire.delivered {
            // At the fire's instant the fire comes first.
            others(before: fire.instant)
            let result = fire.delivered ? "on time" : "MISSED: \(fire.missReason?.description ?? "unknown")"
            let rule = fire.ruleID + (fire.isSnooze ? " (snooze)" : "")
            let note = WallClock.ownClock(fire.instant, zone: fire.timeZone, offset: fire.utcOffsetSeconds, deviceTimeZone: zone)
            body(Row(cells: [WallClock.text(fire.instant, in: zone), rule.printable, result, note.printable], missed: !fire.delivered))
        }
        others(before: nil)
    }

    /// The setting line of an AlarmKit run: the backend, the budget, the device's limit, what
    /// the book learned of it and how often the device refused an alarm.
    static func alarmKitLine(_ run: SimulationReport.AlarmKitRun, reminder: Bool) -> String {
        let limit = run.deviceLimit.map(String.init) ?? "none"
        let learned = run.learnedLimit.map(String.init) ?? "none"
        return "Backend alarmkit: budget \(run.budget) alarms, device limit \(limit), learned alarm limit \(learned), "
            + "\(run.refusals) refusal\(run.refusals == 1 ? "" : "s"); \(reminder ? "reminder on" : "no reminder")"
    }

    /// The totals, one per line, labels aligned: required, delivered, missed by reason, the
    /// longest uncovered stretch (its span in ``DurationText``, then its ends on the device's
    /// clock), the peak of pending requests against the cap, and the other counts.
    static func summary(_ report: SimulationReport, zone: TimeZone) -> String {
        let totals = report.summary
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let reasons = totals.missedByReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var uncovered = "none"
        if let stretch = report.longestUncovered {
            uncovered =
                "\(DurationText.describe(seconds: stretch.seconds)), \(WallClock.text(stretch.from, in: zone)) "
                + "to \(WallClock.text(stretch.to, in: zone))"
        }
        // AlarmKit evicts nothing; it refuses, and the setting line counts the refusals.
        var other = [plural(totals.opens, "open"), plural(totals.reminders, "reminder")]
        if report.alarmKit == nil { other.append(plural(totals.evictions, "eviction")) }
        if totals.unexpectedDeliveries > 0 {
            other.append(
                totals.unexpectedDeliveries == 1 ? "1 unexpected delivery" : "\(totals.unexpectedDeliveries) unexpected deliveries")
        }
        let lines: [(String, String)] = [
            ("Required", "\(totals.required)"),
            ("Delivered on time", "\(totals.delivered)"),
            ("Missed", "\(totals.missed)" + (reasons.isEmpty ? "" : " (\(reasons))")),
            ("Longest uncovered", uncovered),
            report.alarmKit == nil
                ? ("Peak pending", "\(totals.peakPending) of \(report.capacity)")
                : ("Peak held", "\(plural(totals.peakPending, "alarm")) of \(report.capacity)"),
            ("Also", other.joined(separator: ", "))
        ]
        return lines.map { label, value in TerminalText.pad(label + ":", to: 19) + value + "\n" }.joined()
    }
}
