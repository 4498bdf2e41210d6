import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// README.md's iCalendar example (a region of this file, see DocSnippetTests), run here with
/// what its comments print asserted. By hand: 2026-12-01 is a Tuesday, so the first of Monday,
/// Tuesday and Thursday from it is that day; the RRULE lists the days Monday first, then the
/// hour and minute of the one time (Docs/Formats.md, Export), and has no INTERVAL or WKST at
/// every week.
@Suite("README iCalendar example")
struct ReadmeICalendarTests {
    @Test("a rule becomes DTSTART and RRULE lines from a date, and those lines become the rule again")
    func readmeSnippet() throws {
        // snippet:begin readme-icalendar
        // A rule as RFC 5545 lines, for a server that stores recurrences: a weekly rule with no
        // start of its own starts on the date given (recurrences(start:) can instead take the
        // day of now in each rule's zone, so no fire after now is lost).
        let wake = AlarmRule(
            id: "wake", repeats: .weekly(days: [.monday, .tuesday, .thursday]), times: [TimeOfDay(hour: 7, minute: 30)!])
        let recurrence = try wake.recurrences(from: LocalDate(year: 2026, month: 12, day: 1)!)[0]
        print(recurrence.dtstart)   // DTSTART:20261201T073000 (floating: no TZID)
        print(recurrence.rrule!)   // FREQ=WEEKLY;BYDAY=MO,TU,TH;BYHOUR=7;BYMINUTE=30

        // And back: an RRULE with its DTSTART is a rule, which starts that Tuesday.
        let read = try AlarmRule(rrule: recurrence.rrule!, dtstart: recurrence.dtstart, id: "wake")
        print(read.times == wake.times)   // true
        // snippet:end

        #expect(recurrence.dtstart == "DTSTART:20261201T073000")
        #expect(recurrence.rrule == "FREQ=WEEKLY;BYDAY=MO,TU,TH;BYHOUR=7;BYMINUTE=30")
        #expect(recurrence.exdates.isEmpty)
        #expect(read.times == [TimeOfDay(hour: 7, minute: 30)!])
        #expect(read.repeats == .weekly(days: [.monday, .tuesday, .thursday], start: LocalDate(year: 2026, month: 12, day: 1)))
        #expect(read.timeZone == .floating)
    }
}
