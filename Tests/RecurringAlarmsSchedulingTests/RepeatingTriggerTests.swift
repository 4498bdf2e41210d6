import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import Testing

/// Weekly repeating triggers: their components, and how the simulated center rings them.
@Suite("Repeating weekly triggers")
struct RepeatingTriggerTests {
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z = Tue 01:00 CET
    static let week: TimeInterval = 7 * 86_400
    static let mondaySlot = RepeatingAlarm(ruleID: "wake", weekdays: .monday, time: clock("07:30"))
    static func request(_ slot: RepeatingAlarm, zone: TimeZone = Zones.berlin) -> NotificationRequest {
        NotificationRequest(repeating: slot, after: now, deviceTimeZone: zone, rule: nil)!
    }

    @Test(
        "components are weekday (Sunday = 1, as DateComponents numbers it), hour, minute and second, without a zone, in any calendar",
        arguments: [(Weekday.monday, 2), (.saturday, 7), (.sunday, 1)], [Calendar.Identifier.gregorian, .buddhist])
    func componentsNumberWeekdaysFromSunday(weekday: (day: Weekday, number: Int), calendar: Calendar.Identifier) throws {
        let (day, number) = weekday
        let slot = RepeatingAlarm(ruleID: "wake", weekdays: WeekdaySet(day), time: clock("07:30:15"))
        let components = try #require(NotificationTrigger(repeating: slot, after: Self.now, deviceTimeZone: Zones.berlin))
            .dateComponents(in: Calendar(identifier: calendar))
        #expect(components == DateComponents(hour: 7, minute: 30, second: 15, weekday: number))
        #expect(components.timeZone == nil && components.year == nil && components.day == nil)
    }

    @Test("a slot on every day has no weekday; the first time is the next match on the device clock")
    func firstOccurrence() throws {
        let daily = try #require(
            NotificationTrigger(
                repeating: RepeatingAlarm(ruleID: "pill", weekdays: .daily, time: clock("09:00")), after: Self.now,
                deviceTimeZone: Zones.berlin))
        #expect(daily == .repeatingWeekly(wall("2026-12-01T09:00:00"), everyDay: true))
        #expect(daily.dateComponents(in: Calendar(identifier: .gregorian)) == DateComponents(hour: 9, minute: 0, second: 0))
        #expect(daily.repeats && daily.isFloating)
        // Tuesday 01:00 in Berlin: Tuesday 00:30 has passed, so the first is a week later.
        let tuesday = NotificationTrigger(
            repeating: RepeatingAlarm(ruleID: "late", weekdays: .tuesday, time: clock("00:30")), after: Self.now,
            deviceTimeZone: Zones.berlin)
        #expect(tuesday == .repeatingWeekly(wall("2026-12-08T00:30:00"), everyDay: false))
        #expect(Self.request(Self.mondaySlot).identifier == "wake#weekly-mon-07:30:00")
    }

    @Test("an alarm on several weekdays but not all is no calendar trigger: only one weekday or every day is")
    func severalWeekdaysAreNoTrigger() {
        let grouped = RepeatingAlarm(ruleID: "wake", weekdays: [.monday, .tuesday], time: clock("07:30"))
        #expect(NotificationTrigger(repeating: grouped, after: Self.now, deviceTimeZone: Zones.berlin) == nil)
        #expect(NotificationRequest(repeating: grouped, after: Self.now, deviceTimeZone: Zones.berlin, rule: nil) == nil)
        let daily = RepeatingAlarm(ruleID: "wake", weekdays: .daily, time: clock("07:30"))
        #expect(
            NotificationRequest(repeating: daily, after: Self.now, deviceTimeZone: Zones.berlin, rule: nil)?.identifier
                == "wake#daily-07:30:00")
    }

    @Test("the simulated center rings a repeating request every week and keeps it pending", arguments: EvictionModel.allCases)
    func ringsEveryWeekAndStaysPending(eviction: EvictionModel) async {
        let center = SimulatedNotificationCenter(eviction: eviction, now: Self.now, deviceTimeZone: Zones.berlin)
        await center.add([Self.request(Self.mondaySlot)])
        let rang = await center.advance(to: Self.now.addingTimeInterval(4 * Self.week))
        let monday = 1_796_625_000   // 2026-12-07T06:30:00Z = Mon 07:30 CET
        #expect(rang.map(\.instant) == (0..<4).map { at(monday + $0 * 604_800) })
        #expect(Set(rang.map(\.identifier)) == ["wake#weekly-mon-07:30:00"])
        #expect(await center.pendingIdentifiers() == ["wake#weekly-mon-07:30:00"])
        #expect(await center.pending().first?.fireDate == at(monday + 4 * 604_800))
    }

    @Test("a repeating request takes one slot, whichever requests the center keeps over the cap", arguments: EvictionModel.allCases)
    func takesOneSlot(eviction: EvictionModel) async {
        let center = SimulatedNotificationCenter(capacity: 2, eviction: eviction, now: Self.now, deviceTimeZone: Zones.berlin)
        let later = NotificationRequest(
            identifier: "once@2027-01-05T09:00:00", trigger: .floating(wall("2027-01-05T09:00:00")),
            content: NotificationContent(title: "x", body: ""))
        await center.add([later, Self.request(Self.mondaySlot)])
        #expect(await center.drops.isEmpty)
        _ = await center.advance(to: Self.now.addingTimeInterval(3 * Self.week))
        #expect(await center.deliveries.count == 3)
        // A third request goes over the cap of 2: one is dropped, by the model's rule.
        let third = NotificationRequest(
            identifier: "once@2027-02-01T09:00:00", trigger: .floating(wall("2027-02-01T09:00:00")),
            content: NotificationContent(title: "y", body: ""))
        await center.add([third])
        let dropped = await center.drops.map(\.identifier)
        #expect(dropped == [eviction == .keepSoonestFiring ? "once@2027-02-01T09:00:00" : "once@2027-01-05T09:00:00"])
        #expect(await center.pendingIdentifiers().contains("wake#weekly-mon-07:30:00"))
    }

    @Test("a repeating request follows the device clock across a zone change and is never dropped by it")
    func followsTheDeviceClock() async {
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
        await center.add([Self.request(Self.mondaySlot)])
        _ = await center.advance(to: at(1_796_500_000))   // 2026-12-05T19:06:40Z, Saturday
        await center.changeDeviceTimeZone(to: Zones.tokyo)
        let rang = await center.advance(to: at(1_796_500_000).addingTimeInterval(Self.week))
        #expect(rang.map(\.instant) == [at(1_796_596_200)])   // 2026-12-06T22:30:00Z = Mon 07:30 JST
        #expect(rang.map(\.deviceTimeZone) == ["Asia/Tokyo"])
        #expect(await center.drops.isEmpty)
        await center.changeUserCalendar(to: .buddhist)
        #expect(await center.pendingIdentifiers() == ["wake#weekly-mon-07:30:00"])
    }
}
