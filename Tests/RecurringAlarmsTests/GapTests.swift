import Foundation
import RecurringAlarms
import Testing

/// Wall times that a spring-forward transition removes.
///
/// Transitions used (checked with `TimeZone.secondsFromGMT(for:)`):
/// - America/New_York 2026-03-08 02:00 EST (UTC−5) → 03:00 EDT (UTC−4) at 07:00:00Z (1_772_953_200)
/// - Australia/Lord_Howe 2026-10-04 02:00 (UTC+10:30) → 02:30 (UTC+11) at 2026-10-03T15:30:00Z (1_791_041_400)
/// - Pacific/Chatham 2026-09-27 02:45 (UTC+12:45) → 03:45 (UTC+13:45) at 2026-09-26T14:00:00Z (1_790_431_200)
/// - America/Havana 2026-03-08 00:00 CST (UTC−5) → 01:00 CDT (UTC−4) at 05:00:00Z (1_772_946_000)
@Suite("Spring-forward gaps")
struct GapTests {
    /// One wall time at the edge of or inside a gap, and what it must resolve to.
    struct Edge: Sendable, CustomTestStringConvertible {
        let zone: String
        let local: String
        /// The instant: the only one, or for a gap the wall time read with the offset before it.
        let epochSeconds: Int
        /// Gap length in seconds; nil when the wall time exists.
        let gapLength: Int?
        /// The instant in RFC 3339 with the zone's offset at it: the clock the alarm rings at.
        let rfc3339: String
        let utcOffsetSeconds: Int

        var testDescription: String { "\(zone) \(local)" }
    }

