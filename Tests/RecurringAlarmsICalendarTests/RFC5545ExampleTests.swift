import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// The examples of RFC 5545 §3.8.5.3 that fall in the subset, imported and expanded by the
/// engine: the fires are the instances the RFC lists (checked against its text by hand).
@Suite struct RFC5545ExampleTests {
    static let start = "DTSTART;TZID=America/New_York:19970902T090000"

    func rule(_ rrule: String, dtstart: String = start) throws -> AlarmRule {
        try #require(try ICalendar.readRules(from: eventCalendar(["UID:example", dtstart, "RRULE:" + rrule])).rules.first)
    }

    @Test func weeklyForTenOccurrencesEndsOnNovemberFourth() throws {
        let rule = try rule("FREQ=WEEKLY;COUNT=10")
        #expect(rule.repeats == .weekly(days: [.tuesday], everyWeeks: 1, start: day("1997-09-02"), end: day("1997-11-04")))
        // (1997 9:00 AM EDT) September 2,9,16,23,30;October 7,14,21 / (1997 9:00 AM EST) October 28;November 4
        let edt = ["09-02", "09-09", "09-16", "09-23", "09-30", "10-07", "10-14", "10-21"].map { "1997-\($0)T09:00:00-04:00" }
        let est = ["10-28", "11-04"].map { "1997-\($0)T09:00:00-05:00" }
        #expect(try fireTimes([rule], from: "1997-01-01T00:00:00Z", through: "1998-12-31T00:00:00Z") == edt + est)
    }

    @Test func weeklyUntilDecemberTwentyFourthEndsOnTheTwentyThird() throws {
        let rule = try rule("FREQ=WEEKLY;UNTIL=19971224T000000Z")
        #expect(rule.repeats == .weekly(days: [.tuesday], everyWeeks: 1, start: day("1997-09-02"), end: day("1997-12-23")))
        // … October 28;November 4,11,18,25;December 2,9,16,23
        let fires = try fireTimes([rule], from: "1997-01-01T00:00:00Z", through: "1998-12-31T00:00:00Z")
        #expect(fires.count == 17)
        #expect(fires.suffix(4) == ["1997-12-02", "1997-12-09", "1997-12-16", "1997-12-23"].map { $0 + "T09:00:00-05:00" })
    }

