import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsTesting
import Testing

/// A month in which the app is opened once, at the start: the device says what was missed and why.
@Suite("Test device: a month with no opens")
struct DeviceNoOpensTests {
    /// Sunday 2026-11-01 00:00 in Berlin (CET, +01:00; Berlin fell back on 2026-10-25).
    static var start: Date { get throws { try instant("2026-11-01T00:00:00+01:00") } }
    static var end: Date { get throws { try instant("2026-12-01T00:00:00+01:00") } }
    static let book = AlarmBook(rules: [weeklyRule("wake", times: ["07:30"])])

    @Test("rolling: the first week's seven 07:30s ring, the other 23 are missed as no-open-in-time")
    func rolling() async throws {
        let device = TestDevice(book: Self.book, now: try Self.start, timeZone: Zones.berlin, options: SchedulerOptions(strategy: .rolling))
        try await device.open()
        await device.advance(to: try Self.end)

        let rang = await device.rang
        #expect(rang.map(\.fireID) == (1...7).map { "wake@2026-11-0\($0)T07:30:00" })
        let missed = await device.missed
        // November 8 to 30: 23 mornings past the 7-day horizon of the one open.
        #expect(missed.count == 23)
        #expect(missed.allSatisfy { $0.reason == .noOpenInTime })
        #expect(missed.first?.fire.id == "wake@2026-11-08T07:30:00")
        #expect(try missed.first?.fire.instant == instant("2026-11-08T06:30:00Z"))
        #expect(missed.last?.fire.id == "wake@2026-11-30T07:30:00")
    }

    @Test("fill-cap with a cap of 5: five ring, the other 25 are missed because the cap cut the plan")
    func capped() async throws {
        let options = SchedulerOptions(cap: 5, strategy: .fillCap)
        let device = TestDevice(book: Self.book, now: try Self.start, timeZone: Zones.berlin, options: options)
        try await device.open()
        await device.advance(to: try Self.end)

        #expect(await device.rang.map(\.fireID) == (1...5).map { "wake@2026-11-0\($0)T07:30:00" })
        let missed = await device.missed
        #expect(missed.count == 25)
        #expect(missed.allSatisfy { $0.reason == .cap })
        #expect(missed.first?.description == "wake@2026-11-06T07:30:00 due 2026-11-06T07:30:00+01:00 (Europe/Berlin): cap")
    }

    @Test("expectNoMisses fails listing every miss on a line of its own")
    func expectNoMissesMessage() async throws {
        let device = TestDevice(book: Self.book, now: try Self.start, timeZone: Zones.berlin, options: SchedulerOptions(strategy: .rolling))
        try await device.open()
        await device.advance(to: try instant("2026-11-10T00:00:00+01:00"))
        await withKnownIssue {
            await device.expectNoMisses()
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Expected no missed alarms, but 2 were missed:
                  wake@2026-11-08T07:30:00 due 2026-11-08T07:30:00+01:00 (Europe/Berlin): no-open-in-time
                  wake@2026-11-09T07:30:00 due 2026-11-09T07:30:00+01:00 (Europe/Berlin): no-open-in-time
                """
            ]
        }
    }

    @Test("expectRang fails naming the instant, what the rule rang and every miss, one per line")
    func expectRangMessage() async throws {
        let device = TestDevice(
            book: Self.book, now: try Self.start, timeZone: Zones.berlin, options: SchedulerOptions(cap: 1, strategy: .fillCap))
        try await device.open()
        await device.advance(to: try instant("2026-11-03T00:00:00+01:00"))
        let due = try instant("2026-11-02T07:30:00+01:00")
        await withKnownIssue {
            await device.expectRang(rule: "wake", at: due)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Expected wake to ring at 2026-11-02T07:30:00+01:00 (Europe/Berlin), but it did not.
                wake rang (1):
                  wake@2026-11-01T07:30:00 at 2026-11-01T07:30:00+01:00 (Europe/Berlin)
                Missed (1):
                  wake@2026-11-02T07:30:00 due 2026-11-02T07:30:00+01:00 (Europe/Berlin): cap
                """
            ]
        }
    }
}
