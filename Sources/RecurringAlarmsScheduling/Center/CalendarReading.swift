/// Which calendar iOS reads a calendar trigger's date components in.
///
/// Apple does not document it. `SimulatedNotificationCenter` (in `RecurringAlarmsSimulation`) can behave either way, and the
/// scheduler is tested under both: a refresh after the user changes the system calendar must
/// leave every request ringing at its moment whichever is true.
public enum CalendarReading: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// In the calendar the components carry, else the user's calendar of the moment.
    case componentsCalendar = "components-calendar"
    /// Always in the user's calendar of the moment, whatever calendar the components carry.
    case userCalendar = "user-calendar"

    public var description: String { rawValue }
}
