import Foundation
import RecurringAlarms
import Testing

@testable import RecurringAlarmsICalendar

/// `TZID`s that are not IANA names as they are: globally unique ids (`/vendor/…/Europe/Berlin`)
/// read as the IANA name they end with, Windows zone ids and display names read through the
/// CLDR table, each with a note; a file's own `VTIMEZONE` that disagrees is said to.
@Suite("iCalendar import: zone names")
struct ICalendarZoneNameTests {
    @Test(arguments: [
        ("/freeassociation.sourceforge.net/Europe/Berlin", "Europe/Berlin"),
        ("/mozilla.org/20070129_1/America/New_York", "America/New_York"),
        ("/freeassociation.sourceforge.net/Tzfile/America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("/softwarestudio.org/Olson_20011030_5/America/New_York", "America/New_York"),
        ("/Europe/Stockholm", "Europe/Stockholm")
    ])
    func aGloballyUniqueIdIsTheLongestIANANameItEndsWith(tzid: String, iana: String) throws {
        let (zone, name) = try #require(ICalendarZoneName.zone(for: tzid))
        #expect(zone.ianaName == iana)
        #expect(name == .globallyUnique(ianaName: iana))
    }

    @Test(arguments: ["/Europe/CUSTOM", "Europe/CUSTOM", "freeassociation.sourceforge.net/Europe/Berlin", "/", "MyTimezone"])
    func aNameThatEndsInNoIANANameNamesNoZone(tzid: String) {
        #expect(ICalendarZoneName.zone(for: tzid) == nil)
    }

    @Test(arguments: [
        ("W. Europe Standard Time", "Europe/Berlin"),
        ("w. europe standard time", "Europe/Berlin"),
        ("Eastern Standard Time", "America/New_York"),
        ("Pacific Standard Time", "America/Los_Angeles"),
        ("Tokyo Standard Time", "Asia/Tokyo"),
        ("(UTC-05:00) Eastern Time (US & Canada)", "America/New_York"),
        // Windows 10 spells Brasilia without the accent; Outlook writes it with one.
        ("(UTC-03:00) Brasília", "America/Sao_Paulo"),
        // Windows before 2010 wrote GMT; Exchange 2003 a dot and slashes.
        ("(GMT-05:00) Eastern Time (US & Canada)", "America/New_York"),
        ("(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna", "Europe/Berlin"),
        ("(UTC+05:45) Kathmandu", "Asia/Katmandu")
    ])
    func aWindowsZoneIdOrDisplayNameIsItsTerritory001Zone(tzid: String, iana: String) throws {
        let (zone, name) = try #require(ICalendarZoneName.zone(for: tzid))
        #expect(zone.ianaName == iana)
        guard case .windows = name else {
            Issue.record("\(tzid) read as \(name)")
            return
        }
    }

    @Test func anIANANameIsReadAsItselfBeforeAnyWindowsName() throws {
        // "UTC" is a Windows id too (its 001 zone Etc/UTC); as an IANA name it is UTC itself.
        let (zone, name) = try #require(ICalendarZoneName.zone(for: "UTC"))
        #expect(zone.ianaName == "UTC")
        #expect(name == .iana)
    }

    @Test func everyRowOfTheTableNamesAZoneAndEveryNameOneRow() {
        #expect(WindowsZoneTable.rows.count == 139)
        #expect(WindowsZoneTable.source.hasPrefix("Unicode CLDR windowsZones.xml, "))
        for row in WindowsZoneTable.rows {
            #expect(TimeZone(ianaIdentifier: row.iana) != nil, "\(row.id): \(row.iana)")
            #expect(WindowsZoneTable.row(named: row.id) == row)
            #expect(WindowsZoneTable.row(named: row.displayName) == row)
        }
        // No two ids or display names compare equal.
        #expect(WindowsZoneTable.rowsByKey.count == 2 * WindowsZoneTable.rows.count)
    }

    @Test func anEventInAWindowsZoneRingsInItsIANAZoneWithANote() throws {
        // Berlin is UTC+1 in December: Tuesday 2026-12-01 07:30 is 06:30Z, and weekly after.
        let text = calendar([
            "BEGIN:VEVENT", "UID:standup", "DTSTART;TZID=W. Europe Standard Time:20261201T073000",
            "RRULE:FREQ=WEEKLY;BYDAY=TU", "EXDATE;TZID=W. Europe Standard Time:20261208T073000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.first?.timeZone == .fixed(TimeZone(identifier: "Europe/Berlin")!))
        #expect(
            try fireTimes(imported.rules, from: "2026-11-30T00:00:00Z", through: "2026-12-16T00:00:00Z") == [
                "2026-12-01T07:30:00+01:00", "2026-12-15T07:30:00+01:00"
            ])
        #expect(
            imported.notes.map(\.description) == [
                "line 6: TZID: \"W. Europe Standard Time\" is a Windows zone id; read as Europe/Berlin, its zone in the Unicode CLDR table (windowsZones, territory 001)"
            ])
    }

    @Test func theNoteIsMadeOnceAndAtAnEventThatImports() throws {
        let text = calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=/mozilla.org/20070129_1/America/New_York:20261201T090000", "RRULE:FREQ=YEARLY",
            "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART;TZID=/mozilla.org/20070129_1/America/New_York:20261201T100000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:c", "DTSTART;TZID=/mozilla.org/20070129_1/America/New_York:20261202T100000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.id) == ["b", "c"])
        #expect(imported.notes.map(\.line) == [11])
        #expect(imported.notes.first?.message.hasSuffix("read as the IANA zone it ends with, America/New_York") == true)
    }

    /// Exchange's VTIMEZONE for Eastern Standard Time as written before 2007: DST from the first
    /// Sunday of April to the last Sunday of October.
    static let oldEastern = [
        "BEGIN:VTIMEZONE", "TZID:Eastern Standard Time",
        "BEGIN:STANDARD", "DTSTART:16010101T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
        "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4", "END:DAYLIGHT",
        "END:VTIMEZONE"
    ]

    @Test func aVTimezoneThatDisagreesWithTheMappedZoneOverTheEventsIsSaidTo() throws {
        // New York springs forward on Sunday 2027-03-14 at 02:00 EST, 07:00Z (the second Sunday
        // of March since 2007); the old rule waits for Sunday 2027-04-04. At 07:00Z on 03-14 the
        // file says -0500, the tz database -0400: the first instant they differ after the start.
        let text = calendar(
            Self.oldEastern + [
                "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Eastern Standard Time:20261201T090000", "RRULE:FREQ=WEEKLY;BYDAY=TU",
                "END:VEVENT"
            ])
        let imported = try ICalendar.readRules(from: text)
        #expect(
            imported.notes.map(\.message).last
                == "this file's VTIMEZONE (line 4) disagrees with America/New_York over these events' dates: at 2027-03-14T07:00:00Z it gives UTC-0500, America/New_York UTC-0400; the rules ring by America/New_York, as the tz database has it"
        )
    }

