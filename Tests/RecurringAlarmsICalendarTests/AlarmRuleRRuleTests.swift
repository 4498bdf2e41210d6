import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// `AlarmRule(rrule:dtstart:…)`: an RRULE string as a server stores it.
@Suite struct AlarmRuleRRuleTests {
    @Test func aWeeklyRRuleWithAFloatingStartIsAFloatingRule() throws {
        let rule = try AlarmRule(
            rrule: "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30", dtstart: "20261202T073000", id: "wake", label: "Wake")
        #expect(
            rule
                == AlarmRule(
                    id: "wake", label: "Wake",
                    repeats: .weekly(days: [.monday, .wednesday], everyWeeks: 1, start: day("2026-12-02"), end: nil),
                    times: [clock("07:30")]))
    }

    @Test func aWholeDTSTARTLineGivesItsZoneAndAGivenZoneFillsAFloatingStart() throws {
        let berlin = try AlarmRule(rrule: "RRULE:FREQ=DAILY", dtstart: "DTSTART;TZID=Europe/Berlin:20261202T073000", id: "a")
        #expect(berlin.timeZone == .fixed(Zones.berlin))
        let tokyo = try AlarmRule(rrule: "FREQ=DAILY", dtstart: "20261202T073000", timeZone: .fixed(Zones.tokyo), id: "a")
        #expect(tokyo.timeZone == .fixed(Zones.tokyo))
        #expect(throws: ICalendarReadError.self) {
            try AlarmRule(
                rrule: "FREQ=DAILY", dtstart: "DTSTART;TZID=Europe/Berlin:20261202T073000", timeZone: .fixed(Zones.tokyo), id: "a")
        }
    }

    @Test func exdatesSkipTheirDates() throws {
        let rule = try AlarmRule(
            rrule: "FREQ=DAILY", dtstart: "20261202T073000", id: "a", exdates: ["20261224T073000,20261225T073000", "EXDATE:20261231T073000"]
        )
        #expect(rule.skippedDates == [day("2026-12-24"), day("2026-12-25"), day("2026-12-31")])
    }

    @Test func everyProblemIsReportedWithoutAPosition() {
        do {
            _ = try AlarmRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=1", dtstart: "20261201T090000", id: "bad id")
            Issue.record("read an unsupported rule")
        } catch {
            #expect(error.problems.map(\.value) == ["FREQ=MONTHLY", "BYMONTHDAY=1"])
            #expect(error.problems.allSatisfy { $0.line == nil && $0.column == nil })
            #expect(error.localizedDescription.hasPrefix("2 problems:\n  RRULE: \"FREQ=MONTHLY\" repeats by month"))
            #expect(
                error.recoverySuggestion
                    == "the iCalendar subset that maps onto alarm rules is described in Docs/Formats.md (iCalendar, Import)")
        }
    }

    @Test func anInvalidIDIsReportedByValidation() {
        #expect(throws: ICalendarReadError.self) { try AlarmRule(rrule: "FREQ=DAILY", dtstart: "20261201T090000", id: "bad id") }
    }

    @Test(arguments: ["2026-12-01T07:30:00+01:00", "07:30", "DTSTARTX:20261201T073000"])
    func aStartThatIsNeitherAValueNorADTSTARTLineIsAnErrorAboutDTSTART(dtstart: String) {
        do {
            _ = try AlarmRule(rrule: "FREQ=DAILY", dtstart: dtstart, id: "a")
            Issue.record("read \(dtstart)")
        } catch {
            #expect(error.problems.count == 1)
            #expect(error.problems.first?.property == "DTSTART")
            #expect(error.problems.first?.value == dtstart)
            #expect(error.problems.first?.message == "is not a date-time; expected YYYYMMDDTHHMMSS, YYYYMMDDTHHMMSSZ (UTC)")
        }
    }

    @Test func readingARecurrenceGivesTheNotesTheRuleAloneLoses() throws {
        // 2026-12-05 is a Saturday; the rule fires on Tuesdays.
        let read = try ICalendar.readRecurrence(
            rrule: "FREQ=WEEKLY;BYDAY=TU", dtstart: "20261201T073000", id: "a", exdates: ["20261205T073000,20261208T073000"])
        #expect(read.rules.map(\.skippedDates) == [[day("2026-12-08")]])
        #expect(
            read.notes.map(\.description) == [
                #"EXDATE: "20261205T073000" matches no instance of the rule (2026-12-05 07:30 is not one of its dates and times); ignored"#
            ])
    }
}
