import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// Exact `.ics` text for small rules, each checked by hand against RFC 5545.
///
/// Every document is generated at 2026-12-01T00:00:00Z (`DTSTAMP:20261201T000000Z`) with
/// `from` = 2026-12-01, a Tuesday.
@Suite("iCalendar export: exact text")
struct ICalendarExportTextTests {
    static let from = day("2026-12-01")

    /// The document for `rules`, checked to succeed.
    static func document(_ rules: [AlarmRule]) throws -> ICalendarDocument {
        try ICalendar.document(for: rules, from: from, generatedAt: december1)
    }

    /// `lines` joined with CRLF and ended by one, as RFC 5545 writes them.
    static func crlf(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

    static let header = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//RecurringAlarms//RecurringAlarms \(PackageVersion.current)//EN", "CALSCALE:GREGORIAN"
    ]

    static func alarm(_ description: String) -> [String] {
        ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + description, "TRIGGER:PT0S", "END:VALARM"]
    }

    @Test func aFloatingWeeklyRuleIsOneEventWithFloatingDTSTARTAndAnAlarm() throws {
        var wake = weeklyRule("wake", days: .weekdays, times: ["07:30"])
        wake.label = "Wake up"
        let document = try Self.document([wake])
        // 2026-12-01 is a Tuesday, a weekday: the first occurrence is that day.
        #expect(
            document.text
                == Self.crlf(
                    Self.header + [
                        "BEGIN:VEVENT", "UID:wake", "DTSTAMP:20261201T000000Z", "DTSTART:20261201T073000",
                        "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=7;BYMINUTE=30", "SUMMARY:Wake up"
                    ] + Self.alarm("Wake up") + ["END:VEVENT", "END:VCALENDAR"]))
        #expect(document.warnings.isEmpty)
    }

    @Test func aFixedZoneEveryTwoWeeksRuleWithAnEndHasTZIDIntervalAndUTCUntil() throws {
        let gym = weeklyRule(
            "gym", days: [.monday, .thursday], times: ["18:00"], zone: Zones.tokyo, everyWeeks: 2, start: "2026-12-03",
            end: "2026-12-31")
        let document = try Self.document([gym])
        // Start Thursday 2026-12-03 is a Thursday of the anchor week: DTSTART. The end's last
        // second, 2026-12-31T23:59:59 JST (UTC+9), is 14:59:59Z. Tokyo has had no offset change
        // since 1951: one STANDARD observance with the fixed offset. TZNAME is Foundation's
        // abbreviation ("GMT+9" on Linux, where ICU has no "JST" for the root locale).
        let tokyoName = try #require(Zones.tokyo.abbreviation(for: december1))
        #expect(
            document.text
                == Self.crlf(
                    Self.header + [
                        "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                        "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "TZNAME:" + tokyoName, "END:STANDARD", "END:VTIMEZONE",
                        "BEGIN:VEVENT", "UID:gym", "DTSTAMP:20261201T000000Z", "DTSTART;TZID=Asia/Tokyo:20261203T180000",
                        // 92 octets: folded after the 75th.
                        "RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20261231T145959Z;BYDAY=MO,TH;BYHOUR=18;B", " YMINUTE=0;WKST=MO"
                    ] + Self.alarm("gym") + ["END:VEVENT", "END:VCALENDAR"]))
    }

    @Test func everyNWeeksStartsInTheFirstActiveWeekWhenTheStartWeekHasNoMatchingDayLeft() throws {
        // Start Sunday 2026-12-06 (week of Monday 11-30); Mondays every 2 weeks: 12-07 is in the
        // inactive week, so the first occurrence is Monday 2026-12-14.
        let rule = weeklyRule("m", days: .monday, times: ["09:00"], everyWeeks: 2, start: "2026-12-06")
        let recurrence = try #require(try rule.recurrences(from: Self.from).first)
        #expect(recurrence.dtstart == "DTSTART:20261214T090000")
        #expect(recurrence.rrule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;BYHOUR=9;BYMINUTE=0;WKST=MO")
    }

    @Test func aOneShotRuleIsAnEventWithoutRRULE() throws {
        let dentist = onceRule("dentist", on: "2026-12-15", times: ["09:15"])
        let document = try Self.document([dentist])
        #expect(
            document.text
                == Self.crlf(
                    Self.header + ["BEGIN:VEVENT", "UID:dentist", "DTSTAMP:20261201T000000Z", "DTSTART:20261215T091500"]
                        + Self.alarm("dentist") + ["END:VEVENT", "END:VCALENDAR"]))
    }

    @Test func skippedDatesBecomeEXDATEsAndASkippedFirstDayStaysDTSTART() throws {
        let rule = weeklyRule("early", times: ["06:00"], skip: ["2026-12-25", "2026-12-01", "2026-12-24"])
        let recurrence = try #require(try rule.recurrences(from: Self.from).first)
        #expect(recurrence.dtstart == "DTSTART:20261201T060000")
        #expect(recurrence.rrule == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYHOUR=6;BYMINUTE=0")
        #expect(recurrence.exdates == ["EXDATE:20261201T060000", "EXDATE:20261224T060000", "EXDATE:20261225T060000"])

        let berlin = weeklyRule("b", times: ["06:00", "06:00:30"], zone: Zones.berlin, skip: ["2026-12-24"])
        let fixed = try #require(try berlin.recurrences(from: Self.from).first)
        #expect(fixed.dtstart == "DTSTART;TZID=Europe/Berlin:20261201T060000")
        #expect(fixed.rrule == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYHOUR=6;BYMINUTE=0;BYSECOND=0,30")
        #expect(fixed.exdates == ["EXDATE;TZID=Europe/Berlin:20261224T060000", "EXDATE;TZID=Europe/Berlin:20261224T060030"])
    }

    @Test func timesThatAreOneProductStayOneEvent() throws {
        let rule = weeklyRule("p", days: .saturday, times: ["19:30", "07:00", "19:00", "07:30"])
        let recurrences = try rule.recurrences(from: Self.from)
        #expect(recurrences.map(\.uid) == ["p"])
        // The first Saturday on or after Tuesday 2026-12-01 is 2026-12-05.
        #expect(recurrences.map(\.dtstart) == ["DTSTART:20261205T070000"])
        #expect(recurrences.map(\.rrule) == ["FREQ=WEEKLY;BYDAY=SA;BYHOUR=7,19;BYMINUTE=0,30"])
    }

    @Test func timesThatAreNotOneProductAreSplitIntoNumberedEventsThatNameTheRule() throws {
        var rule = weeklyRule("x", days: .weekdays, times: ["08:30", "07:00", "20:30"])
        rule.label = "Pills"
        let document = try Self.document([rule])
        // 08:30 and 20:30 share minute 30: one product; 07:00 another.
        let event1 = [
            "BEGIN:VEVENT", "UID:x~1", "DTSTAMP:20261201T000000Z", "DTSTART:20261201T070000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=7;BYMINUTE=0", "SUMMARY:Pills", "X-RECURRINGALARMS-RULE:x"
        ]
        let event2 = [
            "BEGIN:VEVENT", "UID:x~2", "DTSTAMP:20261201T000000Z", "DTSTART:20261201T083000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=8,20;BYMINUTE=30", "SUMMARY:Pills", "X-RECURRINGALARMS-RULE:x"
        ]
        #expect(
            document.text
                == Self.crlf(
                    Self.header + event1 + Self.alarm("Pills") + ["END:VEVENT"] + event2 + Self.alarm("Pills") + [
                        "END:VEVENT", "END:VCALENDAR"
                    ]))
    }

    @Test func aOneShotRuleWithSeveralTimesIsOneEventPerTime() throws {
        let rule = onceRule("trip", on: "2026-12-20", times: ["05:00", "04:30"])
        let recurrences = try rule.recurrences(from: Self.from)
        #expect(recurrences.map(\.uid) == ["trip~1", "trip~2"])
        #expect(recurrences.map(\.dtstart) == ["DTSTART:20261220T043000", "DTSTART:20261220T050000"])
        #expect(recurrences.map(\.rrule) == [nil, nil])
    }

    @Test func aDisabledRuleWithPoliciesRFC5545CannotSayCarriesXPropertiesWarningsAndNoAlarm() throws {
        let rule = onceRule("late", on: "2026-12-02", times: ["02:30"], gap: .skip, overlap: .last, enabled: false)
        let document = try Self.document([rule])
        #expect(
            document.text
                == Self.crlf(
                    Self.header + [
                        "BEGIN:VEVENT", "UID:late", "DTSTAMP:20261201T000000Z", "DTSTART:20261202T023000",
                        "X-RECURRINGALARMS-GAP:SKIP", "X-RECURRINGALARMS-OVERLAP:LAST", "X-RECURRINGALARMS-ENABLED:FALSE",
                        "END:VEVENT", "END:VCALENDAR"
                    ]))
        #expect(
            document.warnings == [
                ICalendarExportWarning(ruleID: "late", reason: .gapPolicySkip),
                ICalendarExportWarning(ruleID: "late", reason: .overlapPolicyLast)
            ])
        #expect(document.warnings.map(\.description).allSatisfy { $0.hasPrefix("rule 'late': ") })
    }

    @Test func aWeeklyRuleThatEndedBeforeItsFirstDayIsLeftOutWithAWarning() throws {
        let rule = weeklyRule("gone", days: .monday, times: ["07:00"], end: "2026-11-30")
        let document = try Self.document([rule])
        // No component: RFC 5545 does not allow this text, which eventCount 0 tells.
        #expect(document.text == Self.crlf(Self.header + ["END:VCALENDAR"]))
        #expect(document.eventCount == 0)
        #expect(
            document.warnings == [
                ICalendarExportWarning(ruleID: "gone", reason: .noOccurrence(from: Self.from, through: day("2026-11-30")))
            ])
        #expect(
            document.warnings.map(\.description) == [
                "rule 'gone': it ended on 2026-11-30, before 2026-12-01, the first date exported, so there is no DTSTART: not exported"
            ])
        #expect(try rule.recurrences(from: Self.from).isEmpty)
    }

    @Test func aLongSummaryFoldsAt75OctetsBetweenCharactersNeverInsideOne() throws {
        var rule = onceRule("fold", on: "2026-12-15", times: ["09:15"])
        // 40 × "é" (2 octets each). "SUMMARY:" (8) + 33 × 2 = 74 octets; a 34th would make 76.
        rule.label = String(repeating: "é", count: 40)
        let document = try Self.document([rule])
        let e = "é"
        #expect(
            document.text.contains("\r\nSUMMARY:" + String(repeating: e, count: 33) + "\r\n " + String(repeating: e, count: 7) + "\r\n"))
        // "DESCRIPTION:" (12) + 31 × 2 = 74.
        #expect(
            document.text.contains(
                "\r\nDESCRIPTION:" + String(repeating: e, count: 31) + "\r\n " + String(repeating: e, count: 9) + "\r\n"))
        for line in document.text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            #expect(line.utf8.count <= 75)
        }
    }

    @Test func aWeeklyRuleWithALaterStartAndNoDayBeforeItsEndIsLeftOutNamingItsOwnStart() throws {
        // Mondays from Tuesday 2027-01-05 to Sunday 2027-01-10: no Monday in between. The
        // warning names the rule's start, not the export's first date 2026-12-01.
        let rule = weeklyRule("week", days: .monday, times: ["07:00"], start: "2027-01-05", end: "2027-01-10")
        let document = try Self.document([rule])
        #expect(
            document.warnings == [
                ICalendarExportWarning(ruleID: "week", reason: .noOccurrence(from: day("2027-01-05"), through: day("2027-01-10")))
            ])
        #expect(
            document.warnings.map(\.description) == [
                "rule 'week': no occurrence from 2027-01-05 through its end 2027-01-10, so there is no DTSTART: not exported"
            ])
    }

    @Test func aDocumentCountsItsEvents() throws {
        #expect(try Self.document([]).eventCount == 0)
        // x is two events (07:00; 08:30 and 20:30), dentist one.
        let split = weeklyRule("x", days: .weekdays, times: ["08:30", "07:00", "20:30"])
        #expect(try Self.document([split, onceRule("dentist", on: "2026-12-15", times: ["09:15"])]).eventCount == 3)
    }

    @Test func aValueFoldedSeveralTimesKeepsEveryLineWithin75OctetsAndReadsBackUnchanged() throws {
        var rule = onceRule("long", on: "2026-12-15", times: ["09:15"])
        // 200 characters, a 2-octet "é" every tenth: 180 + 20 × 2 = 220 octets; "SUMMARY:" makes
        // 228, at most 75 a line with the continuation's space: at least four lines.
        rule.label = String(repeating: "abcdefghé ", count: 20)
        let document = try Self.document([rule])
        let lines = document.text.components(separatedBy: "\r\n")
        let summary = try #require(lines.firstIndex { $0.hasPrefix("SUMMARY:") })
        let continuations = lines[(summary + 1)...].prefix { $0.hasPrefix(" ") }
        #expect(continuations.count >= 3)
        for line in lines { #expect(line.utf8.count <= 75, "\(line)") }
        let imported = try ICalendar.readRules(from: document.text)
        #expect(imported.rules.map(\.label) == [rule.label])
    }

    @Test func aFourOctetCharacterMovesWholeToTheNextLine() throws {
        var rule = onceRule("emoji", on: "2026-12-15", times: ["09:15"])
        // "SUMMARY:" (8) + 65 × "a" = 73 octets; "⏰" is 3 octets (76 > 75) and "𝄞" 4: both go on.
        rule.label = String(repeating: "a", count: 65) + "⏰𝄞"
        let document = try Self.document([rule])
        #expect(document.text.contains("\r\nSUMMARY:" + String(repeating: "a", count: 65) + "\r\n ⏰𝄞\r\n"))
    }

    @Test func textValuesEscapeBackslashSemicolonCommaAndLineBreaks() throws {
        var rule = onceRule("esc", on: "2026-12-15", times: ["09:15"])
        rule.label = "Meds; 2, then\\back\nsleep\r\nnow\ttab\u{7}\u{9B}"
        let document = try Self.document([rule])
        #expect(document.text.contains("\r\nSUMMARY:Meds\\; 2\\, then\\\\back\\nsleep\\nnow\ttab\r\n"))
    }

    @Test func anInvalidRuleThrowsEveryProblem() {
        let bad = weeklyRule("bad", days: [], times: [])
        #expect(throws: AlarmRulesError.self) { try Self.document([bad, bad]) }
        #expect(throws: AlarmRulesError.self) { try bad.recurrences(from: Self.from) }
    }
}
