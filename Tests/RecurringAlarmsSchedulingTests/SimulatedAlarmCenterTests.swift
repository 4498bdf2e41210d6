import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import Testing

// The simulated AlarmKit center, with a pinned ManualClock and explicit zones. Expected instants
// are worked out by hand from the zones' offsets: Berlin CET +1 / CEST +2 (spring forward
// 2026-03-29 02:00 CET → 03:00 CEST, fall back 2026-10-25 03:00 CEST → 02:00 CET), New York EDT −4
// in June, Lord Howe +10:30 / +11 (back 2026-04-05 02:00 → 01:30, forward 2026-10-04 02:00 → 02:30).

/// A fixed UUID per small number, so tests name alarms without deriving ids.
private func alarmID(_ number: Int) -> UUID {
    UUID(uuidString: "00000000-0000-4000-8000-" + String(format: "%012d", number))!
}

private func weeklyRequest(
    _ number: Int, _ identifier: String, _ days: WeekdaySet, _ hour: Int, _ minute: Int, snooze: TimeInterval? = nil
) -> AlarmRequest {
    AlarmRequest(
        id: alarmID(number), identifier: identifier, ruleID: "wake",
        schedule: .weekly(weekdays: days, hour: hour, minute: minute), title: "Wake up", snoozeLength: snooze)
}

private func fixedRequest(_ number: Int, _ identifier: String, _ instant: Date) -> AlarmRequest {
    AlarmRequest(
        id: alarmID(number), identifier: identifier, ruleID: "wake", schedule: .fixed(instant), title: "Wake up", snoozeLength: nil)
}

/// A center following a fresh clock at `start` and a device zone of `zone`.
private func makeCenter(start: Date, zone: TimeZone, limit: Int? = nil) -> (SimulatedAlarmCenter, ManualClock, ManualTimeZone) {
    let clock = ManualClock(now: start)
    let device = ManualTimeZone(zone)
    return (SimulatedAlarmCenter(limit: limit, clock: clock, deviceTimeZone: device), clock, device)
}

@Suite("Simulated AlarmKit center: weekly alarms on the device clock")
struct SimulatedAlarmCenterWeeklyTests {
    static let mondayMidnightBerlin = at(1_780_264_800)   // 2026-05-31T22:00:00Z = Mon 2026-06-01 00:00 CEST

    @Test("a Mon/Tue/Thu 07:30 alarm rings at 07:30 Berlin time on those days and stays scheduled")
    func ringsOnItsWeekdays() async throws {
        let (center, clock, _) = makeCenter(start: Self.mondayMidnightBerlin, zone: Zones.berlin)
        try await center.schedule(weeklyRequest(1, "wake#weekly-mon+tue+thu-07:30:00", [.monday, .tuesday, .thursday], 7, 30))

        await clock.advance(to: at(1_780_869_600))   // 2026-06-07T22:00:00Z: a whole week later

        // 07:30 CEST = 05:30Z on Mon 1, Tue 2 and Thu 4 June.
        let delivered = await center.deliveries
        #expect(delivered.map(\.instant) == [at(1_780_291_800), at(1_780_378_200), at(1_780_551_000)])
        #expect(delivered.allSatisfy { $0.identifier == "wake#weekly-mon+tue+thu-07:30:00" && $0.deviceTimeZone == "Europe/Berlin" })
        #expect(await center.scheduledAlarms().map(\.state) == [.scheduled])
    }

    @Test("after the device moves from Berlin to New York, the alarm rings at 07:30 New York time")
    func followsTravel() async throws {
        let (center, clock, device) = makeCenter(start: Self.mondayMidnightBerlin, zone: Zones.berlin)
        try await center.schedule(weeklyRequest(1, "wake#weekly-mon+tue+thu-07:30:00", [.monday, .tuesday, .thursday], 7, 30))

        await clock.advance(to: at(1_780_315_200))   // 2026-06-01T12:00:00Z: Monday's 07:30 CEST has rung
        await device.change(to: Zones.newYork)   // landing: 08:00 EDT on Monday
        await clock.advance(to: at(1_780_617_600))   // 2026-06-05T00:00:00Z

        // Mon 05:30Z in Berlin, then 07:30 EDT = 11:30Z on Tue 2 and Thu 4 June.
        let delivered = await center.deliveries
        #expect(delivered.map(\.instant) == [at(1_780_291_800), at(1_780_399_800), at(1_780_572_600)])
        #expect(delivered.map(\.deviceTimeZone) == ["Europe/Berlin", "America/New_York", "America/New_York"])
    }

