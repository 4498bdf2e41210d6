import Foundation
import RecurringAlarms
import Testing

/// Day numbers, weekdays and the text forms of dates, times and instants.
@Suite("Civil arithmetic")
struct CivilArithmeticTests {
    // Day numbers are days since 1970-01-01; each equals the ISO date's midnight UTC epoch / 86400,
    // e.g. 2000-03-01T00:00:00Z is 951868800 s = 11017 days.
    @Test(
        "a date and its day number convert both ways",
        arguments: [
            ("1970-01-01", 0),
            ("1970-01-02", 1),
            ("1969-12-31", -1),
            ("1900-01-01", -25_567),
            ("1900-02-28", -25_509),
            ("1900-03-01", -25_508),   // 1900 is not a leap year: Feb 28 is followed by Mar 1
            ("2000-01-01", 10_957),
            ("2000-02-29", 11_016),   // 2000 is a leap year (divisible by 400)
            ("2000-03-01", 11_017),
            ("2024-02-29", 19_782),
            ("2024-03-01", 19_783),
            ("2026-03-08", 20_520),
            ("2026-12-31", 20_818),
            ("2027-01-01", 20_819),
            ("2028-02-29", 21_243),
            ("0001-01-01", -719_162),
            ("9999-12-31", 2_932_896)   // 9999-12-31T00:00:00Z is 253_402_214_400 s
        ])
    func dayNumbers(text: String, dayNumber: Int64) throws {
        let date = try #require(LocalDate(parsing: text))
        #expect(date.daysSinceEpoch == dayNumber)
        #expect(LocalDate(daysSinceEpoch: dayNumber).description == text)
        #expect(LocalDate(daysSinceEpoch: dayNumber) == date)
    }

    @Test(
        "leap days exist only in leap years",
        arguments: [
            ("2024-02-29", true), ("2028-02-29", true), ("2000-02-29", true), ("2400-02-29", true),
            ("1900-02-29", false), ("2100-02-29", false), ("2026-02-29", false), ("2027-02-29", false)
        ])
    func leapDays(text: String, exists: Bool) {
        #expect((LocalDate(parsing: text) != nil) == exists)
    }

    @Test(
        "adding days crosses month, year and leap-day boundaries",
        arguments: [
            ("2028-02-28", 1, "2028-02-29"),
            ("2028-02-28", 2, "2028-03-01"),
            ("2027-02-28", 1, "2027-03-01"),
            ("2026-12-31", 1, "2027-01-01"),
            ("2027-01-01", -1, "2026-12-31"),
            ("1970-01-01", -1, "1969-12-31"),
            ("2000-02-28", 366, "2001-02-28")
        ])
    func addingDays(start: String, days: Int, expected: String) {
        #expect(day(start).adding(days: days).description == expected)
    }

    @Test("every day from 1600 to 2400 agrees with Foundation's Gregorian calendar")
    func agreesWithFoundation() throws {
        // Foundation's Gregorian calendar switches to Julian before 1582, so the sample starts in 1600.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Zones.utc
        let first = try #require(LocalDate(parsing: "1600-01-01")).daysSinceEpoch
        let last = try #require(LocalDate(parsing: "2400-12-31")).daysSinceEpoch
        var mismatches = 0
        var dayNumber = first
        while dayNumber <= last {
            let date = LocalDate(daysSinceEpoch: dayNumber)
            let parts = calendar.dateComponents(
                [.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(dayNumber) * 86_400))
            // Foundation numbers Sunday 1 … Saturday 7; ISO numbers Monday 1 … Sunday 7.
            let isoWeekday = (parts.weekday! + 5) % 7 + 1
            if date.year != parts.year || date.month != parts.month || date.day != parts.day || date.weekday.isoNumber != isoWeekday
                || LocalDate(year: parts.year!, month: parts.month!, day: parts.day!) != date
            {
                mismatches += 1
            }
            dayNumber += 1
        }
        #expect(mismatches == 0)
        #expect(last - first + 1 == 292_560)   // 801 years: 801 × 365 + 195 leap days
    }

