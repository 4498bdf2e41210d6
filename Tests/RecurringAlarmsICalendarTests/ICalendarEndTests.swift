import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// COUNT and UNTIL become the rule's end date, or an error when they end in the middle of a day.
@Suite struct ICalendarEndTests {
    func end(_ rrule: String, dtstart: String) throws -> LocalDate? {
        let rule = try AlarmRule(rrule: rrule, dtstart: dtstart, id: "r")
        guard case .weekly(_, _, _, let end) = rule.repeats else { return nil }
        return end
    }

    func problems(_ rrule: String, dtstart: String) -> [ICalendarReadProblem] {
        do {
            _ = try AlarmRule(rrule: rrule, dtstart: dtstart, id: "r")
            return []
        } catch {
            return error.problems
        }
    }

    @Test func countOfWholeDaysEndsOnTheLastDayCounted() throws {
        // Mon 2026-11-30 and Wed: 07:00 and 19:00. Four instances: Mon ×2, Wed ×2.
        #expect(try end("FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7,19;COUNT=4", dtstart: "20261130T070000") == day("2026-12-02"))
        // Ten whole days, every other week: Mon, Wed (week 1), Mon, Wed (week 3), … the fifth week pair.
        #expect(try end("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10", dtstart: "20261130T070000") == day("2027-01-27"))
    }

    @Test func countThatStartsMidWeekCountsOnlyTheDaysFromTheStart() throws {
        // Starts Wed 2026-12-02; days Mon Wed Fri: Wed, Fri, then Mon 2026-12-07.
        #expect(try end("FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=3", dtstart: "20261202T070000") == day("2026-12-07"))
    }

    @Test func countEndingMidDayIsAnErrorSayingWhichCountsWould() {
        let found = problems("FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7,19;COUNT=3", dtstart: "20261130T070000")
        #expect(
            found.map(\.message) == [
                "COUNT=3 ends at the 1st of the 2 times of 2026-12-02; an alarm rule ends after a whole date (use COUNT=2 or 4)"
            ])
    }

    @Test func countPastTheLastDateIsAnError() {
        let found = problems("FREQ=WEEKLY;INTERVAL=52;COUNT=999999999", dtstart: "20261130T070000")
        #expect(found.first?.message.contains("runs past 9999-12-31") == true)
    }

    @Test func untilInUTCIsReadInTheRulesZoneAfterTheFallBackChange() throws {
        // New York leaves DST on Sun 2026-11-01. The 07:30 of Mon 2026-11-02 is EST, 12:30Z; read
        // with the offset of DTSTART's date (EDT) a second before it would wrongly include it.
        let start = "DTSTART;TZID=America/New_York:20261026T073000"
        #expect(try end("FREQ=DAILY;UNTIL=20261102T122959Z", dtstart: start) == day("2026-11-01"))
        #expect(try end("FREQ=DAILY;UNTIL=20261102T123000Z", dtstart: start) == day("2026-11-02"))
    }

    @Test func untilInUTCIsReadInTheRulesZoneAfterTheSpringForwardChange() throws {
        // Berlin's clocks go forward on Sun 2027-03-28: 07:30 there is 05:30Z, not 06:30Z.
        let start = "DTSTART;TZID=Europe/Berlin:20270322T073000"
        #expect(try end("FREQ=DAILY;UNTIL=20270328T053000Z", dtstart: start) == day("2027-03-28"))
        #expect(try end("FREQ=DAILY;UNTIL=20270328T052959Z", dtstart: start) == day("2027-03-27"))
    }

    @Test func untilBetweenTwoTimesOfADayIsAnError() {
        let found = problems("FREQ=DAILY;BYHOUR=7,19;UNTIL=20261202T120000Z", dtstart: "DTSTART;TZID=Europe/London:20261130T070000")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("falls between the rule's times on 2026-12-02 (after 07:00, before 19:00)") == true)
    }

    @Test func floatingUntilIsComparedAsWallTime() throws {
        #expect(try end("FREQ=WEEKLY;BYDAY=MO;UNTIL=20261214T073000", dtstart: "20261130T073000") == day("2026-12-14"))
        #expect(try end("FREQ=WEEKLY;BYDAY=MO;UNTIL=20261214T072959", dtstart: "20261130T073000") == day("2026-12-13"))
    }

    @Test func utcUntilWithAFloatingStartIsAnError() {
        let found = problems("FREQ=DAILY;UNTIL=20261214T073000Z", dtstart: "20261130T073000")
        #expect(found.first?.message.contains("RFC 5545 requires a floating UNTIL") == true)
    }

    @Test func untilAsADateIncludesThatWholeDay() throws {
        #expect(try end("FREQ=DAILY;BYHOUR=7,19;UNTIL=20261205", dtstart: "20261130T070000") == day("2026-12-05"))
    }

    @Test(arguments: [
        // A day before the start.
        "FREQ=DAILY;UNTIL=20261129T235959",
        // On the start date but before its time.
        "FREQ=DAILY;UNTIL=20261130T065959"
    ])
    func untilBeforeTheStartIsAnErrorAtTheUntilPart(rrule: String) {
        let found = problems(rrule, dtstart: "20261130T070000")
        #expect(found.count == 1)
        #expect(found.first?.property == "RRULE")
        #expect(found.first?.value == String(rrule.dropFirst("FREQ=DAILY;".count)))
        #expect(
            found.first?.message
                == "ends the rule before its first instance, DTSTART (2026-11-30 07:00), so it would never fire; an alarm rule ends on or after its start (move UNTIL, or drop the RRULE for a one-shot alarm)"
        )
    }

    @Test func untilBeforeTheStartPointsAtItsColumnInAFile() {
        // "RRULE:FREQ=DAILY;" is 17 bytes: UNTIL starts at column 18 of line 7.
        let found = importProblems(eventCalendar(["UID:a", "DTSTART:20261130T070000", "RRULE:FREQ=DAILY;UNTIL=20251130T000000"]))
        #expect(found.map(\.line) == [7])
        #expect(found.map(\.column) == [18])
    }
}