    @Test func aVTimezoneThatAgreesOverTheEventsIsNotMentioned() throws {
        // Within December 2026 to January 2027 both give EST, -0500, throughout.
        let text = calendar(
            Self.oldEastern + [
                "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Eastern Standard Time:20261201T090000",
                "RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270131T235959Z", "END:VEVENT"
            ])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.notes.count == 1)
        #expect(imported.notes.first?.message.hasPrefix("is a Windows zone id; read as America/New_York") == true)
    }

    @Test func aVTimezoneThatCannotBeReadIsSaidNotToBeCompared() throws {
        let text = calendar([
            "BEGIN:VTIMEZONE", "TZID:Eastern Standard Time",
            "BEGIN:STANDARD", "DTSTART:16010101T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
            "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=SU;BYSETPOS=1", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Eastern Standard Time:20261201T090000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(
            imported.notes.map(\.message).last
                == "this file's VTIMEZONE (line 4) was not compared with America/New_York: line 10: RRULE has BYSETPOS, which is not read")
    }

    @Test func aVTimezoneIsReadAsItsOnsetsInTheYearsAsked() throws {
        // Exchange's Eastern Standard Time since 2007: the second Sunday of March, 02:00 EST
        // (-0500), and the first Sunday of November, 02:00 EDT (-0400). 2026-03-01 and
        // 2026-11-01 are Sundays: the onsets are 2026-03-08 07:00Z and 2026-11-01 06:00Z.
        let text = calendar([
            "BEGIN:VTIMEZONE", "TZID:Eastern Standard Time",
            "BEGIN:STANDARD", "DTSTART:16010101T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
            "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
            "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE"
        ])
        var problems: [ICalendarReadProblem] = []
        let component = try #require(
            ContentLineReader.components(of: Array(text.utf8), limits: .standard, problems: &problems).first?.children.first)
        let offsets = try VTimeZoneOffsets.read(component).get()
        let from = utcInstant("2026-01-01T00:00:00Z").timeIntervalSince1970
        let through = utcInstant("2026-12-31T00:00:00Z").timeIntervalSince1970
        let onsets = offsets.onsets(from: Int64(from), through: Int64(through)).filter { Double($0.instant) >= from }
        #expect(
            onsets == [
                VTimeZoneOffsets.Onset(instant: Int64(utcInstant("2026-03-08T07:00:00Z").timeIntervalSince1970), offset: -14_400),
                VTimeZoneOffsets.Onset(instant: Int64(utcInstant("2026-11-01T06:00:00Z").timeIntervalSince1970), offset: -18_000)
            ])
        #expect(offsets.offset(at: Int64(from), onsets: offsets.onsets(from: Int64(from), through: Int64(through))) == -18_000)
    }
}
