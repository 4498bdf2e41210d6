import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// The guide's goldens of any text (Docs/Testing.md). Expected values by hand: in 2026 Berlin
// springs forward on 29 March, 02:00 CET → 03:00 CEST, so the daily 02:30 that night is shifted
// to 03:30 CEST; it falls back on 25 October, 03:00 CEST → 02:00 CET, so 02:30 happens twice
// and rings at the first, still CEST (+02:00). No other 2026 night moves. The fortnightly bins
// from Thursday 5 November ring on the 5th and the 19th, both CET, and under the hybrid
// strategy, which fills the cap with their one-shots, both ring without an open.

// snippet:begin any-text
@Suite("Goldens of your own lines")
struct OwnLinesGoldenTests {
    @Test("of a year of 02:30 alarms in Berlin, only the two the clock changes move")
    func clockChangeNights() throws {
        let rules = try AlarmRuleSet(rules: [
            AlarmRule(id: "night", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 2, minute: 30)!])
        ])
        let options = PlanOptions(deviceTimeZone: try zone("Europe/Berlin"), cap: 400, horizon: 365 * 86_400)
        let year = plan(rules, now: try instant("2026-01-01T00:00:00+01:00"), options: options)

        expectGolden(
            year.fires.filter { $0.adjustment != .none }.map { "\($0.id) rings \($0.rfc3339), \($0.adjustment.rawValue)" },
            matches: """
                night@2026-03-29T02:30:00 rings 2026-03-29T03:30:00+02:00, gap-shifted
                night@2026-10-25T02:30:00 rings 2026-10-25T02:30:00+02:00, overlap-first
                """)
    }

    @Test("a month without opens rings both bin days, each on the device's clock")
    func binDays() async throws {
        let bins = AlarmRule(
            id: "bins", repeats: .weekly(days: [.thursday], everyWeeks: 2, start: LocalDate(year: 2026, month: 11, day: 5)),
            times: [TimeOfDay(hour: 7, minute: 0)!])
        let device = TestDevice(
            book: AlarmBook(rules: [bins]), now: try instant("2026-11-01T00:00:00+01:00"), timeZone: try zone("Europe/Berlin"))
        try await device.open()
        await device.advance(to: try instant("2026-12-01T00:00:00+01:00"))

        expectGolden(
            await device.rang.map { "\($0.fireID) in \($0.timeZone.identifier)" },
            matches: """
                bins@2026-11-05T07:00:00 in Europe/Berlin
                bins@2026-11-19T07:00:00 in Europe/Berlin
                """)
        expectGolden(await device.missed.map(\.description), matches: "")
    }
}
// snippet:end
