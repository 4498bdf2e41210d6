import Foundation
import RecurringAlarms
import Testing

/// One rule rings once per instant: a gap-shifted time that lands on another fire of the same
/// rule is dropped, and the fire whose wall time exists is kept (RFC 5545 §3.8.5.3 counts
/// duplicate instances once). Fires of different rules at one instant all stay.
///
/// Transitions used (checked with Python's zoneinfo and `TimeZone.secondsFromGMT(for:)`):
/// - America/New_York 2026-03-08 02:00 EST (UTC−5) → 03:00 EDT (UTC−4) at 07:00:00Z (1_772_953_200)
/// - Australia/Lord_Howe Sun 2026-10-04 02:00 (UTC+10:30) → 02:30 (UTC+11) at 2026-10-03T15:30:00Z (1_791_041_400)
/// - Pacific/Chatham Sun 2026-09-27 02:45 (UTC+12:45) → 03:45 (UTC+13:45) at 2026-09-26T14:00:00Z (1_790_431_200)
/// - Europe/Warsaw Sun 2017-03-26 02:00 CET (UTC+1) → 03:00 CEST (UTC+2) at 01:00:00Z (1_490_490_000)
/// - Pacific/Apia skipped 2011-12-30: 2011-12-29 24:00 (UTC−10) → 2011-12-31 00:00 (UTC+14) at 2011-12-30T10:00:00Z
@Suite("One rule rings once per instant")
struct SameInstantTests {
    /// A daily rule whose gap time shifts onto another of its times, planned over the day of the gap.
    struct Collision: Sendable, CustomTestStringConvertible {
        let zone: String
        let times: [String]
        /// `now`, a day before the window's end.
        let now: Int
        /// `id rfc3339 adjustment` of every fire in `(now, now + 1 day]`.
        let expected: [String]
        let epochs: [Int]

        var testDescription: String { "\(zone) \(times.joined(separator: " "))" }
    }

    static let collisions: [Collision] = [
        // 02:00 EST is read as 07:00Z = 03:00 EDT, the rule's own 03:00.
        Collision(
            zone: "America/New_York", times: ["02:00", "03:00"], now: 1_772_928_000,   // 2026-03-08T00:00:00Z
            expected: ["r@2026-03-08T03:00:00 2026-03-08T03:00:00-04:00 none"], epochs: [1_772_953_200]),   // 07:00:00Z
        // 02:30 EST is read as 07:30Z = 03:30 EDT, the rule's own 03:30.
        Collision(
            zone: "America/New_York", times: ["02:30", "03:30"], now: 1_772_928_000,   // 2026-03-08T00:00:00Z
            expected: ["r@2026-03-08T03:30:00 2026-03-08T03:30:00-04:00 none"], epochs: [1_772_955_000]),   // 07:30:00Z
        // Both pairs at once: two fires, not four.
        Collision(
            zone: "America/New_York", times: ["02:00", "02:30", "03:00", "03:30"], now: 1_772_928_000,
            expected: [
                "r@2026-03-08T03:00:00 2026-03-08T03:00:00-04:00 none",   // 07:00:00Z
                "r@2026-03-08T03:30:00 2026-03-08T03:30:00-04:00 none"
            ],   // 07:30:00Z
            epochs: [1_772_953_200, 1_772_955_000]),
        // Lord Howe's 30-minute gap: 02:00 +10:30 is 15:30Z = 02:30 +11:00.
        Collision(
            zone: "Australia/Lord_Howe", times: ["02:00", "02:30"], now: 1_790_985_600,   // 2026-10-03T00:00:00Z
            expected: ["r@2026-10-04T02:30:00 2026-10-04T02:30:00+11:00 none"], epochs: [1_791_041_400]),   // 2026-10-03T15:30:00Z
        // 02:15 +10:30 is 15:45Z = 02:45 +11:00.
        Collision(
            zone: "Australia/Lord_Howe", times: ["02:15", "02:45"], now: 1_790_985_600,   // 2026-10-03T00:00:00Z
            expected: ["r@2026-10-04T02:45:00 2026-10-04T02:45:00+11:00 none"], epochs: [1_791_042_300]),   // 2026-10-03T15:45:00Z
        // Chatham: 02:45 +12:45 is 14:00Z = 03:45 +13:45.
        Collision(
            zone: "Pacific/Chatham", times: ["02:45", "03:45"], now: 1_790_380_800,   // 2026-09-26T00:00:00Z
            expected: ["r@2026-09-27T03:45:00 2026-09-27T03:45:00+13:45 none"], epochs: [1_790_431_200]),   // 2026-09-26T14:00:00Z
        // 03:00 +12:45 is 14:15Z = 04:00 +13:45.
        Collision(
            zone: "Pacific/Chatham", times: ["03:00", "04:00"], now: 1_790_380_800,   // 2026-09-26T00:00:00Z
            expected: ["r@2026-09-27T04:00:00 2026-09-27T04:00:00+13:45 none"], epochs: [1_790_432_100])   // 2026-09-26T14:15:00Z
    ]

