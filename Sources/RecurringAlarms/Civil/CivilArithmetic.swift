import Foundation

/// Proleptic Gregorian calendar arithmetic on plain integers.
///
/// Days are counted from 1970-01-01 (day 0), which is a Thursday. The algorithms are
/// Howard Hinnant's `days_from_civil` / `civil_from_days`; they are exact for every
/// year representable in `Int32`, need no tables and never allocate, which is why the
/// planner uses them instead of `Calendar`.
package enum CivilArithmetic {
    package static let secondsPerDay: Int64 = 86_400

    /// Floor division: rounds toward negative infinity, unlike `/`.
    @inline(__always)
    package static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// Floor modulo: the result has the sign of `b`.
    @inline(__always)
    package static func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
        let r = a % b
        return (r != 0 && (r < 0) != (b < 0)) ? r + b : r
    }

    /// Day number of a proleptic Gregorian date (1970-01-01 is 0).
    @inline(__always)
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day number (0 is 1970-01-01).
    @inline(__always)
    static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// ISO weekday number of a day number: Monday = 1 … Sunday = 7.
    @inline(__always)
    package static func isoWeekday(ofDay days: Int64) -> Int {
        Int(floorMod(days + 3, 7)) + 1
    }

    /// Day number of the Monday that starts the ISO week containing `days`.
    @inline(__always)
    package static func monday(ofDay days: Int64) -> Int64 {
        days - floorMod(days + 3, 7)
    }

    /// Whole seconds since 1970 of `date`, rounded down and clamped to years 1…9999, so no
    /// `Date` (however extreme, even NaN) can trap the integer conversion.
    package static func wholeSeconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard !seconds.isNaN else { return 0 }
        return Int64(min(max(seconds, -62_135_596_800), 253_402_300_799))
    }

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