    @Test(
        "weekdays use ISO numbering, Monday 1 to Sunday 7",
        arguments: [
            ("1970-01-01", Weekday.thursday, 4),
            ("1969-12-31", .wednesday, 3),
            ("1900-01-01", .monday, 1),
            ("2000-01-01", .saturday, 6),
            ("2000-02-29", .tuesday, 2),
            ("2024-02-29", .thursday, 4),
            ("2026-03-08", .sunday, 7),
            ("2026-11-01", .sunday, 7),
            ("2026-12-31", .thursday, 4),
            ("2027-01-01", .friday, 5),
            ("2028-02-29", .tuesday, 2),
            ("0001-01-01", .monday, 1)
        ])
    func weekdays(text: String, weekday: Weekday, isoNumber: Int) {
        #expect(day(text).weekday == weekday)
        #expect(day(text).weekday.isoNumber == isoNumber)
    }

    @Test("weekday names and set bits follow the documented numbering")
    func weekdayNames() {
        #expect(Weekday.allCases.map(\.isoNumber) == [1, 2, 3, 4, 5, 6, 7])
        #expect(Weekday.allCases.map(\.name) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        #expect(Weekday(name: "sun") == .sunday)
        #expect(Weekday(name: "Sun") == nil)
        #expect(Weekday(name: "sunday") == nil)
        #expect(WeekdaySet.monday.rawValue == 0b000_0001)
        #expect(WeekdaySet.sunday.rawValue == 0b100_0000)
        #expect(WeekdaySet.weekdays.count == 5)
        #expect(WeekdaySet([.sunday, .monday, .thursday]).names == ["sun", "mon", "thu"])
        #expect(WeekdaySet(rawValue: 0xFF) == .daily)
    }

    @Test("the two named weekday orders start on Monday and on Sunday, and the set's lists follow them")
    func weekdayOrders() {
        #expect(Weekday.mondayFirst.map(\.isoNumber) == [1, 2, 3, 4, 5, 6, 7])
        #expect(Weekday.mondayFirst.map(\.name) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        #expect(Weekday.sundayFirst.map(\.isoNumber) == [7, 1, 2, 3, 4, 5, 6])
        #expect(Weekday.sundayFirst.map(\.name) == ["sun", "mon", "tue", "wed", "thu", "fri", "sat"])
        #expect(Weekday.allNames == Weekday.sundayFirst.map(\.name))
        let days: WeekdaySet = [.thursday, .sunday, .monday]
        #expect(days.days == [.monday, .thursday, .sunday])
        #expect(days.names == ["sun", "mon", "thu"])
        #expect(WeekdaySet.daily.days == Weekday.mondayFirst)
        #expect(WeekdaySet.daily.names == Weekday.allNames)
    }

    @Test(
        "local dates parse only as YYYY-MM-DD naming a real date",
        arguments: [
            "2027-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "0000-01-01",
            "2026-1-01", "2026/01/01", "20260101", "2026-01-01T00:00", " 2026-01-01", "２０２６-01-01", ""
        ])
    func invalidDates(text: String) {
        #expect(LocalDate(parsing: text) == nil)
    }

    @Test(
        "times of day parse HH:MM and HH:MM:SS",
        arguments: [
            ("00:00", 0, "00:00:00", "00:00"),
            ("07:30", 27_000, "07:30:00", "07:30"),
            ("21:15:30", 76_530, "21:15:30", "21:15:30"),
            ("23:59:59", 86_399, "23:59:59", "23:59:59")
        ])
    func validTimes(text: String, seconds: Int, long: String, short: String) throws {
        let time = try #require(TimeOfDay(parsing: text))
        #expect(time.secondsSinceMidnight == seconds)
        #expect(time.description == short)
        #expect(time.shortDescription == short)
        #expect(LocalDateTime(date: day("2026-12-01"), time: time).description == "2026-12-01T" + long)
    }

    @Test(
        "invalid times of day are rejected",
        arguments: [
            "24:00", "7:30", "07:60", "07:30:60", "07-30", "0730", "07:30:5", " 07:30", "07:30 ", "+7:30", "-1:00", "", "٠٧:٣٠"
        ])
    func invalidTimes(text: String) {
        #expect(TimeOfDay(parsing: text) == nil)
    }

