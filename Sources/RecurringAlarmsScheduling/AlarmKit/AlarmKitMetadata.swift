import Foundation
import RecurringAlarms

/// What an AlarmKit alarm scheduled by this library carries in its `AlarmAttributes`: the rule
/// and the alarm's identifier, so the app's widget extension and its alert can tell which alarm
/// is ringing.
///
/// Where AlarmKit exists it conforms to `AlarmMetadata`; declare the widget's Live Activity for
/// `AlarmAttributes<AlarmKitMetadata>`.
///
/// ```swift
/// let metadata = AlarmKitMetadata(ruleID: "wake", identifier: "wake#weekly-mon+tue-07:30:00")
/// metadata.fireID(ringingAt: ring, deviceTimeZone: berlin)   // "wake@2026-03-30T07:30:00"
/// ```
public struct AlarmKitMetadata: Sendable, Hashable, Codable {
    /// The id of the rule the alarm rings for.
    public var ruleID: String
    /// The fire id of a one-shot (`wake@2026-03-29T07:30:00`), or the id of a repeating alarm
    /// (`wake#weekly-mon+tue-07:30:00`).
    public var identifier: String

    /// Creates the metadata of one alarm.
    ///
    /// ```swift
    /// AlarmKitMetadata(ruleID: "wake", identifier: "wake@2026-03-29T07:30:00")
    /// ```
    public init(ruleID: String, identifier: String) {
        self.ruleID = ruleID
        self.identifier = identifier
    }

    /// The fire id of the ring at `instant`: the identifier itself for a one-shot; for a
    /// repeating alarm, its time on the date the clock of `deviceTimeZone` shows at `instant`
    /// (the day before when that clock already reads earlier than its time, a ring late past
    /// midnight), as notification deliveries are read.
    ///
    /// ```swift
    /// AlarmKitMetadata(ruleID: "wake", identifier: "wake#daily-07:30:00")
    ///     .fireID(ringingAt: Date(timeIntervalSince1970: 1_774_848_600), deviceTimeZone: berlin)
    /// // "wake@2026-03-30T07:30:00" (05:30Z is 07:30 in Berlin's summer time)
    /// ```
    ///
    /// - Complexity: O(1).
    public func fireID(ringingAt instant: Date, deviceTimeZone: TimeZone) -> String {
        guard let alarm = RepeatingAlarm(parsing: identifier) else { return identifier }
        return alarm.deliveredFire(at: instant, deviceTimeZone: deviceTimeZone).description
    }
}
