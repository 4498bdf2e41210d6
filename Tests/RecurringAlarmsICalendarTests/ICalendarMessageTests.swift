import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// Messages that say what is wrong once, and show what would import: spaces in a rule, a rule
/// that repeats within a day, a zoned EXDATE of a floating event.
@Suite("iCalendar import: messages")
struct ICalendarMessageTests {
    @Test func spacesInBYDAYAreOneProblemShowingTheFixedValue() {
        // As Exchange 2007 wrote it, folded before the next part.
        let text = calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Berlin:20150703T100000",
            "RRULE:FREQ=DAILY;UNTIL=20150722T080000Z;INTERVAL=1;BYDAY=MO, TU, WE, TH, FR", " ;WKST=SU", "END:VEVENT"
        ])
        let problems = importProblems(text)
        #expect(
            problems.map(\.message) == [
                "has spaces, which RFC 5545 does not allow in a recurrence rule; write BYDAY=MO,TU,WE,TH,FR"
            ])
        #expect(problems.map(\.value) == ["BYDAY=MO, TU, WE, TH, FR"])
    }

    @Test func anEventLeftOutForSpacesHasTheRuleWithoutThemAsItsNearest() throws {
        let text = calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Berlin:20150703T100000",
            "RRULE:FREQ=DAILY;UNTIL=20150722T080000Z;INTERVAL=1;BYDAY=MO, TU, WE, TH, FR;WKST=SU", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART:20150703T100000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.leftOut.first?.nearest == "RRULE:FREQ=DAILY;UNTIL=20150722T080000Z;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR;WKST=SU")
    }

    @Test func aRuleEveryEightHoursIsToldItsDailyFormOnce() {
        // From 07:30 every 8 hours: 07:30, 15:30, 23:30, and again at 07:30 the next day.
        do {
            _ = try AlarmRule(rrule: "FREQ=HOURLY;INTERVAL=8", dtstart: "20261201T073000", id: "pills")
            Issue.record("read an hourly rule")
        } catch {
            #expect(
                error.description
                    == "RRULE: \"FREQ=HOURLY\" repeats every 8 hours, within a day; an alarm rule fires at fixed times of day: FREQ=DAILY;BYHOUR=7,15,23;BYMINUTE=30 rings at the same times and imports"
            )
        }
        // ... which does import, and rings at those times.
        #expect(
            throws: Never.self,
            performing: { try AlarmRule(rrule: "FREQ=DAILY;BYHOUR=7,15,23;BYMINUTE=30", dtstart: "20261201T073000", id: "pills") })
    }

    @Test func aRuleWithinADayFromALaterTimeNamesTheDaysFirstTimeForDTSTART() {
        // From 15:30 every 8 hours: 15:30, 23:30, 07:30; a daily rule starts at its first, 07:30.
        #expect(
            importProblems(eventCalendar(["UID:a", "DTSTART:20261201T153000", "RRULE:FREQ=HOURLY;INTERVAL=8;COUNT=6"])).map(\.message) == [
                "repeats every 8 hours, within a day; an alarm rule fires at fixed times of day: FREQ=DAILY;COUNT=6;BYHOUR=7,15,23;BYMINUTE=30 rings at the same times, with DTSTART at the first of them in a day, 07:30"
            ])
    }

    @Test func aRuleWhoseStepDoesNotDivideADaySaysSo() {
        #expect(
            importProblems(eventCalendar(["UID:a", "DTSTART:20261201T073000", "RRULE:FREQ=HOURLY;INTERVAL=7"])).map(\.message) == [
                "repeats every 7 hours, within a day; an alarm rule fires at fixed times of day (every 7 hours does not divide a day, so its times change from day to day)"
            ])
    }

    @Test func anEventLeftOutForAnHourlyRuleHasItsDailyFormAsItsNearest() throws {
        let text = calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T073000", "RRULE:FREQ=HOURLY;INTERVAL=8", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART:20261201T073000", "RRULE:FREQ=DAILY;INTERVAL=14", "END:VEVENT",
            "BEGIN:VEVENT", "UID:c", "DTSTART:20261201T073000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(
            imported.leftOut.map(\.nearest) == ["RRULE:FREQ=DAILY;BYHOUR=7,15,23;BYMINUTE=30", "RRULE:FREQ=WEEKLY;INTERVAL=2"])
    }

    @Test func aUTCExdateOfAFloatingEventIsOneProblemNamingTheValueAndSayingWhose() {
        let text = eventCalendar([
            "UID:a", "DTSTART:19960401T010000", "RRULE:FREQ=DAILY;COUNT=5", "EXDATE:19960402T010000Z,19960403T010000Z,19960404T010000Z"
        ])
        let problems = importProblems(text)
        #expect(problems.map(\.value) == ["19960402T010000Z,19960403T010000Z,19960404T010000Z"])
        #expect(
            problems.map(\.message) == [
                "is in UTC (Z) but DTSTART is floating; this package's rule, not RFC 5545's: a floating time has no instant until the device's zone is known, so an instant cannot name one (write it floating, as DTSTART is)"
            ])
        let named = importProblems(
            eventCalendar(["UID:a", "DTSTART:19960401T010000", "RRULE:FREQ=DAILY;COUNT=5", "EXDATE;TZID=Europe/Berlin:19960402T010000"]))
        #expect(named.first?.message.hasPrefix("names a zone (TZID=Europe/Berlin) but DTSTART is floating; this package's rule") == true)
    }
}
