import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// The content-line layer: folding, parameters, TEXT escapes, components, limits, and
/// positions that point into the folded text.
@Suite struct ContentLineReaderTests {
    @Test func foldedLinesAreJoinedWhetherTheyEndInCRLFOrLF() throws {
        for newline in ["\r\n", "\n"] {
            let text = [
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:wa", " ke", "SUMMARY:Wake", "\t up", "DTSTART;TZID=Europe/", " Berlin:20261201T0",
                " 73000", "RRULE:FREQ=WEEKLY;BY", " DAY=TU,TH", "END:VEVENT", "END:VCALENDAR"
            ].joined(separator: newline)
            let rule = try #require(try ICalendar.readRules(from: text).rules.first)
            #expect(rule.id == "wake")
            #expect(rule.label == "Wake up")
            #expect(rule.timeZone == .fixed(Zones.berlin))
            #expect(rule.times == [clock("07:30")])
            #expect(rule.repeats == .weekly(days: [.tuesday, .thursday], everyWeeks: 1, start: day("2026-12-01"), end: nil))
        }
    }

    @Test func summaryEscapesAreUndone() throws {
        let text = eventCalendar(["UID:a", #"SUMMARY:Tea\, biscuits\; milk\\sugar\nthen\Nwork"#, "DTSTART:20261201T073000"])
        let rule = try #require(try ICalendar.readRules(from: text).rules.first)
        #expect(rule.label == "Tea, biscuits; milk\\sugar\nthen\nwork")
    }

    @Test func quotedParameterValuesMayHoldColonsAndSemicolons() throws {
        let text = eventCalendar([
            "UID:a", #"DTSTART;X-NOTE="a:b;c";TZID="Asia/Tokyo":20261201T073000"#, "RRULE:FREQ=DAILY"
        ])
        let rule = try #require(try ICalendar.readRules(from: text).rules.first)
        #expect(rule.timeZone == .fixed(Zones.tokyo))
    }

    @Test func aProblemOnAFoldedLinePointsAtTheOriginalLineAndColumn() {
        // RRULE starts on line 7; its value continues on line 8 after the folding space, where
        // BYMONTH begins at column 2.
        let text = eventCalendar(["UID:a", "DTSTART:20261201T073000", "RRULE:FREQ=WEEKLY;", " BYMONTH=1"])
        let problems = importProblems(text)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 8)
        #expect(problems.first?.column == 2)
        #expect(problems.first?.property == "RRULE")
        #expect(
            problems.first?.description.hasPrefix("line 8, column 2: RRULE: \"BYMONTH=1\" BYMONTH limits the rule to some months") == true)
    }

    @Test func everyProblemInTheTextIsReportedInLineOrder() {
        let text = calendar([
            "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T073000", "RRULE:FREQ=MONTHLY", "END:VEVENT",   // lines 4-8
            "BEGIN:VEVENT", "UID:b", "DTSTART:20261201T073000", "RDATE:20261205T073000", "END:VEVENT",   // lines 9-13
            "NO COLON HERE",   // line 14
            "BEGIN:VEVENT", "UID:c", "DTSTART;VALUE=DATE:20261201", "END:VEVENT"   // lines 15-18
        ])
        let problems = importProblems(text)
        #expect(problems.map(\.line) == [7, 12, 14, 17])
        #expect(problems.map(\.property) == ["RRULE", "RDATE", "NO", "DTSTART"])
    }