    @Test("a daily 07:30 alarm keeps ringing at 07:30 local across Berlin's spring-forward")
    func springForwardAtAnOrdinaryTime() async throws {
        let (center, clock, _) = makeCenter(start: at(1_774_656_000), zone: Zones.berlin)   // 2026-03-28T00:00:00Z
        try await center.schedule(weeklyRequest(1, "wake#daily-07:30:00", .daily, 7, 30))

        await clock.advance(to: at(1_774_915_200))   // 2026-03-31T00:00:00Z

        // Sat 07:30 CET = 06:30Z; Sun and Mon 07:30 CEST = 05:30Z.
        #expect(await center.deliveries.map(\.instant) == [at(1_774_679_400), at(1_774_762_200), at(1_774_848_600)])
    }
}

@Suite("Simulated AlarmKit center: times a clock change skips or repeats")
struct SimulatedAlarmCenterClockChangeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let zone: TimeZone
        let hour: Int, minute: Int
        let start: Date, end: Date
        let expected: [Date]
        var testDescription: String { "\(zone.identifier) \(hour):\(minute)" }
    }

    static let cases: [Case] = [
        // Berlin gap: 02:30 on Sun 29 March does not exist; it rings when the clock jumps to 03:00 CEST (01:00Z).
        Case(
            zone: Zones.berlin, hour: 2, minute: 30, start: at(1_774_656_000), end: at(1_774_915_200),   // 28 → 31 March
            expected: [at(1_774_661_400), at(1_774_746_000), at(1_774_830_600)]),   // 01:30Z, 01:00Z, 00:30Z
        // Lord Howe gap: 02:15 on Sun 4 October does not exist; it rings at the jump 02:00 LHST → 02:30 LHDT (15:30Z on the 3rd).
        Case(
            zone: Zones.lordHowe, hour: 2, minute: 15, start: at(1_790_942_400), end: at(1_791_158_400),   // 2 Oct 12:00Z → 5 Oct 00:00Z
            expected: [at(1_790_955_900), at(1_791_041_400), at(1_791_126_900)]),   // 15:45Z, 15:30Z, 15:15Z
        // Berlin overlap: 02:30 on Sun 25 October rings once, at 02:30 CEST (00:30Z), not again at 02:30 CET.
        Case(
            zone: Zones.berlin, hour: 2, minute: 30, start: at(1_792_800_000), end: at(1_793_059_200),   // 24 → 27 October
            expected: [at(1_792_801_800), at(1_792_888_200), at(1_792_978_200)]),   // 00:30Z, 00:30Z, 01:30Z
        // Lord Howe overlap: 01:45 on Sun 5 April rings once, at 01:45 LHDT (14:45Z on the 4th).
        Case(
            zone: Zones.lordHowe, hour: 1, minute: 45, start: at(1_775_217_600), end: at(1_775_433_600),   // 3 Apr 12:00Z → 6 Apr 00:00Z
            expected: [at(1_775_227_500), at(1_775_313_900), at(1_775_402_100)])   // 14:45Z, 14:45Z, 15:15Z
    ]

    @Test("a daily alarm rings at the transition in a gap and once, at the first occurrence, in an overlap", arguments: cases)
    func gapAndOverlap(_ testCase: Case) async throws {
        let (center, clock, _) = makeCenter(start: testCase.start, zone: testCase.zone)
        try await center.schedule(weeklyRequest(1, "wake#daily", .daily, testCase.hour, testCase.minute))
        await clock.advance(to: testCase.end)
        #expect(await center.deliveries.map(\.instant) == testCase.expected)
    }
}

@Suite("Simulated AlarmKit center: fixed alarms")
struct SimulatedAlarmCenterFixedTests {
    static let start = at(1_780_264_800)   // 2026-05-31T22:00:00Z
    static let instant = at(1_780_378_200)   // 2026-06-02T05:30:00Z

