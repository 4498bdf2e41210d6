import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// Edited occurrences (`RECURRENCE-ID`, RFC 5545 §3.8.4.4): the series skips the occurrence's
/// date and the occurrence rings once at its own `DTSTART` (nothing, when cancelled). The rules
/// ring where RFC 5545 expansion of the series with its edits does.
@Suite("iCalendar import: edited occurrences")
struct ICalendarEditedOccurrenceTests {
    /// Tuesdays at 07:30 in Berlin from 2026-12-01 (a Tuesday); `edit` lines make one more
    /// event with the series' UID.
    func calendarWithEdit(_ edit: [String], series: [String] = []) -> String {
        calendar(
            ["BEGIN:VEVENT", "UID:wake", "SUMMARY:Wake", "DTSTART;TZID=Europe/Berlin:20261201T073000", "RRULE:FREQ=WEEKLY;BYDAY=TU"]
                + series + ["END:VEVENT", "BEGIN:VEVENT", "UID:wake"] + edit + ["END:VEVENT"])
    }

    @Test func aMovedOccurrenceSkipsItsDateAndRingsOnceAtItsNewTime() throws {
        // RFC 5545: Tue 12-01 07:30, the 12-08 occurrence moved to Wed 12-09 09:00, Tue 12-15
        // 07:30. Berlin is UTC+1 in December.
        let text = calendarWithEdit([
            "RECURRENCE-ID;TZID=Europe/Berlin:20261208T073000", "DTSTART;TZID=Europe/Berlin:20261209T090000", "SUMMARY:Wake late"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.map(\.id) == ["wake", "wake-20261208T073000"])
        #expect(imported.rules[0].skippedDates == [day("2026-12-08")])
        #expect(imported.rules[1].repeats == .once(day("2026-12-09")))
        #expect(imported.rules[1].label == "Wake late")
        let fires = try fireTimes(imported.rules, from: "2026-11-30T00:00:00Z", through: "2026-12-16T00:00:00Z").sorted()
        #expect(
            fires == [
                "2026-12-01T07:30:00+01:00", "2026-12-09T09:00:00+01:00", "2026-12-15T07:30:00+01:00"
            ])
        #expect(
            imported.notes.map(\.message) == [
                "edits one occurrence of rule 'wake', which skips its date; rule 'wake-20261208T073000' rings it once at its DTSTART"
            ])
    }

    @Test func aCancelledOccurrenceOnlySkipsItsDate() throws {
        // 07:30 Berlin is 06:30Z: the UTC RECURRENCE-ID names the same occurrence.
        let text = calendarWithEdit(["RECURRENCE-ID:20261208T063000Z", "DTSTART;TZID=Europe/Berlin:20261208T073000", "STATUS:CANCELLED"])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.map(\.id) == ["wake"])
        #expect(imported.rules[0].skippedDates == [day("2026-12-08")])
        #expect(imported.notes.map(\.message) == ["cancels one occurrence of its series at line 4, which skips its date"])
    }

    @Test func theSeriesOtherTimesOfAnEditedDateRingThroughARuleOfTheirOwn() throws {
        // Daily at 07:00 and 19:00 (floating); on 12-02 the 07:00 moves to 08:00, and 19:00 stays.
        let text = calendar([
            "BEGIN:VEVENT", "UID:meds", "DTSTART:20261201T070000", "RRULE:FREQ=DAILY;BYHOUR=7,19", "END:VEVENT",
            "BEGIN:VEVENT", "UID:meds", "RECURRENCE-ID:20261202T070000", "DTSTART:20261202T080000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.map(\.id) == ["meds", "meds-20261202", "meds-20261202T070000"])
        #expect(imported.rules[1].repeats == .once(day("2026-12-02")))
        #expect(imported.rules[1].times == [clock("19:00")])
        let fires = try fireTimes(imported.rules, from: "2026-12-01T00:00:00Z", through: "2026-12-03T12:00:00Z").sorted()
        #expect(
            fires == [
                "2026-12-01T07:00:00Z", "2026-12-01T19:00:00Z", "2026-12-02T08:00:00Z", "2026-12-02T19:00:00Z", "2026-12-03T07:00:00Z"
            ])
    }

    @Test func anOccurrenceOfASeriesLeftOutIsLeftOutToo() throws {
        let text = calendarWithEdit(
            ["RECURRENCE-ID;TZID=Europe/Berlin:20261208T073000", "DTSTART;TZID=Europe/Berlin:20261209T090000"],
            series: ["RDATE;TZID=Europe/Berlin:20261205T073000"])
        let imported = try ICalendar.readRules(
            from: text + calendar(["BEGIN:VEVENT", "UID:other", "DTSTART:20261201T100000", "END:VEVENT"]), options: .whatFits)
        #expect(imported.rules.map(\.id) == ["other"])
        #expect(imported.leftOut.map(\.line) == [4, 11])
        #expect(imported.leftOut.last?.recurrenceID == "20261208T073000")
        #expect(imported.leftOut.last?.reasons.map(\.message) == ["edits an occurrence of the event at line 4, which is left out"])
        // Read strictly, the series' RDATE is the one problem: the occurrence only follows from it.
        #expect(importProblems(text).map(\.property) == ["RDATE"])
    }

    @Test func anOccurrenceWithoutItsSeriesIsAOneShotAlarmWithANote() throws {
        let text = calendar([
            "BEGIN:VEVENT", "UID:invite", "RECURRENCE-ID:20261208T073000", "DTSTART:20261209T090000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.map(\.id) == ["invite-20261208T073000"])
        #expect(imported.rules.first?.repeats == .once(day("2026-12-09")))
        #expect(
            imported.notes.map(\.message) == [
                "edits an occurrence of a series that is not in this calendar; it is imported as a one-shot alarm at its DTSTART"
            ])
    }

    @Test func aFileOfCancelledOccurrencesOfAbsentSeriesImportsNothingAndIsAnError() {
        let text = calendar(["BEGIN:VEVENT", "UID:gone", "RECURRENCE-ID:20261208T073000", "STATUS:CANCELLED", "END:VEVENT"])
        #expect(
            importProblems(text).map(\.message) == [
                "no event imports: each cancels an occurrence of a series that is not in the text; expected at least one event"
            ])
    }

    @Test func anOccurrenceThatMatchesNoneOfTheSeriesIsAOneShotAlarmAndSkipsNothing() throws {
        // 12-09 is a Wednesday: no occurrence of the Tuesday series.
        let text = calendarWithEdit(["RECURRENCE-ID;TZID=Europe/Berlin:20261209T073000", "DTSTART;TZID=Europe/Berlin:20261209T090000"])
        let imported = try ICalendar.readRules(from: text)
        #expect(imported.rules.map(\.id) == ["wake", "wake-20261209T073000"])
        #expect(imported.rules[0].skippedDates.isEmpty)
        #expect(imported.notes.first?.message.hasPrefix("matches no occurrence of its series at line 4 (") == true)
    }

    @Test func aSecondEditOfTheSameOccurrenceIsLeftOut() throws {
        let edit = ["RECURRENCE-ID;TZID=Europe/Berlin:20261208T073000", "DTSTART;TZID=Europe/Berlin:20261209T090000"]
        let text = calendarWithEdit(edit).replacingOccurrences(
            of: "END:VCALENDAR", with: (["BEGIN:VEVENT", "UID:wake"] + edit + ["END:VEVENT", "END:VCALENDAR"]).joined(separator: "\r\n"))
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.count == 2)
        #expect(imported.leftOut.map(\.line) == [15])
        #expect(
            imported.leftOut.first?.reasons.map(\.message) == [
                "edits the occurrence the event at line 10 edits; each occurrence is edited once"
            ])
    }

    @Test func editsOfEveryOtherKindAreProblems() {
        let thisAndFuture = importProblems(
            calendarWithEdit(["RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261208T073000", "DTSTART:20261209T090000"]))
        #expect(thisAndFuture.map(\.property) == ["RECURRENCE-ID"])
        #expect(thisAndFuture.first?.message.hasPrefix("has RANGE=THISANDFUTURE") == true)
        let repeating = importProblems(
            calendarWithEdit(["RECURRENCE-ID;TZID=Europe/Berlin:20261208T073000", "DTSTART:20261209T090000", "RRULE:FREQ=DAILY"]))
        #expect(repeating.map(\.property) == ["RRULE"])
        let date = importProblems(calendarWithEdit(["RECURRENCE-ID;VALUE=DATE:20261208", "DTSTART:20261209T090000"]))
        #expect(date.map(\.message) == ["is a date; its series starts at a date and time, so an occurrence is named by one"])
    }

    @Test func theRulesExportAsTheSeriesWithAnExdateAndAOneShotEventAndReadBackTheSame() throws {
        let text = calendarWithEdit([
            "RECURRENCE-ID;TZID=Europe/Berlin:20261208T073000", "DTSTART;TZID=Europe/Berlin:20261209T090000"
        ])
        let imported = try ICalendar.readRules(from: text).rules
        let document = try ICalendar.document(for: imported, from: day("2026-12-01"), generatedAt: utcInstant("2026-11-30T00:00:00Z"))
        #expect(document.text.contains("EXDATE;TZID=Europe/Berlin:20261208T073000\r\n"))
        #expect(!document.text.contains("RECURRENCE-ID"))
        #expect(try ICalendar.readRules(from: document.text).rules == imported)
    }
}
