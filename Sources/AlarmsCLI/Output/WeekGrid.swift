import Foundation
import RecurringAlarms

/// The picture of a plan for `alarms week`: days across, hours down, each fire in the cell of
/// its date and hour on the device's clock as `:MM rule`, marked when a clock change moved it.
///
/// Days run across because a rule's name needs room (hours across leave three columns an hour,
/// room for a mark but not a name). Only hours that have a fire get a row, so a week of wake-ups
/// and a bedtime reads in a dozen lines. Several fires in one cell are listed one a line, up to
/// ``cellLines``, the last one saying how many more there are.
///
/// ```
///        Mon 30   Tue 1    Wed 2
/// 07:00           :30 wake :30 wake
/// ```
enum WeekGrid {
    /// Room for the hour label (`07:00`).
    static let labelWidth = 5
    /// The narrowest cell: `:30` and four characters of a rule id.
    static let minimumCellWidth = 8
    /// The widest cell, so a wide terminal does not spread a week thin.
    static let maximumCellWidth = 16
    /// Days in one grid when the dates do not all fit in one.
    static let weekLength = 7
    /// Lines a cell may take before its fires are counted instead of listed.
    static let cellLines = 3

    /// The grid of `plan`, at most `width` columns wide (lines never pass it; at least one day
    /// is shown however narrow), with the legend for the marks used and a key from rule ids to
    /// labels.
    ///
    /// - Complexity: O(f + d · h) for f fires over d dates with fires in h distinct hours.
    static func render(_ plan: Plan, labels: [String: String], width: Int, palette: Palette) -> String {
        let zone = plan.deviceTimeZone
        var text = "Week at \(WallClock.text(plan.now, in: zone)) \(zone.ianaName), cap \(plan.cap)\n"
        guard !plan.fires.isEmpty else { return text + "\nNo fires in the window.\n" }

        var placed: [LocalDate: [Int: [Placed]]] = [:]
        for fire in plan.fires {
            // The device's clock, not the rule's: a fixed-zone rule and a shifted fire land where they ring.
            let local = LocalDateTime(instant: fire.instant, utcOffsetSeconds: zone.secondsFromGMT(for: fire.instant))
            placed[local.date, default: [:]][local.time.hour, default: []].append(Placed(fire: fire, minute: local.time.minute))
        }
        // The window's dates, from today to the horizon, or to the last fire when the cap cut it short.
        let first = LocalDateTime(instant: plan.now, utcOffsetSeconds: zone.secondsFromGMT(for: plan.now)).date
        let end = plan.isTruncated ? plan.fires[plan.fires.count - 1].instant : plan.horizonEnd
        let last = max(first, LocalDateTime(instant: end, utcOffsetSeconds: zone.secondsFromGMT(for: end)).date)
        let dateCount = Int(last.daysSinceEpoch - first.daysSinceEpoch) + 1
        let dates = (0..<dateCount).map { first.adding(days: $0) }

        let room = max(width - labelWidth, minimumCellWidth + 1)
        let fitting = max(1, room / (minimumCellWidth + 1))
        let perGrid = dateCount <= fitting ? dateCount : min(fitting, weekLength)
        let cellWidth = min(maximumCellWidth, room / perGrid - 1)
        var marks: [Mark] = []
        for start in stride(from: 0, to: dateCount, by: perGrid) {
            let block = Array(dates[start..<min(start + perGrid, dateCount)])
            text += "\n" + grid(block, placed: placed, cellWidth: cellWidth, marks: &marks, palette: palette)
        }

        if !marks.isEmpty { text += "\n" }
        for mark in Mark.allCases where marks.contains(mark) {
            text += palette.yellow(mark.rawValue) + " " + mark.explanation + "\n"
        }
        var key = TextTable(headers: ["RULE", "ZONE", "LABEL"])
        var listed: Set<String> = []
        for fire in plan.fires.sorted(by: { $0.ruleID < $1.ruleID }) where listed.insert(fire.ruleID).inserted {
            key.append([fire.ruleID, fire.isFloating ? "floating" : fire.timeZone.ianaName, labels[fire.ruleID] ?? ""])
        }
        text += "\n" + key.render(maximumWidth: width, palette: palette) + "\n"
        text += "Fires: \(plan.fires.count) (cap \(plan.cap)\(plan.isTruncated ? ", reached" : "")).\n"
        if plan.isTruncated {
            text +=
                "Covered until: \(WallClock.text(plan.coveredUntil, in: zone)), short of the horizon \(WallClock.text(plan.horizonEnd, in: zone)).\n"
        }
        return text
    }

