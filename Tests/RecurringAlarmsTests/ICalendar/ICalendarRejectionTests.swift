import Foundation
import RecurringAlarms
import Testing

/// Every property or part that changes when an event happens but has no alarm-rule meaning is
/// an error naming it and saying why; none is approximated.
@Suite struct ICalendarRejectionTests {
    @Test(
        arguments: [
            ("FREQ=MONTHLY", "FREQ=MONTHLY", "repeats by month"),
            ("FREQ=YEARLY", "FREQ=YEARLY", "repeats by year"),
            ("FREQ=HOURLY", "FREQ=HOURLY", "repeats within a day"),
            ("FREQ=MINUTELY", "FREQ=MINUTELY", "repeats within a day"),
            ("FREQ=SECONDLY", "FREQ=SECONDLY", "repeats within a day"),
            ("FREQ=WEEKLY;BYMONTH=1", "BYMONTH=1", "limits the rule to some months"),
            ("FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY=1", "picks days of the month"),
            ("FREQ=WEEKLY;BYYEARDAY=1", "BYYEARDAY=1", "picks days of the year"),
            ("FREQ=WEEKLY;BYWEEKNO=1", "BYWEEKNO=1", "picks weeks of the year"),
            ("FREQ=WEEKLY;BYDAY=TU,WE;BYSETPOS=1", "BYSETPOS=1", "keeps only some instances"),
            ("FREQ=WEEKLY;BYDAY=2TU", "BYDAY=2TU", "by number"),
            ("FREQ=WEEKLY;BYDAY=-1TU", "BYDAY=-1TU", "by number"),
            ("FREQ=DAILY;INTERVAL=7", "INTERVAL=7", "every 7 days"),
            ("FREQ=WEEKLY;INTERVAL=2;WKST=SU", "WKST=SU", "counts weeks from Monday"),
            ("FREQ=WEEKLY;BYSECOND=60", "BYSECOND=60", "leap second"),
            ("FREQ=WEEKLY;RSCALE=HEBREW", "RSCALE=HEBREW", "non-Gregorian"),
            ("FREQ=WEEKLY;X-NAME=1", "X-NAME=1", "not a recurrence rule part"),
            ("BYDAY=TU", nil, "has no FREQ"),
            ("FREQ=WEEKLY;COUNT=2;UNTIL=20270101T000000", nil, "both COUNT and UNTIL"),
            ("FREQ=WEEKLY;FREQ=DAILY", "FREQ=DAILY", "repeats FREQ"),
            ("FREQ=WEEKLY;INTERVAL=0", "INTERVAL=0", "whole number"),
            ("FREQ=WEEKLY;BYHOUR=24", "BYHOUR=24", "from 0 to 23")
        ] as [(String, String?, String)])
    func unsupportedRRuleParts(rrule: String, value: String?, why: String) {
        // 2026-12-01 is a Tuesday.
        let problems = importProblems(eventCalendar(["UID:a", "DTSTART:20261201T070000", "RRULE:" + rrule]))
        #expect(problems.count == 1)
        #expect(problems.first?.property == "RRULE")
        #expect(problems.first?.value == (value ?? rrule))
        #expect(problems.first?.message.contains(why) == true, "\(problems)")
    }

    @Test(arguments: [
        ("RDATE:20261205T070000", "RDATE", "adds single dates"),
        ("EXRULE:FREQ=WEEKLY", "EXRULE", "removes a recurring set"),
        ("RECURRENCE-ID:20261208T070000", "RECURRENCE-ID", "cannot move a single fire"),
        ("STATUS:CANCELLED", "STATUS", "cancelled"),
        ("DTSTART:20261208T070000", "DTSTART", "appears a second time"),
        ("X-RECURRINGALARMS-GAP:LATER", "X-RECURRINGALARMS-GAP", "expected SHIFT or SKIP")
    ])
    func unsupportedEventProperties(line: String, property: String, why: String) {
        let problems = importProblems(eventCalendar(["UID:a", "DTSTART:20261201T070000", "RRULE:FREQ=WEEKLY", line]))
        #expect(problems.count == 1)
        #expect(problems.first?.property == property)
        #expect(problems.first?.line == 8)
        #expect(problems.first?.message.contains(why) == true, "\(problems)")
    }

    @Test(arguments: [
        ("DTSTART;VALUE=DATE:20261201", "VALUE=DATE"),
        ("DTSTART:20261201", "all-day event"),
        ("DTSTART:2026-12-01T07:00:00", "is not a date-time"),
        ("DTSTART;TZID=Europe/Berlin:20261201T070000Z", "both TZID and a UTC time"),
        ("SUMMARY:no start", "is missing")
    ])
    func startsThatAreNotADateAndTime(line: String, why: String) {
        let problems = importProblems(eventCalendar(["UID:a", line]))
        #expect(problems.count == 1)
        #expect(problems.first?.property == "DTSTART")
        #expect(problems.first?.message.contains(why) == true, "\(problems)")
    }
}
