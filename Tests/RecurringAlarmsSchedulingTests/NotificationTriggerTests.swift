import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import Testing

/// How a planned fire becomes a trigger the OS can hold: wall time at the instant, floating or
/// zoned, and unambiguous components in fall-back overlaps.
///
/// Transitions used (tz database 2026):
/// - America/New_York 2026-03-08 02:00 EST → 03:00 EDT at 07:00:00Z; 2026-11-01 02:00 EDT → 01:00 EST at 06:00:00Z.
@Suite("Notification triggers")
struct NotificationTriggerTests {
    /// The first fire of `rule` after `now` in a device zone.
    func firstFire(_ rule: AlarmRule, after now: Date, device: TimeZone) throws -> Fire {
        let plan = try AlarmSchedule(rules: [rule]).plan(now: now, options: PlanOptions(deviceTimeZone: device, cap: 1))
        guard let fire = plan.fires.first else { fatalError("rule \(rule.id) does not fire in a week") }
        return fire
    }

    @Test("a floating fire is registered as its wall time with no zone")
    func floatingFire() throws {
        let fire = try firstFire(weekly("wake", times: ["07:30"]), after: at(1_796_083_200), device: Zones.tokyo)   // 2026-12-01T00:00:00Z
        let trigger = NotificationTrigger(fire: fire)
        #expect(trigger == .floating(wall("2026-12-02T07:30:00")))
        #expect(trigger.timeZone == nil)
        #expect(trigger.instant(deviceTimeZone: Zones.tokyo) == fire.instant)
        // The same trigger in another device zone rings at that zone's 07:30.
        #expect(trigger.instant(deviceTimeZone: Zones.berlin) == at(1_796_193_000))   // 2026-12-02T06:30:00Z = 07:30 CET
    }

    @Test("a fixed-zone fire is registered in its zone and rings at one instant wherever the device is")
    func fixedZoneFire() throws {
        let rule = weekly("standup", times: ["09:00"], zone: Zones.newYork)
        let fire = try firstFire(rule, after: at(1_796_083_200), device: Zones.tokyo)   // 2026-12-01T00:00:00Z
        let trigger = NotificationTrigger(fire: fire)
        #expect(trigger == .zoned(wall("2026-12-01T09:00:00"), Zones.newYork))
        #expect(fire.instant == at(1_796_133_600))   // 2026-12-01T14:00:00Z = 09:00 EST
        #expect(trigger.instant(deviceTimeZone: Zones.tokyo) == fire.instant)
        #expect(trigger.instant(deviceTimeZone: Zones.berlin) == fire.instant)
    }

    @Test(
        "a gap-shifted fire is registered at the wall time the clock shows when it rings, not the nominal one",
        arguments: [ZoneChoice.floating, .fixed(Zones.newYork)])
    func gapShiftedFire(zone: ZoneChoice) throws {
        var rule = weekly("night", times: ["02:30"])
        rule.timeZone = zone
        let fire = try firstFire(rule, after: at(1_772_928_000), device: Zones.newYork)   // 2026-03-08T00:00:00Z
        #expect(fire.id == "night@2026-03-08T02:30:00")
        #expect(fire.adjustment == .gapShifted)
        #expect(fire.instant == at(1_772_955_000))   // 2026-03-08T07:30:00Z = 03:30 EDT
        let trigger = NotificationTrigger(fire: fire)
        #expect(trigger.local == wall("2026-03-08T03:30:00"))
        #expect(trigger.instant(deviceTimeZone: Zones.newYork) == fire.instant)
    }

