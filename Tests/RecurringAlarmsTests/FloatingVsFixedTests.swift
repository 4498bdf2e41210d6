import Foundation
import RecurringAlarms
import Testing

/// Floating rules follow the device's wall clock; fixed rules keep their zone's.
@Suite("Floating versus fixed zones")
struct FloatingVsFixedTests {
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z, a Tuesday
    static let wake = weeklyRule("wake", times: ["07:30"])   // floating
    static let standup = weeklyRule("standup", times: ["10:00"], zone: Zones.tokyo)   // fixed

    @Test(
        "a floating rule fires at the device's wall time and reports the device zone",
        arguments: [
            // Window 2026-12-01T00:00Z … 2026-12-02T00:00Z.
            ("Asia/Tokyo", "wake@2026-12-02T07:30:00", 1_796_164_200, "2026-12-02T07:30:00+09:00"),   // 2026-12-01T22:30:00Z
            ("America/New_York", "wake@2026-12-01T07:30:00", 1_796_128_200, "2026-12-01T07:30:00-05:00"),   // 2026-12-01T12:30:00Z
            ("Europe/London", "wake@2026-12-01T07:30:00", 1_796_110_200, "2026-12-01T07:30:00Z"),   // 2026-12-01T07:30:00Z
            ("Asia/Kolkata", "wake@2026-12-01T07:30:00", 1_796_090_400, "2026-12-01T07:30:00+05:30"),   // 2026-12-01T02:00:00Z
            ("Pacific/Chatham", "wake@2026-12-02T07:30:00", 1_796_147_100, "2026-12-02T07:30:00+13:45")   // 2026-12-01T17:45:00Z
        ])
    func floatingFollowsDevice(zoneID: String, id: String, epochSeconds: Int, rfc3339: String) throws {
        let device = Zones.named(zoneID)
        let planned = try plan([Self.wake], now: Self.now, options: PlanOptions(deviceTimeZone: device, horizon: 86_400))

        let fire = try #require(planned.fires.first)
        #expect(planned.fires.count == 1)
        #expect(fire.id == id)
        #expect(epoch(fire.instant) == epochSeconds)
        #expect(fire.rfc3339 == rfc3339)
        #expect(fire.timeZone.identifier == zoneID)
        #expect(fire.local.time == clock("07:30"))
    }

    @Test(
        "a fixed rule keeps its instants and zone whatever the device zone",
        arguments: ["Asia/Tokyo", "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Havana"])
    func fixedIgnoresDevice(zoneID: String) throws {
        let planned = try plan([Self.standup], now: Self.now, options: PlanOptions(deviceTimeZone: Zones.named(zoneID), horizon: 86_400))

        // 10:00 JST on Dec 1 is 01:00Z, inside the window; on Dec 2 it is 2026-12-02T01:00Z, past it.
        #expect(summary(planned.fires) == ["standup@2026-12-01T10:00:00 2026-12-01T10:00:00+09:00 none"])
        #expect(planned.fires.map { epoch($0.instant) } == [1_796_086_800])   // 2026-12-01T01:00:00Z
        #expect(planned.fires.map(\.timeZone.identifier) == ["Asia/Tokyo"])
    }

    @Test("moving the device from New York to Tokyo moves floating fires and leaves fixed ones")
    func deviceZoneChange() throws {
        let rules = [Self.wake, Self.standup]
        let options = PlanOptions(deviceTimeZone: Zones.newYork, horizon: 3 * 86_400)
        let inNewYork = try plan(rules, now: Self.now, options: options)
        var moved = options
        moved.deviceTimeZone = Zones.tokyo
        let inTokyo = try plan(rules, now: Self.now, options: moved)

        let fixedNewYork = inNewYork.fires.filter { $0.ruleID == "standup" }
        let fixedTokyo = inTokyo.fires.filter { $0.ruleID == "standup" }
        #expect(fixedNewYork == fixedTokyo)
        #expect(fixedNewYork.map(\.id) == ["standup@2026-12-01T10:00:00", "standup@2026-12-02T10:00:00", "standup@2026-12-03T10:00:00"])

        // 07:30 EST is 12:30Z; 07:30 JST is 22:30Z the day before.
        #expect(
            summary(inNewYork.fires.filter { $0.ruleID == "wake" }) == [
                "wake@2026-12-01T07:30:00 2026-12-01T07:30:00-05:00 none",   // 2026-12-01T12:30:00Z
                "wake@2026-12-02T07:30:00 2026-12-02T07:30:00-05:00 none",   // 2026-12-02T12:30:00Z
                "wake@2026-12-03T07:30:00 2026-12-03T07:30:00-05:00 none"   // 2026-12-03T12:30:00Z
            ])
        #expect(
            summary(inTokyo.fires.filter { $0.ruleID == "wake" }) == [
                "wake@2026-12-02T07:30:00 2026-12-02T07:30:00+09:00 none",   // 2026-12-01T22:30:00Z
                "wake@2026-12-03T07:30:00 2026-12-03T07:30:00+09:00 none",   // 2026-12-02T22:30:00Z
                "wake@2026-12-04T07:30:00 2026-12-04T07:30:00+09:00 none"   // 2026-12-03T22:30:00Z
            ])
        #expect(inNewYork.deviceTimeZone.identifier == "America/New_York")
        #expect(inTokyo.deviceTimeZone.identifier == "Asia/Tokyo")
    }

    @Test("a floating rule takes the device zone's DST: gap-shifted in New York, untouched in Tokyo")
    func floatingTakesDeviceDST() throws {
        let rule = weeklyRule("early", times: ["02:30"])
        let now = at(1_772_928_000)   // 2026-03-08T00:00:00Z
        let newYork = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.newYork, horizon: 86_400))
        let tokyo = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.tokyo, horizon: 86_400))

        #expect(summary(newYork.fires) == ["early@2026-03-08T02:30:00 2026-03-08T03:30:00-04:00 gap-shifted"])   // 07:30:00Z
        #expect(summary(tokyo.fires) == ["early@2026-03-09T02:30:00 2026-03-09T02:30:00+09:00 none"])   // 2026-03-08T17:30:00Z
    }

    @Test("the weekday test uses the rule's local date, not the UTC date")
    func weekdayInRuleZone() throws {
        // Monday 08:00 in Tokyo is Sunday 23:00 UTC.
        let mondays = weeklyRule("mon", days: .monday, times: ["08:00"], zone: Zones.tokyo)
        let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z, a Tuesday
        let planned = try plan([mondays], now: now, options: PlanOptions(deviceTimeZone: Zones.newYork))

        #expect(summary(planned.fires) == ["mon@2026-12-07T08:00:00 2026-12-07T08:00:00+09:00 none"])
        #expect(planned.fires.map { epoch($0.instant) } == [1_796_598_000])   // 2026-12-06T23:00:00Z, a Sunday in UTC
    }

    @Test("the fire sequence reports the device zone for floating fires")
    func sequenceReportsDeviceZone() throws {
        let schedule = try AlarmSchedule(rules: [Self.wake, Self.standup])
        let fires = Array(schedule.fires(after: Self.now, through: Self.now.addingTimeInterval(86_400), deviceTimeZone: Zones.kolkata))

        #expect(Set(fires.map(\.id)) == ["wake@2026-12-01T07:30:00", "standup@2026-12-01T10:00:00"])
        #expect(fires.first { $0.ruleID == "wake" }?.timeZone.identifier == "Asia/Kolkata")
        #expect(fires.first { $0.ruleID == "standup" }?.timeZone.identifier == "Asia/Tokyo")
    }
}
