import Foundation
import RecurringAlarms
import Testing

@testable import RecurringAlarmsScheduling

/// How requests are numbered in calendars, and how a request read as another day is recognised.
@Suite("Calendar registration")
struct CalendarRegistrationTests {
    static let now = at(1_781_049_600)   // 2026-06-10T00:00:00Z
    static let wake = NotificationTrigger.floating(wall("2026-12-01T07:30:00"))
    static let call = NotificationTrigger.zoned(wall("2026-12-01T21:00:00"), Zones.tokyo)

    @Test(
        "components numbered in one calendar and read in another name a day years away, or none",
        arguments: [
            // Gregorian 2026 (no era) read as years of the calendar's current era.
            (Calendar.Identifier.gregorian, Calendar.Identifier.japanese, "4044-12-01T07:30:00"),   // Reiwa 2026 (Reiwa 1 = 2019)
            (.gregorian, .republicOfChina, "3937-12-01T07:30:00"),   // Minguo 2026 (Minguo 1 = 1912)
            // 2026 BE is 1483 CE, which Foundation reads in the Julian calendar: 1483-12-01 Julian.
            (.gregorian, .buddhist, "1483-12-10T07:30:00"),
            // Buddhist components carry era 0, which in the Gregorian calendar is BC: no such day.
            (.buddhist, .gregorian, nil)
        ] as [(Calendar.Identifier, Calendar.Identifier, String?)])
    func readInAnotherCalendar(numberedIn: Calendar.Identifier, readIn: Calendar.Identifier, expected: String?) throws {
        let components = Self.wake.dateComponents(in: Calendar(identifier: numberedIn))
        #expect(NotificationTrigger(components: components, readIn: Calendar(identifier: readIn)) == expected.map { .floating(wall($0)) })
        #expect(NotificationTrigger(components: components, readIn: Calendar(identifier: numberedIn)) == Self.wake)
    }

    @Test("a zoned trigger is numbered in the Gregorian calendar, set on its components, when the OS reads it so")
    func zonedIsGregorianWhenHonoured() {
        let components = CalendarRegistration.components(
            for: Self.call, userCalendar: Calendar(identifier: .buddhist), now: Self.now,
            deviceTimeZone: Zones.berlin
        ) { _ in at(1_796_126_400) }   // 2026-12-01T12:00:00Z
        #expect(components.calendar?.identifier == .gregorian)
        #expect([components.year, components.month, components.day, components.hour] == [2026, 12, 1, 21])
        #expect(components.timeZone == Zones.tokyo)
    }

    @Test("a zoned trigger falls back to the user's calendar when the OS ignores the Gregorian one")
    func zonedFallsBackToUserCalendar() {
        // The OS reads 2026 in the Buddhist calendar: 1483 CE, long past, so it would never ring.
        let components = CalendarRegistration.components(
            for: Self.call, userCalendar: Calendar(identifier: .buddhist), now: Self.now,
            deviceTimeZone: Zones.berlin
        ) { _ in nil }
        #expect(components.calendar?.identifier == .buddhist)
        #expect([components.year, components.month, components.day, components.hour] == [2569, 12, 1, 21])
    }

    @Test("a floating trigger is numbered in the user's calendar and carries none, so no calendar zone can pin it")
    func floatingCarriesNoCalendar() {
        let components = CalendarRegistration.components(
            for: Self.wake, userCalendar: Calendar(identifier: .buddhist), now: Self.now,
            deviceTimeZone: Zones.berlin
        ) { _ in
            Issue.record("no probe for floating")
            return nil
        }
        #expect(components.calendar == nil)
        #expect(components.timeZone == nil)
        #expect(components.year == 2569)
    }

    @Test("a request counts as misread when the OS rings it more than a day away, or never while its moment is ahead")
    func misreadJudgement() {
        let meant = at(1_796_106_600)   // 2026-12-01T06:30:00Z = 07:30 CET
        #expect(!CalendarRegistration.isMisread(Self.wake, nextTriggerDate: meant, now: Self.now, deviceTimeZone: Zones.berlin))
        #expect(
            !CalendarRegistration.isMisread(
                Self.wake, nextTriggerDate: meant.addingTimeInterval(3600), now: Self.now, deviceTimeZone: Zones.berlin))
        #expect(
            CalendarRegistration.isMisread(
                Self.wake, nextTriggerDate: meant.addingTimeInterval(2 * 86_400), now: Self.now, deviceTimeZone: Zones.berlin))
        #expect(CalendarRegistration.isMisread(Self.wake, nextTriggerDate: nil, now: Self.now, deviceTimeZone: Zones.berlin))
        // Its moment has passed: nothing to repair.
        #expect(
            !CalendarRegistration.isMisread(
                Self.wake, nextTriggerDate: nil, now: meant.addingTimeInterval(60), deviceTimeZone: Zones.berlin))
    }
}