    @Test("a fixed alarm rings at its instant whatever the device zone, alerts, then vanishes")
    func ringsAtItsInstantAndVanishes() async throws {
        let (center, clock, device) = makeCenter(start: Self.start, zone: Zones.berlin)
        try await center.schedule(fixedRequest(1, "wake@2026-06-02T07:30:00", Self.instant))

        await device.change(to: Zones.newYork)   // the instant does not move with the clock
        await clock.advance(to: Self.instant)
        #expect(await center.scheduledAlarms().map(\.state) == [.alerting])

        await clock.advance(to: at(1_780_444_800))   // 2026-06-03T00:00:00Z, long after the 15-minute alert
        let delivered = await center.deliveries
        #expect(delivered.map(\.instant) == [Self.instant])
        #expect(delivered.map(\.deviceTimeZone) == ["America/New_York"])
        #expect(await center.scheduledAlarms().isEmpty)
    }

    @Test("stopping a ringing one-shot deletes it at once")
    func stopDeletesAOneShot() async throws {
        let (center, clock, _) = makeCenter(start: Self.start, zone: Zones.berlin)
        try await center.schedule(fixedRequest(1, "wake@2026-06-02T07:30:00", Self.instant))
        await clock.advance(to: Self.instant)
        try await center.stop(id: alarmID(1))
        #expect(await center.scheduledAlarms().isEmpty)
    }

    @Test("a fixed instant already past rings at once, at the present")
    func pastInstantRingsAtOnce() async throws {
        let (center, _, _) = makeCenter(start: Self.instant, zone: Zones.berlin)
        try await center.schedule(fixedRequest(1, "late", Self.start))
        #expect(await center.deliveries.map(\.instant) == [Self.instant])
    }
}

@Suite("Simulated AlarmKit center: limit, replace, cancel, authorization")
struct SimulatedAlarmCenterBookkeepingTests {
    static let start = at(1_780_264_800)   // 2026-05-31T22:00:00Z = Mon 00:00 CEST

    @Test("scheduling past the limit throws maximumLimitReached with the count held and schedules nothing")
    func limit() async throws {
        let (center, _, _) = makeCenter(start: Self.start, zone: Zones.berlin, limit: 2)
        try await center.schedule(weeklyRequest(1, "a", .daily, 7, 0))
        try await center.schedule(weeklyRequest(2, "b", .daily, 8, 0))
        await #expect(throws: AlarmCenterError.maximumLimitReached(scheduled: 2)) {
            try await center.schedule(weeklyRequest(3, "c", .daily, 9, 0))
        }
        #expect(await center.scheduledAlarms().map(\.identifier) == ["a", "b"])
        // Replacing an alarm already held takes no new place.
        try await center.schedule(weeklyRequest(2, "b2", .daily, 8, 15))
        #expect(await center.scheduledAlarms().map(\.identifier) == ["a", "b2"])
    }

    @Test("scheduling an id already held replaces it: only the new time rings")
    func replaceByID() async throws {
        let (center, clock, _) = makeCenter(start: Self.start, zone: Zones.berlin)
        try await center.schedule(weeklyRequest(1, "wake#daily-07:30:00", .daily, 7, 30))
        try await center.schedule(weeklyRequest(1, "wake#daily-08:00:00", .daily, 8, 0))
        #expect(await center.scheduledAlarms().map(\.identifier) == ["wake#daily-08:00:00"])

        await clock.advance(to: at(1_780_315_200))   // 2026-06-01T12:00:00Z
        // 08:00 CEST = 06:00Z; nothing at 07:30.
        #expect(await center.deliveries.map(\.instant) == [at(1_780_293_600)])
        #expect(await center.deliveries.map(\.identifier) == ["wake#daily-08:00:00"])
    }

    @Test("a cancelled alarm never rings, and cancelling an unknown id changes nothing")
    func cancel() async throws {
        let (center, clock, _) = makeCenter(start: Self.start, zone: Zones.berlin)
        try await center.schedule(weeklyRequest(1, "a", .daily, 7, 30))
        try await center.schedule(weeklyRequest(2, "b", .daily, 8, 0))
        await center.cancel(id: alarmID(1))
        await center.cancel(id: alarmID(99))
        #expect(await center.scheduledAlarms().map(\.identifier) == ["b"])
        await clock.advance(to: at(1_780_315_200))   // 2026-06-01T12:00:00Z
        #expect(await center.deliveries.map(\.identifier) == ["b"])
    }

    @Test("denied authorization: requestAuthorization returns false and schedule throws notAuthorized")
    func denied() async throws {
        let (center, _, _) = makeCenter(start: Self.start, zone: Zones.berlin)
        #expect(await center.requestAuthorization())
        await center.setAuthorization(.denied)
        #expect(await center.requestAuthorization() == false)
        await #expect(throws: AlarmCenterError.notAuthorized) {
            try await center.schedule(weeklyRequest(1, "a", .daily, 7, 30))
        }
        #expect(await center.scheduledAlarms().isEmpty)
    }

    @Test(
        "a schedule AlarmKit cannot express is refused with the field and the value",
        arguments: [
            (weeklyRequest(1, "a", .daily, 24, 0), "hour 24 is not in 0…23"),
            (weeklyRequest(1, "a", .daily, 7, 60), "minute 60 is not in 0…59"),
            (weeklyRequest(1, "a", [], 7, 30), "weekdays is empty")
        ])
    func invalidSchedule(request: AlarmRequest, message: String) async throws {
        let (center, _, _) = makeCenter(start: Self.start, zone: Zones.berlin)
        do {
            try await center.schedule(request)
            Issue.record("scheduled an invalid request")
        } catch {
            #expect(error.description.contains("alarm 'a': " + message))
        }
        #expect(await center.scheduledAlarms().isEmpty)
    }

    @Test("the error messages say what to do")
    func messages() {
        let denied = AlarmCenterError.notAuthorized.description
        #expect(denied.contains("Settings") && denied.contains("NSAlarmKitUsageDescription"))
        #expect(AlarmCenterError.maximumLimitReached(scheduled: 30).description.contains("holds 30 alarms"))
        #expect(AlarmCenterError.failed("boom").localizedDescription == "alarm center: boom")
    }
}

