import Foundation

/// How the scheduler uses an AlarmKit center (``AlarmCenterAdapter``): how many alarms it
/// may hold, and the snooze its alarms offer.
///
/// Apple publishes no limit on the alarms an app may schedule ("the device may impose a
/// limit"); AlarmKit's one signal is `maximumLimitReached`. The default ``budget`` of 64 is the
/// notification cap iOS does document: enough for every plain weekly rule as one repeating
/// alarm per time and about nine days of a busy book's one-shots, and small enough that no
/// device is expected to refuse it. A refusal lowers it for good: the scheduler records the
/// number the device held as the book's learned limit (``/RecurringAlarms/AppliedPlan/alarmLimit``)
/// and plans within it from then on.
///
/// ```swift
/// var options = SchedulerOptions()
/// options.alarmKit = AlarmKitOptions(budget: 32, snoozeLength: 5 * 60)
/// ```
public struct AlarmKitOptions: Sendable, Hashable {
    /// The most alarms the scheduler holds, the app's own alarms included; clamped to 0…1,000,000
    /// where used, and lowered by a learned limit.
    public var budget: Int
    /// The snooze of every alarm's secondary button (AlarmKit's `postAlert` countdown), in
    /// seconds; `nil` for alarms without a snooze button. Clamped to 1 s…1 day where used.
    public var snoozeLength: TimeInterval?

    /// The Clock app's snooze: 9 minutes.
    public static let defaultSnoozeLength: TimeInterval = 9 * 60

    /// Creates options; by default a budget of 64 and the Clock app's 9-minute snooze.
    public init(budget: Int = 64, snoozeLength: TimeInterval? = AlarmKitOptions.defaultSnoozeLength) {
        self.budget = budget
        self.snoozeLength = snoozeLength
    }

    /// ``snoozeLength`` within 1 s…1 day; 9 minutes for a value that is not a number.
    var effectiveSnoozeLength: TimeInterval? {
        guard let snoozeLength else { return nil }
        guard snoozeLength.isFinite else { return Self.defaultSnoozeLength }
        return min(max(snoozeLength, 1), 86_400)
    }
}
