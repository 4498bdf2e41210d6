import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

@testable import RecurringAlarmsICalendar

/// Reminders (`VALARM` with a `TRIGGER` before or after the start): by default the rule rings at
/// the event's start and a note names the reminder; read at the reminders it rings at them,
/// moved on the wall clock, its dates moved with them across midnight.
@Suite("iCalendar import: reminders")
struct ICalendarReminderTests {
    static let atReminder = ICalendar.ReadOptions(ringsAtReminder: true)

    func alarm(_ trigger: String, action: String = "DISPLAY") -> [String] {
        ["BEGIN:VALARM", "ACTION:" + action, trigger, "END:VALARM"]
    }

    @Test func byDefaultTheRuleRingsAtTheStartAndANoteNamesTheReminder() throws {
        let text = eventCalendar(["UID:a", "DTSTART:20261201T073000", "RRULE:FREQ=WEEKLY"] + alarm("TRIGGER:-PT10M"))
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.first?.times == [clock("07:30")])
        #expect(
            imported.notes.map(\.description) == [
                "line 10: TRIGGER: \"-PT10M\" is a reminder 10 min before the event's start; the rule rings at the event's start, 07:30 (--at-reminder rings at the reminder)"
            ])
    }

    @Test func atTheReminderTheRuleRingsTenMinutesEarlier() throws {
        // Tuesdays at 07:30 in Berlin (UTC+1 in December), the reminder 10 minutes before: 07:20.
        let text = eventCalendar(
            ["UID:a", "DTSTART;TZID=Europe/Berlin:20261201T073000", "RRULE:FREQ=WEEKLY;COUNT=2"] + alarm("TRIGGER:-PT10M"))
        let imported = try ICalendar.readRules(from: text, options: Self.atReminder)
        #expect(
            try fireTimes(imported.rules, from: "2026-11-30T00:00:00Z", through: "2026-12-31T00:00:00Z") == [
                "2026-12-01T07:20:00+01:00", "2026-12-08T07:20:00+01:00"
            ])
        #expect(imported.notes.map(\.message) == ["the rule rings at the reminder: 07:20, for the event at 07:30"])
    }

    @Test func aReminderBeforeMidnightMovesEveryDateOfTheRuleADayEarlier() throws {
        // Mondays at 00:05 from Mon 2026-11-30, the 12-07 one skipped; reminded 10 minutes
        // before: Sundays at 23:55 from Sun 11-29, the 12-06 one skipped.
        let text = eventCalendar(
            ["UID:a", "DTSTART:20261130T000500", "RRULE:FREQ=WEEKLY;UNTIL=20261214T000500", "EXDATE:20261207T000500"]
                + alarm("TRIGGER:-PT10M"))
        let rule = try #require(try ICalendar.readRules(from: text, options: Self.atReminder).rules.first)
        #expect(rule.repeats == .weekly(days: [.sunday], start: day("2026-11-29"), end: day("2026-12-13")))
        #expect(rule.skippedDates == [day("2026-12-06")])
        #expect(
            try fireTimes([rule], from: "2026-11-23T00:00:00Z", through: "2026-12-31T00:00:00Z") == [
                "2026-11-29T23:55:00Z", "2026-12-13T23:55:00Z"
            ])
    }

    @Test func aReminderAcrossASpringForwardChangeRingsByTheWallClock() throws {
        // New York springs forward on 2027-03-14 at 02:00 EST to 03:00 EDT. An event at 03:05,
        // reminded 10 minutes before, is a rule at 02:55: on 03-14 in the gap, shifted by the
        // gap's hour to 03:55 EDT (07:55Z), where RFC 5545's exact 10 minutes is 01:55 EST
        // (06:55Z). The days around it ring at 02:55.
        let text = eventCalendar(
            ["UID:a", "DTSTART;TZID=America/New_York:20270313T030500", "RRULE:FREQ=DAILY;COUNT=3"] + alarm("TRIGGER:-PT10M"))
        let imported = try ICalendar.readRules(from: text, options: Self.atReminder)
        #expect(
            try fireTimes(imported.rules, from: "2027-03-13T00:00:00Z", through: "2027-03-16T00:00:00Z") == [
                "2027-03-13T02:55:00-05:00", "2027-03-14T03:55:00-04:00", "2027-03-15T02:55:00-04:00"
            ])
    }

    @Test func eachReminderThatRingsIsATimeAndAnEmailIsNot() throws {
        // Google's sample: 18:15Z, reminded 10, 14 and 15 minutes before, and an email at 15.
        let text = eventCalendar(
            ["UID:a", "DTSTART:20241004T181500Z"] + alarm("TRIGGER:-P0DT0H10M0S") + alarm("TRIGGER:-P0DT0H14M0S")
                + alarm("TRIGGER:-P0DT0H15M0S", action: "EMAIL") + alarm("TRIGGER:-P0DT0H15M0S"))
        let imported = try ICalendar.readRules(from: text, options: Self.atReminder)
        #expect(imported.rules.first?.times == [clock("18:00"), clock("18:01"), clock("18:05")])
        #expect(
            imported.notes.map(\.message) == [
                "the rule rings at the reminders: 18:00, 18:01, 18:05, for the event at 18:15",
                "is the trigger of an alarm that does not ring (ACTION:EMAIL); not read"
            ])
    }

    @Test func remindersOnDifferentDaysAreAProblem() {
        // 00:05 less 10 minutes is the day before; less 1 minute the same day.
        let text = eventCalendar(["UID:a", "DTSTART:20261130T000500"] + alarm("TRIGGER:-PT1M") + alarm("TRIGGER:-PT10M"))
        #expect {
            try ICalendar.readRules(from: text, options: Self.atReminder)
        } throws: { error in
            (error as? ICalendarReadError)?.problems.map(\.value) == ["-PT10M"]
        }
    }

    @Test func aMoveThatSplitsTheWeeksOfAnEveryTwoWeeksRuleIsAProblem() throws {
        // Mondays and Tuesdays at 00:05 every other week, reminded at 23:55 the day before:
        // Sundays and Mondays, in two Monday-to-Sunday weeks.
        let split = eventCalendar(
            ["UID:a", "DTSTART:20261130T000500", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU"] + alarm("TRIGGER:-PT10M"))
        #expect(throws: ICalendarReadError.self) { try ICalendar.readRules(from: split, options: Self.atReminder) }
        // Tuesdays and Wednesdays move to Mondays and Tuesdays of the same week.
        let kept = eventCalendar(
            ["UID:a", "DTSTART:20261201T000500", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,WE"] + alarm("TRIGGER:-PT10M"))
        let rule = try #require(try ICalendar.readRules(from: kept, options: Self.atReminder).rules.first)
        #expect(rule.repeats == .weekly(days: [.monday, .tuesday], everyWeeks: 2, start: day("2026-11-30")))
    }

    @Test(arguments: [
        ("TRIGGER;RELATED=END:-PT10M", "is a reminder relative to the event's end (RELATED=END)"),
        ("TRIGGER;VALUE=DATE-TIME:20261201T060000Z", "is a reminder at a date and time of its own (VALUE=DATE-TIME)"),
        ("TRIGGER:-10M", "is not a duration such as -PT10M")
    ])
    func triggersNotRelativeToTheStartAreNotesByDefaultAndProblemsAtTheReminder(line: String, why: String) throws {
        let text = eventCalendar(["UID:a", "DTSTART:20261201T073000"] + alarm(line))
        #expect(try ICalendar.readRules(from: text).notes.first?.message.hasPrefix(why + "; the rule rings at the event's start") == true)
        #expect {
            try ICalendar.readRules(from: text, options: Self.atReminder)
        } throws: { error in
            (error as? ICalendarReadError)?.problems.map(\.message)
                == [why + "; --at-reminder reads a reminder relative to the event's start, such as -PT10M"]
        }
    }

    @Test(arguments: [
        ("-PT10M", -600), ("PT0S", 0), ("+PT1H30M", 5_400), ("-P1D", -86_400), ("-P0DT0H10M0S", -600), ("P2W", 1_209_600),
        ("-P1DT2H", -93_600), ("pt15m", 900)
    ])
    func durationsAreReadAsRFC5545WritesThem(text: String, seconds: Int) throws {
        #expect(try #require(ICalendarDuration(text)).wallSeconds == seconds)
    }

    @Test(arguments: ["", "P", "-PT", "PT10", "P1W2D", "PT10M5H", "P1DT", "PT1H1H", "10M", "P1234567890D", "PT-5M"])
    func otherTextIsNoDuration(text: String) {
        #expect(ICalendarDuration(text) == nil)
    }
}
