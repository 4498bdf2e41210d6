import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsTesting
import Testing

// The guide's AlarmKit test (Docs/Testing.md). Expected values by hand: Berlin springs forward
// on Sunday 29 March 2026 (02:00 CET becomes 03:00 CEST). From Sunday 15 March to Wednesday
// 15 April there are 22 weekdays: 16–20, 23–27 and 30–31 March, 1–3, 6–10 and 13–14 April.
// 07:30 is in no gap or overlap, so AlarmKit holds the rule as one alarm on five weekdays,
// which rings on without the app: 07:30 CET (06:30Z) until the 27th, 07:30 CEST (05:30Z) from
// the 30th. The refresh's one-shot plan is empty, so it is covered to its horizon, 366 days.

// snippet:begin alarmkit
@Suite("A month without opening the app, on AlarmKit")
struct AlarmKitMonthTests {
    @Test("a weekday 07:30 rings on all 22 weekdays across spring-forward, on a device that holds 10 alarms")
    func weekdayAlarm() async throws {
        let wake = AlarmRule(id: "wake", repeats: .weekly(days: .weekdays), times: [TimeOfDay(hour: 7, minute: 30)!])
        let device = TestDevice(
            book: AlarmBook(rules: [wake]), now: try instant("2026-03-15T00:00:00+01:00"),
            timeZone: try zone("Europe/Berlin"), backend: .alarmKit(limit: 10))
        let report = try await device.open()   // once, then never again this month
        expectGolden(report, file: "berlin-alarmkit-refresh.golden")
        await device.advance(to: try instant("2026-04-15T00:00:00+02:00"))

        await device.expectNoMisses()
        #expect(await device.rang.count == 22)
        await device.expectRang(rule: "wake", at: try instant("2026-03-27T07:30:00+01:00"))   // the Friday before
        await device.expectRang(rule: "wake", at: try instant("2026-03-30T07:30:00+02:00"))   // the Monday after
        #expect(
            await device.rang.first?.description
                == "wake@2026-03-16T07:30:00 at 2026-03-16T07:30:00+01:00 (Europe/Berlin) via wake#weekly-mon+tue+wed+thu+fri-07:30:00"
        )
    }
}
// snippet:end
