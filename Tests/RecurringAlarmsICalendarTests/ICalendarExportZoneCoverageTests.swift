import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// Every instance of an exported event gets the right offset from the document's own
/// `VTIMEZONE` (RFC 5545 §3.6.5), however long ago the rule started and however long it runs:
/// a rule without an end gets its zone's yearly rule as `RRULE`s, checked here by
/// ``VTimeZoneTestReader`` (written apart from the library) against Foundation's offsets.
@Suite("iCalendar export: VTIMEZONE covers every instance")
struct ICalendarExportZoneCoverageTests {
    /// The document of `rules`, read by the test reader.
    static func zones(_ rules: [AlarmRule]) throws -> (text: String, reader: VTimeZoneTestReader) {
        let text = try ICalendar.document(for: rules, from: day("2026-01-01"), generatedAt: december1).text
        return (text, try #require(VTimeZoneTestReader(text: text), "a VTIMEZONE outside the reader's subset"))
    }

    @Test func aNewYorkRuleStartedIn1990HasTheRightOffsetAtEveryFireThrough2040() throws {
        // Mondays 07:00 New York from 1990-01-01 (a Monday). Before the fix the VTIMEZONE
        // stopped at 1991, so 2026-07-06 07:00 read as −05:00 instead of −04:00 (EDT).
        let rule = weeklyRule("ny", days: .monday, times: ["07:00"], zone: Zones.newYork, start: "1990-01-01")
        let (_, reader) = try Self.zones([rule])
        let fires = Array(
            try AlarmSchedule(rules: [rule])
                .fires(after: utcInstant("1989-12-31T00:00:00Z"), through: utcInstant("2040-12-31T00:00:00Z"), deviceTimeZone: Zones.utc))
        // The Mondays 1990-01-01 … 2040-12-24: 2661 (7 × 2661 = 18 627 days later is 2040-12-31, a Monday whose 07:00 is past the window).
        #expect(fires.count == 2661)
        for fire in fires {
            let expected = Zones.newYork.secondsFromGMT(for: fire.instant)
            #expect(reader.offset(of: "America/New_York", at: epoch(fire.instant)) == expected, "\(fire.rfc3339)")
        }
        // 2026-07-06 07:00 EDT is 11:00Z: −04:00.
        #expect(reader.offset(of: "America/New_York", at: 1_783_335_600) == -14_400)
    }

    @Test func newYorksCurrentRuleIsWrittenAsTwoYearlyObservancesFromTheYearBeforeTheStart() throws {
        // Since 2007: the second Sunday of March (2025-03-09) and the first of November
        // (2025-11-02), both at 02:00 local. The period starts 2026-01-04, a day before DTSTART.
        let rule = weeklyRule("ny", days: .monday, times: ["07:00"], zone: Zones.newYork, start: "2026-01-05")
        let lines = try ICalendarExportTimeZoneTests.timeZoneLines(rule)
        #expect(
            lines == [
                "BEGIN:VTIMEZONE", "TZID:America/New_York",
                "BEGIN:DAYLIGHT", "DTSTART:20250309T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
                "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "END:DAYLIGHT",
                "BEGIN:STANDARD", "DTSTART:20251102T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
                "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "END:STANDARD",
                "END:VTIMEZONE"
            ])
    }