    @Test("local date-times parse with T, t or a space, with or without seconds")
    func localDateTimes() throws {
        let full = try #require(LocalDateTime(parsing: "2026-03-08T02:30:00"))
        #expect(full.date == day("2026-03-08"))
        #expect(full.time == clock("02:30"))
        #expect(LocalDateTime(parsing: "2026-03-08T02:30") == full)
        #expect(LocalDateTime(parsing: "2026-03-08 02:30:00") == full)
        #expect(LocalDateTime(parsing: "2026-03-08t02:30:00") == full)
        #expect(LocalDateTime(parsing: "2026-03-08t02:30") == full)
        #expect(full.description == "2026-03-08T02:30:00")
        #expect(wall("2026-12-31T23:59:59") < wall("2027-01-01T00:00:00"))
    }

    @Test(
        "invalid local date-times are rejected",
        arguments: [
            "2027-02-29T07:00", "2026-03-08T24:00", "2026-03-08T7:30", "2026-03-08T07:60", "2026-03-08",
            "2026-03-08T02:30:00Z", "2026-03-08T02:30:00.5", "2026-03-08X02:30"
        ])
    func invalidLocalDateTimes(text: String) {
        #expect(LocalDateTime(parsing: text) == nil)
    }

    @Test(
        "the wall time of an instant at an offset",
        arguments: [
            (1_772_955_000, -18_000, "2026-03-08T02:30:00"),   // 2026-03-08T07:30:00Z at UTC-5
            (1_772_955_000, 45_900, "2026-03-08T20:15:00"),   // same instant at UTC+12:45
            (-1, 0, "1969-12-31T23:59:59"),   // 1969-12-31T23:59:59Z
            (1_798_761_599, 0, "2026-12-31T23:59:59")   // 2026-12-31T23:59:59Z
        ])
    func wallTimeOfInstant(epochSeconds: Int, offset: Int, expected: String) {
        #expect(LocalDateTime(instant: at(epochSeconds), utcOffsetSeconds: offset).description == expected)
    }

    // 1_772_955_000 is 2026-03-08T07:30:00Z.
    @Test(
        "RFC 3339 formatting writes the offset, Z for UTC",
        arguments: [
            (0, "2026-03-08T07:30:00Z"),
            (-14_400, "2026-03-08T03:30:00-04:00"),
            (-18_000, "2026-03-08T02:30:00-05:00"),
            (19_800, "2026-03-08T13:00:00+05:30"),
            (-12_600, "2026-03-08T04:00:00-03:30"),
            (45_900, "2026-03-08T20:15:00+12:45"),
            (49_500, "2026-03-08T21:15:00+13:45"),
            (20_700, "2026-03-08T13:15:00+05:45"),
            (50_400, "2026-03-08T21:30:00+14:00"),
            (-17_762, "2026-03-08T02:33:58-04:56:02")   // local mean time: an offset with seconds reads back too
        ])
    func rfc3339Format(offset: Int, expected: String) throws {
        let instant = at(1_772_955_000)   // 2026-03-08T07:30:00Z
        #expect(RFC3339.format(instant, utcOffsetSeconds: offset) == expected)
        let parsed = try #require(RFC3339.parse(expected))
        #expect(parsed.instant == instant)
        #expect(parsed.utcOffsetSeconds == offset)
    }

