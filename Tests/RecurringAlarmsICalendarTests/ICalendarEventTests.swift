import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// How an event's properties become a rule: zones, times, EXDATE, UID, the X- properties and
/// events merged into one rule.
@Suite struct ICalendarEventTests {
    func read(_ lines: [String]) throws -> ICalendarImport { try ICalendar.readRules(from: eventCalendar(lines)) }

    @Test func anEventWithoutRRULEIsAOneShotRule() throws {
        let rule = try #require(
            try read(["UID:dentist", "SUMMARY:Dentist", "DTSTART:20261205T091500", "DTEND:20261205T100000"]).rules.first)
        #expect(rule == AlarmRule(id: "dentist", label: "Dentist", repeats: .once(day("2026-12-05")), times: [clock("09:15")]))
    }

    @Test func startInUTCMakesAFixedUTCRule() throws {
        let rule = try #require(try read(["UID:a", "DTSTART:20261201T073000Z", "RRULE:FREQ=DAILY"]).rules.first)
        #expect(rule.timeZone == .fixed(TimeZone(ianaIdentifier: "UTC")!))
        #expect(rule.validationProblems().isEmpty)
    }

    @Test func timesAreTheCrossProductWithMissingPartsFromTheStart() throws {
        let rule = try #require(
            try read(["UID:a", "DTSTART:20261201T063015", "RRULE:FREQ=WEEKLY;BYDAY=TU;BYHOUR=6,18;BYMINUTE=30,45"]).rules.first)
        #expect(rule.times == ["06:30:15", "06:45:15", "18:30:15", "18:45:15"].map(clock))
    }

    @Test func aStartThatIsNotAnInstanceIsAnError() {
        // 2026-12-01 is a Tuesday.
        let wrongDay = importProblems(eventCalendar(["UID:a", "DTSTART:20261201T073000", "RRULE:FREQ=WEEKLY;BYDAY=MO"]))
        #expect(wrongDay.first?.message.hasPrefix("falls on a tue, not one of the rule's days (mon)") == true)
        let wrongTime = importProblems(eventCalendar(["UID:a", "DTSTART:20261201T073000", "RRULE:FREQ=DAILY;BYHOUR=8"]))
        #expect(wrongTime.first?.message.hasPrefix("is at 07:30, not one of the rule's times (08:30)") == true)
        let laterTime = importProblems(eventCalendar(["UID:a", "DTSTART:20261201T190000", "RRULE:FREQ=DAILY;BYHOUR=7,19"]))
        #expect(laterTime.first?.message.hasPrefix("is at 19:00, after the rule's time 07:00 on 2026-12-01") == true)
    }

    @Test func exdatesThatRemoveEveryTimeOfADateSkipIt() throws {
        let imported = try read([
            "UID:a", "DTSTART;TZID=Europe/Berlin:20261201T070000", "RRULE:FREQ=DAILY;BYHOUR=7,19",
            "EXDATE;TZID=Europe/Berlin:20261224T070000,20261224T190000", "EXDATE:20261231T060000Z", "EXDATE:20261231T180000Z"
        ])
        #expect(imported.rules.first?.skippedDates == [day("2026-12-24"), day("2026-12-31")])
        #expect(imported.notes.isEmpty)
    }

    @Test func anExdateThatRemovesOnlySomeTimesOfADateIsAnError() {
        let problems = importProblems(
            eventCalendar(["UID:a", "DTSTART:20261201T070000", "RRULE:FREQ=DAILY;BYHOUR=7,19", "EXDATE:20261224T070000"]))
        #expect(problems.map(\.message) == ["removes 07:00 but not 19:00 on 2026-12-24; an alarm rule skips whole dates"])
    }

    @Test func anExdateThatMatchesNoInstanceIsIgnoredWithANote() throws {
        // 2026-12-05 is a Saturday; the rule fires on weekdays.
        let imported = try read([
            "UID:a", "DTSTART:20261201T070000", "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "EXDATE:20261205T070000,20261207T070000"
        ])
        #expect(imported.rules.first?.skippedDates == [day("2026-12-07")])
        #expect(imported.notes.map(\.value) == ["20261205T070000"])
        #expect(imported.notes.first?.line == 8)
    }

    @Test func aUIDThatIsNotARuleIDGivesADerivedUniqueIDWithANote() throws {
        let text = calendar([
            "BEGIN:VEVENT", "UID:abc@example.com", "DTSTART:20261201T070000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:abc example com", "DTSTART:20261202T070000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:abc-example.com", "DTSTART:20261203T070000", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART:20261204T070000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.map(\.id) == ["abc-example.com-2", "abc-example-com", "abc-example.com", "event"])
        #expect(imported.notes.map(\.line) == [5, 9, 16])
        #expect(
            imported.notes.first?.description
                == #"line 5: UID: "abc@example.com" is not a valid rule id (1 to 64 characters of A-Z a-z 0-9 . _ -); the rule's id is "abc-example.com-2""#
        )
    }

    @Test func twoEventsWithTheSameUIDAreAnError() {
        let text = calendar([
            "BEGIN:VEVENT", "UID:wake", "DTSTART:20261201T070000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:wake", "DTSTART:20261202T070000", "END:VEVENT"
        ])
        #expect(importProblems(text).map(\.line) == [9])
    }

    @Test func extensionPropertiesRestoreThePoliciesAndDisabling() throws {
        let rule = try #require(
            try read([
                "UID:a", "DTSTART;TZID=America/New_York:20261201T023000", "RRULE:FREQ=DAILY", "X-RECURRINGALARMS-GAP:SKIP",
                "X-RECURRINGALARMS-OVERLAP:LAST", "X-RECURRINGALARMS-ENABLED:FALSE"
            ]).rules.first)
        #expect(rule.gapPolicy == .skip)
        #expect(rule.overlapPolicy == .last)
        #expect(!rule.isEnabled)
    }

    @Test func eventsOfOneSplitRuleAreMergedBackIntoOne() throws {
        let text = calendar([
            "BEGIN:VEVENT", "UID:wake-1", "X-RECURRINGALARMS-RULE:wake", "DTSTART:20261201T070000",
            "RRULE:FREQ=WEEKLY;BYDAY=TU,TH", "END:VEVENT",
            "BEGIN:VEVENT", "UID:wake-2", "X-RECURRINGALARMS-RULE:wake", "DTSTART:20261201T061500",
            "RRULE:FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=6,8;BYMINUTE=15", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(
            imported.rules == [weeklyRule("wake", days: [.tuesday, .thursday], times: ["06:15", "07:00", "08:15"], start: "2026-12-01")])
    }

    @Test func eventsOfOneSplitRuleThatDisagreeAreAnError() {
        let text = calendar([
            "BEGIN:VEVENT", "X-RECURRINGALARMS-RULE:wake", "DTSTART:20261201T070000", "RRULE:FREQ=WEEKLY;BYDAY=TU", "END:VEVENT",
            "BEGIN:VEVENT", "X-RECURRINGALARMS-RULE:wake", "DTSTART:20261201T080000", "RRULE:FREQ=WEEKLY;BYDAY=TU",
            "SUMMARY:Other", "END:VEVENT"
        ])
        let problems = importProblems(text)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 10)
        #expect(problems.first?.message.contains("this event's SUMMARY differs") == true)
    }

    @Test func aTZIDNamingAZoneDefinedOnlyInTheFileIsAnErrorNamingIt() {
        let text = calendar([
            "BEGIN:VTIMEZONE", "TZID:Office Time", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Office Time:20261201T070000", "END:VEVENT"
        ])
        let problems = importProblems(text)
        #expect(problems.map(\.line) == [9])
        #expect(
            problems.first?.message.hasPrefix(
                "TZID \"Office Time\" names a zone defined only in this file's VTIMEZONE, with no IANA name") == true)
        let unknown = importProblems(eventCalendar(["UID:a", "DTSTART;TZID=Mars/Olympus:20261201T070000"]))
        #expect(
            unknown.first?.message.contains("is neither an IANA time zone, a Windows zone name nor the TZID of a VTIMEZONE") == true)
    }

    @Test func anAlarmThatRingsAtTheStartIsReadWithoutANote() throws {
        let atStart = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:PT0S", "END:VALARM"]
        let imported = try read(["UID:a", "DTSTART:20261201T070000"] + atStart)
        #expect(imported.rules.count == 1)
        #expect(imported.notes.isEmpty)
    }

    @Test func otherComponentsAreIgnoredWithANote() throws {
        let text = calendar(["BEGIN:VTODO", "UID:t", "END:VTODO", "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T070000", "END:VEVENT"])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.map(\.id) == ["a"])
        #expect(imported.notes.map(\.value) == ["VTODO"])
    }

    @Test func anIntervalAnAlarmRuleCannotHaveIsAnErrorAtTheRRulePart() {
        // "RRULE:FREQ=WEEKLY;" is 18 bytes: INTERVAL starts at column 19 of line 7.
        let problems = importProblems(eventCalendar(["UID:a", "DTSTART:20261130T070000", "RRULE:FREQ=WEEKLY;INTERVAL=53"]))
        #expect(problems.count == 1)
        #expect(problems.first?.property == "RRULE")
        #expect(problems.first?.line == 7)
        #expect(problems.first?.column == 19)
        #expect(problems.first?.value == "INTERVAL=53")
        #expect(problems.first?.message == "repeats every 53 weeks; an alarm rule repeats every 1 to 52 weeks")
    }

    @Test func notesAreInTextOrder() throws {
        // An ignored VTODO (line 14), an EXDATE that matches nothing (line 7: 2026-11-30 is
        // before the start) and a derived id (the UID on line 11) are found in that order, in
        // passes of their own; they are listed by line.
        let text = calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T070000", "EXDATE:20261130T070000", "RRULE:FREQ=DAILY", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b@x", "DTSTART:20261201T070000", "END:VEVENT",
            "BEGIN:VTODO", "END:VTODO"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.notes.map(\.line) == [7, 11, 14])
        #expect(imported.notes.map(\.property) == ["EXDATE", "UID", "BEGIN"])
    }

    @Test func anExdateDateNeedsValueDateAsRFC5545Says() throws {
        // 2026-12-14 is a Monday of the daily rule. EXDATE's default type is DATE-TIME (§3.8.5.1).
        let bare = importProblems(eventCalendar(["UID:a", "DTSTART:20261201T070000", "RRULE:FREQ=DAILY", "EXDATE:20261214"]))
        #expect(
            bare.map(\.message) == [
                "is a date, but EXDATE's values are date-times unless VALUE=DATE is given (RFC 5545 §3.8.5.1); write EXDATE;VALUE=DATE:20261214 to skip the whole day"
            ])
        #expect(bare.map(\.value) == ["20261214"])
        let typed = try read(["UID:a", "DTSTART:20261201T070000", "RRULE:FREQ=DAILY", "EXDATE;VALUE=DATE:20261214"])
        #expect(typed.rules.first?.skippedDates == [day("2026-12-14")])
        let mixed = importProblems(
            eventCalendar(["UID:a", "DTSTART:20261201T070000", "RRULE:FREQ=DAILY", "EXDATE;VALUE=DATE:20261214,20261215T070000"]))
        #expect(mixed.map(\.value) == ["20261215T070000"])
        let period = importProblems(
            eventCalendar(["UID:a", "DTSTART:20261201T070000", "RRULE:FREQ=DAILY", "EXDATE;VALUE=PERIOD:20261214T070000/PT1H"]))
        #expect(period.map(\.message) == ["has VALUE=PERIOD; EXDATE's values are DATE-TIME (the default) or DATE"])
    }
}