    /// The second before each gap, its first second, a second inside, its last second, and
    /// the first wall time after it.
    static let edges: [Edge] = [
        Edge(
            zone: "America/New_York", local: "2026-03-08T01:59:59", epochSeconds: 1_772_953_199, gapLength: nil,   // 06:59:59Z
            rfc3339: "2026-03-08T01:59:59-05:00", utcOffsetSeconds: -18_000),
        Edge(
            zone: "America/New_York", local: "2026-03-08T02:00:00", epochSeconds: 1_772_953_200, gapLength: 3600,   // 07:00:00Z
            rfc3339: "2026-03-08T03:00:00-04:00", utcOffsetSeconds: -14_400),
        Edge(
            zone: "America/New_York", local: "2026-03-08T02:30:00", epochSeconds: 1_772_955_000, gapLength: 3600,   // 07:30:00Z
            rfc3339: "2026-03-08T03:30:00-04:00", utcOffsetSeconds: -14_400),
        Edge(
            zone: "America/New_York", local: "2026-03-08T02:59:59", epochSeconds: 1_772_956_799, gapLength: 3600,   // 07:59:59Z
            rfc3339: "2026-03-08T03:59:59-04:00", utcOffsetSeconds: -14_400),
        Edge(
            zone: "America/New_York", local: "2026-03-08T03:00:00", epochSeconds: 1_772_953_200, gapLength: nil,   // 07:00:00Z
            rfc3339: "2026-03-08T03:00:00-04:00", utcOffsetSeconds: -14_400),

        Edge(
            // 2026-10-03T15:29:59Z
            zone: "Australia/Lord_Howe", local: "2026-10-04T01:59:59", epochSeconds: 1_791_041_399, gapLength: nil,
            rfc3339: "2026-10-04T01:59:59+10:30", utcOffsetSeconds: 37_800),
        Edge(
            // 2026-10-03T15:30:00Z
            zone: "Australia/Lord_Howe", local: "2026-10-04T02:00:00", epochSeconds: 1_791_041_400, gapLength: 1800,
            rfc3339: "2026-10-04T02:30:00+11:00", utcOffsetSeconds: 39_600),
        Edge(
            // 2026-10-03T15:45:00Z
            zone: "Australia/Lord_Howe", local: "2026-10-04T02:15:00", epochSeconds: 1_791_042_300, gapLength: 1800,
            rfc3339: "2026-10-04T02:45:00+11:00", utcOffsetSeconds: 39_600),
        Edge(
            // 2026-10-03T15:59:59Z
            zone: "Australia/Lord_Howe", local: "2026-10-04T02:29:59", epochSeconds: 1_791_043_199, gapLength: 1800,
            rfc3339: "2026-10-04T02:59:59+11:00", utcOffsetSeconds: 39_600),
        Edge(
            // 2026-10-03T15:30:00Z
            zone: "Australia/Lord_Howe", local: "2026-10-04T02:30:00", epochSeconds: 1_791_041_400, gapLength: nil,
            rfc3339: "2026-10-04T02:30:00+11:00", utcOffsetSeconds: 39_600),

        Edge(
            zone: "Pacific/Chatham", local: "2026-09-27T02:44:59", epochSeconds: 1_790_431_199, gapLength: nil,   // 2026-09-26T13:59:59Z
            rfc3339: "2026-09-27T02:44:59+12:45", utcOffsetSeconds: 45_900),
        Edge(
            zone: "Pacific/Chatham", local: "2026-09-27T02:45:00", epochSeconds: 1_790_431_200, gapLength: 3600,   // 2026-09-26T14:00:00Z
            rfc3339: "2026-09-27T03:45:00+13:45", utcOffsetSeconds: 49_500),
        Edge(
            zone: "Pacific/Chatham", local: "2026-09-27T03:00:00", epochSeconds: 1_790_432_100, gapLength: 3600,   // 2026-09-26T14:15:00Z
            rfc3339: "2026-09-27T04:00:00+13:45", utcOffsetSeconds: 49_500),
        Edge(
            zone: "Pacific/Chatham", local: "2026-09-27T03:44:59", epochSeconds: 1_790_434_799, gapLength: 3600,   // 2026-09-26T14:59:59Z
            rfc3339: "2026-09-27T04:44:59+13:45", utcOffsetSeconds: 49_500),
        Edge(
            zone: "Pacific/Chatham", local: "2026-09-27T03:45:00", epochSeconds: 1_790_431_200, gapLength: nil,   // 2026-09-26T14:00:00Z
            rfc3339: "2026-09-27T03:45:00+13:45", utcOffsetSeconds: 49_500),

        Edge(
            zone: "America/Havana", local: "2026-03-07T23:59:59", epochSeconds: 1_772_945_999, gapLength: nil,   // 2026-03-08T04:59:59Z
            rfc3339: "2026-03-07T23:59:59-05:00", utcOffsetSeconds: -18_000),
        Edge(
            zone: "America/Havana", local: "2026-03-08T00:00:00", epochSeconds: 1_772_946_000, gapLength: 3600,   // 2026-03-08T05:00:00Z
            rfc3339: "2026-03-08T01:00:00-04:00", utcOffsetSeconds: -14_400),
        Edge(
            zone: "America/Havana", local: "2026-03-08T00:30:00", epochSeconds: 1_772_947_800, gapLength: 3600,   // 2026-03-08T05:30:00Z
            rfc3339: "2026-03-08T01:30:00-04:00", utcOffsetSeconds: -14_400),
        Edge(
            zone: "America/Havana", local: "2026-03-08T00:59:59", epochSeconds: 1_772_949_599, gapLength: 3600,   // 2026-03-08T05:59:59Z
            rfc3339: "2026-03-08T01:59:59-04:00", utcOffsetSeconds: -14_400),
        Edge(
            zone: "America/Havana", local: "2026-03-08T01:00:00", epochSeconds: 1_772_946_000, gapLength: nil,   // 2026-03-08T05:00:00Z
            rfc3339: "2026-03-08T01:00:00-04:00", utcOffsetSeconds: -14_400)
    ]

