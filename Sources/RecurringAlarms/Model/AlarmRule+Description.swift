import Foundation

/// One sentence, as `alarms list` words a rule: id and label, when it repeats, at which times,
/// in which zone, and the settings that differ from the defaults.
///
/// ```swift
/// print(rule)   // 'wake' "Wake up": weekdays at 07:30 08:00, floating
///               // 'flight': once on Sat 2026-12-05 at 05:45, Europe/London, gap: skip, disabled
/// ```
/// The label is quoted as a Swift string literal, so a control character in it shows escaped.
extension AlarmRule: CustomStringConvertible {
    /// `'id' "label": days at times, zone`, then every N weeks, start, end, skipped dates,
    /// non-default DST policies and `disabled` when they apply.
    public var description: String {
        var text = "'\(id)'" + (label.map { " " + $0.debugDescription } ?? "") + ": "
        let times = times.map(\.description).joined(separator: " ")
        switch repeats {
        case .weekly(let days, let everyWeeks, let start, let end):
            text += "\(Self.words(days)) at \(times)"
            if everyWeeks > 1 { text += ", every \(everyWeeks) weeks" }
            if let start { text += ", from \(start)" }
            if let end { text += ", until \(end)" }
        case .once(let date):
            text += "once on \(date.wallClockText) at \(times)"
        }
        switch timeZone {
        case .floating: text += ", floating"
        case .fixed(let zone): text += ", " + zone.ianaName
        }
        if !skippedDates.isEmpty { text += ", skips " + skippedDates.sorted().map(\.description).joined(separator: " ") }
        if gapPolicy != .shift { text += ", gap: \(gapPolicy.rawValue)" }
        if overlapPolicy != .first { text += ", overlap: \(overlapPolicy.rawValue)" }
        if !isEnabled { text += ", disabled" }
        return text
    }

    /// `daily`, `weekdays`, `weekends`, or the day names in rule-file order.
    private static func words(_ days: WeekdaySet) -> String {
        switch days {
        case .daily: "daily"
        case .weekdays: "weekdays"
        case .weekends: "weekends"
        default: days.names.joined(separator: " ")
        }
    }
}
