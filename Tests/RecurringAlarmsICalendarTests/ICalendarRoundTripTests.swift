import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import RecurringAlarmsTesting
import Testing

/// Seeded randomized round trip: rules written by ``ICalendar/document(for:from:generatedAt:)``
/// and read back by ``ICalendar/readRules(from:limits:)`` are the same rules and ring at the
/// same instants over a year across DST changes, every policy included (the `X-` properties
/// carry `gap: skip`, `overlap: last` and disabled rules).
///
/// "The same rule" allows only what RFC 5545 cannot say: a weekly rule's `start` becomes its
/// first occurrence on or after `start` (or `from`), since `DTSTART` must be an occurrence, and
/// skipped dates on which the rule would not fire anyway are dropped (an `EXDATE` that matches
/// no instance means nothing). Times compare as sets. A failure names its seed.
@Suite("iCalendar round trip: export then import gives the same rules and fires")
struct ICalendarRoundTripTests {
    @Test(arguments: 0..<80)
    func exportingThenImportingGivesTheSameRulesAndTheSameFiresOverAYear(seed: UInt64) throws {
        var rng = RuleGenerator(seed: 0x2CA1_0000 + seed)
        let scenario = RandomExportScenario(using: &rng)
        let (from, device, rules) = (scenario.from, scenario.device, scenario.rules)

        let document = try ICalendar.document(for: rules, from: from, generatedAt: december1)
        let imported = try ICalendar.readRules(from: document.text).rules
        let context = "seed \(seed), from \(from): \(rules.map { $0.json.jsonText })"

        // Only rules that no longer fire are left out, each with a warning.
        let leftOut = Set(
            document.warnings.compactMap { warning -> String? in
                if case .noOccurrence = warning.reason { warning.ruleID } else { nil }
            })
        #expect(imported.map(\.id) == rules.map(\.id).filter { !leftOut.contains($0) }, "\(context)")

        let after = Int(from.daysSinceEpoch) * 86_400 + 14 * 3600
        let through = after + 366 * 86_400
        for (original, read) in zip(rules.filter { !leftOut.contains($0.id) }, imported) {
            expectSameRule(read, as: original, from: from, context: context)
        }
        // Disabled rules plan nothing, so compare the fires with every rule enabled as well.
        let enabled = { (rules: [AlarmRule]) in
            rules.map { rule in
                var rule = rule
                rule.isEnabled = true
                return rule
            }
        }
        for (left, right) in [(rules, imported), (enabled(rules), enabled(imported))] {
            let expected = try AlarmSchedule(rules: left).fires(after: at(after), through: at(through), deviceTimeZone: device).map(
                \.description)
            let actual = try AlarmSchedule(rules: right).fires(after: at(after), through: at(through), deviceTimeZone: device).map(
                \.description)
            #expect(actual == expected, "\(context), device \(device.identifier)")
        }
    }

    /// Zones for books whose rules run far: the generator's, the UTC family, offsets at the
    /// ends of the range, and a zone changing by no yearly rule.
    static let farZones = RuleGenerator.zoneIdentifiers + ["UTC", "GMT", "Etc/GMT+5", "Etc/GMT-14", "Etc/GMT+12", "Africa/Casablanca"]

