import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// Read for what fits, every event that maps onto a rule is imported and every other one is
/// left out with its UID, SUMMARY, line and every reason; read strictly, any of them fails the
/// whole read, as before. Nothing is dropped without a word.
@Suite("iCalendar import: what fits")
struct ICalendarImportWhatFitsTests {
    /// 2026-12-01 is a Tuesday. The first event fits; the second repeats monthly.
    static let mixed = calendar([
        "BEGIN:VEVENT", "UID:wake", "DTSTART:20261201T073000", "RRULE:FREQ=WEEKLY;BYDAY=TU", "END:VEVENT",
        "BEGIN:VEVENT", "UID:rent@example.com", "SUMMARY:Rent", "DTSTART:20261201T090000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=1",
        "END:VEVENT"
    ])

    @Test func anEventThatDoesNotMapIsLeftOutWithItsUIDSummaryLineAndEveryReason() throws {
        let imported = try ICalendar.readRules(from: Self.mixed, options: .whatFits)
        #expect(imported.rules.map(\.id) == ["wake"])
        let leftOut = try #require(imported.leftOut.first)
        #expect(imported.leftOut.count == 1)
        #expect(leftOut.line == 9)
        #expect(leftOut.uid == "rent@example.com")
        #expect(leftOut.summary == "Rent")
        #expect(leftOut.recurrenceID == nil)
        // Line 13 is the RRULE: "FREQ=MONTHLY" at column 7, "BYMONTHDAY=1" after "RRULE:FREQ=MONTHLY;" at 20.
        #expect(leftOut.reasons.map(\.line) == [13, 13])
        #expect(leftOut.reasons.map(\.column) == [7, 20])
        #expect(leftOut.reasons.map(\.value) == ["FREQ=MONTHLY", "BYMONTHDAY=1"])
        #expect(leftOut.description.hasPrefix("line 9: event \"rent@example.com\" (Rent) left out: line 13, column 7: RRULE:"))
    }

    @Test func aStrictReadFailsOnTheSameEventAsBefore() {
        #expect(throws: ICalendarReadError.self) { try ICalendar.readRules(from: Self.mixed) }
        #expect(importProblems(Self.mixed).map(\.value) == ["FREQ=MONTHLY", "BYMONTHDAY=1"])
    }

