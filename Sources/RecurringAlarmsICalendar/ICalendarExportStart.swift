import Foundation
import RecurringAlarms

/// Where an export starts: the first date of each weekly rule without a start of its own,
/// whose `DTSTART` is its first occurrence on or after that date.
///
/// ```swift
/// // The device in Asia/Tokyo at Monday 2026-11-30 10:00 (01:00Z); a rule on Sundays at
/// // 22:45 in America/Los_Angeles, where it is still Sunday 11-29 (17:00):
/// let start = ICalendarExportStart.firesAfter(now, deviceTimeZone: TimeZone(identifier: "Asia/Tokyo")!)
/// try sunday.recurrences(start: start)[0].dtstart
/// // "DTSTART;TZID=America/Los_Angeles:20261129T224500": Monday 15:45 in Tokyo, after now
/// ```
public struct ICalendarExportStart: Sendable, Hashable {
    private enum Kind: Sendable, Hashable {
        case date(LocalDate)
        case firesAfter(Date, deviceTimeZone: TimeZone)
    }

    private let kind: Kind

    /// Every rule starts on `date`, read as a date in its own zone (a floating rule's: the
    /// device's): what `alarms export --from DATE` does.
    public static func date(_ date: LocalDate) -> ICalendarExportStart { ICalendarExportStart(kind: .date(date)) }

    /// Each rule starts on today's date in its own zone at `now` (a floating rule: in
    /// `deviceTimeZone`), so the export keeps every fire after `now`, in whichever zone the
    /// rule rings, and starts no rule on a day that is already over in its zone.
    ///
    /// A rule whose zone is behind the device's can start on the device's yesterday: a fire
    /// there still to come, such as Sunday 22:45 in Los Angeles on a Tokyo device at Monday
    /// 10:00, is kept. Fires earlier on that day, already past, are in the export too.
    public static func firesAfter(_ now: Date, deviceTimeZone: TimeZone) -> ICalendarExportStart {
        ICalendarExportStart(kind: .firesAfter(now, deviceTimeZone: deviceTimeZone))
    }

    /// The first date of `rule` when it has no start of its own.
    func date(for rule: AlarmRule) -> LocalDate {
        switch kind {
        case .date(let date):
            return date
        case .firesAfter(let now, let deviceTimeZone):
            let zone =
                switch rule.timeZone {
                case .floating: deviceTimeZone
                case .fixed(let zone): zone
                }
            return LocalDateTime(instant: now, utcOffsetSeconds: zone.secondsFromGMT(for: now)).date
        }
    }
}