    @Test("a wall time resolves to one instant or to a gap shifted by its length", arguments: edges)
    func resolution(edge: Edge) {
        let expected: WallClockResolution =
            if let length = edge.gapLength {
                .gap(shifted: at(edge.epochSeconds), lengthSeconds: length)
            } else {
                .unique(at(edge.epochSeconds))
            }
        #expect(wall(edge.local).resolution(in: Zones.named(edge.zone)) == expected)
    }

    @Test("with gap shift, a one-shot rule fires once at the shifted instant", arguments: edges)
    func shiftPolicyPlansOneFire(edge: Edge) throws {
        let local = wall(edge.local)
        let zone = Zones.named(edge.zone)
        let rule = onceRule("edge", on: local.date.description, times: [local.time.description], zone: zone, gap: .shift)
        let now = at(edge.epochSeconds - 43_200)   // twelve hours before the expected instant
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.utc, horizon: 86_400))

        let fire = try #require(planned.fires.first)
        #expect(planned.fires.count == 1)
        #expect(fire.id == "edge@" + edge.local)
        #expect(fire.local == local)
        #expect(epoch(fire.instant) == edge.epochSeconds)
        #expect(fire.rfc3339 == edge.rfc3339)
        #expect(fire.utcOffsetSeconds == edge.utcOffsetSeconds)
        #expect(fire.timeZone.identifier == edge.zone)
        #expect(fire.adjustment == (edge.gapLength == nil ? .none : .gapShifted))
        #expect(local.instant(in: zone, gap: .shift, overlap: .first)?.instant == at(edge.epochSeconds))
    }

    @Test("with gap skip, a wall time in the gap does not fire and one outside it does", arguments: edges)
    func skipPolicyDropsGapTimes(edge: Edge) throws {
        let local = wall(edge.local)
        let zone = Zones.named(edge.zone)
        let rule = onceRule("edge", on: local.date.description, times: [local.time.description], zone: zone, gap: .skip)
        let now = at(edge.epochSeconds - 43_200)
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.utc, horizon: 86_400))

        if edge.gapLength == nil {
            #expect(planned.fires.map { epoch($0.instant) } == [edge.epochSeconds])
            #expect(planned.fires.map(\.adjustment) == [.none])
            #expect(local.instant(in: zone, gap: .skip, overlap: .first)?.instant == at(edge.epochSeconds))
        } else {
            #expect(planned.fires.isEmpty)
            #expect(local.instant(in: zone, gap: .skip, overlap: .first) == nil)
        }
    }

    @Test("New York 02:30 on 2026-03-08 with gap shift fires at 07:30Z and keeps its nominal 02:30")
    func newYorkShift() throws {
        let rule = weeklyRule("wake", times: ["02:30"], zone: Zones.newYork, gap: .shift)
        let now = at(1_772_928_000)   // 2026-03-08T00:00:00Z (Sat 19:00 EST)
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.newYork, horizon: 86_400))

        let fire = try #require(planned.fires.first)
        #expect(planned.fires.count == 1)
        #expect(fire.id == "wake@2026-03-08T02:30:00")
        #expect(fire.ruleID == "wake")
        #expect(fire.instant == at(1_772_955_000))   // 2026-03-08T07:30:00Z
        #expect(fire.local.description == "2026-03-08T02:30:00")
        #expect(fire.adjustment == .gapShifted)
        #expect(fire.utcOffsetSeconds == -14_400)
        #expect(fire.rfc3339 == "2026-03-08T03:30:00-04:00")
        #expect(fire.timeZone.identifier == "America/New_York")
    }

    @Test("gap skip drops only the time in the gap; the rule's other times and days still fire")
    func newYorkSkipKeepsOtherTimes() throws {
        let rule = weeklyRule("wake", times: ["02:30", "09:00"], zone: Zones.newYork, gap: .skip)
        let now = at(1_772_928_000)   // 2026-03-08T00:00:00Z
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.newYork, horizon: 2 * 86_400))

        #expect(
            summary(planned.fires) == [
                "wake@2026-03-08T09:00:00 2026-03-08T09:00:00-04:00 none",   // 2026-03-08T13:00:00Z
                "wake@2026-03-09T02:30:00 2026-03-09T02:30:00-04:00 none",   // 2026-03-09T06:30:00Z
                "wake@2026-03-09T09:00:00 2026-03-09T09:00:00-04:00 none"   // 2026-03-09T13:00:00Z
            ])
        // 2026-03-08T13:00:00Z, 2026-03-09T06:30:00Z, 2026-03-09T13:00:00Z
        #expect(planned.fires.map { epoch($0.instant) } == [1_772_974_800, 1_773_037_800, 1_773_061_200])

        var shifting = rule
        shifting.gapPolicy = .shift
        let shifted = try plan([shifting], now: now, options: PlanOptions(deviceTimeZone: Zones.newYork, horizon: 2 * 86_400))
        #expect(
            shifted.fires.map(\.id) == [
                "wake@2026-03-08T02:30:00", "wake@2026-03-08T09:00:00",
                "wake@2026-03-09T02:30:00", "wake@2026-03-09T09:00:00"
            ])
        #expect(shifted.fires.first?.adjustment == .gapShifted)
    }

    @Test("Havana's gap swallows midnight: a daily 00:00 fires at 01:00 CDT on 2026-03-08")
    func havanaMidnight() throws {
        let daily = weeklyRule("midnight", times: ["00:00"], zone: Zones.havana)
        let sundays = weeklyRule("sunday", days: .sunday, times: ["00:00"], zone: Zones.havana, gap: .skip)
        let now = at(1_772_798_400)   // 2026-03-06T12:00:00Z
        let options = PlanOptions(deviceTimeZone: Zones.havana, horizon: 3 * 86_400)

        #expect(
            summary(try plan([daily], now: now, options: options).fires) == [
                "midnight@2026-03-07T00:00:00 2026-03-07T00:00:00-05:00 none",   // 2026-03-07T05:00:00Z
                "midnight@2026-03-08T00:00:00 2026-03-08T01:00:00-04:00 gap-shifted",   // 2026-03-08T05:00:00Z
                "midnight@2026-03-09T00:00:00 2026-03-09T00:00:00-04:00 none"   // 2026-03-09T04:00:00Z
            ])
        // The local date 2026-03-08 (a Sunday) has no midnight, so a skipping Sunday rule has nothing that day.
        #expect(try plan([sundays], now: now, options: options).fires.isEmpty)
    }

    /// `(zone, local wall time at the gap's start, transition instant)`: shifted, the wall time
    /// lands exactly on the transition.
    static let gapStarts: [(String, String, Int)] = [
        ("America/New_York", "2026-03-08T02:00:00", 1_772_953_200),   // 2026-03-08T07:00:00Z
        ("Australia/Lord_Howe", "2026-10-04T02:00:00", 1_791_041_400),   // 2026-10-03T15:30:00Z
        ("Pacific/Chatham", "2026-09-27T02:45:00", 1_790_431_200),   // 2026-09-26T14:00:00Z
        ("America/Havana", "2026-03-08T00:00:00", 1_772_946_000)   // 2026-03-08T05:00:00Z
    ]

    @Test(
        "a fire at the transition instant is in the window only while now is before it",
        arguments: gapStarts, [-1, 0, 1])
    func windowAtTransition(gap: (String, String, Int), nowOffset: Int) throws {
        let (zoneID, localText, transition) = gap
        let local = wall(localText)
        let rule = onceRule("edge", on: local.date.description, times: [local.time.description], zone: Zones.named(zoneID))
        let now = at(transition + nowOffset)
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.utc, horizon: 3600))

        #expect(planned.fires.map { epoch($0.instant) } == (nowOffset < 0 ? [transition] : []))
    }
}