    @Test func aFileFromWhichNothingImportsIsStillAnErrorWithEveryProblem() {
        let text = calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART;VALUE=DATE:20261201", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART:20261201T090000", "RRULE:FREQ=YEARLY", "END:VEVENT"
        ])
        #expect {
            try ICalendar.readRules(from: text, options: .whatFits)
        } throws: { error in
            (error as? ICalendarReadError)?.problems.map(\.property) == ["DTSTART", "RRULE"]
        }
    }

    @Test func aMalformedLineLeavesOutOnlyTheEventThatHoldsIt() throws {
        // Line 7 has no ':' before its value: it could have said anything about the event.
        let text = calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T090000", "RRULE;FREQ=DAILY", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART:20261201T100000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.id) == ["b"])
        #expect(imported.leftOut.map(\.uid) == ["a"])
        #expect(imported.leftOut.first?.reasons.map(\.line) == [7])
    }

    @Test func aProblemOutsideEveryEventCostsNoEventAndIsANote() throws {
        // Line 5 is inside the VTIMEZONE, which the reader does not need for an IANA TZID.
        let text = calendar([
            "BEGIN:VTIMEZONE", "TZID;X=\"open:value", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Berlin:20261201T090000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.id) == ["a"])
        #expect(imported.leftOut.isEmpty)
        #expect(imported.notes.map(\.line) == [5])
        #expect(imported.notes.first?.message.hasSuffix("(outside any event, so no event was left out for it)") == true)
        #expect(importProblems(text).map(\.line) == [5])
    }

    @Test func aCancellationNoticeLeavesOutTheEventsOfItsCalendarOnly() throws {
        let text =
            calendar(["METHOD:CANCEL", "BEGIN:VEVENT", "UID:gone", "DTSTART:20261201T090000", "END:VEVENT"])
            + calendar(["BEGIN:VEVENT", "UID:kept", "DTSTART:20261201T100000", "END:VEVENT"])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.id) == ["kept"])
        #expect(imported.leftOut.map(\.uid) == ["gone"])
        #expect(imported.leftOut.first?.reasons.map(\.property) == ["METHOD"])
        // A strict read names the METHOD once, as before.
        #expect(importProblems(text).map(\.property) == ["METHOD"])
    }

    @Test func anEventOutsideAnyCalendarIsReadWithANoteOrIsAStrictError() throws {
        let text = ["BEGIN:VEVENT", "UID:bare", "DTSTART:20261201T090000", "END:VEVENT"].joined(separator: "\r\n") + "\r\n"
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.id) == ["bare"])
        #expect(
            imported.notes.map(\.message) == ["is outside any VCALENDAR (RFC 5545 puts each event in one); read as an event all the same"])
        #expect(
            importProblems(text).map(\.message) == ["opens a component outside any VCALENDAR; expected BEGIN:VCALENDAR first"])
    }

    @Test func anEventNestedInAnotherIsLeftOutOnItsOwn() throws {
        let text = calendar([
            "BEGIN:VEVENT", "UID:outer", "DTSTART:20261201T090000",
            "BEGIN:VEVENT", "UID:inner", "DTSTART:20261201T100000", "END:VEVENT",
            "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.id) == ["outer"])
        #expect(imported.leftOut.map(\.uid) == ["inner"])
        #expect(imported.leftOut.first?.reasons.first?.message.hasPrefix("is inside VEVENT at line 4") == true)
    }

    @Test func notesAboutAnEventLeftOutAreDropped() throws {
        // The UID is not a valid id; the note that derives one would name a rule not imported.
        let text = calendar([
            "BEGIN:VEVENT", "UID:rent@example.com", "DTSTART:20261201T090000", "RRULE:FREQ=YEARLY", "END:VEVENT",
            "BEGIN:VEVENT", "UID:wake", "DTSTART:20261201T070000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.notes.isEmpty)
        #expect(imported.leftOut.map(\.uid) == ["rent@example.com"])
    }

    @Test func aSecondEventWithTheSameUIDIsLeftOutAndTheFirstImports() throws {
        let text = calendar([
            "BEGIN:VEVENT", "UID:wake", "DTSTART:20261201T070000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:wake", "DTSTART:20261202T070000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.repeats) == [.once(day("2026-12-01"))])
        #expect(imported.leftOut.map(\.line) == [8])
        #expect(imported.leftOut.first?.reasons.map(\.property) == ["UID"])
    }

    @Test func anEventOfASplitRuleThatDisagreesIsLeftOutAndTheRuleKeepsTheOthersTimes() throws {
        let text = calendar([
            "BEGIN:VEVENT", "UID:tea~1", "X-RECURRINGALARMS-RULE:tea", "DTSTART:20261201T070000", "RRULE:FREQ=DAILY", "END:VEVENT",
            "BEGIN:VEVENT", "UID:tea~2", "X-RECURRINGALARMS-RULE:tea", "DTSTART:20261202T083000", "RRULE:FREQ=DAILY",
            "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.times) == [[clock("07:00")]])
        #expect(imported.leftOut.map(\.uid) == ["tea~2"])
    }

    @Test func aCalendarWithoutEventsBesideOneWithEventsIsANote() throws {
        let text = calendar(["METHOD:PUBLISH"]) + calendar(["BEGIN:VEVENT", "UID:a", "DTSTART:20261201T090000", "END:VEVENT"])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.id) == ["a"])
        #expect(imported.notes.map(\.line) == [1])
        #expect(imported.notes.first?.message.hasPrefix("has no VEVENT") == true)
        #expect(importProblems(text).map(\.line) == [1])
    }
}
