import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// The `VTIMEZONE` written for each `TZID`: the zone's real offset changes over the exported
/// period, each onset in local time read with the offset before it (RFC 5545 §3.6.5).
///
/// Changes used (checked with `TimeZone.secondsFromGMT(for:)`, and in the gap and overlap suites):
/// - America/New_York: 2005-10-30T06:00Z −04:00 → −05:00; 2006-04-02T07:00Z −05:00 → −04:00;
///   2006-10-29T06:00Z −04:00 → −05:00; since 2007 the second Sunday of March and the first of
///   November.
/// - Australia/Lord_Howe: 2025-10-04T15:30Z +10:30 → +11:00; 2026-04-04T15:00Z +11:00 → +10:30;
///   2026-10-03T15:30Z +10:30 → +11:00.
/// - Pacific/Chatham: 2026-04-04T14:00Z +13:45 → +12:45; 2026-09-26T14:00Z +12:45 → +13:45.
/// - Asia/Kathmandu: +05:45 since 1986, no change.
@Suite("iCalendar export: VTIMEZONE")
struct ICalendarExportTimeZoneTests {
    /// The `VTIMEZONE` lines for `zone` of a document with `rule`, without `TZNAME` (Foundation's
    /// abbreviations differ between platforms; ``newYorkNamesItsObservancesWithFoundationsAbbreviations()``
    /// checks them once).
    static func timeZoneLines(_ rule: AlarmRule, from: String = "2026-01-01", keepNames: Bool = false) throws -> [String] {
        let text = try ICalendar.document(for: [rule], from: day(from), generatedAt: december1).text
        let lines = text.components(separatedBy: "\r\n")
        let begin = try #require(lines.firstIndex(of: "BEGIN:VTIMEZONE"))
        let end = try #require(lines.firstIndex(of: "END:VTIMEZONE"))
        return lines[begin...end].filter { keepNames || !$0.hasPrefix("TZNAME:") }
    }