    /// What a cell's suffix says about a fire; the legend lists the ones used.
    enum Mark: String, CaseIterable {
        case gapShifted = "*"
        case overlapFirst = "¹"
        case overlapLast = "²"
        case snooze = "~"

        init?(_ adjustment: FireAdjustment) {
            switch adjustment {
            case .none: return nil
            case .gapShifted: self = .gapShifted
            case .overlapFirst: self = .overlapFirst
            case .overlapLast: self = .overlapLast
            }
        }

        var explanation: String {
            switch self {
            case .gapShifted: PlanTable.explanation(.gapShifted)
            case .overlapFirst: PlanTable.explanation(.overlapFirst)
            case .overlapLast: PlanTable.explanation(.overlapLast)
            case .snooze: "a snooze of the rule"
            }
        }
    }

    /// A fire and the minute of the device's clock it rings at.
    private struct Placed {
        let fire: Fire
        let minute: Int
    }

    /// One grid: a header of days, then a row for each hour with a fire on one of them.
    private static func grid(
        _ dates: [LocalDate], placed: [LocalDate: [Int: [Placed]]], cellWidth: Int, marks: inout [Mark], palette: Palette
    ) -> String {
        func padded(_ cell: String) -> String { TerminalText.pad(cell, to: cellWidth) }
        let title = "\(WallClock.date(dates[0])) to \(WallClock.date(dates[dates.count - 1]))"
        var text = palette.bold(dates.count == 1 ? WallClock.date(dates[0]) : title) + "\n"
        let header = dates.map { padded("\(WallClock.weekday($0)) \($0.day)") }.joined(separator: " ")
        text += palette.bold((String(repeating: " ", count: labelWidth + 1) + header).trimmingTrailingSpaces) + "\n"

        let hours = Set(dates.flatMap { placed[$0]?.keys.map { $0 } ?? [] }).sorted()
        for hour in hours {
            let columns = dates.map { cellLinesFor(placed[$0]?[hour] ?? [], width: cellWidth, marks: &marks) }
            let height = columns.map(\.count).max() ?? 1
            for line in 0..<height {
                let label = line == 0 ? palette.dim((hour < 10 ? "0" : "") + "\(hour):00") : String(repeating: " ", count: labelWidth)
                var row = ""
                for (index, column) in columns.enumerated() {
                    let cell = line < column.count ? column[line] : (plain: "", marked: false)
                    // Widths are counted on the plain text, padded outside the colour; the last
                    // cell is not padded, so lines carry no trailing spaces.
                    let padding =
                        index == columns.count - 1
                        ? "" : String(repeating: " ", count: max(cellWidth - TerminalText.width(of: cell.plain), 0))
                    row += " " + (cell.marked ? palette.yellow(cell.plain) : cell.plain) + padding
                }
                text += (label + row).trimmingTrailingSpaces + "\n"
            }
        }
        return text
    }

    /// The lines of one cell, each at most `width` columns: `:MM rule` and its marks, or,
    /// past ``cellLines``, a count of the rest.
    private static func cellLinesFor(_ fires: [Placed], width: Int, marks: inout [Mark]) -> [(plain: String, marked: Bool)] {
        let shown = fires.count <= cellLines ? fires : Array(fires.prefix(cellLines - 1))
        var lines: [(plain: String, marked: Bool)] = shown.map { placed in
            let fire = placed.fire
            var suffix = ""
            for mark in [Mark(fire.adjustment), fire.isSnooze ? .snooze : nil].compactMap({ $0 }) {
                suffix += mark.rawValue
                if !marks.contains(mark) { marks.append(mark) }
            }
            let prefix = ":" + (placed.minute < 10 ? "0" : "") + "\(placed.minute) "
            // Escaped and cut by the one terminal-text function, so the cell keeps its width.
            let id = TerminalText.escape(fire.ruleID, limit: max(1, width - TerminalText.width(of: prefix + suffix)))
            return (prefix + id + suffix, !suffix.isEmpty)
        }
        if fires.count > shown.count { lines.append(("+\(fires.count - shown.count) more", false)) }
        return lines
    }
}