    @Test func aRuleStartedBeforeTheCurrentRuleListsTheOldChangesThenTheRule() throws {
        // New York's rule changed in 2007: 2006 ended DST on the last Sunday of October (10-29).
        let rule = weeklyRule("ny", days: .monday, times: ["07:00"], zone: Zones.newYork, start: "1990-01-01")
        let onsets = try ICalendarExportTimeZoneTests.timeZoneLines(rule, from: "1990-01-01").filter {
            $0.hasPrefix("DTSTART:") || $0.hasPrefix("RRULE:")
        }
        // In force on 1989-12-31: 1989-10-29's change; then 1990 … 2006 two a year (34), then the rule.
        #expect(onsets.count == 1 + 34 + 4)
        #expect(onsets.first == "DTSTART:19891029T020000")
        #expect(
            Array(onsets.suffix(5)) == [
                "DTSTART:20061029T020000", "DTSTART:20070311T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
                "DTSTART:20071104T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"
            ])
    }

    /// Zones with a yearly rule in both hemispheres, half- and quarter-hour steps, a rule in
    /// UTC (the EU's), changes at midnight (Santiago, Havana), a negative DST (Dublin's winter),
    /// none (Tokyo), a new rule (Nuuk: −02:00 standard with DST since 2024), and changes by no
    /// yearly rule (Casablanca, after Ramadan, listed through 2100).
    static let zoneNames = [
        "America/New_York", "Europe/London", "Europe/Lisbon", "Europe/Dublin", "Australia/Sydney", "Australia/Lord_Howe",
        "Pacific/Chatham", "America/Santiago", "America/Havana", "Asia/Jerusalem", "America/Nuuk", "Africa/Casablanca",
        "Asia/Tokyo", "Asia/Kathmandu"
    ]

    @Test(arguments: zoneNames, ["1990-01-01", "2026-06-01"])
    func everyZoneAgreesWithFoundationFromTheStartThrough2100(zone name: String, start: String) throws {
        let zone = Zones.named(name)
        let rule = weeklyRule("r", days: .monday, times: ["07:00"], zone: zone, start: start)
        let (_, reader) = try Self.zones([rule])
        // Every 25 hours from the day before the start (the period's start) to 2100-12-31,
        // so every hour of the day comes round: about 29 000 instants from 1990.
        var instant = epoch(utcInstant(start + "T00:00:00Z")) - 86_400
        var mismatches: [String] = []
        while instant < 4_133_980_800 {   // 2101-01-01T00:00:00Z
            let expected = zone.secondsFromGMT(for: at(instant))
            let written = reader.offset(of: name, at: instant)
            if written != expected && mismatches.count < 5 {
                mismatches.append("\(at(instant)): \(String(describing: written)) ≠ \(expected)")
            }
            instant += 25 * 3600
        }
        #expect(mismatches.isEmpty, "\(name) from \(start): \(mismatches)")
    }

    @Test func aZoneChangingByNoYearlyRuleListsEveryChangeAndNoRRULE() throws {
        // Africa/Casablanca leaves +01:00 for +00:00 around Ramadan; the tz database lists
        // these changes through 2087 (the last: 2087-05-11 02:00 local, +00:00 → +01:00).
        let rule = weeklyRule("c", days: .monday, times: ["07:00"], zone: Zones.named("Africa/Casablanca"), start: "2026-06-01")
        let lines = try ICalendarExportTimeZoneTests.timeZoneLines(rule, from: "2026-06-01")
        #expect(!lines.contains { $0.hasPrefix("RRULE:") })
        #expect(lines.filter { $0.hasPrefix("DTSTART:") }.last == "DTSTART:20870511T020000")
    }

    @Test func aZeroOffsetIsWrittenPlusZeroNeverMinusZero() throws {
        // RFC 5545 §3.3.14: "-0000" is not a valid UTC-OFFSET. London is +00:00 in winter
        // (GMT), Lisbon too (WET).
        for zone in [Zones.london, Zones.named("Europe/Lisbon")] {
            let rule = weeklyRule("z", days: .monday, times: ["07:00"], zone: zone, start: "2026-01-05")
            let lines = try ICalendarExportTimeZoneTests.timeZoneLines(rule)
            let offsets = lines.filter { $0.hasPrefix("TZOFFSET") }
            #expect(offsets.contains("TZOFFSETFROM:+0000") && offsets.contains("TZOFFSETTO:+0000"), "\(zone.identifier)")
            #expect(!offsets.contains { $0.hasSuffix("-0000") }, "\(zone.identifier)")
        }
    }

    @Test func noZoneChangesItsOffsetBefore1800SoTheExportLooksForNoChangeEarlier() {
        // The offset at 0001-01-01 and every ten years to 1800: a zone whose first change came
        // before 1800 would differ from then on (Asia/Manila's first is at the end of 1844).
        let yearOne = Int(CivilArithmetic.daysFromCivil(year: 1, month: 1, day: 1)) * 86_400
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            guard let zone = TimeZone(identifier: identifier) else { continue }
            let first = zone.secondsFromGMT(for: at(yearOne))
            let changed = stride(from: 1, through: 1800, by: 10).first { year in
                zone.secondsFromGMT(for: at(Int(CivilArithmetic.daysFromCivil(year: year, month: 1, day: 1)) * 86_400)) != first
            }
            #expect(changed == nil, "\(identifier) changes before \(changed ?? 0)")
        }
    }

    @Test func aRuleStartedInYearOneHasTheRightOffsetThrough1950() throws {
        // New York kept local mean time, −04:56:02, until 1883-11-18 12:03:58 local.
        let rule = weeklyRule("ny", days: .monday, times: ["07:00"], zone: Zones.newYork, start: "0001-01-01")
        let text = try ICalendar.document(for: [rule], from: day("0001-01-01"), generatedAt: december1).text
        let reader = try #require(VTimeZoneTestReader(text: text))
        let from = Int(CivilArithmetic.daysFromCivil(year: 1, month: 1, day: 2)) * 86_400
        for instant in stride(from: from, to: -631_152_000, by: 997 * 3_600) {   // to 1950, every 997 h
            #expect(reader.offset(of: "America/New_York", at: instant) == Zones.newYork.secondsFromGMT(for: at(instant)), "\(at(instant))")
        }
    }

    @Test(arguments: [false, true])
    func severalRulesInOneZoneInEitherOrderGetOneVTimezoneFromTheEarliestStart(reversed: Bool) throws {
        // New York: Mondays 07:00 from 1990-01-01 until 1995-12-25, and Tuesdays 08:00 from
        // 2026-01-06 without an end. Whichever comes first, the zone's period starts a day
        // before 1990-01-01 and has no end: 1990's EST at the first fire, the rule through 2100.
        let old = weeklyRule("old", days: .monday, times: ["07:00"], zone: Zones.newYork, start: "1990-01-01", end: "1995-12-25")
        let new = weeklyRule("new", days: .tuesday, times: ["08:00"], zone: Zones.newYork, start: "2026-01-06")
        let rules = reversed ? [new, old] : [old, new]
        let text = try ICalendar.document(for: rules, from: day("2026-01-01"), generatedAt: december1).text
        let zone = text.components(separatedBy: "\r\n").drop { $0 != "BEGIN:VTIMEZONE" }.prefix { $0 != "END:VTIMEZONE" }
        let reference = try ICalendar.document(for: [old, new], from: day("2026-01-01"), generatedAt: december1).text
        #expect(
            Array(zone)
                == Array(reference.components(separatedBy: "\r\n").drop { $0 != "BEGIN:VTIMEZONE" }.prefix { $0 != "END:VTIMEZONE" }))
        let reader = try #require(VTimeZoneTestReader(text: text))
        // 1990-01-01 07:00 EST is 12:00Z; 2026-07-07 08:00 EDT is 12:00Z; 2099-07-07 is a Tuesday, EDT.
        for instant in [631_195_200, 1_783_425_600, 4_087_108_800] {
            #expect(reader.offset(of: "America/New_York", at: instant) == Zones.newYork.secondsFromGMT(for: at(instant)), "\(at(instant))")
        }
        #expect(zone.contains("DTSTART:19891029T020000"))
    }
}
