import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// The example on the module's landing page (`RecurringAlarmsICalendar.docc/RecurringAlarmsICalendar.md`),
/// line for line (`_ =` before the lines that show a value), so it compiles; the test runs
/// its parts that need no file.
@Suite("RecurringAlarmsICalendar landing page example")
struct LandingPageExampleTests {
    /// The snippet as the page shows it. Compiled, not called: it reads `calendar.ics`.
    private func landingPageSnippet() throws {
        // A server's recurrence as one rule.
        let wake = try AlarmRule(
            rrule: "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30",
            dtstart: "DTSTART;TZID=Europe/Berlin:20261202T073000",
            id: "wake", label: "Wake up")

        // A calendar app's export as rules, with a note for each property left out.
        let text = try String(contentsOf: URL(filePath: "calendar.ics"), encoding: .utf8)
        let imported = try ICalendar.readRules(from: text)
        _ = imported.rules   // [AlarmRule]
        _ = imported.notes   // [ICalendarImportNote]

        // Rules as a document for a calendar app; `now` comes from the app's clock.
        let now = Date()
        let document = try ICalendar.document(
            for: [wake], start: .firesAfter(now, deviceTimeZone: .current), generatedAt: now)
        _ = document.text   // "BEGIN:VCALENDAR\r\n…"
    }

    @Test("the rule and the document the page describes")
    func ruleAndDocument() throws {
        let wake = try AlarmRule(
            rrule: "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30",
            dtstart: "DTSTART;TZID=Europe/Berlin:20261202T073000",
            id: "wake", label: "Wake up")
        let now = Date(timeIntervalSince1970: 1_796_083_200)
        let document = try ICalendar.document(
            for: [wake], start: .firesAfter(now, deviceTimeZone: TimeZone(identifier: "Europe/Berlin")!), generatedAt: now)
        #expect(document.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(try ICalendar.readRules(from: document.text).rules.map(\.id) == ["wake"])
    }
}
