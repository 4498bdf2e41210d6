import Foundation
import RecurringAlarms

// The value forms the writer emits (RFC 5545 §3.3): DATE-TIME in local, floating or UTC form,
// UTC-OFFSET, and the weekday names of BYDAY.

extension LocalDateTime {
    /// `YYYYMMDDTHHMMSS`: the RFC 5545 local (floating or `TZID`) DATE-TIME form.
    var iCalendarText: String {
        date.iCalendarText + "T" + ICalendar.digits(time.hour, 2) + ICalendar.digits(time.minute, 2)
            + ICalendar.digits(time.second, 2)
    }
}

extension LocalDate {
    /// `YYYYMMDD`: the RFC 5545 DATE form.
    var iCalendarText: String { ICalendar.digits(year, 4) + ICalendar.digits(month, 2) + ICalendar.digits(day, 2) }
}

extension Weekday {
    /// `MO` … `SU`, as `BYDAY` and `WKST` write weekdays.
    var iCalendarText: String {
        switch self {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }
}

extension ICalendar {
    /// `instant` as a UTC DATE-TIME, `YYYYMMDDTHHMMSSZ` (whole seconds, rounded down).
    static func utcText(_ instant: Date) -> String {
        LocalDateTime(instant: instant, utcOffsetSeconds: 0).iCalendarText + "Z"
    }

    /// A UTC-OFFSET value: `+HHMM`, or `+HHMMSS` when the offset has seconds (RFC 5545 §3.3.14).
    ///
    /// ```swift
    /// ICalendar.utcOffsetText(20_700)    // "+0545" (Asia/Kathmandu)
    /// ICalendar.utcOffsetText(-16_200)   // "-0430"
    /// ICalendar.utcOffsetText(-17_762)   // "-045602" (a local mean time)
    /// ```
    static func utcOffsetText(_ seconds: Int) -> String {
        let magnitude = seconds.magnitude
        var text = (seconds < 0 ? "-" : "+") + digits(Int(magnitude / 3600), 2) + digits(Int(magnitude / 60 % 60), 2)
        if magnitude % 60 != 0 { text += digits(Int(magnitude % 60), 2) }
        return text
    }

    /// `value` in decimal, zero-padded on the left to `width` digits.
    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
