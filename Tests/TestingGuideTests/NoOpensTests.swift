import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsTesting
import Testing

// The guide's month-without-opens test (Docs/Testing.md). Expected values by hand: November
// 2026 in Berlin is all CET (+01:00; the clocks went back on 25 October). "wake" rings every
// day at 07:30 (30 fires); "bins" every other Thursday from 5 November: the 5th and the 19th.
// Opened once on 1 November, a rolling refresh covers 7 days: 1–7 November ring, and the 23
// mornings from the 8th and the bins of the 19th are missed. The hybrid strategy registers
// "wake" as a daily repeating notification and fills the cap with "bins" one-shots: nothing
// is missed.

// snippet:begin no-opens
@Suite("A month without opening the app")
struct MonthWithoutOpensTests {
    static let book = AlarmBook(rules: [
        AlarmRule(id: "wake", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 7, minute: 30)!]),
        AlarmRule(
            id: "bins", repeats: .weekly(days: [.thursday], everyWeeks: 2, start: LocalDate(year: 2026, month: 11, day: 5)),
            times: [TimeOfDay(hour: 7, minute: 0)!])
    ])

    func month(_ strategy: SchedulingStrategy) async throws -> TestDevice {
        let device = TestDevice(
            book: Self.book, now: try instant("2026-11-01T00:00:00+01:00"), timeZone: try zone("Europe/Berlin"),
            options: SchedulerOptions(strategy: strategy))
        try await device.open()   // once, then never again this month
        await device.advance(to: try instant("2026-12-01T00:00:00+01:00"))
        return device
    }

    @Test("the default hybrid strategy misses nothing: every morning and both bin days ring")
    func hybrid() async throws {
        let device = try await month(.hybrid)
        await device.expectNoMisses()
        #expect(await device.rang.count == 32)
    }

    @Test("the rolling window rings the first week only, and says what it missed and why")
    func rolling() async throws {
        let device = try await month(.rolling)
        #expect(await device.rang.count == 8)
        let missed = await device.missed
        #expect(missed.count == 24)
        #expect(
            missed.prefix(2).map(\.description) == [
                "wake@2026-11-08T07:30:00 due 2026-11-08T07:30:00+01:00 (Europe/Berlin): no-open-in-time",
                "wake@2026-11-09T07:30:00 due 2026-11-09T07:30:00+01:00 (Europe/Berlin): no-open-in-time"
            ])
        #expect(
            missed.filter { $0.fire.ruleID == "bins" }.map(\.description) == [
                "bins@2026-11-19T07:00:00 due 2026-11-19T07:00:00+01:00 (Europe/Berlin): no-open-in-time"
            ])
    }
}
// snippet:end
