import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsTesting
import Testing

// The guide's travel test (Docs/Testing.md). Expected values by hand: in June Berlin is at
// +02:00 (CEST) and New York at -04:00 (EDT). The device lands on Wednesday at noon Berlin
// time, 06:00 in New York, before New York's 07:30, so Wednesday's 07:30 rings twice: once in
// Berlin (05:30Z), once in New York (11:30Z).

// snippet:begin travel
@Suite("Travel")
struct TravelTests {
    @Test("a floating 07:30 follows the device from Berlin to New York, ringing twice on the travel day")
    func berlinToNewYork() async throws {
        let wake = AlarmRule(id: "wake", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 7, minute: 30)!])
        let device = TestDevice(
            book: AlarmBook(rules: [wake]), now: try instant("2026-06-08T00:00:00+02:00"),
            timeZone: try zone("Europe/Berlin"))
        try await device.open()
        await device.advance(to: try instant("2026-06-10T12:00:00+02:00"))
        await device.travel(to: try zone("America/New_York"))
        try await device.open()   // the app is opened on landing
        await device.advance(to: try instant("2026-06-12T12:00:00-04:00"))

        await device.expectNoMisses()
        #expect(
            await device.rang.map(\.description) == [
                "wake@2026-06-08T07:30:00 at 2026-06-08T07:30:00+02:00 (Europe/Berlin) via wake#daily-07:30:00",
                "wake@2026-06-09T07:30:00 at 2026-06-09T07:30:00+02:00 (Europe/Berlin) via wake#daily-07:30:00",
                "wake@2026-06-10T07:30:00 at 2026-06-10T07:30:00+02:00 (Europe/Berlin) via wake#daily-07:30:00",
                "wake@2026-06-10T07:30:00 at 2026-06-10T07:30:00-04:00 (America/New_York) via wake#daily-07:30:00",
                "wake@2026-06-11T07:30:00 at 2026-06-11T07:30:00-04:00 (America/New_York) via wake#daily-07:30:00",
                "wake@2026-06-12T07:30:00 at 2026-06-12T07:30:00-04:00 (America/New_York) via wake#daily-07:30:00"
            ])
    }
}
// snippet:end
