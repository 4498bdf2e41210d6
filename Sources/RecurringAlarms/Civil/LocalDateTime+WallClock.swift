import Foundation

extension LocalDate {
    /// `Tue 2026-12-01`: the date with its weekday, as the `alarms` tool prints it.
    package var wallClockText: String {
        let name = weekday.name
        return name.prefix(1).uppercased() + name.dropFirst() + " \(self)"
    }
}

extension LocalDateTime {
    /// `Tue 2026-12-01 07:30` (seconds shown when set): the date-time as people read a wall
    /// clock, the form the `alarms` tool prints and the value types' descriptions use.
    package var wallClockText: String { date.wallClockText + " \(time)" }
}