    @Test func aYearBeforeNewYorksCurrentRuleListsTheObservanceInForceAndBothChangesOfTheYear() throws {
        // Before 2007 New York changed on the first Sunday of April and the last of October:
        // 2005-10-30, 2006-04-02 and 2006-10-29, at 02:00 local. The current rule starts in
        // 2007, so written from it the zone would need those three and two yearly observances.
        let rule = weeklyRule("ny", days: .monday, times: ["07:00"], zone: Zones.newYork, start: "2006-01-02", end: "2006-12-25")
        #expect(
            try Self.timeZoneLines(rule, from: "2006-01-02") == [
                "BEGIN:VTIMEZONE", "TZID:America/New_York",
                "BEGIN:STANDARD", "DTSTART:20051030T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:20060402T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT",
                "BEGIN:STANDARD", "DTSTART:20061029T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
                "END:VTIMEZONE"
            ])
    }

    @Test func aYearOfNewYorksCurrentRuleIsWrittenAsThatRuleShorterThanItsChanges() throws {
        // 2026's in-force observance and two changes would be three; the rule since 2007 is two,
        // from 2025 (the year before the period's): as a rule without an end writes it.
        let rule = weeklyRule("ny", days: .monday, times: ["07:00"], zone: Zones.newYork, start: "2026-01-05", end: "2026-12-28")
        var openEnded = rule
        openEnded.repeats = .weekly(days: .monday, start: day("2026-01-05"))
        #expect(try Self.timeZoneLines(rule) == Self.timeZoneLines(openEnded))
        #expect(try Self.timeZoneLines(rule).filter { $0.hasPrefix("RRULE:") }.count == 2)
    }

    @Test func newYorkNamesItsObservancesWithFoundationsAbbreviationAtEachOnset() throws {
        let rule = weeklyRule("ny", days: .monday, times: ["07:00"], zone: Zones.newYork, start: "2006-01-02", end: "2006-12-25")
        let names = try Self.timeZoneLines(rule, from: "2006-01-02", keepNames: true).filter { $0.hasPrefix("TZNAME:") }
        // 2005-10-30T06:00Z, 2006-04-02T07:00Z, 2006-10-29T06:00Z ("EST"/"EDT" on Apple platforms, "GMT-5"/"GMT-4" on Linux).
        let onsets = [at(1_130_652_000), at(1_143_961_200), at(1_162_101_600)]
        #expect(names == onsets.map { "TZNAME:" + (Zones.newYork.abbreviation(for: $0) ?? "?") })
        #expect(names.count == 3 && names[0] == names[2] && names[0] != names[1])
    }

    @Test func lordHoweHasHalfHourDaylightSavingTime() throws {
        // Daylight time ends on the first Sunday of April (2025-04-06) and starts on the first
        // of October (2025-10-05), both at 02:00 local; a half-hour step. The period starts in
        // 2026, so the rule is written from the year before.
        let rule = weeklyRule("lh", days: .monday, times: ["07:00"], zone: Zones.lordHowe, start: "2026-03-01", end: "2026-12-31")
        #expect(
            try Self.timeZoneLines(rule) == [
                "BEGIN:VTIMEZONE", "TZID:Australia/Lord_Howe",
                "BEGIN:STANDARD", "DTSTART:20250406T020000", "TZOFFSETFROM:+1100", "TZOFFSETTO:+1030",
                "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:20251005T020000", "TZOFFSETFROM:+1030", "TZOFFSETTO:+1100",
                "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU", "END:DAYLIGHT",
                "END:VTIMEZONE"
            ])
    }

    @Test func chathamHasQuarterHourOffsets() throws {
        // Daylight time ends on the first Sunday of April at 03:45 (2025-04-06) and starts on
        // the last Sunday of September at 02:45 (2025-09-28): +13:45 and +12:45.
        let rule = weeklyRule("ch", days: .monday, times: ["07:00"], zone: Zones.chatham, start: "2026-03-01", end: "2026-10-31")
        #expect(
            try Self.timeZoneLines(rule) == [
                "BEGIN:VTIMEZONE", "TZID:Pacific/Chatham",
                "BEGIN:STANDARD", "DTSTART:20250406T034500", "TZOFFSETFROM:+1345", "TZOFFSETTO:+1245",
                "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:20250928T024500", "TZOFFSETFROM:+1245", "TZOFFSETTO:+1345",
                "RRULE:FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU", "END:DAYLIGHT",
                "END:VTIMEZONE"
            ])
    }

    @Test func kathmanduWithoutChangesGetsOneStandardObservanceWithItsFixedOffset() throws {
        let rule = weeklyRule("k", days: .monday, times: ["07:00"], zone: Zones.kathmandu)
        #expect(
            try Self.timeZoneLines(rule) == [
                "BEGIN:VTIMEZONE", "TZID:Asia/Kathmandu",
                "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0545", "TZOFFSETTO:+0545", "END:STANDARD",
                "END:VTIMEZONE"
            ])
    }

    @Test func eachZoneUsedGetsOneVTIMEZONEInNameOrderAndFloatingRulesNone() throws {
        let rules = [
            onceRule("a", on: "2026-06-01", times: ["07:00"], zone: Zones.tokyo),
            onceRule("b", on: "2026-06-02", times: ["07:00"]),
            onceRule("c", on: "2026-06-03", times: ["07:00"], zone: Zones.berlin),
            onceRule("d", on: "2026-06-04", times: ["07:00"], zone: Zones.tokyo)
        ]
        let text = try ICalendar.document(for: rules, from: day("2026-01-01"), generatedAt: december1).text
        let zones = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("TZID:") }
        #expect(zones == ["TZID:Asia/Tokyo", "TZID:Europe/Berlin"])
    }

    @Test func anOffsetWithSecondsIsWrittenWithThem() throws {
        // Kathmandu kept local mean time, +05:41:16, until 1920-01-01 00:00 local (1919-12-31T18:18:44Z),
        // then +05:30 (tz database: Asia/Kathmandu).
        let rule = onceRule("k", on: "1920-06-01", times: ["07:00"], zone: Zones.kathmandu)
        #expect(
            try Self.timeZoneLines(rule, from: "1920-06-01") == [
                "BEGIN:VTIMEZONE", "TZID:Asia/Kathmandu",
                "BEGIN:STANDARD", "DTSTART:19200101T000000", "TZOFFSETFROM:+054116", "TZOFFSETTO:+0530", "END:STANDARD",
                "END:VTIMEZONE"
            ])
    }

    @Test func aZoneWithoutChangesBefore1970StartsItsObservanceAtThePeriodsStart() throws {
        // Niue kept local mean time, −11:19:40, until 1952. The period starts a day before
        // 1900-06-01 in UTC: 1900-05-31T00:00Z, 1900-05-30T12:40:20 local.
        let rule = onceRule("n", on: "1900-06-01", times: ["07:00"], zone: Zones.named("Pacific/Niue"))
        #expect(
            try Self.timeZoneLines(rule, from: "1900-06-01") == [
                "BEGIN:VTIMEZONE", "TZID:Pacific/Niue",
                "BEGIN:STANDARD", "DTSTART:19000530T124020", "TZOFFSETFROM:-111940", "TZOFFSETTO:-111940", "END:STANDARD",
                "END:VTIMEZONE"
            ])
    }
}