    @Test("RFC 3339 formatting rounds fractions down and keeps seconds of odd offsets")
    func rfc3339Details() {
        // 2026-03-08T07:30:00.9Z
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1_772_955_000.9), utcOffsetSeconds: 0) == "2026-03-08T07:30:00Z")
        #expect(RFC3339.format(at(-1), utcOffsetSeconds: 0) == "1969-12-31T23:59:59Z")   // 1969-12-31T23:59:59Z
        #expect(RFC3339.offsetSuffix(-17_762) == "-04:56:02")   // 4 h 56 min 2 s, a local-mean-time offset
        #expect(RFC3339.offsetSuffix(3600) == "+01:00")
    }

    @Test(
        "a timestamp whose wall time is in years 1 to 9999 formats back to itself, even when its instant is not",
        arguments: [
            ("9999-12-31T23:59:00-14:00", -50_400),   // 10000-01-01T13:59:00Z
            ("0001-01-01T00:00:00+14:00", 50_400)   // 0000-12-31T10:00:00Z
        ])
    func rfc3339BeyondTheYearsInUTC(text: String, offset: Int) throws {
        // Found by fuzzing (Tests/Fuzz, target rfc3339): the instant was clamped before the
        // offset was applied, so the first printed 9999-12-31T09:59:59-14:00.
        let parsed = try #require(RFC3339.parse(text))
        #expect(parsed.utcOffsetSeconds == offset)
        #expect(RFC3339.format(parsed.instant, utcOffsetSeconds: offset) == text)
    }

    @Test(
        "RFC 3339 parsing accepts the documented variants",
        arguments: [
            ("2026-03-08T07:30:00Z", 1_772_955_000.0, 0),   // 2026-03-08T07:30:00Z
            ("2026-03-08T07:30:00z", 1_772_955_000.0, 0),   // 2026-03-08T07:30:00Z
            ("2026-03-08t07:30:00Z", 1_772_955_000.0, 0),   // 2026-03-08T07:30:00Z
            ("2026-03-08t07:30:00z", 1_772_955_000.0, 0),   // 2026-03-08T07:30:00Z
            ("2026-03-08t02:30:00-05:00", 1_772_955_000.0, -18_000),   // 2026-03-08T07:30:00Z
            ("2026-03-08T07:30Z", 1_772_955_000.0, 0),   // 2026-03-08T07:30:00Z
            ("2026-03-08 07:30:00Z", 1_772_955_000.0, 0),   // 2026-03-08T07:30:00Z
            ("2026-03-08T07:30:00.250Z", 1_772_955_000.25, 0),   // 2026-03-08T07:30:00.25Z
            ("2026-03-08T02:30:00-05:00", 1_772_955_000.0, -18_000),   // 2026-03-08T07:30:00Z
            ("2026-03-08T04:00:00-03:30", 1_772_955_000.0, -12_600),   // 2026-03-08T07:30:00Z
            ("2026-03-07T23:59:59-23:59", 1_773_014_339.0, -86_340)   // 2026-03-08T23:58:59Z
        ])
    func rfc3339Parse(text: String, seconds: Double, offset: Int) throws {
        let parsed = try #require(RFC3339.parse(text))
        #expect(parsed.instant.timeIntervalSince1970 == seconds)
        #expect(parsed.utcOffsetSeconds == offset)
    }

    @Test(
        "RFC 3339 parsing rejects malformed text and missing offsets",
        arguments: [
            "2026-03-08T07:30:00", "2026-03-08T07:30:00+0530", "2026-03-08T07:30:00+24:00", "2026-03-08T07:30:00+05:60",
            "2026-02-30T07:30:00Z", "2026-03-08T07:30:00.Z", "2026-03-08T07:30:00ZZ", "2026-03-08T25:30:00Z", "", "Z",
            "2026-03-08T07:30:00+05:30:60", "2026-03-08T07:30:00+05:30:5", "2026-03-08T07:30:00+05:30-05"
        ])
    func rfc3339Invalid(text: String) {
        #expect(RFC3339.parse(text) == nil)
    }

    @Test("a local timestamp without offset parses only with parseLocal")
    func rfc3339Local() throws {
        let parsed = try #require(RFC3339.parseLocal("2026-03-08T02:30:00.5"))
        #expect(parsed.local == wall("2026-03-08T02:30:00"))
        #expect(parsed.fractionalSeconds == 0.5)
        #expect(RFC3339.parseLocal("2026-03-08t02:30")?.local == wall("2026-03-08T02:30:00"))
        #expect(RFC3339.parseLocal("2026-03-08T02:30:00Z") == nil)
        #expect(RFC3339.parseLocal("2026-03-08T02:30:00+01:00") == nil)
    }
}
