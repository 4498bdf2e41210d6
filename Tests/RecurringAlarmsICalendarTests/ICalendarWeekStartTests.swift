import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// `WKST` with `INTERVAL > 1`: accepted when its weeks group the rule's days as Monday-first
/// weeks do (then every N weeks gives the same dates either way), refused with the reason when
/// they split them. Google and Outlook write `WKST=SU` by default.
@Suite("iCalendar import: WKST")
struct ICalendarWeekStartTests {
    func fires(_ rrule: String, dtstart: String, through: String) throws -> [String] {
        let rules = try ICalendar.readRules(from: eventCalendar(["UID:a", "DTSTART:" + dtstart, "RRULE:" + rrule])).rules
        return try fireTimes(rules, from: "2026-11-23T00:00:00Z", through: through)
    }

    @Test func sundayFirstWeeksWithoutASundayRingOnTheMondayFirstWeeks() throws {
        // RFC 5545 with WKST=SU: the week of DTSTART is Sun 11-29 to Sat 12-05 (Mon 11-30, Wed
        // 12-02), the next one skipped (12-06 to 12-12), then Sun 12-13 to Sat 12-19 (Mon 12-14,
        // Wed 12-16). Monday-first weeks 11-30 to 12-06 and 12-14 to 12-20 hold the same days.
        #expect(
            try fires("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=SU", dtstart: "20261130T070000", through: "2026-12-20T00:00:00Z") == [
                "2026-11-30T07:00:00Z", "2026-12-02T07:00:00Z", "2026-12-14T07:00:00Z", "2026-12-16T07:00:00Z"
            ])
    }

    @Test func sundayFirstWeeksOnSundaysAloneRingEveryOtherSunday() throws {
        // Sun 11-29 starts its Sunday-first week; the next active one starts Sun 12-13, then 12-27.
        // Each Sunday is the last day of a Monday-first week, two weeks apart likewise.
        #expect(
            try fires("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=SU", dtstart: "20261129T090000", through: "2026-12-31T00:00:00Z") == [
                "2026-11-29T09:00:00Z", "2026-12-13T09:00:00Z", "2026-12-27T09:00:00Z"
            ])
    }

    @Test func aThursdayFirstWeekOfThursdayToSundayIsOneMondayFirstWeekToo() throws {
        // WKST=TH: Thu 12-03, Fri 12-04, Sun 12-06 are one Thursday-first week and one
        // Monday-first week (11-30 to 12-06); three weeks on: 12-24, 12-25, 12-27.
        #expect(
            try fires("FREQ=WEEKLY;INTERVAL=3;BYDAY=TH,FR,SU;WKST=TH", dtstart: "20261203T180000", through: "2026-12-28T00:00:00Z")
                == [
                    "2026-12-03T18:00:00Z", "2026-12-04T18:00:00Z", "2026-12-06T18:00:00Z", "2026-12-24T18:00:00Z",
                    "2026-12-25T18:00:00Z", "2026-12-27T18:00:00Z"
                ])
    }

    @Test func weeksThatSplitTheDaysAreRefusedNamingBothGroups() {
        // With WKST=SU, Sun 11-29 and Mon 11-30 are one Sunday-first week but two Monday-first
        // ones: every other week by either count rings on different dates.
        let problems = importProblems(
            eventCalendar(["UID:a", "DTSTART:20261129T070000", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU"]))
        #expect(
            problems.map(\.message) == [
                "with INTERVAL=2 counts weeks from SU, so SU falls in the week before MO of the same such week; an alarm rule counts weeks Monday to Sunday and repeats every 2 weeks only days of one of them (make SU one event and MO another)"
            ])
        #expect(problems.map(\.value) == ["WKST=SU"])
    }

    @Test func withoutAnIntervalAnyWeekStartReadsAsBefore() throws {
        let rules = try ICalendar.readRules(
            from: eventCalendar(["UID:a", "DTSTART:20261129T070000", "RRULE:FREQ=WEEKLY;BYDAY=SU,MO;WKST=SU"])
        ).rules
        #expect(rules.first?.repeats == .weekly(days: [.sunday, .monday], start: day("2026-11-29")))
    }
}
