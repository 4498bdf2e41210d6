import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsTesting
import Testing

/// A week across Berlin's spring-forward (2026-03-29, 02:00 CET becomes 03:00 CEST) on the
/// test device, with a 07:30 floating alarm and a 02:30 one, under the default hybrid strategy.
@Suite("Test device: a Berlin spring-forward week")
struct DeviceSpringForwardTests {
    /// Monday 2026-03-23 00:00 in Berlin (CET, +01:00).
    static var monday: Date { get throws { try instant("2026-03-23T00:00:00+01:00") } }

    static func device() throws -> TestDevice {
        let book = AlarmBook(rules: [weeklyRule("wake", times: ["07:30"]), weeklyRule("night", times: ["02:30"])])
        return TestDevice(book: book, now: try monday, timeZone: Zones.berlin)
    }

    @Test("one open rings every 07:30 and 02:30 of the week; the 02:30 in the gap rings at 03:30 CEST, as the shift policy says")
    func week() async throws {
        let device = try Self.device()
        let report = try await device.open()
        // The daily 07:30 never meets a gap or overlap, so it gets a repeating slot; the daily
        // 02:30 meets the gap this Sunday, so it stays one-shot (Docs/Semantics.md, repeating slots).
        #expect(report.repeating.map(\.id) == ["wake#daily-07:30:00"])
        await device.advance(to: try instant("2026-03-30T00:00:00+02:00"))

        // By hand: 07:30 is +01:00 until Saturday and +02:00 on Sunday; 02:30 is +01:00 every
        // day, and on Sunday, in the gap, it is read with the offset before the gap (+01:00):
        // 01:30Z, which the clock shows as 03:30 CEST.
        var expected: [(fire: String, request: String, at: String)] = []
        for day in 23...28 {
            expected.append(("night@2026-03-\(day)T02:30:00", "night@2026-03-\(day)T02:30:00", "2026-03-\(day)T02:30:00+01:00"))
            expected.append(("wake@2026-03-\(day)T07:30:00", "wake#daily-07:30:00", "2026-03-\(day)T07:30:00+01:00"))
        }
        expected.append(("night@2026-03-29T02:30:00", "night@2026-03-29T02:30:00", "2026-03-29T03:30:00+02:00"))
        expected.append(("wake@2026-03-29T07:30:00", "wake#daily-07:30:00", "2026-03-29T07:30:00+02:00"))

        let rang = await device.rang
        #expect(rang.map(\.fireID) == expected.map(\.fire))
        #expect(rang.map(\.requestID) == expected.map(\.request))
        #expect(try rang.map(\.instant) == expected.map { try instant($0.at) })
        #expect(rang.allSatisfy { $0.timeZone.identifier == "Europe/Berlin" && !$0.isReminder })
        await device.expectNoMisses()
        await device.expectRang(rule: "night", at: try instant("2026-03-29T01:30:00Z"))
        await device.expectRang(rule: "wake", at: try instant("2026-03-29T05:30:00Z"))
    }

    @Test("a repeating delivery reads as its slot and as the fire it stands for")
    func alarmText() async throws {
        let device = try Self.device()
        try await device.open()
        let rung = await device.advance(to: try instant("2026-03-29T08:00:00+02:00")).suffix(2)
        #expect(
            rung.map(\.description) == [
                "night@2026-03-29T02:30:00 at 2026-03-29T03:30:00+02:00 (Europe/Berlin)",
                "wake@2026-03-29T07:30:00 at 2026-03-29T07:30:00+02:00 (Europe/Berlin) via wake#daily-07:30:00"
            ])
        #expect(rung.map(\.isRepeating) == [false, true])
        #expect(rung.map(\.ruleID) == ["night", "wake"])
    }

    @Test("what is pending is read back as fires too: the next 07:30 is Monday's, at +02:00")
    func pending() async throws {
        let device = try Self.device()
        try await device.open()
        await device.advance(to: try instant("2026-03-29T23:00:00+02:00"))
        let pending = await device.pending
        let wake = try #require(pending.first { $0.ruleID == "wake" })
        #expect(wake.fireID == "wake@2026-03-30T07:30:00")
        #expect(try wake.instant == instant("2026-03-30T05:30:00Z"))
        #expect(pending.first?.fireID == "night@2026-03-30T02:30:00")
    }
}

/// The example of TestDevice's doc comment, as written there.
@Suite("Test device: the documented example")
struct DeviceDocumentedExampleTests {
    @Test("the doc comment's week rings seven times and passes both expectations")
    func documentedExample() async throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let wake = AlarmRule(id: "wake", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 7, minute: 30)!])
        let monday = Date(timeIntervalSince1970: 1_774_220_400)   // 2026-03-23T00:00:00+01:00
        let device = TestDevice(book: AlarmBook(rules: [wake]), now: monday, timeZone: berlin)
        try await device.open()
        await device.advance(by: 7 * 86_400)
        await device.expectNoMisses()
        await device.expectRang(rule: "wake", at: Date(timeIntervalSince1970: 1_774_762_200))   // 2026-03-29T07:30:00+02:00
        #expect(try monday == instant("2026-03-23T00:00:00+01:00"))
        #expect(await device.rang.count == 7)
    }
}
