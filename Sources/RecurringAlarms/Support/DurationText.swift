import Foundation

/// The one way a span of seconds becomes text for people, in every target: messages, warnings,
/// the CLI's tables and the simulation summary.
///
/// ```swift
/// DurationText.describe(seconds: 5_400)     // "1 h 30 min"
/// DurationText.describe(seconds: 138_600)   // "1 d 14 h" (1 d 14 h 30 min: the minutes are dropped)
/// DurationText.describe(seconds: 45)        // "45 s"
/// ```
///
/// The rule: the units are days (`d`, 86,400 s, whatever the calendar says), hours (`h`) and
/// minutes (`min`). A span shows its largest non-zero unit and then the next smaller unit when
/// that is not zero; every smaller unit is dropped, truncated, never rounded (so "in 1 d 9 h" is
/// never late, and two numbers are enough to read at a glance). A span under a minute is shown
/// in seconds (`45 s`, `0 s`). A negative span is its magnitude after a `-`.
package enum DurationText {
    /// `seconds` as text by the rule above; total over `Int`, `Int.min` included.
    ///
    /// - Complexity: O(1).
    package static func describe(seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        let magnitude = seconds.magnitude
        let days = magnitude / 86_400
        let hours = magnitude / 3600 % 24
        let minutes = magnitude / 60 % 60
        let text: String
        if days > 0 {
            text = hours > 0 ? "\(days) d \(hours) h" : "\(days) d"
        } else if hours > 0 {
            text = minutes > 0 ? "\(hours) h \(minutes) min" : "\(hours) h"
        } else if minutes > 0 {
            text = "\(minutes) min"
        } else {
            text = "\(magnitude) s"
        }
        return sign + text
    }

    /// `interval` truncated toward zero to whole seconds, then as ``describe(seconds:)``;
    /// NaN reads as 0 and a value beyond `Int`'s range as the nearest bound, so nothing traps.
    ///
    /// - Complexity: O(1).
    package static func describe(_ interval: TimeInterval) -> String {
        let seconds: Int
        if interval.isNaN {
            seconds = 0
        } else if interval >= 0x1p63 {
            seconds = .max
        } else if interval < -0x1p63 {
            seconds = .min
        } else {
            seconds = Int(interval)   // -2^63 itself is exactly Int.min
        }
        return describe(seconds: seconds)
    }
}