    @Test(arguments: 0..<24)
    func everyExportOfAValidBookImportsAsTheSameRulesWhateverItsEndDates(seed: UInt64) throws {
        var rng = RuleGenerator(seed: 0xE4D0_0000 + seed)
        let from = LocalDate(year: Int.random(in: 1990...2090, using: &rng), month: Int.random(in: 1...12, using: &rng), day: 1)!
        var rules = rng.rules(maximumCount: 4, near: from)
        for index in rules.indices {
            if !rng.chance(1, in: 5) {
                rules[index].timeZone = .fixed(Zones.named(rng.element(of: Self.farZones)))
            }
            guard case .weekly(let days, let everyWeeks, let start, _) = rules[index].repeats else { continue }
            // Ends far away: the range's last day, a date in the next millennia, or none.
            let end: LocalDate? =
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: LocalDate.latest
                case 1: LocalDate(year: Int.random(in: 2101...9999, using: &rng), month: 12, day: 31)
                case 2: from.adding(days: Int.random(in: 0...800, using: &rng))
                default: nil
                }
            let first = start ?? from
            rules[index].repeats = .weekly(days: days, everyWeeks: everyWeeks, start: start, end: end.map { max($0, first) })
        }
        let document = try ICalendar.document(for: rules, from: from, generatedAt: december1)
        let context = "seed \(seed), from \(from): \(rules.map { $0.json.jsonText })"
        // Within what an import reads, whatever the ends: no VTIMEZONE grows with them.
        #expect(document.text.utf8.count < 64 * 1024, "\(context)")
        let imported = try ICalendar.readRules(from: document.text).rules
        let leftOut = Set(
            document.warnings.compactMap { warning -> String? in
                if case .noOccurrence = warning.reason { warning.ruleID } else { nil }
            })
        let kept = rules.filter { !leftOut.contains($0.id) }
        #expect(imported.map(\.id) == kept.map(\.id), "\(context)")
        for (original, read) in zip(kept, imported) {
            expectSameRule(read, as: original, from: from, context: context)
        }
    }

    @Test func anEndDatedZoneNeedsNoMoreThanAnOpenEndedOne() throws {
        // Two rules ending on 9999-12-31 in New York and Berlin exported 191,397 lines, one
        // observance per change through 9999; they need what the same rules without an end need.
        let start = day("2026-12-01")
        let ending = [
            weeklyRule("ny", days: .monday, times: ["07:00"], zone: Zones.newYork, start: "2026-12-07", end: "9999-12-31"),
            weeklyRule("be", days: .monday, times: ["07:00"], zone: Zones.berlin, start: "2026-12-07", end: "9999-12-31")
        ]
        let open = ending.map { rule in
            var rule = rule
            rule.repeats = .weekly(days: .monday, start: day("2026-12-07"))
            return rule
        }
        func timeZones(_ rules: [AlarmRule]) throws -> [String] {
            let lines = try ICalendar.document(for: rules, from: start, generatedAt: december1).text.components(separatedBy: "\r\n")
            return Array(lines[lines.firstIndex(of: "BEGIN:VTIMEZONE")!...lines.lastIndex(of: "END:VTIMEZONE")!])
        }
        #expect(try timeZones(ending) == timeZones(open))
        #expect(try timeZones(ending).count < 40)
    }

    private static func monday(of date: LocalDate) -> Int64 { date.daysSinceEpoch - Int64(date.weekday.isoNumber - 1) }

    private func expectSameRule(_ read: AlarmRule, as original: AlarmRule, from: LocalDate, context: String) {
        #expect(read.label == original.label, "\(context)")
        #expect(read.isEnabled == original.isEnabled, "\(context)")
        #expect(Set(read.times) == Set(original.times), "\(context)")
        #expect(read.timeZone == original.timeZone, "\(context)")
        #expect(read.gapPolicy == original.gapPolicy, "\(context)")
        #expect(read.overlapPolicy == original.overlapPolicy, "\(context)")
        #expect(read.skippedDates.isSubset(of: original.skippedDates), "\(context)")
        switch (original.repeats, read.repeats) {
        case (.once(let date), .once(let readDate)):
            #expect(readDate == date, "\(context)")
            #expect(read.skippedDates == original.skippedDates.filter { $0 == date }, "\(context)")
        case (.weekly(let days, let everyWeeks, let start, let end), .weekly(let readDays, let readEvery, let readStart, let readEnd)):
            #expect(readDays == days, "\(context)")
            #expect(readEvery == everyWeeks, "\(context)")
            #expect(readEnd == end, "\(context)")
            // DTSTART: the first date on or after the start (or `from`) the rule is eligible on.
            let first = start ?? from
            if let readStart {
                #expect(readStart >= first && readStart.daysSinceEpoch - first.daysSinceEpoch < 7 * everyWeeks, "\(context)")
                #expect(days.contains(readStart.weekday), "\(context)")
                // Dropped skips are dates the rule never fires on: before DTSTART, off its days or weeks, past its end.
                for dropped in original.skippedDates.subtracting(read.skippedDates) {
                    let offDays = !days.contains(dropped.weekday)
                    let offWeeks = (Self.monday(of: dropped) - Self.monday(of: readStart)) / 7 % Int64(everyWeeks) != 0
                    let outside = dropped < readStart || end.map { dropped > $0 } ?? false
                    #expect(offDays || offWeeks || outside, "\(context): skip \(dropped) dropped")
                }
            } else {
                Issue.record("\(context): no start read back")
            }
        default:
            Issue.record("\(context): \(original.repeats) read back as \(read.repeats)")
        }
    }
}