    @Test func aMismatchedEndIsAnErrorNamingBothComponents() {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20261201T073000\r\nEND:VTODO\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let problems = importProblems(text)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 4)
        #expect(problems.first?.column == 5)
        #expect(problems.first?.message == "does not match BEGIN:VEVENT at line 2; expected END:VEVENT")
    }

    @Test func anUnclosedComponentIsAnError() {
        let problems = importProblems("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART:20261201T073000\n")
        #expect(problems.map(\.message) == ["is never closed; expected END:VCALENDAR", "is never closed; expected END:VEVENT"])
        #expect(problems.map(\.line) == [1, 2])
    }

    @Test func contentOutsideACalendarIsAnError() {
        let problems = importProblems("UID:a\r\n")
        #expect(problems.first?.message.contains("outside any component") == true)
    }

    @Test func textOverTheByteLimitIsRefusedWithTheLimitNamed() {
        let text = eventCalendar(["UID:a", "DTSTART:20261201T073000"])
        let limits = ICalendar.ReadLimits(maximumBytes: 50, maximumLines: 100)
        #expect(throws: ICalendarReadError.self) { try ICalendar.readRules(from: text, limits: limits) }
        do {
            _ = try ICalendar.readRules(from: text, limits: limits)
        } catch {
            #expect(error.problems.first?.message == "the text is \(text.utf8.count) bytes; the limit is 50 bytes")
        }
    }

    @Test func textOverTheLineLimitIsRefusedAtTheFirstLineTooMany() {
        let text = eventCalendar(["UID:a", "DTSTART:20261201T073000"])
        do {
            _ = try ICalendar.readRules(from: text, limits: ICalendar.ReadLimits(maximumLines: 5))
            Issue.record("read past the line limit")
        } catch {
            #expect(error.problems.map(\.line) == [6])
            #expect(error.problems.first?.message == "the text has more than 5 lines, the limit")
        }
    }

    @Test(arguments: [
        ("UID:a\u{01}b", "control character"),
        ("DTSTART;TZID=\"Europe/Berlin:20261201T073000", "no closing"),
        ("DTSTART;=x:20261201T073000", "parameter name"),
        (";X:1", "property name")
    ])
    func malformedLinesAreReportedWithWhy(line: String, words: String) {
        let problems = importProblems(eventCalendar(["UID:a", "DTSTART:20261201T073000", line]))
        #expect(problems.contains { $0.line == 7 && $0.message.contains(words) })
    }

    @Test func invalidUTF8IsAnErrorNotACrash() {
        var data = Data(eventCalendar(["UID:a", "DTSTART:20261201T073000", "SUMMARY:x"]).utf8)
        data.insert(0xFF, at: data.range(of: Data("SUMMARY:".utf8))!.upperBound)
        #expect(throws: ICalendarReadError.self) { try ICalendar.readRules(from: data) }
    }

    @Test func componentsNestedDeeperThanTheLimitAreRefused() {
        let opens = ["BEGIN:VCALENDAR"] + (1..<16).map { "BEGIN:X-LEVEL\($0)" } + ["BEGIN:X-TOO-DEEP"]
        let problems = importProblems(opens.joined(separator: "\r\n"))
        #expect(problems.count == 1)
        #expect(problems.first?.line == 17)   // the 17th component
        #expect(problems.first?.message == "nests components deeper than 16 levels, the limit")
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
        // Outlook writes U+FEFF (EF BB BF) before BEGIN:VCALENDAR. Columns count after it.
        let text = eventCalendar(["UID:a", "DTSTART:20261201T070000", "RRULE:FREQ=MONTHLY"])
        let marked = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
        let problems: [ICalendarReadProblem]
        do {
            _ = try ICalendar.readRules(from: marked)
            problems = []
        } catch {
            problems = error.problems
        }
        #expect(problems.map(\.line) == [7])
        #expect(problems.map(\.property) == ["RRULE"])
        let unmarked = Data([0xEF, 0xBB, 0xBF]) + Data(eventCalendar(["UID:a", "DTSTART:20261201T070000"]).utf8)
        #expect(try ICalendar.readRules(from: unmarked).rules.map(\.id) == ["a"])
    }

    /// Malformed DTSTART lines, as bytes (0xFF is never UTF-8), and words of their problem.
    static let malformedStarts: [([UInt8], String)] = [
        (Array(#"DTSTART;TZID="Europe/Berlin:20261201T070000"#.utf8), "no closing"),
        (Array("DTSTART;TZID=Europe/Berl".utf8) + [0xFF] + Array("in:20261201T070000".utf8), "not valid UTF-8"),
        (Array("DTSTART:2026120".utf8) + [0xFF] + Array("T070000".utf8), "not valid UTF-8")
    ]

    @Test(arguments: malformedStarts)
    func aMalformedStartIsReportedOnceNotAgainAsMissing(line: [UInt8], words: String) {
        var data = Data(eventCalendar(["UID:a", "@"]).utf8)
        data.replaceSubrange(data.range(of: Data("@".utf8))!, with: line)
        do {
            _ = try ICalendar.readRules(from: data)
            Issue.record("read a malformed DTSTART")
        } catch {
            #expect(error.problems.count == 1, "\(error.problems)")
            #expect(error.problems.first?.property == "DTSTART")
            #expect(error.problems.first?.line == 6)
            #expect(error.problems.first?.message.contains(words) == true)
        }
    }

    @Test(arguments: ["", "\r\n", "\n\n\r\n"])
    func anEmptyOrBlankTextIsAnError(text: String) {
        let problems = importProblems(text)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 1)
        let expected = text.isEmpty ? "the text is empty" : "the text has only blank lines"
        #expect(problems.first?.message == expected + "; expected an iCalendar calendar, BEGIN:VCALENDAR … END:VCALENDAR")
    }

    @Test func aCalendarWithoutEventsIsAnError() {
        let problems = importProblems(calendar([]))
        #expect(
            problems.map(\.description) == [
                #"line 1, column 1: BEGIN: "VCALENDAR" has no VEVENT, so it holds no alarm to import; expected at least one event"#
            ])
    }
}
