import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsTesting
import Testing

/// Misuse of the device's parts is recorded as a test issue saying what is wrong and how to
/// fix it, never ignored.
@Suite("Test device: misuse recorded")
struct MisuseTests {
    /// Tuesday 2026-12-01 01:00 in Berlin.
    static var start: Date { get throws { try instant("2026-12-01T00:00:00Z") } }
    static let book = AlarmBook(rules: [weeklyRule("wake", times: ["07:30"])])

    static func messages(_ issue: Issue) -> [String] { issue.comments.map(\.rawValue) }

    @Test("moving the clock back by a negative interval is an issue, and the device stays where it was")
    func negativeAdvance() async throws {
        let device = TestDevice(book: Self.book, now: try Self.start, timeZone: Zones.berlin)
        await withKnownIssue {
            await device.advance(by: -3600)
        } matching: { issue in
            Self.messages(issue) == [
                "TestDevice.advance(by: -3600.0): time only moves forward, so the device stayed where it was. "
                    + "Advance by zero or more seconds; to test an earlier moment, make a device that starts there."
            ]
        }
        #expect(try device.now == Self.start)
    }

    @Test("NaN is no interval either")
    func notANumber() async throws {
        let device = TestDevice(book: Self.book, now: try Self.start, timeZone: Zones.berlin)
        await withKnownIssue {
            await device.advance(by: .nan)
        } matching: { issue in
            Self.messages(issue).first?.hasPrefix("TestDevice.advance(by: nan): time only moves forward") == true
        }
        #expect(try device.now == Self.start)
    }

    @Test("advancing to an earlier moment is an issue naming both moments on the device clock")
    func earlierInstant() async throws {
        let device = TestDevice(book: Self.book, now: try Self.start, timeZone: Zones.berlin)
        let earlier = try instant("2026-11-30T23:00:00Z")
        await withKnownIssue {
            await device.advance(to: earlier)
        } matching: { issue in
            Self.messages(issue) == [
                "TestDevice.advance(to: 2026-12-01T00:00:00+01:00): that is before the device's present, "
                    + "2026-12-01T01:00:00+01:00, and time only moves forward, so the device stayed where it was. "
                    + "Advance to a later moment; to test an earlier one, make a device that starts there."
            ]
        }
        #expect(try device.now == Self.start)
    }

    @Test("advancing to the present, or by zero, is no misuse: nothing rings, no issue is recorded, and time goes on from there")
    func advanceByNothing() async throws {
        let device = TestDevice(book: Self.book, now: try Self.start, timeZone: Zones.berlin)
        try await device.open()
        // Any issue recorded here fails the test: neither call may record one.
        #expect(await device.advance(to: device.now).isEmpty)
        #expect(await device.advance(by: 0).isEmpty)
        #expect(try device.now == Self.start)
        #expect(await device.rang.isEmpty)
        #expect(await device.advance(by: 86_400).map(\.fireID) == ["wake@2026-12-01T07:30:00"])
    }