    @Test(
        "a gap-shifted time that lands on another time of its rule is dropped; the existing time rings",
        arguments: collisions)
    func shiftedTimeIsDropped(collision: Collision) throws {
        let rule = weeklyRule("r", times: collision.times, zone: Zones.named(collision.zone))
        let now = at(collision.now)
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.utc, horizon: 86_400))
        #expect(summary(planned.fires) == collision.expected)
        #expect(planned.fires.map { epoch($0.instant) } == collision.epochs)

        // The sequences and the fire count agree with the plan.
        let schedule = try AlarmSchedule(rules: [rule])
        let fires = Array(schedule.fires(after: now, through: planned.horizonEnd, deviceTimeZone: Zones.utc))
        #expect(summary(fires) == collision.expected)
        let occurrences = Array(schedule.occurrences(after: now, through: planned.horizonEnd, deviceTimeZone: Zones.utc))
        #expect(occurrences.map { epoch($0.instant) } == collision.epochs)
        #expect(occurrences.allSatisfy { $0.adjustment == .none })
    }

    @Test("only a landing on the same rule drops a shifted time; gap skip is unchanged")
    func onlyCollisionsDrop() throws {
        let rules = [
            weeklyRule("r", times: ["02:30", "03:30"], zone: Zones.newYork),   // 02:30 lands on 03:30: dropped
            weeklyRule("s", times: ["02:30", "03:00"], zone: Zones.newYork),   // no 03:30: 02:30 rings shifted
            weeklyRule("k", times: ["02:30", "03:30"], zone: Zones.newYork, gap: .skip)   // 02:30 skipped as before
        ]
        let planned = try plan(
            rules, now: at(1_772_928_000),   // 2026-03-08T00:00:00Z
            options: PlanOptions(deviceTimeZone: Zones.utc, horizon: 86_400))
        #expect(
            summary(planned.fires) == [
                "s@2026-03-08T03:00:00 2026-03-08T03:00:00-04:00 none",   // 07:00:00Z
                "k@2026-03-08T03:30:00 2026-03-08T03:30:00-04:00 none",   // 07:30:00Z
                "r@2026-03-08T03:30:00 2026-03-08T03:30:00-04:00 none",   // 07:30:00Z
                "s@2026-03-08T02:30:00 2026-03-08T03:30:00-04:00 gap-shifted"   // 07:30:00Z
            ])
    }

    @Test("fires of different rules at one instant all stay, ordered by rule id")
    func differentRulesAllStay() throws {
        let rules = [
            weeklyRule("b", times: ["02:00"], zone: Zones.newYork),   // shifted to 03:00 EDT
            weeklyRule("a", times: ["03:00"], zone: Zones.newYork),   // 03:00 EDT
            weeklyRule("c", times: ["02:00", "03:00"], zone: Zones.newYork),   // rings once
            weeklyRule("d", times: ["03:00"])   // floating, device New York
        ]
        let planned = try plan(
            rules, now: at(1_772_928_000),   // 2026-03-08T00:00:00Z
            options: PlanOptions(deviceTimeZone: Zones.newYork, horizon: 86_400))
        // All at 2026-03-08T07:00:00Z.
        #expect(
            summary(planned.fires) == [
                "a@2026-03-08T03:00:00 2026-03-08T03:00:00-04:00 none",
                "b@2026-03-08T02:00:00 2026-03-08T03:00:00-04:00 gap-shifted",
                "c@2026-03-08T03:00:00 2026-03-08T03:00:00-04:00 none",
                "d@2026-03-08T03:00:00 2026-03-08T03:00:00-04:00 none"
            ])
        #expect(planned.fires.allSatisfy { epoch($0.instant) == 1_772_953_200 })
    }

    @Test("croniter's hourly Warsaw case: 2017-03-26 rings at 01:00 +01:00, then 03:00, 04:00, 05:00 +02:00")
    func warsawHourly() throws {
        let hourly = weeklyRule("r", times: (0..<24).map { $0 < 10 ? "0\($0):00" : "\($0):00" }, zone: Zones.named("Europe/Warsaw"))
        let now = at(1_490_482_800)   // 2017-03-26T00:00:00+01:00 = 2017-03-25T23:00:00Z
        let planned = try plan([hourly], now: now, options: PlanOptions(deviceTimeZone: Zones.utc, cap: 4))
        #expect(
            summary(planned.fires) == [
                "r@2017-03-26T01:00:00 2017-03-26T01:00:00+01:00 none",   // 2017-03-26T00:00:00Z
                "r@2017-03-26T03:00:00 2017-03-26T03:00:00+02:00 none",   // 2017-03-26T01:00:00Z
                "r@2017-03-26T04:00:00 2017-03-26T04:00:00+02:00 none",   // 2017-03-26T02:00:00Z
                "r@2017-03-26T05:00:00 2017-03-26T05:00:00+02:00 none"   // 2017-03-26T03:00:00Z
            ])
        #expect(planned.fires.map { epoch($0.instant) } == [1_490_486_400, 1_490_490_000, 1_490_493_600, 1_490_497_200])
        // The fifth fire is 06:00 +02:00 (04:00Z), where the plan's coverage ends.
        #expect(planned.coveredUntil == at(1_490_500_800))
    }

    @Test("a rule at every minute rings once per minute of real time across the gap, however the sequence is batched")
    func everyMinute() throws {
        let rule = weeklyRule("m", times: (0..<1440).map { String(format: "%02d:%02d", $0 / 60, $0 % 60) }, zone: Zones.newYork)
        let schedule = try AlarmSchedule(rules: [rule])
        // From 17:27 EST on 2026-03-07 the 512th occurrence (a full batch) is 01:59; the next batch
        // resumes at 02:00, inside the gap. 24 h later is 18:27 EDT on 2026-03-08 (22:27Z).
        let after = at(1_772_922_420)   // 2026-03-07T17:27:00-05:00 = 22:27:00Z
        let through = after.addingTimeInterval(86_400)
        let occurrences = Array(schedule.occurrences(after: after, through: through, deviceTimeZone: Zones.utc))
        // 17:28 … 23:59 EST (392), 00:00 … 01:59 (120), 03:00 … 18:27 EDT (928): one per real minute.
        #expect(occurrences.count == 1440)
        #expect(occurrences[511].local == wall("2026-03-08T01:59:00"))
        #expect(occurrences[512].local == wall("2026-03-08T03:00:00"))
        #expect(Set(occurrences.map(\.instant)).count == 1440)
        #expect(occurrences.allSatisfy { $0.adjustment == .none })
        let planned = schedule.plan(now: after, options: PlanOptions(deviceTimeZone: Zones.utc, cap: 2000, horizon: 86_400))
        #expect(planned.fires.count == 1440)
        #expect(planned.fires.map(\.instant) == occurrences.map(\.instant))
    }

    @Test("across days: Apia's shifted 2011-12-30 09:00 is dropped only when its rule rings at 2011-12-31 09:00")
    func apiaAcrossDays() throws {
        // A daily 09:00 rings once at 2011-12-30T19:00:00Z (see the history suite); a Friday rule has
        // no 2011-12-31 (a Saturday) fire for its shifted 2011-12-30 09:00 to land on.
        let fridays = weeklyRule("fri", days: .friday, times: ["09:00"], zone: Zones.apia)
        let shifted = try plan(
            [fridays], now: at(1_325_116_800),   // 2011-12-29T00:00:00Z
            options: PlanOptions(deviceTimeZone: Zones.apia, horizon: 3 * 86_400))
        #expect(summary(shifted.fires) == ["fri@2011-12-30T09:00:00 2011-12-31T09:00:00+14:00 gap-shifted"])   // 2011-12-30T19:00:00Z
        let weekend = weeklyRule("fs", days: [.friday, .saturday], times: ["09:00"], zone: Zones.apia)
        let once = try plan([weekend], now: at(1_325_116_800), options: PlanOptions(deviceTimeZone: Zones.apia, horizon: 3 * 86_400))
        #expect(summary(once.fires) == ["fs@2011-12-31T09:00:00 2011-12-31T09:00:00+14:00 none"])   // 2011-12-30T19:00:00Z
    }
}
