import Foundation
import RecurringAlarms
import Testing

/// A snooze's instant is exact, but in a fall-back hour its wall time occurs twice: its fire
/// says which occurrence it is, as a scheduled fire's does. Offsets checked with Python's
/// zoneinfo: New York falls back 02:00 EDT (-04:00) → 01:00 EST (-05:00) on 2026-11-01
/// (06:00Z); Lord Howe falls back 02:00 (+11:00) → 01:30 (+10:30) on 2026-04-05 (2026-04-04T15:00Z).
@Suite("Snoozes in a fall-back hour")
struct SnoozeOverlapTests {
    @Test(
        "a snooze whose wall time occurs twice is marked first or second, on its rule's clock",
        arguments: [
            (Zones.newYork, 1_793_511_840, "2026-11-01T01:44:00", FireAdjustment.overlapFirst),   // 2026-11-01T05:44:00Z, 01:44 EDT
            (Zones.newYork, 1_793_515_440, "2026-11-01T01:44:00", .overlapLast),   // 2026-11-01T06:44:00Z, 01:44 EST
            (Zones.newYork, 1_793_519_040, "2026-11-01T02:44:00", FireAdjustment.none),   // 2026-11-01T07:44:00Z, 02:44 EST
            (Zones.newYork, 1_793_507_040, "2026-11-01T00:24:00", .none),   // 2026-11-01T04:24:00Z, 00:24 EDT
            (Zones.lordHowe, 1_775_313_900, "2026-04-05T01:45:00", .overlapFirst),   // 2026-04-04T14:45:00Z, 01:45 +11:00
            (Zones.lordHowe, 1_775_315_700, "2026-04-05T01:45:00", .overlapLast),   // 2026-04-04T15:15:00Z, 01:45 +10:30
            (Zones.lordHowe, 1_775_317_500, "2026-04-05T02:15:00", .none)   // 2026-04-04T15:45:00Z, 02:15 +10:30
        ])
    func marked(zone: TimeZone, seconds: Int, local: String, adjustment: FireAdjustment) throws {
        for fixed in [true, false] {
            var book = AlarmBook(rules: [rule("night", days: .daily, at: "01:30", zone: fixed ? zone : nil)])
            try book.snooze(fireID: "night@2026-11-01T01:30:00", until: at(seconds))
            // The rule's clock is its own zone, or the device's for a floating rule.
            let device = fixed ? Zones.tokyo : zone
            let fire = try #require(book.snoozeFires(deviceTimeZone: device).first)
            #expect(fire.local == wall(local))
            #expect(fire.timeZone == zone)
            #expect(fire.adjustment == adjustment, "\(fixed ? "fixed" : "floating")")
            #expect(fire.id == "night@\(local)+snooze")
            // A book compiled from its bytes plans the same snooze.
            guard case .compiled(let compiled) = try BookForPlanning(bookFile: Array(book.jsonData)) else {
                Issue.record("the book was not compiled from its bytes")
                continue
            }
            #expect(compiled.snoozeFires(deviceTimeZone: device) == [fire])
        }
    }
}
