import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// README.md's "In your tests" snippet. Expected values by hand: Berlin goes from +01:00 to
// +02:00 on Sunday 2026-03-29 at 02:00, so that week's seven 07:30s are six at +01:00 and the
// Sunday one at +02:00.

// snippet:begin readme-kit
@Test("the 07:30 alarm rings every morning of the week the clocks go forward")
func springForwardWeek() async throws {
    let wake = AlarmRule(id: "wake", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 7, minute: 30)!])
    let device = TestDevice(
        book: AlarmBook(rules: [wake]), now: try instant("2026-03-23T00:00:00+01:00"), timeZone: try zone("Europe/Berlin"))
    try await device.open()   // an app launch: one refresh
    await device.advance(to: try instant("2026-03-30T00:00:00+02:00"))   // a week, no more opens
    await device.expectNoMisses()
    await device.expectRang(rule: "wake", at: try instant("2026-03-29T07:30:00+02:00"))
    #expect(await device.rang.count == 7)
}
// snippet:end