    @Test("a center made with now: instead of the clock is an issue at the first advance, and nothing rings")
    func centerNotFollowing() async throws {
        let clock = ManualClock(now: try Self.start)
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: try Self.start, deviceTimeZone: Zones.berlin)
        let device = TestDevice(book: Self.book, center: center, clock: clock, timeZone: zone)
        try await device.open()
        await withKnownIssue {
            await device.advance(by: 86_400)
        } matching: { issue in
            Self.messages(issue) == [
                "The simulated center's present is 2026-12-01T01:00:00+01:00, but the device's ManualClock reads "
                    + "2026-12-02T01:00:00+01:00: the center does not follow the scheduler's clock, so nothing rings "
                    + "as time advances. Make the center with SimulatedNotificationCenter(eviction:clock:deviceTimeZone:) "
                    + "from the same ManualClock, not with now:; TestDevice(book:now:timeZone:) wires it."
            ]
        }
        #expect(await device.rang.isEmpty)
    }

    @Test("a center that does not follow the device's zone is an issue at the next open after travel")
    func centerZoneNotFollowing() async throws {
        let clock = ManualClock(now: try Self.start)
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: Zones.berlin)
        let device = TestDevice(book: Self.book, center: center, clock: clock, timeZone: zone)
        await device.travel(to: Zones.newYork)
        try await withKnownIssue {
            try await device.open()
        } matching: { issue in
            Self.messages(issue) == [
                "The simulated center is in Europe/Berlin, but the device's ManualTimeZone is in America/New_York: "
                    + "the center does not follow the device's zone, so floating requests ring on the wrong clock. Make the center "
                    + "with SimulatedNotificationCenter(eviction:clock:deviceTimeZone:) given the same ManualTimeZone; "
                    + "TestDevice(book:now:timeZone:) wires it."
            ]
        }
    }

    @Test("a center whose capacity is not the plan's cap is an issue as the device is made")
    func capacityMismatch() async throws {
        let clock = ManualClock(now: try Self.start)
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedNotificationCenter(capacity: 32, eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: zone)
        withKnownIssue {
            _ = TestDevice(book: Self.book, center: center, clock: clock, timeZone: zone)
        } matching: { issue in
            Self.messages(issue) == [
                "The simulated center holds 32 requests, but the scheduler plans for a cap of 64, "
                    + "so what rings is not what the plan promises. Make the center with capacity: 64 (the options' cap), "
                    + "or set the options' cap to 32; TestDevice(book:now:timeZone:options:) makes them agree."
            ]
        }
    }

    @Test("a scheduler clock that is not the manual one is an issue at the first open, naming both readings")
    func fixedSchedulerClock() async throws {
        let clock = ManualClock(now: try Self.start)
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: zone)
        let device = TestDevice(
            book: Self.book, center: center, clock: clock, timeZone: zone, schedulerClock: .constant(try instant("2026-06-01T12:00:00Z")))
        try await withKnownIssue {
            try await device.open()
        } matching: { issue in
            Self.messages(issue) == [
                "The scheduler's clock reads 2026-06-01T14:00:00+02:00, but the device's ManualClock reads "
                    + "2026-12-01T01:00:00+01:00: a real or fixed clock (such as SchedulerClock.system) was wired "
                    + "where the manual one belongs, so refreshes plan from the wrong moment. Give the scheduler "
                    + ".manual(clock), or leave schedulerClock out; TestDevice(book:now:timeZone:) wires it."
            ]
        }
    }

    @Test("the device's scheduler given the real clock is an issue at the first open")
    func systemSchedulerClock() async throws {
        let clock = ManualClock(now: try Self.start)
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: zone)
        let device = TestDevice(book: Self.book, center: center, clock: clock, timeZone: zone, schedulerClock: .system)
        try await withKnownIssue {
            try await device.open()
        } matching: { issue in
            // The real clock's reading varies; the rest of the message does not.
            guard let text = Self.messages(issue).first else { return false }
            return text.hasPrefix("The scheduler's clock reads ")
                && text.hasSuffix(
                    ", but the device's ManualClock reads 2026-12-01T01:00:00+01:00: a real or fixed clock (such as SchedulerClock.system) "
                        + "was wired where the manual one belongs, so refreshes plan from the wrong moment. Give the scheduler "
                        + ".manual(clock), or leave schedulerClock out; TestDevice(book:now:timeZone:) wires it.")
        }
    }

    @Test("parts wired correctly record nothing: the device rings as the one it wires itself")
    func correctParts() async throws {
        let clock = ManualClock(now: try Self.start)
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: zone)
        let device = TestDevice(book: Self.book, center: center, clock: clock, timeZone: zone)
        try await device.open()
        await device.advance(by: 86_400)
        #expect(await device.rang.map(\.fireID) == ["wake@2026-12-01T07:30:00"])
        await device.expectNoMisses()
    }
}
