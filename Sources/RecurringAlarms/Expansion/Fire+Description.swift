import Foundation

/// One line, as the `alarms` tool shows a fire: the rule, the wall clock of the fire's zone
/// when it rings, and how it was adjusted.
///
/// ```swift
/// print(fire)   // wake: Tue 2026-12-01 07:30 Europe/Berlin
///               // wake: Sun 2026-03-08 03:30 America/New_York, gap-shifted from 02:30
///               // wake: Sun 2026-11-01 01:30 America/New_York, overlap-first, floating
///               // wake: Tue 2026-12-01 07:39 Europe/Berlin, snooze
/// ```
extension Fire: CustomStringConvertible {
    /// `rule: Weekday date time zone`, then the adjustment (with the nominal time a gap moved),
    /// `floating` and `snooze` when they apply.
    public var description: String {
        var text =
            ruleID + ": " + LocalDateTime(instant: instant, utcOffsetSeconds: utcOffsetSeconds).wallClockText
            + " " + timeZone.ianaName
        switch adjustment {
        case .none: break
        case .gapShifted: text += ", gap-shifted from \(local.time)"
        case .overlapFirst, .overlapLast: text += ", " + adjustment.rawValue
        }
        if isFloating { text += ", floating" }
        if isSnooze { text += ", snooze" }
        return text
    }
}