    @Test(
        "an overlap-first fire keeps its named zone, or stays floating, and rings at the first 01:30",
        arguments: [ZoneChoice.floating, .fixed(Zones.newYork)])
    func overlapFirstFire(zone: ZoneChoice) throws {
        var rule = weekly("late", times: ["01:30"])
        rule.timeZone = zone
        let fire = try firstFire(rule, after: at(1_793_491_200), device: Zones.newYork)   // 2026-11-01T00:00:00Z
        #expect(fire.adjustment == .overlapFirst)
        #expect(fire.instant == at(1_793_511_000))   // 2026-11-01T05:30:00Z = 01:30 EDT
        let trigger = NotificationTrigger(fire: fire)
        #expect(trigger.local == wall("2026-11-01T01:30:00"))
        #expect(trigger.instant(deviceTimeZone: Zones.newYork) == fire.instant)
        if case .floating = zone {
            #expect(trigger.isFloating)
        } else {
            // Ambiguous components in a named zone are registered in the fixed offset instead.
            #expect(trigger.timeZone?.secondsFromGMT() == -14_400)
        }
    }

    @Test(
        "an overlap-last fire is registered in a fixed-offset zone, so its components name the second 01:30",
        arguments: [ZoneChoice.floating, .fixed(Zones.newYork)])
    func overlapLastFire(zone: ZoneChoice) throws {
        var rule = weekly("late", times: ["01:30"], overlap: .last)
        rule.timeZone = zone
        let fire = try firstFire(rule, after: at(1_793_491_200), device: Zones.newYork)   // 2026-11-01T00:00:00Z
        #expect(fire.adjustment == .overlapLast)
        #expect(fire.instant == at(1_793_514_600))   // 2026-11-01T06:30:00Z = 01:30 EST
        let trigger = NotificationTrigger(fire: fire)
        #expect(trigger.local == wall("2026-11-01T01:30:00"))
        #expect(trigger.timeZone?.secondsFromGMT() == -18_000)
        #expect(trigger.instant(deviceTimeZone: Zones.newYork) == fire.instant)
        // Read naively in New York, the same components would ring an hour early.
        // 05:30:00Z
        #expect(NotificationTrigger.zoned(trigger.local, Zones.newYork).instant(deviceTimeZone: Zones.newYork) == at(1_793_511_000))
    }

    @Test("a snooze of a floating rule rings at its instant, so it is zoned")
    func snoozeIsZoned() {
        let fire = makeFire(
            "wake", local: "2026-12-01T07:39:00", instant: at(1_796_110_740), zone: Zones.london,   // 2026-12-01T07:39:00Z
            floating: true, snooze: true)
        let trigger = NotificationTrigger(fire: fire)
        #expect(trigger == .zoned(wall("2026-12-01T07:39:00"), Zones.london))
    }

    @Test("Gregorian date components are the wall time's numbers, with the zone only when zoned")
    func gregorianComponents() {
        let gregorian = Calendar(identifier: .gregorian)
        let floating = NotificationTrigger.floating(wall("2026-12-01T07:30:05")).dateComponents(in: gregorian)
        #expect([floating.year, floating.month, floating.day, floating.hour, floating.minute, floating.second] == [2026, 12, 1, 7, 30, 5])
        #expect(floating.timeZone == nil)
        #expect(floating.calendar == nil)
        #expect(floating.era == nil)
        let zoned = NotificationTrigger.zoned(wall("2026-12-01T07:30:00"), Zones.tokyo).dateComponents(in: gregorian)
        #expect(zoned.timeZone == Zones.tokyo)
        #expect([zoned.year, zoned.month, zoned.day, zoned.hour, zoned.minute] == [2026, 12, 1, 7, 30])
    }

    @Test("date components for a non-Gregorian calendar name the same day and time in that calendar")
    func buddhistComponents() {
        var buddhist = Calendar(identifier: .buddhist)
        let components = NotificationTrigger.floating(wall("2026-12-01T07:30:00")).dateComponents(in: buddhist)
        #expect(components.year == 2569)
        #expect([components.month, components.day, components.hour, components.minute, components.second] == [12, 1, 7, 30, 0])
        #expect(components.timeZone == nil)
        // Read back in that calendar (in any one zone), they are the same wall time.
        buddhist.timeZone = Zones.utc
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = Zones.utc
        let date = buddhist.date(from: components)
        #expect(
            date.map { gregorian.dateComponents([.year, .month, .day, .hour, .minute], from: $0) }
                == DateComponents(year: 2026, month: 12, day: 1, hour: 7, minute: 30))
    }
}
