import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// `X-WR-TIMEZONE` (Google, Apple): the calendar's zone. Floating times are read in it, as the
/// apps that write it read them, with a note; times with `TZID` or `Z` keep their own zone.
@Suite("iCalendar import: X-WR-TIMEZONE")
struct ICalendarCalendarZoneTests {
    @Test func floatingTimesAreReadInTheCalendarsZoneWithANote() throws {
        // New York is UTC-5 in December: Tuesday 2026-12-01 07:30 there is 12:30Z. The floating
        // EXDATE is read in the same zone and skips 12-08; the floating UNTIL (RFC 2445's local
        // form) ends the rule on 12-15.
        let text = calendar([
            "X-WR-TIMEZONE:America/New_York",
            "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T073000", "RRULE:FREQ=WEEKLY;UNTIL=20261215T073000",
            "EXDATE:20261208T073000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.first?.timeZone == .fixed(TimeZone(identifier: "America/New_York")!))
        #expect(
            try fireTimes(imported.rules, from: "2026-11-30T00:00:00Z", through: "2026-12-31T00:00:00Z") == [
                "2026-12-01T07:30:00-05:00", "2026-12-15T07:30:00-05:00"
            ])
        #expect(
            imported.notes.map(\.description) == [
                "line 4: X-WR-TIMEZONE: \"America/New_York\" names the calendar's zone: floating times (no TZID, no Z) are read in America/New_York, as the calendar apps that write it (Google, Apple) read them; 1 event fixed to it"
            ])
    }

    @Test func timesWithTheirOwnZoneAreNotTouchedAndNeedNoNote() throws {
        let text = calendar([
            "X-WR-TIMEZONE:America/New_York",
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Berlin:20261201T073000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART:20261201T073000Z", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(
            imported.rules.map(\.timeZone) == [.fixed(TimeZone(identifier: "Europe/Berlin")!), .fixed(TimeZone(ianaIdentifier: "UTC")!)])
        #expect(imported.notes.isEmpty)
    }

    @Test func aCalendarZoneThatNamesNoZoneLeavesFloatingTimesFloatingWithANote() throws {
        let text = calendar(["X-WR-TIMEZONE:Mars/Olympus", "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T073000", "END:VEVENT"])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.first?.timeZone == .floating)
        #expect(
            imported.notes.map(\.message) == [
                "names no zone this library knows; floating times (no TZID, no Z) stay floating, on the device's clock (1 event)"
            ])
    }

    @Test func aWindowsNameNamesTheCalendarsZoneToo() throws {
        let text = calendar(["X-WR-TIMEZONE:W. Europe Standard Time", "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T073000", "END:VEVENT"])
        #expect(try ICalendar.readRules(from: text).rules.first?.timeZone == .fixed(TimeZone(identifier: "Europe/Berlin")!))
    }
}
