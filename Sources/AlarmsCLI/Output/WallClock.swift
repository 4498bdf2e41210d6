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
    /// is another zone. `Wed 2026-12-02 01:00 Europe/Berlin (09:00 Asia/Tokyo)`.
    static func fire(_ fire: Fire, deviceTimeZone: TimeZone) -> String {
        var text = "\(self.text(fire.instant, in: deviceTimeZone)) \(deviceTimeZone.ianaName)"
        if fire.timeZone.ianaName != deviceTimeZone.ianaName {
            let own = LocalDateTime(instant: fire.instant, utcOffsetSeconds: fire.utcOffsetSeconds)
            text += " (\(own.time.shortDescription) \(fire.timeZone.ianaName))"
        }
        return text
    }
}
