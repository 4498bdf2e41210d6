import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation

/// `alarms simulate --format svg`: the run as a self-contained SVG timeline, time across on the
/// device's clock. From the top: one lane per rule (a green dot per fire that rang on time, a red
/// cross per missed one), the app opens, each open's coverage (a bar to its coverage end, a mark
/// at its refill deadline), and the pending requests against the cap as a step line (with the
/// repeating ones among them as a second line, under `hybrid`). Opens and
/// zone changes are vertical lines through every lane. Lanes are labelled directly; a small
/// legend names the marks. Every mark has a `class` (`fire delivered`, `fire missed`, `open`,
/// `coverage`, `refill-deadline`, `pending`, `repeating`, `cap`, `zone-change`) and a `<title>` with its
/// details, which browsers show on hover.
enum SimulationPicture {
    private static let width = 960.0
    private static let left = 120.0
    private static let right = 24.0
    private static let laneHeight = 22.0
    private static let chartHeight = 120.0

    static func render(
        _ report: SimulationReport, pending: [SimulatedNotificationCenter.PendingCount], setting: SimulationTable.Setting
    ) -> String {
        let zone = setting.zone
        let span = max(report.end.timeIntervalSince(report.start), 1)
        let plotWidth = width - left - right
        func x(_ date: Date) -> Double {
            left + min(max(date.timeIntervalSince(report.start) / span, 0), 1) * plotWidth
        }
        let n = SVGElement.number
        let rules = orderedRules(report)

        var body: [SVGElement] = []
        var y = 24.0
        let totals = report.summary
        body.append(
            SVGElement(
                "text", ["x": n(left), "y": n(y), "class": "title"],
                text: "alarms simulate: \(setting.days) day\(setting.days == 1 ? "" : "s") from \(WallClock.text(report.start, in: zone)) "
                    + "(\(zone.ianaName)), \(setting.strategy)"))
        y += 18
        let reasons = totals.missedByReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let uncovered = totals.longestUncoveredSeconds == 0 ? "none" : DurationText.describe(seconds: totals.longestUncoveredSeconds)
        body.append(
            SVGElement(
                "text", ["x": n(left), "y": n(y), "class": "summary"],
                text: "\(totals.required) required, \(totals.delivered) on time, \(totals.missed) missed"
                    + (reasons.isEmpty ? "" : " (\(reasons))")
                    + "; longest uncovered \(uncovered); peak pending \(totals.peakPending) of \(report.capacity)"))
        y += 20
        body.append(legend(y: y))
        y += 22

        let top = y
        // Lines drawn later through every lane go here, behind the marks.
        let behind = body.count
        // Rule lanes.
        for rule in rules {
            let mid = y + laneHeight / 2
            body.append(label(rule, y: mid))
            body.append(SVGElement("line", ["x1": n(left), "y1": n(mid), "x2": n(width - right), "y2": n(mid), "class": "lane"]))
            for fire in report.fires where fire.ruleID == rule {
                let title =
                    "\(fire.ruleID)\(fire.isSnooze ? " (snooze)" : "") \(WallClock.text(fire.instant, in: zone)): "
                    + (fire.delivered ? "on time" : "MISSED: \(fire.missReason?.rawValue ?? "unknown")")
                let cx = x(fire.instant)
                if fire.delivered {
                    body.append(
                        SVGElement(
                            "circle", ["cx": n(cx), "cy": n(mid), "r": "3.5", "class": "fire delivered"],
                            children: [SVGElement("title", text: title)]))
                } else {
                    body.append(
                        SVGElement(
                            "path",
                            [
                                "d":
                                    "M\(n(cx - 5)) \(n(mid - 5))L\(n(cx + 5)) \(n(mid + 5))M\(n(cx - 5)) \(n(mid + 5))L\(n(cx + 5)) \(n(mid - 5))",
                                "class": "fire missed"
                            ],
                            children: [SVGElement("title", text: title)]))
                }
            }
            y += laneHeight
        }
        if rules.isEmpty {
            body.append(label("(no alarm due)", y: y + laneHeight / 2))
            y += laneHeight
        }

        // Opens lane.
        let opensMid = y + laneHeight / 2
        body.append(label("app opens", y: opensMid))
        y += laneHeight
        // Coverage lane: each open's coverage and refill deadline, on alternating rows so they do not overlap.
        let coverageTop = y
        body.append(label("coverage", y: coverageTop + laneHeight / 2))
        y += laneHeight
        for (index, open) in report.opens.enumerated() {
            let ox = x(open.at)
            body.append(
                SVGElement(
                    "path",
                    ["d": "M\(n(ox - 5)) \(n(opensMid - 6))L\(n(ox + 5)) \(n(opensMid - 6))L\(n(ox)) \(n(opensMid + 4))Z", "class": "open"],
                    children: [
                        SVGElement(
                            "title",
                            text: "app open \(WallClock.text(open.at, in: zone)): \(open.added) added, \(open.removed) removed, "
                                + "\(open.replaced) replaced, \(open.unchanged) unchanged; covered until \(WallClock.text(open.coveredUntil, in: zone))"
                        )
                    ]))
            let barY = coverageTop + 4 + Double(index % 2) * 8
            body.append(
                SVGElement(
                    "rect",
                    ["x": n(ox), "y": n(barY), "width": n(max(x(open.coveredUntil) - ox, 0.5)), "height": "6", "class": "coverage"],
                    children: [
                        SVGElement(
                            "title",
                            text: "covered \(WallClock.text(open.at, in: zone)) to \(WallClock.text(open.coveredUntil, in: zone))"
                                + (open.truncated ? " (cut by the cap)" : ""))
                    ]))
            if open.refillDeadline <= report.end {
                let rx = x(open.refillDeadline)
                body.append(
                    SVGElement(
                        "path",
                        [
                            "d":
                                "M\(n(rx)) \(n(barY - 2))L\(n(rx + 4)) \(n(barY + 3))L\(n(rx)) \(n(barY + 8))L\(n(rx - 4)) \(n(barY + 3))Z",
                            "class": "refill-deadline"
                        ],
                        children: [SVGElement("title", text: "refill deadline \(WallClock.text(open.refillDeadline, in: zone))")]))
            }
        }

        // Pending requests against the cap.
        y += 8
        let chartTop = y
        let capacity = Double(max(report.capacity, 1))
        func py(_ count: Int) -> Double { chartTop + chartHeight - Double(count) / capacity * chartHeight }
        body.append(label("pending", y: chartTop + chartHeight / 2))
        body.append(
            SVGElement(
                "line", ["x1": n(left), "y1": n(py(report.capacity)), "x2": n(width - right), "y2": n(py(report.capacity)), "class": "cap"],
                children: [SVGElement("title", text: "the cap: \(report.capacity) pending requests")]))
        body.append(
            SVGElement(
                "text", ["x": n(width - right), "y": n(py(report.capacity) - 4), "class": "cap-label"], text: "cap \(report.capacity)"))
        body.append(SVGElement("line", ["x1": n(left), "y1": n(py(0)), "x2": n(width - right), "y2": n(py(0)), "class": "axis"]))
        body.append(SVGElement("text", ["x": n(left - 6), "y": n(py(0) + 4), "class": "tick-label"], text: "0"))
        // A step line of one count over the run, and the count it ends at.
        func stepLine(_ count: (Int, Int) -> Int) -> (path: String, last: Int) {
            var path = "M\(n(left)) \(n(py(0)))"
            var last = 0
            for step in pending where step.at <= report.end {
                last = count(step.count, step.repeating)
                path += "H\(n(x(step.at)))V\(n(py(last)))"
            }
            return (path + "H\(n(width - right))", last)
        }
        let (points, level) = stepLine { all, _ in all }
        body.append(
            SVGElement(
                "path", ["d": points, "class": "pending"],
                children: [SVGElement("title", text: "pending requests; peak \(totals.peakPending), \(level) at the end")]))
        // Under hybrid, the weekly repeating requests among them: slots that ring without opens.
        if pending.contains(where: { $0.repeating > 0 }) {
            let (repeating, last) = stepLine { _, repeating in repeating }
            body.append(
                SVGElement(
                    "path", ["d": repeating, "class": "repeating"],
                    children: [SVGElement("title", text: "repeating requests among the pending; \(last) at the end")]))
            body.append(
                SVGElement(
                    "text", ["x": n(width - right), "y": n(py(last) - 4), "class": "repeating-label"], text: "repeating \(last)"))
        }
        y = chartTop + chartHeight

        // Opens and zone changes run through every lane.
        var lines: [SVGElement] = []
        for open in report.opens {
            lines.append(SVGElement("line", ["x1": n(x(open.at)), "y1": n(top), "x2": n(x(open.at)), "y2": n(y), "class": "open-line"]))
        }
        for change in report.zoneChanges {
            let cx = x(change.at)
            lines.append(
                SVGElement(
                    "g", ["class": "zone-change"],
                    children: [
                        SVGElement("line", ["x1": n(cx), "y1": n(top - 10), "x2": n(cx), "y2": n(y)]),
                        SVGElement("text", ["x": n(cx + 3), "y": n(top - 2)], text: "→ \(change.timeZone.ianaName)"),
                        SVGElement(
                            "title",
                            text: "device zone changes to \(change.timeZone.ianaName) at \(WallClock.text(change.at, in: change.timeZone))")
                    ]))
        }

        // Days along the bottom, on the device's clock.
        y += 6
        body.insert(contentsOf: dayTicks(report, zone: zone, x: x, top: top, bottom: y - 6) + lines, at: behind)
        y += 20

        let style = """
            text { font: 12px -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; fill: #222; }
            .title { font-weight: bold; font-size: 14px; }
            .lane-label, .tick-label { text-anchor: end; }
            .day-label { text-anchor: middle; font-size: 10px; fill: #555; }
            .lane { stroke: #ddd; }
            .day { stroke: #eee; }
            .axis { stroke: #888; }
            .delivered { fill: #1a7f37; }
            .missed { stroke: #cf222e; stroke-width: 2; fill: none; }
            .open { fill: #0969da; }
            .open-line { stroke: #0969da; stroke-opacity: 0.25; }
            .coverage { fill: #0969da; fill-opacity: 0.35; }
            .refill-deadline { fill: #bc4c00; }
            .pending { stroke: #6639ba; stroke-width: 1.5; fill: none; }
            .repeating { stroke: #1a7f37; stroke-width: 1.5; stroke-dasharray: 2 2; fill: none; }
            .repeating-label { fill: #1a7f37; text-anchor: end; }
            .cap { stroke: #cf222e; stroke-dasharray: 6 4; }
            .cap-label { fill: #cf222e; text-anchor: end; }
            .zone-change line { stroke: #9a6700; stroke-dasharray: 3 3; }
            .zone-change text { fill: #9a6700; }
            """
        let svg = SVGElement(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": n(width), "height": n(y), "viewBox": "0 0 \(n(width)) \(n(y))",
                "role": "img", "aria-label": "Timeline of an alarms simulation"
            ],
            children: [SVGElement("style", text: style), SVGElement("rect", ["width": "100%", "height": "100%", "fill": "#fff"])] + body)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg.xml + "\n"
    }

    /// The rules with fires in the period, in order of their first fire.
    private static func orderedRules(_ report: SimulationReport) -> [String] {
        var seen: Set<String> = []
        return report.fires.compactMap { seen.insert($0.ruleID).inserted ? $0.ruleID : nil }
    }

    private static func label(_ text: String, y: Double) -> SVGElement {
        SVGElement(
            "text", ["x": SVGElement.number(left - 8), "y": SVGElement.number(y + 4), "class": "lane-label"],
            text: String(text.prefix(18)))
    }

    private static func legend(y: Double) -> SVGElement {
        let n = SVGElement.number
        let mid = y - 4
        var items: [SVGElement] = []
        var at = left
        func entry(_ mark: SVGElement, _ text: String) {
            items.append(mark)
            items.append(SVGElement("text", ["x": n(at + 10), "y": n(y)], text: text))
            at += 10 + Double(text.count) * 6.5 + 18
        }
        entry(SVGElement("circle", ["cx": n(at + 3), "cy": n(mid), "r": "3.5", "class": "key delivered"]), "rang on time")
        entry(
            SVGElement(
                "path",
                [
                    "d": "M\(n(at)) \(n(mid - 4))L\(n(at + 8)) \(n(mid + 4))M\(n(at)) \(n(mid + 4))L\(n(at + 8)) \(n(mid - 4))",
                    "class": "key missed"
                ]),
            "missed")
        entry(
            SVGElement(
                "path", ["d": "M\(n(at - 1)) \(n(mid - 5))L\(n(at + 7)) \(n(mid - 5))L\(n(at + 3)) \(n(mid + 3))Z", "class": "key open"]),
            "app open")
        entry(SVGElement("rect", ["x": n(at - 2), "y": n(mid - 3), "width": "10", "height": "6", "class": "key coverage"]), "covered")
        entry(
            SVGElement(
                "path",
                [
                    "d": "M\(n(at + 3)) \(n(mid - 5))L\(n(at + 7)) \(n(mid))L\(n(at + 3)) \(n(mid + 5))L\(n(at - 1)) \(n(mid))Z",
                    "class": "key refill-deadline"
                ]),
            "refill deadline")
        return SVGElement("g", ["class": "legend"], children: items)
    }

    /// A faint line at each local midnight and the date under it, thinned to at most 16 labels.
    private static func dayTicks(
        _ report: SimulationReport, zone: TimeZone, x: (Date) -> Double, top: Double, bottom: Double
    ) -> [SVGElement] {
        let n = SVGElement.number
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var midnights: [Date] = []
        var day = calendar.startOfDay(for: report.start)
        // At most maximumSpan / 1 day + 2 midnights: the loop is bounded by the period.
        while day <= report.end, midnights.count <= Int(DeviceSimulation.maximumSpan / 86_400) + 2 {
            if day > report.start { midnights.append(day) }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        let every = max(1, (midnights.count + 15) / 16)
        var elements: [SVGElement] = []
        for (index, midnight) in midnights.enumerated() {
            let mx = x(midnight)
            elements.append(SVGElement("line", ["x1": n(mx), "y1": n(top), "x2": n(mx), "y2": n(bottom), "class": "day"]))
            if index % every == 0 {
                let date = LocalDateTime(instant: midnight, utcOffsetSeconds: zone.secondsFromGMT(for: midnight)).date
                let text = "\(WallClock.weekday(date)) \(String(describing: date).suffix(5))"
                elements.append(SVGElement("text", ["x": n(mx), "y": n(bottom + 14), "class": "day-label"], text: text))
            }
        }
        return elements
    }
}
