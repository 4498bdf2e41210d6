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