@Suite("Simulated AlarmKit center: snooze and stop")
struct SimulatedAlarmCenterSnoozeTests {
    static let start = at(1_780_264_800)   // 2026-05-31T22:00:00Z = Mon 00:00 CEST
    static let ring = at(1_780_291_800)   // Mon 07:30 CEST = 05:30:00Z

    @Test("a snoozed alarm counts down and rings again after its snooze length; stopped, it waits for the next day")
    func snoozeThenStop() async throws {
        let (center, clock, _) = makeCenter(start: Self.start, zone: Zones.berlin)
        try await center.schedule(weeklyRequest(1, "wake#daily-07:30:00", .daily, 7, 30, snooze: 540))

        await clock.advance(to: Self.ring)
        try await center.snooze(id: alarmID(1))
        #expect(await center.scheduledAlarms().map(\.state) == [.countdown])
        await clock.advance(by: 540)   // 07:39 CEST = 05:39Z
        #expect(await center.scheduledAlarms().map(\.state) == [.alerting])
        try await center.stop(id: alarmID(1))
        #expect(await center.scheduledAlarms().map(\.state) == [.scheduled])
        await clock.advance(to: at(1_780_401_600))   // 2026-06-02T12:00:00Z

        // 05:30Z, the snooze's 05:39Z, then Tuesday's 05:30Z.
        let delivered = await center.deliveries
        #expect(delivered.map(\.instant) == [Self.ring, at(1_780_292_340), at(1_780_378_200)])
        #expect(delivered.map(\.isSnoozeRing) == [false, true, false])
    }

    @Test("only a ringing alarm with a snooze length snoozes")
    func snoozeRefusals() async throws {
        let (center, clock, _) = makeCenter(start: Self.start, zone: Zones.berlin)
        try await center.schedule(weeklyRequest(1, "with", .daily, 7, 30, snooze: 540))
        try await center.schedule(weeklyRequest(2, "without", .daily, 7, 30))
        await #expect(throws: AlarmCenterError.self) { try await center.snooze(id: alarmID(1)) }   // not ringing yet
        await clock.advance(to: Self.ring)
        await #expect(throws: AlarmCenterError.self) { try await center.snooze(id: alarmID(2)) }   // no snooze length
        await #expect(throws: AlarmCenterError.self) { try await center.snooze(id: alarmID(99)) }   // unknown
        #expect(await center.scheduledAlarms().map(\.state) == [.alerting, .alerting])
    }
}
