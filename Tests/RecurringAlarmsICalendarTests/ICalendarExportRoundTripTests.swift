import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import RecurringAlarmsTesting
import Testing

/// Seeded randomized check of the key promise of export: expanding the exported text by
/// RFC 5545 (``ICalendarTestExpander``, written apart from the library) gives exactly the
/// engine's fires over a year.
///
/// Rules come from `RuleGenerator` (DST zones, 30-minute DST, the southern hemisphere,
/// midnight changes, every N weeks, skips, one-shots, ends, split times) with the policies
/// RFC 5545 can say (`gap: shift`, `overlap: first`); `from` is a few days before a 2026
/// offset change of ``Zones/transitions``. Floating rules are read in one device zone
/// per scenario. A failure names its seed.
@Suite("iCalendar export: RFC 5545 expansion gives the engine's fires")
struct ICalendarExportRoundTripTests {
    static let transitions2026 = Zones.transitions.filter { $0.epochSeconds > 1_767_225_600 }   // 2026-01-01T00:00:00Z

    @Test(arguments: 0..<60)
    func expandingTheExportedTextGivesTheEnginesFiresOverAYear(seed: UInt64) throws {
        var rng = RuleGenerator(seed: 0x1CA1_0000 + seed)
        let scenario = RandomExportScenario(using: &rng)
        let (from, device) = (scenario.from, scenario.device)
        var rules = scenario.rules
        for index in rules.indices {
            rules[index].gapPolicy = .shift
            rules[index].overlapPolicy = .first
        }
        let document = try ICalendar.document(for: rules, from: from, generatedAt: december1)
        let expander = try #require(ICalendarTestExpander(text: document.text), "seed \(seed): unreadable text")

        // From 14:00Z on `from`: after local midnight of `from` in every zone (UTC−12 … UTC+14),
        // so rules without a start lose nothing the engine fires, through a year later.
        let after = Int(from.daysSinceEpoch) * 86_400 + 14 * 3600
        let through = after + 366 * 86_400
        let engine = try AlarmSchedule(rules: rules)
            .fires(after: at(after), through: at(through), deviceTimeZone: device)
            .map { "\($0.ruleID) \(epoch($0.instant))" }
        let expanded = expander.fires(after: after, through: through, deviceZone: device)
        #expect(engine.count == Set(engine).count)
        #expect(
            Set(engine) == expanded,
            "seed \(seed), from \(from), device \(device.identifier): only engine \(Set(engine).subtracting(expanded).sorted().prefix(5)), only RFC 5545 \(expanded.subtracting(engine).sorted().prefix(5)); rules \(rules.map { $0.json.jsonText })"
        )
    }

    @Test func theTestExpanderReadsAGapTimeWithTheOffsetBeforeAndAnOverlapTimeAtItsFirstInstant() throws {
        // New York: 02:30 on 2026-03-08 is in the gap → 02:30 EST = 07:30Z; 01:30 on 2026-11-01
        // repeats → 01:30 EDT = 05:30Z.
        let text = ICalendarExportTextTests.crlf([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=America/New_York:20260307T023000",
            "RRULE:FREQ=WEEKLY;BYDAY=SU,SA;BYHOUR=2,1;BYMINUTE=30", "EXDATE;TZID=America/New_York:20260307T023000",
            "END:VEVENT", "BEGIN:VEVENT", "UID:b", "DTSTART;TZID=America/New_York:20261101T0130", " 00", "END:VEVENT",
            "END:VCALENDAR"
        ])
        let expander = try #require(ICalendarTestExpander(text: text))
        let fires = expander.fires(after: 1_772_800_000, through: 1_772_960_000, deviceZone: Zones.utc)
        // 2026-03-07T02:30 excluded (EXDATE); 01:30 on 03-07 is before DTSTART; 03-08 01:30 EST = 06:30Z, 02:30 → 07:30Z.
        #expect(fires == ["a 1772951400", "a 1772955000"])
        // Sunday 2026-11-01: a's 01:30 and b at 05:30Z (EDT, the first), a's 02:30 EST at 07:30Z.
        #expect(
            expander.fires(after: 1_793_500_000, through: 1_793_520_000, deviceZone: Zones.utc) == [
                "a 1793511000", "b 1793511000", "a 1793518200"
            ])
    }
}
