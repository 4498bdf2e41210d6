import Foundation
import RecurringAlarms

/// How instants are shown to people: the clock on the wall of a zone, with the weekday.
enum WallClock {
    /// `Tue 2026-12-01 07:30` (seconds shown when set): the clock at `instant` at a UTC offset.
    static func text(_ instant: Date, offset: Int) -> String {
        let local = LocalDateTime(instant: instant, utcOffsetSeconds: offset)
        return "\(weekday(local.date)) \(local.date) \(local.time.shortDescription)"
    }

    /// The clock at `instant` in `zone`.
    static func text(_ instant: Date, in zone: TimeZone) -> String {
        text(instant, offset: zone.secondsFromGMT(for: instant))
    }

    /// `Tue 2026-12-01`.
    static func date(_ date: LocalDate) -> String { "\(weekday(date)) \(date)" }

    /// `Tue`.
    static func weekday(_ date: LocalDate) -> String {
        let name = date.weekday.name
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// When a fire rings, for people: the device's clock, and the rule's own clock when that
    /// is another zone. `Wed 2026-12-02 01:00 Europe/Berlin (09:00 Asia/Tokyo)`. A wall time
    /// that occurs twice on the rule's clock is marked as `plan` marks it, `[1st]` or `[2nd]`,
    /// after that clock: `Sun 2026-11-01 01:39 America/New_York [2nd]`.
    static func fire(_ fire: Fire, deviceTimeZone: TimeZone) -> String {
        var text = "\(self.text(fire.instant, in: deviceTimeZone)) \(deviceTimeZone.ianaName)"
        let marker = fire.adjustment == .overlapFirst || fire.adjustment == .overlapLast ? " " + PlanTable.marker(fire.adjustment) : ""
        let own = ownClock(fire, deviceTimeZone: deviceTimeZone)
        if own.isEmpty { return text + marker }
        text += " (\(own)\(marker))"
        return text
    }

    /// The RULE'S CLOCK of a table whose WHEN is the device's clock: `09:00 Asia/Tokyo`, the
    /// time on the clock of the fire's zone at `instant` (`offset` from UTC there), or empty
    /// when that zone is the device's, as it always is for a floating rule.
    static func ownClock(_ instant: Date, zone: TimeZone, offset: Int, deviceTimeZone: TimeZone) -> String {
        guard zone.ianaName != deviceTimeZone.ianaName else { return "" }
        return LocalDateTime(instant: instant, utcOffsetSeconds: offset).time.shortDescription + " " + zone.ianaName
    }

    /// The RULE'S CLOCK of `plan`'s table: `floating` for a fire of a rule that follows the
    /// device's zone, else the time on the clock of the rule's zone at the fire's instant and
    /// that zone, `09:00 Asia/Tokyo`, also when it is the device's zone (`07:30 Europe/Berlin` on
    /// a Berlin device), so a fixed rule is told from a floating one, as `week`'s key tells them.
    static func ruleClock(_ fire: Fire) -> String {
        guard !fire.isFloating else { return "floating" }
        return LocalDateTime(instant: fire.instant, utcOffsetSeconds: fire.utcOffsetSeconds).time.shortDescription + " "
            + fire.timeZone.ianaName
    }

    /// ``ownClock(_:zone:offset:deviceTimeZone:)`` of a planned fire.
    static func ownClock(_ fire: Fire, deviceTimeZone: TimeZone) -> String {
        ownClock(fire.instant, zone: fire.timeZone, offset: fire.utcOffsetSeconds, deviceTimeZone: deviceTimeZone)
    }

    /// `Tue 2026-12-01 07:30 Europe/Berlin`: an instant on a zone's clock, naming the zone, for
    /// headers and footers.
    static func named(_ instant: Date, in zone: TimeZone) -> String {
        "\(text(instant, in: zone)) \(zone.ianaName)"
    }
}