    @Test func tuesdayAndThursdayForFiveWeeksFiresTheSameByUntilAndByCount() throws {
        // WKST=SU is harmless with INTERVAL=1: every week counts.
        let byUntil = try rule("FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH")
        let byCount = try rule("FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH")
        // UNTIL is 1997-10-06 20:00 in New York: the whole of October 6 is before it; the
        // tenth instance is on October 2.
        #expect(byUntil.repeats == .weekly(days: [.tuesday, .thursday], everyWeeks: 1, start: day("1997-09-02"), end: day("1997-10-06")))
        #expect(byCount.repeats == .weekly(days: [.tuesday, .thursday], everyWeeks: 1, start: day("1997-09-02"), end: day("1997-10-02")))
        #expect(
            try fireTimes([byUntil], from: "1997-01-01T00:00:00Z", through: "1998-12-31T00:00:00Z")
                == fireTimes([byCount], from: "1997-01-01T00:00:00Z", through: "1998-12-31T00:00:00Z"))
        // ==> (1997 9:00 AM EDT) September 2,4,9,11,16,18,23,25,30;October 2
        let expected = ["09-02", "09-04", "09-09", "09-11", "09-16", "09-18", "09-23", "09-25", "09-30", "10-02"]
            .map { "1997-\($0)T09:00:00-04:00" }
        #expect(try fireTimes([byCount], from: "1997-01-01T00:00:00Z", through: "1998-12-31T00:00:00Z") == expected)
    }

    @Test func everyOtherWeekOnWeekdaysWithWeeksFromSundayFiresTheRFCsDates() throws {
        // "Every other week on Monday, Wednesday, and Friday until December 24, 1997, starting
        // on Monday, September 1, 1997": Sunday-first weeks hold MO, WE, FR as Monday-first
        // ones do, so the alarm rule's every-2-weeks gives the RFC's dates. UNTIL is
        // 1997-12-23 19:00 EST: the 24th's 09:00 is after it.
        let rule = try rule(
            "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR", dtstart: "DTSTART;TZID=America/New_York:19970901T090000"
        )
        // ==> (1997 9:00 AM EDT) September 1,3,5,15,17,19,29;October 1,3,13,15,17
        //     (1997 9:00 AM EST) October 27,29,31;November 10,12,14,24,26,28;December 8,10,12,22
        let edt = ["09-01", "09-03", "09-05", "09-15", "09-17", "09-19", "09-29", "10-01", "10-03", "10-13", "10-15", "10-17"]
        let est = ["10-27", "10-29", "10-31", "11-10", "11-12", "11-14", "11-24", "11-26", "11-28", "12-08", "12-10", "12-12", "12-22"]
        #expect(
            try fireTimes([rule], from: "1997-01-01T00:00:00Z", through: "1998-12-31T00:00:00Z")
                == edt.map { "1997-\($0)T09:00:00-04:00" } + est.map { "1997-\($0)T09:00:00-05:00" })
    }

    @Test func everyOtherWeekOnTuesdayAndSundayWithWeeksFromSundayIsRefused() {
        // RFC 5545: BYDAY=TU,SU;WKST=SU from Tue 1997-08-05 gives August 5, 17, 19, 31 (each Sunday
        // with the Tuesday after it), where WKST=MO gives August 5, 10, 19, 24 (each Sunday with
        // the Tuesday before): an alarm rule's Monday-first weeks can only give the second.
        let problems = importProblems(
            eventCalendar([
                "UID:x", "DTSTART;TZID=America/New_York:19970805T090000", "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU"
            ]))
        #expect(problems.count == 1)
        #expect(problems.first?.property == "RRULE")
        #expect(problems.first?.value == "WKST=SU")
        #expect(problems.first?.message.contains("so SU falls in the week before TU") == true)
    }

    @Test func everyOtherWeekCountedFromMondayFollowsTheRFCsWKSTExample() throws {
        // DTSTART;TZID=America/New_York:19970805T090000
        // RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO ==> (1997 EDT) August 5,10,19,24
        let rule = try rule("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", dtstart: "DTSTART;TZID=America/New_York:19970805T090000")
        #expect(rule.repeats == .weekly(days: [.tuesday, .sunday], everyWeeks: 2, start: day("1997-08-05"), end: day("1997-08-24")))
        let expected = ["08-05", "08-10", "08-19", "08-24"].map { "1997-\($0)T09:00:00-04:00" }
        #expect(try fireTimes([rule], from: "1997-01-01T00:00:00Z", through: "1998-12-31T00:00:00Z") == expected)
    }

    @Test func dailyForTenOccurrencesIsEveryDayFromSeptemberSecondToEleventh() throws {
        // RRULE:FREQ=DAILY;COUNT=10 ==> (1997 9:00 AM EDT) September 2-11
        let rule = try rule("FREQ=DAILY;COUNT=10")
        #expect(rule.repeats == .weekly(days: .daily, everyWeeks: 1, start: day("1997-09-02"), end: day("1997-09-11")))
        let expected = (2...11).map { String(format: "1997-09-%02dT09:00:00-04:00", $0) }
        #expect(try fireTimes([rule], from: "1997-01-01T00:00:00Z", through: "1998-12-31T00:00:00Z") == expected)
    }

    @Test func dailyUntilDecemberTwentyFourthCrossesTheFallBackChange() throws {
        // ==> (1997 9:00 AM EDT) September 2-30;October 1-25 / (1997 9:00 AM EST) October 26-31;November 1-30;December 1-23
        let rule = try rule("FREQ=DAILY;UNTIL=19971224T000000Z")
        let fires = try fireTimes([rule], from: "1997-01-01T00:00:00Z", through: "1998-12-31T00:00:00Z")
        #expect(fires.count == 29 + 25 + 6 + 30 + 23)
        #expect(fires[53] == "1997-10-25T09:00:00-04:00")
        #expect(fires[54] == "1997-10-26T09:00:00-05:00")
        #expect(fires.last == "1997-12-23T09:00:00-05:00")
    }

    @Test func everyTwentyMinutesFromNineToFourFortyIsTwentyFourTimesADay() throws {
        // RRULE:FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40
        // ==> (September 2, 1997 EDT) 9:00,9:20,9:40,10:00,10:20, … 16:00,16:20,16:40
        let rule = try rule("FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40")
        #expect(rule.times.count == 24)
        let fires = try fireTimes([rule], from: "1997-09-02T00:00:00Z", through: "1997-09-03T04:00:00Z")
        #expect(fires.first == "1997-09-02T09:00:00-04:00")
        #expect(fires[1] == "1997-09-02T09:20:00-04:00")
        #expect(fires.last == "1997-09-02T16:40:00-04:00")
        #expect(fires.count == 24)
    }

    @Test(arguments: [
        ("FREQ=DAILY;INTERVAL=2", "INTERVAL=2"),   // Every other day - forever
        ("FREQ=DAILY;INTERVAL=10;COUNT=5", "INTERVAL=10"),   // Every 10 days, 5 occurrences
        ("FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1", "BYMONTH=1"),   // Every day in January, for 3 years
        ("FREQ=MONTHLY;COUNT=10;BYDAY=1FR", "FREQ=MONTHLY"),   // Monthly on the first Friday for 10 occurrences
        ("FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", "FREQ=YEARLY"),   // Every other year on January, February, and March
        ("FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z", "FREQ=HOURLY"),   // Every 3 hours from 9:00 AM to 5:00 PM
        ("FREQ=MINUTELY;INTERVAL=15;COUNT=6", "FREQ=MINUTELY")   // Every 15 minutes for 6 occurrences
    ])
    func examplesOutsideTheSubsetAreRejectedNamingThePart(rrule: String, part: String) {
        let problems = importProblems(eventCalendar(["UID:x", Self.start, "RRULE:" + rrule]))
        #expect(!problems.isEmpty)
        #expect(problems.contains { $0.property == "RRULE" && $0.value == part })
    }
}
