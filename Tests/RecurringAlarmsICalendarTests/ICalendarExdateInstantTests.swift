import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// An `EXDATE` of a fixed-zone rule removes the instance at its instant, both read as RFC 5545
/// §3.3.5 reads a wall time: one in a spring-forward gap with the offset before the gap, a
/// repeated one as its first showing.
///
/// New York's clocks go from 02:00 EST to 03:00 EDT on 2026-03-08 (07:00Z) and 2027-03-14
/// (07:00Z), and from 02:00 EDT back to 01:00 EST on 2026-11-01 (06:00Z). Berlin is on CET
/// (UTC+1) until 2026-03-29.
@Suite struct ICalendarExdateInstantTests {
    /// A Sunday 02:30 rule in New York from 2026-03-01 with one more property line.
    func sundayRule(exdate: String) throws -> ICalendarImport {
        try ICalendar.readRules(
            from: eventCalendar([
                "UID:n", "DTSTART;TZID=America/New_York:20260301T023000", "RRULE:FREQ=WEEKLY;BYDAY=SU", exdate
            ]))
    }

    @Test(arguments: [
        // 02:30 on the gap date, read with EST (−05:00): 07:30Z, the rule's instance that day.
        "EXDATE;TZID=America/New_York:20260308T023000",
        // The same instant in UTC; New York shows it as 03:30 EDT.
        "EXDATE:20260308T073000Z",
        // And in Berlin, still on CET: 08:30 − 1 h = 07:30Z.
        "EXDATE;TZID=Europe/Berlin:20260308T083000"
    ])
    func anExdateAtTheInstantOfATimeInAGapSkipsItsDate(exdate: String) throws {
        let imported = try sundayRule(exdate: exdate)
        #expect(imported.rules.first?.skippedDates == [day("2026-03-08")])
        #expect(imported.notes.isEmpty)
    }

    @Test func anExdateAtTheTimeShownAfterTheGapIsTheSameInstantAndSkipsItsDate() throws {
        // 03:30 EDT on 2026-03-08 is 07:30Z too, but 03:30 is not one of the rule's times: by
        // RFC 5545 the wall time 03:30 names the instant 07:30Z, where the 02:30 instance is,
        // so it removes that instance.
        let imported = try sundayRule(exdate: "EXDATE;TZID=America/New_York:20260308T033000")
        #expect(imported.rules.first?.skippedDates == [day("2026-03-08")])
    }

    @Test func anExportedSkipOnASpringForwardDateIsReadBack() throws {
        for times in [["02:30"], ["02:30", "04:00"]] {
            let rule = weeklyRule(
                "n", days: [.sunday], times: times, zone: Zones.newYork, start: "2026-12-06", skip: ["2027-03-14"])
            let text = try ICalendar.document(for: [rule], from: day("2026-11-30"), generatedAt: december1).text
            #expect(text.contains("EXDATE;TZID=America/New_York:20270314T023000\r\n"))
            let imported = try ICalendar.readRules(from: text)
            #expect(imported.rules.map(\.skippedDates) == [[day("2027-03-14")]], "\(times)")
            #expect(imported.notes.isEmpty, "\(times)")
        }
    }

    /// A daily 01:30 rule in New York from 2026-10-29 with one `EXDATE`.
    func repeatedHourRule(exdate: String) throws -> ICalendarImport {
        try ICalendar.readRules(
            from: eventCalendar([
                "UID:t", "DTSTART;TZID=America/New_York:20261029T013000", "RRULE:FREQ=DAILY;COUNT=10", exdate
            ]))
    }

    @Test(arguments: [
        // 01:30 EDT (−04:00): 05:30Z, the first showing and the rule's instance.
        "EXDATE:20261101T053000Z",
        // A repeated wall time names its first showing.
        "EXDATE;TZID=America/New_York:20261101T013000"
    ])
    func anExdateAtTheFirstShowingOfARepeatedTimeSkipsItsDate(exdate: String) throws {
        #expect(try repeatedHourRule(exdate: exdate).rules.first?.skippedDates == [day("2026-11-01")])
    }

    @Test func anExdateAtTheSecondShowingOfARepeatedTimeMatchesNothingAndIsIgnoredWithANote() throws {
        // 06:30Z is 01:30 EST, the second showing; the rule's instance is 05:30Z.
        let imported = try repeatedHourRule(exdate: "EXDATE:20261101T063000Z")
        #expect(imported.rules.first?.skippedDates == [])
        #expect(imported.notes.map(\.value) == ["20261101T063000Z"])
        #expect(
            imported.notes.first?.message
                == "matches no instance of the rule (it is 2026-11-01T01:30:00-05:00 in America/New_York, the second 01:30 of 2026-11-01; the rule's instance is the first, 2026-11-01T01:30:00-04:00); ignored"
        )
    }
}
