import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// The code of the module's DocC pages (`RecurringAlarmsICalendar.docc`): the landing page and
/// "Exporting to iCalendar" show regions of this file (see DocSnippetTests), and the tests run
/// them and assert what their comments state.
@Suite("RecurringAlarmsICalendar landing page example")
struct LandingPageExampleTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "icalendar-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the landing page: a rule from an RRULE, rules from a calendar file, a document from rules")
    func landingPage() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendarFile = folder.appending(path: "calendar.ics")
        let exported = try ICalendar.document(
            for: [AlarmRule(id: "gym", repeats: .weekly(days: .saturday), times: [TimeOfDay(hour: 9, minute: 0)!])],
            start: .date(LocalDate(year: 2026, month: 12, day: 5)!), generatedAt: Date(timeIntervalSince1970: 1_796_083_200))
        // A to-do besides the event: the import leaves it out with a note.
        let withToDo = exported.text.replacingOccurrences(
            of: "END:VCALENDAR\r\n", with: "BEGIN:VTODO\r\nUID:todo\r\nSUMMARY:Buy milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        try Data(withToDo.utf8).write(to: calendarFile)

        // snippet:begin icalendar-landing
        // A server's recurrence as one rule.
        let wake = try AlarmRule(
            rrule: "FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30",
            dtstart: "DTSTART;TZID=Europe/Berlin:20261202T073000",
            id: "wake", label: "Wake up")

        // A calendar app's export as rules: every event that fits, the others listed with why.
        let text = try String(contentsOf: calendarFile, encoding: .utf8)   // calendarFile: the .ics file's URL
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        print(imported.rules.map(\.id))   // the rules, as [AlarmRule]
        print(imported.leftOut)   // [ICalendarLeftOutEvent]: each event left out, and why
        print(imported.notes)   // [ICalendarImportNote]: what else was skipped, and where

        // Rules as a document for a calendar app; `now` comes from the app's clock.
        let now = Date()
        let document = try ICalendar.document(
            for: [wake], start: .firesAfter(now, deviceTimeZone: .current), generatedAt: now)
        print(document.text.prefix(17))   // "BEGIN:VCALENDAR\r\n"
        // snippet:end

        #expect(imported.rules.map(\.id) == ["gym"])
        #expect(imported.notes.count == 1)
        #expect(imported.leftOut.isEmpty)
        #expect(document.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(try ICalendar.readRules(from: document.text).rules.map(\.id) == ["wake"])
        // DTSTART's date starts the rule.
        #expect(wake.repeats == .weekly(days: [.monday, .wednesday], start: LocalDate(year: 2026, month: 12, day: 2)!))
        #expect(wake.times == [TimeOfDay(hour: 7, minute: 30)!])
        #expect(wake.timeZone == .fixed(TimeZone(identifier: "Europe/Berlin")!))
    }

    @Test("Exporting to iCalendar: the document, the bins event and the warnings the article shows")
    func exporting() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }

        // snippet:begin exporting-document
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let rules = [
            AlarmRule(
                id: "wake", label: "Wake up", repeats: .weekly(days: .weekdays),
                times: [TimeOfDay(hour: 7, minute: 30)!]),
            AlarmRule(
                id: "bins",
                repeats: .weekly(
                    days: .wednesday, everyWeeks: 2,
                    start: LocalDate(year: 2026, month: 12, day: 2)!),
                times: [TimeOfDay(hour: 20, minute: 0)!], timeZone: .fixed(berlin),
                skippedDates: [LocalDate(year: 2026, month: 12, day: 30)!])
        ]
        let now = Date(timeIntervalSince1970: 1_796_083_200)   // 2026-12-01T00:00:00Z, 01:00 in Berlin
        let document = try ICalendar.document(
            for: rules, start: .firesAfter(now, deviceTimeZone: berlin), generatedAt: now)
        try Data(document.text.utf8).write(to: folder.appending(path: "alarms.ics"))   // folder: where the file goes
        // snippet:end

        let bins = [
            "BEGIN:VEVENT", "UID:bins", "DTSTAMP:20261201T000000Z", "DTSTART;TZID=Europe/Berlin:20261202T200000",
            "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;BYHOUR=20;BYMINUTE=0;WKST=MO", "EXDATE;TZID=Europe/Berlin:20261230T200000",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:bins", "TRIGGER:PT0S", "END:VALARM", "END:VEVENT"
        ]
        #expect(document.text.contains(bins.joined(separator: "\r\n") + "\r\n"))
        #expect(document.warnings.isEmpty)

        let night = [AlarmRule(id: "night", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 2, minute: 30)!], gapPolicy: .skip)]
        let withWarnings = try ICalendar.document(for: night, start: .firesAfter(now, deviceTimeZone: berlin), generatedAt: now)
        do {
            let document = withWarnings
            // snippet:begin exporting-warnings
            for warning in document.warnings { print(warning) }
            // rule 'night': gap policy 'skip' has no RFC 5545 form: calendar apps ring a time that falls
            // in a spring-forward gap one gap length later (X-RECURRINGALARMS-GAP:SKIP keeps the policy for import)
            // snippet:end
            #expect(
                document.warnings.map(\.description) == [
                    "rule 'night': gap policy 'skip' has no RFC 5545 form: calendar apps ring a time that falls "
                        + "in a spring-forward gap one gap length later (X-RECURRINGALARMS-GAP:SKIP keeps the policy for import)"
                ])
        }
    }
}
