import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// Every property or part that changes when an event happens but has no alarm-rule meaning is
/// an error naming it and saying why; none is approximated.
@Suite struct ICalendarRejectionTests {
    @Test(
        arguments: [
            ("FREQ=MONTHLY", "FREQ=MONTHLY", "repeats by month"),
            ("FREQ=YEARLY", "FREQ=YEARLY", "repeats by year"),
            ("FREQ=HOURLY", "FREQ=HOURLY", "repeats every hour, within a day"),
            ("FREQ=MINUTELY", "FREQ=MINUTELY", "repeats every minute, within a day"),
            ("FREQ=SECONDLY", "FREQ=SECONDLY", "repeats every second, within a day"),
            ("FREQ=WEEKLY;BYMONTH=1", "BYMONTH=1", "limits the rule to some months"),
            ("FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY=1", "picks days of the month"),
            ("FREQ=WEEKLY;BYYEARDAY=1", "BYYEARDAY=1", "picks days of the year"),
            ("FREQ=WEEKLY;BYWEEKNO=1", "BYWEEKNO=1", "picks weeks of the year"),
            ("FREQ=WEEKLY;BYDAY=TU,WE;BYSETPOS=1", "BYSETPOS=1", "keeps only some instances"),
            ("FREQ=WEEKLY;BYDAY=2TU", "BYDAY=2TU", "by number"),
            ("FREQ=WEEKLY;BYDAY=-1TU", "BYDAY=-1TU", "by number"),
            ("FREQ=DAILY;INTERVAL=7", "INTERVAL=7", "every 7 days"),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,TU;WKST=SU", "WKST=SU", "so SU falls in the week before TU"),
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

    @Test(
        arguments: [
            // "DTSTART;TZID=Asia/Tokyo;" is 24 bytes: the second TZID starts at column 25.
            (
                "DTSTART;TZID=Asia/Tokyo;TZID=Europe/Berlin:20261201T070000", "DTSTART", 25, "TZID=Europe/Berlin",
                "gives TZID a second time (first TZID=Asia/Tokyo); expected it once, so that it is not ambiguous"
            ),
            (
                "DTSTART;TZID=Europe/Berlin,Asia/Tokyo:20261201T070000", "DTSTART", 9, "TZID=Europe/Berlin,Asia/Tokyo",
                "gives TZID 2 values; expected one, so that it is not ambiguous"
            ),
            (
                "DTSTART;VALUE=DATE-TIME;VALUE=DATE:20261201T070000", "DTSTART", 25, "VALUE=DATE",
                "gives VALUE a second time (first VALUE=DATE-TIME); expected it once, so that it is not ambiguous"
            )
        ] as [(String, String, Int, String, String)])
    func aParameterGivenTwiceOrWithTwoValuesIsAnErrorNamingIt(line: String, property: String, column: Int, value: String, message: String) {
        // Reported once: not again as a missing DTSTART.
        let problems = importProblems(eventCalendar(["UID:a", line]))
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.property == property)
        #expect(problems.first?.line == 6)
        #expect(problems.first?.column == column)
        #expect(problems.first?.value == value)
        #expect(problems.first?.message == message)
    }

    @Test func anExdateWithTwoZonesIsAnError() {
        let problems = importProblems(
            eventCalendar([
                "UID:a", "DTSTART;TZID=Europe/Berlin:20261201T070000", "RRULE:FREQ=DAILY",
                "EXDATE;TZID=Europe/Berlin;TZID=Asia/Tokyo:20261202T070000"
            ]))
        #expect(problems.map(\.property) == ["EXDATE"])
        #expect(problems.first?.message.hasPrefix("gives TZID a second time") == true)
    }

    @Test(arguments: ["CANCEL", "REPLY", "ADD", "REFRESH", "COUNTER", "DECLINECOUNTER"])
    func aCalendarThatIsAnITIPMessageAboutEventsHeldElsewhereIsAnError(method: String) {
        let problems = importProblems(
            calendar(["METHOD:" + method, "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T070000", "END:VEVENT"]))
        #expect(problems.count == 1)
        #expect(problems.first?.property == "METHOD")
        #expect(problems.first?.line == 4)
        #expect(problems.first?.column == 8)
        let why = method == "CANCEL" ? "cancellation notice" : "expected PUBLISH or REQUEST, or no METHOD"
        #expect(problems.first?.message.contains(why) == true, "\(problems)")
    }

    @Test(arguments: ["PUBLISH", "REQUEST", "publish"])
    func aCalendarThatPublishesOrInvitesIsRead(method: String) throws {
        let text = calendar(["METHOD:" + method, "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T070000", "END:VEVENT"])
        #expect(try ICalendar.readRules(from: text).rules.map(\.id) == ["a"])
    }

    @Test func anAlarmThatRepeatsIsAnErrorAndOneThatDoesNotIsRead() throws {
        func alarm(_ lines: [String]) -> String {
            eventCalendar(["UID:a", "DTSTART:20261201T070000", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:PT0S"] + lines + ["END:VALARM"])
        }
        let repeating = importProblems(alarm(["REPEAT:3", "DURATION:PT5M"]))
        #expect(repeating.map(\.property) == ["REPEAT"])
        #expect(repeating.first?.line == 10)
        #expect(repeating.first?.message.hasPrefix("rings the alarm 3 more times, DURATION apart") == true)
        #expect(importProblems(alarm(["REPEAT:x"])).first?.message.hasPrefix("is not a whole number") == true)
        #expect(try ICalendar.readRules(from: alarm(["REPEAT:0", "DURATION:PT5M"])).rules.count == 1)
    }

    @Test(arguments: [
        ("X-RECURRINGALARMS-GAPS:SKIP", "did you mean X-RECURRINGALARMS-GAP?"),
        ("X-RECURRINGALARMS-ENABLE:FALSE", "did you mean X-RECURRINGALARMS-ENABLED?"),
        ("X-RECURRINGALARMS-COLOUR:RED", "expected one of X-RECURRINGALARMS-GAP, X-RECURRINGALARMS-OVERLAP")
    ])
    func anUnknownPropertyOfThisLibraryIsAnErrorNotSilentlyIgnored(line: String, words: String) {
        let problems = importProblems(eventCalendar(["UID:a", "DTSTART:20261201T070000", line]))
        #expect(problems.count == 1)
        #expect(problems.first?.line == 7)
        #expect(problems.first?.message.contains(words) == true, "\(problems)")
    }

    @Test func anEventInsideAnotherComponentIsAnErrorNotDropped() {
        let text = calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T070000",   // lines 4-6
            "BEGIN:VEVENT", "UID:b", "DTSTART:20261202T070000", "END:VEVENT",   // lines 7-10
            "END:VEVENT",
            "BEGIN:VTODO", "BEGIN:VEVENT", "UID:c", "DTSTART:20261203T070000", "END:VEVENT", "END:VTODO"   // lines 12-17
        ])
        let problems = importProblems(text)
        #expect(problems.map(\.line) == [7, 13])
        #expect(problems.map(\.property) == ["BEGIN", "BEGIN"])
        #expect(
            problems.map(\.message) == [
                "is inside VEVENT at line 4; RFC 5545 puts each VEVENT directly in the VCALENDAR (move it out)",
                "is inside VTODO at line 12; RFC 5545 puts each VEVENT directly in the VCALENDAR (move it out)"
            ])
    }

    @Test func anotherComponentInsideAnEventIsIgnoredWithANote() throws {
        let text = eventCalendar(["UID:a", "DTSTART:20261201T070000", "BEGIN:X-NOTE", "END:X-NOTE"])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.count == 1)
        #expect(imported.notes.map(\.value) == ["X-NOTE"])
        #expect(imported.notes.first?.line == 7)
    }
}
