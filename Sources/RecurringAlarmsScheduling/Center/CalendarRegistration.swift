import Foundation
import RecurringAlarms

/// Which calendar a request's date components are numbered in, and when a pending request must
/// be registered again because the OS now reads its numbers as another moment.
///
/// Date components name a day only in a calendar. Apple documents neither which calendar
/// `UNCalendarNotificationTrigger` reads components in when they carry none (in practice the
/// user's, `Calendar.current`) nor whether it honours one they carry. If the user switches the
/// system calendar (Gregorian → Buddhist: years 543 higher), components numbered in the old one
/// can be read as a day centuries away. So the adapter and `SimulatedNotificationCenter` both:
///
/// - number a **zoned** trigger in the Gregorian calendar with that calendar set on the
///   components, when the OS reads them back as registered (checked on the trigger itself,
///   `nextTriggerDate()`): then a later calendar change cannot touch it; otherwise in the
///   user's calendar;
/// - number a **floating** trigger in the user's calendar and set none: a `Calendar` always
///   carries a time zone, and one set on floating components could pin the request to the zone
///   it was registered in, ending "rings at 07:30 wherever the device is";
/// - record each request's wall time (``wallTimeKey`` in `userInfo`), and at each pending query
///   remove and leave out the requests the OS now reads as another moment
///   (``isMisread(_:nextTriggerDate:now:deviceTimeZone:)``), so that the refresh adds them
///   again, numbered in the new calendar.
package enum CalendarRegistration {
    /// The `userInfo` key holding the wall time a request was registered for
    /// (`"2026-12-01T07:30:00"`), so a later pending query can tell whether the OS still reads it so.
    package static let wallTimeKey = "recurring-alarms.wall-time"

    /// How far the OS's reading may be from the registered moment and still count as it: a
    /// misread calendar moves a date by years (Buddhist 543, Republic of China 1911, Japanese era
    /// years ~2000); zone and daylight-saving differences stay well inside a day.
    static let tolerance: TimeInterval = 86_400

    /// The date components to register for `trigger`.
    ///
    /// - Parameters:
    ///   - userCalendar: the user's calendar now (`Calendar.current`).
    ///   - now: the present, to judge whether the OS's reading can be checked at all.
    ///   - deviceTimeZone: the device zone now.
    ///   - nextTriggerDate: when the OS would ring components registered now
    ///     (`UNCalendarNotificationTrigger(dateMatching:repeats:).nextTriggerDate()`).
    /// - Returns: Gregorian components with the Gregorian calendar set for a zoned trigger the OS
    ///   reads so, else components numbered in `userCalendar` (with it set when zoned).
    package static func components(
        for trigger: NotificationTrigger, userCalendar: Calendar, now: Date, deviceTimeZone: TimeZone,
        nextTriggerDate: (DateComponents) -> Date?
    ) -> DateComponents {
        guard let zone = trigger.timeZone else { return trigger.dateComponents(in: userCalendar) }
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = zone
        var components = trigger.dateComponents(in: gregorian)
        components.calendar = gregorian
        if userCalendar.identifier == .gregorian
            || !isMisread(trigger, nextTriggerDate: nextTriggerDate(components), now: now, deviceTimeZone: deviceTimeZone)
        {
            return components
        }
        var user = userCalendar
        user.timeZone = zone
        components = trigger.dateComponents(in: user)
        components.calendar = user
        return components
    }

    /// Whether the OS, ringing next at `nextTriggerDate`, reads a request registered for
    /// `trigger` as another moment: more than a day away, or never although the moment is still
    /// ahead. A moment already past cannot be checked and counts as read correctly.
    package static func isMisread(_ trigger: NotificationTrigger, nextTriggerDate: Date?, now: Date, deviceTimeZone: TimeZone) -> Bool {
        let meant = trigger.instant(deviceTimeZone: deviceTimeZone)
        guard meant > now else { return false }
        guard let next = nextTriggerDate else { return true }
        return abs(next.timeIntervalSince(meant)) > tolerance
    }

    /// The trigger a request was registered for, from the wall time recorded under
    /// ``wallTimeKey`` and the zone its components carry; `nil` for a request this package
    /// did not register.
    package static func registeredTrigger(wallTime: Any?, componentsTimeZone: TimeZone?) -> NotificationTrigger? {
        guard let text = wallTime as? String, let wall = LocalDateTime(parsing: text) else { return nil }
        return componentsTimeZone.map { .zoned(wall, $0) } ?? .floating(wall)
    }
}
