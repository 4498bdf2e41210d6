import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsTesting
import Testing

/// The test device on AlarmKit: the same calls as on notifications, the alarm center with the
/// device's limit behind them, and AlarmKit's repeating rings read back as the fires they stand for.
@Suite("Test device on AlarmKit")
struct DeviceAlarmKitTests {
    /// Monday 2026-03-23 00:00 in Berlin (CET, +01:00); Berlin springs forward on Sunday the 29th.
    static var monday: Date { get throws { try instant("2026-03-23T00:00:00+01:00") } }

    /// A weekday 07:30, which AlarmKit repeats as one alarm on five weekdays, and a daily 02:30,
    /// which meets Sunday's gap and so stays one-shot.
    static let book = AlarmBook(rules: [
        weeklyRule("wake", days: .weekdays, times: ["07:30"]), weeklyRule("night", times: ["02:30"])
    ])

    @Test("the device's limit cuts the one-shot alarms and is learned; the repeating alarm rings every weekday across the change")
    func deviceLimit() async throws {
        let device = TestDevice(book: Self.book, now: try Self.monday, timeZone: Zones.berlin, backend: .alarmKit(limit: 5))
        #expect(device.backend == .alarmKit(limit: 5))
        #expect(device.alarmCenter?.limit == 5)
        let report = try await device.open()
        // By hand: soonest first, the device takes night 23, the weekday alarm (next at 07:30
        // on the 23rd), night 24, 25 and 26, and refuses night 27, the sixth.
        #expect(report.repeating.map(\.id) == ["wake#weekly-mon+tue+wed+thu+fri-07:30:00"])
        #expect(report.alarmLimit == 5)
        #expect(report.coveredUntil == (try instant("2026-03-27T02:30:00+01:00")))
        await device.advance(to: try instant("2026-03-30T00:00:00+02:00"))

        let via = " via wake#weekly-mon+tue+wed+thu+fri-07:30:00"
        var expected: [String] = []
        for day in 23...26 {
            expected.append("night@2026-03-\(day)T02:30:00 at 2026-03-\(day)T02:30:00+01:00 (Europe/Berlin)")
            expected.append("wake@2026-03-\(day)T07:30:00 at 2026-03-\(day)T07:30:00+01:00 (Europe/Berlin)" + via)
        }
        expected.append("wake@2026-03-27T07:30:00 at 2026-03-27T07:30:00+01:00 (Europe/Berlin)" + via)
        #expect(await device.rang.map(\.description) == expected)
        // The nights the device refused are missed for the cap the refusal set; on Sunday the
        // shift policy moves 02:30 to 03:30 CEST.
        #expect(
            await device.missed.map(\.description) == [
                "night@2026-03-27T02:30:00 due 2026-03-27T02:30:00+01:00 (Europe/Berlin): cap",
                "night@2026-03-28T02:30:00 due 2026-03-28T02:30:00+01:00 (Europe/Berlin): cap",
                "night@2026-03-29T02:30:00 due 2026-03-29T03:30:00+02:00 (Europe/Berlin): cap"
            ])
        // Only the weekday alarm is left, due next on Monday, after the change.
        #expect(
            await device.pending.map(\.description) == [
                "wake@2026-03-30T07:30:00 at 2026-03-30T07:30:00+02:00 (Europe/Berlin)" + via
            ])
        let run = try #require(try await device.report().alarmKit)
        #expect(run.deviceLimit == 5 && run.budget == 64 && run.learnedLimit == 5 && run.refusals == 1)
    }

    @Test("an advance returns what rang in it; a repeating ring reads as its alarm and as the fire it stands for")
    func advanceReturnsItsRings() async throws {
        let device = TestDevice(book: Self.book, now: try Self.monday, timeZone: Zones.berlin, backend: .alarmKit(limit: nil))
        try await device.open()
        await device.advance(to: try instant("2026-03-27T00:00:00+01:00"))
        let friday = await device.advance(by: 86_400)
        #expect(friday.map(\.requestID) == ["night@2026-03-27T02:30:00", "wake#weekly-mon+tue+wed+thu+fri-07:30:00"])
        #expect(friday.map(\.fireID) == ["night@2026-03-27T02:30:00", "wake@2026-03-27T07:30:00"])
        #expect(friday.map(\.isRepeating) == [false, true])
        #expect(friday.map(\.ruleID) == ["night", "wake"])
        await device.expectRang(rule: "wake", at: try instant("2026-03-27T06:30:00Z"))
        await device.expectNoMisses()
    }

    @Test("the refresh reminder is a notification in the device's center, and rings as a reminder among the alarms")
    func reminder() async throws {
        // Every other Thursday at 07:00 from 5 November repeats on no AlarmKit alarm, so it is
        // one-shot; a budget of 2 holds 5 and 19 November, and the reminder takes the coverage
        // end, 3 December at 07:00 CET (06:00Z).
        var options = SchedulerOptions(reminder: RefreshReminder())
        options.alarmKit.budget = 2
        let bins = weeklyRule("bins", days: [.thursday], times: ["07:00"], everyWeeks: 2, start: "2026-11-05")
        let device = TestDevice(
            book: AlarmBook(rules: [bins]), now: try instant("2026-11-01T00:00:00+01:00"), timeZone: Zones.berlin, options: options,
            backend: .alarmKit(limit: nil))
        try await device.open()
        let reminder = "recurring-alarms.reminder:2026-12-03T06:00:00Z"
        #expect(
            await device.pending.map(\.requestID) == ["bins@2026-11-05T07:00:00", "bins@2026-11-19T07:00:00", reminder])
        #expect(await device.center.pendingIdentifiers() == [reminder])

        await device.advance(to: try instant("2026-12-04T00:00:00+01:00"))
        let rang = await device.rang
        #expect(rang.map(\.requestID) == ["bins@2026-11-05T07:00:00", "bins@2026-11-19T07:00:00", reminder])
        #expect(rang.map(\.isReminder) == [false, false, true])
        #expect(rang.last?.description == "\(reminder) at 2026-12-03T07:00:00+01:00 (Europe/Berlin)")
        #expect(await device.missed.map(\.description) == ["bins@2026-12-03T07:00:00 due 2026-12-03T07:00:00+01:00 (Europe/Berlin): cap"])
    }

    @Test("a device that travels moves its repeating alarm to the new clock, and the rings read as that clock's fires")
    func travel() async throws {
        let wake = weeklyRule("wake", days: .weekdays, times: ["07:30"])
        let device = TestDevice(
            book: AlarmBook(rules: [wake]), now: try instant("2026-06-08T00:00:00+02:00"), timeZone: Zones.berlin,
            backend: .alarmKit(limit: 10))
        try await device.open()
        await device.advance(to: try instant("2026-06-10T12:00:00+02:00"))
        await device.travel(to: Zones.newYork)
        await device.advance(to: try instant("2026-06-11T12:00:00-04:00"))
        // By hand: Wednesday noon in Berlin is 06:00 in New York, before its 07:30, so the
        // alarm rings Wednesday twice, as a floating rule's fire does on the travel day.
        let via = " via wake#weekly-mon+tue+wed+thu+fri-07:30:00"
        #expect(
            await device.rang.map(\.description) == [
                "wake@2026-06-08T07:30:00 at 2026-06-08T07:30:00+02:00 (Europe/Berlin)" + via,
                "wake@2026-06-09T07:30:00 at 2026-06-09T07:30:00+02:00 (Europe/Berlin)" + via,
                "wake@2026-06-10T07:30:00 at 2026-06-10T07:30:00+02:00 (Europe/Berlin)" + via,
                "wake@2026-06-10T07:30:00 at 2026-06-10T07:30:00-04:00 (America/New_York)" + via,
                "wake@2026-06-11T07:30:00 at 2026-06-11T07:30:00-04:00 (America/New_York)" + via
            ])
        await device.expectNoMisses()
    }
}
