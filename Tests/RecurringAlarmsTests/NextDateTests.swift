import Foundation
import RecurringAlarms
import Testing

/// `AlarmRule.nextDate`: the date of a one-shot alarm set without a date (iOS Clock's "Never").
@Suite("Next date for a one-shot alarm")
struct NextDateTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test("a time still ahead today rings today; a time already past rings tomorrow")
    func todayOrTomorrow() {
        let now = Date(timeIntervalSince1970: 1_796_108_400)   // 2026-12-01T07:00:00Z = 08:00 in Berlin (UTC+1)
        #expect(AlarmRule.nextDate(for: [TimeOfDay(hour: 21, minute: 0)!], in: Self.berlin, after: now) == LocalDate(parsing: "2026-12-01"))
        #expect(AlarmRule.nextDate(for: [TimeOfDay(hour: 7, minute: 30)!], in: Self.berlin, after: now) == LocalDate(parsing: "2026-12-02"))
        // Exactly now is not ahead.
        #expect(AlarmRule.nextDate(for: [TimeOfDay(hour: 8, minute: 0)!], in: Self.berlin, after: now) == LocalDate(parsing: "2026-12-02"))
        // With several times, every one must be ahead.
        #expect(
            AlarmRule.nextDate(for: [TimeOfDay(hour: 7, minute: 0)!, TimeOfDay(hour: 21, minute: 0)!], in: Self.berlin, after: now)
                == LocalDate(parsing: "2026-12-02"))
    }

    @Test("a time in tonight's gap rings shifted today, or tomorrow when the gap policy skips it")
    func gapPolicy() {
        let now = Date(timeIntervalSince1970: 1_772_949_600)   // 2026-03-08T06:00:00Z = 01:00 EST, an hour before the jump
        let twoThirty = [TimeOfDay(hour: 2, minute: 30)!]
        // 02:30 does not exist on 03-08; shifted it rings at 03:30 EDT (07:30Z), after now.
        #expect(AlarmRule.nextDate(for: twoThirty, in: Self.newYork, gap: .shift, after: now) == LocalDate(parsing: "2026-03-08"))
        #expect(AlarmRule.nextDate(for: twoThirty, in: Self.newYork, gap: .skip, after: now) == LocalDate(parsing: "2026-03-09"))
    }
}
