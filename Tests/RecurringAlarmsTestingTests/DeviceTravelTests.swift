import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsTesting
import Testing

/// The device flies from Berlin to New York mid-week; a floating 07:30 follows it.
@Suite("Test device: travel")
struct DeviceTravelTests {
    @Test("a floating 07:30 rings at 07:30 in Berlin until the flight and at 07:30 in New York after it, twice on the travel day")
    func berlinToNewYork() async throws {
        // Monday 2026-06-08 00:00 in Berlin (CEST, +02:00).
        let device = TestDevice(
            book: AlarmBook(rules: [weeklyRule("wake", times: ["07:30"])]), now: try instant("2026-06-08T00:00:00+02:00"),
            timeZone: Zones.berlin)
        try await device.open()
        // Wednesday noon in Berlin: 06:00 in New York (EDT, -04:00), before its 07:30.
        await device.advance(to: try instant("2026-06-10T12:00:00+02:00"))
        await device.travel(to: Zones.newYork)
        #expect(await device.center.deviceTimeZone.identifier == "America/New_York")
        let landed = try await device.open()
        #expect(landed.deviceTimeZone.identifier == "America/New_York")
        await device.advance(to: try instant("2026-06-12T12:00:00-04:00"))

        let rang = await device.rang
        #expect(
            try rang.map(\.instant) == [
                instant("2026-06-08T07:30:00+02:00"), instant("2026-06-09T07:30:00+02:00"), instant("2026-06-10T07:30:00+02:00"),
                instant("2026-06-10T07:30:00-04:00"), instant("2026-06-11T07:30:00-04:00"), instant("2026-06-12T07:30:00-04:00")
            ])
        #expect(
            rang.map(\.fireID) == [
                "wake@2026-06-08T07:30:00", "wake@2026-06-09T07:30:00", "wake@2026-06-10T07:30:00",
                "wake@2026-06-10T07:30:00", "wake@2026-06-11T07:30:00", "wake@2026-06-12T07:30:00"
            ])
        #expect(
            rang.map(\.timeZone.identifier) == Array(repeating: "Europe/Berlin", count: 3) + Array(repeating: "America/New_York", count: 3))
        await device.expectNoMisses()
        await device.expectRang(rule: "wake", at: try instant("2026-06-10T11:30:00Z"))
    }

    @Test("the manual zone moves the center at once: a one-shot 07:30 pending in Berlin moves to 07:30 in New York without an open")
    func pendingFollowsTheZone() async throws {
        let device = TestDevice(
            book: AlarmBook(rules: [weeklyRule("wake", times: ["07:30"])]), now: try instant("2026-06-08T00:00:00+02:00"),
            timeZone: Zones.berlin, options: SchedulerOptions(strategy: .rolling))
        try await device.open()
        await device.advance(to: try instant("2026-06-08T12:00:00+02:00"))
        await device.travel(to: Zones.newYork)
        let next = try #require(await device.pending.first)
        #expect(next.fireID == "wake@2026-06-09T07:30:00")
        #expect(try next.instant == instant("2026-06-09T07:30:00-04:00"))
    }
}
