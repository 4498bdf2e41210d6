import Foundation

/// One line: the rule's position in its schedule, the nominal wall time, the instant in UTC,
/// and the adjustment. An occurrence knows no rule id or zone; ``AlarmSchedule/fire(for:deviceTimeZone:)``
/// gives the full ``Fire``, whose description names them.
///
/// ```swift
/// print(occurrence)   // rule index 0: Tue 2026-12-01 07:30 (2026-12-01T06:30:00Z)
///                     // rule index 2: Sun 2026-03-08 02:30 (2026-03-08T07:30:00Z), gap-shifted
/// ```
extension Occurrence: CustomStringConvertible {
    /// `rule index N: Weekday date time (UTC instant)`, then the adjustment when there is one.
    public var description: String {
        "rule index \(ruleIndex): \(local.wallClockText) (\(RFC3339.format(instant, utcOffsetSeconds: 0)))"
            + (adjustment == .none ? "" : ", " + adjustment.rawValue)
    }
}
