import Foundation
import RecurringAlarms
import Testing

/// Wall times that a fall-back transition repeats.
///
/// Transitions used (checked with `TimeZone.secondsFromGMT(for:)`):
/// - America/New_York 2026-11-01 02:00 EDT (UTC−4) → 01:00 EST (UTC−5) at 06:00:00Z (1_793_512_800)
/// - Australia/Lord_Howe 2026-04-05 02:00 (UTC+11) → 01:30 (UTC+10:30) at 2026-04-04T15:00:00Z (1_775_314_800)
/// - Pacific/Chatham 2026-04-05 03:45 (UTC+13:45) → 02:45 (UTC+12:45) at 2026-04-04T14:00:00Z (1_775_311_200)
/// - America/Havana 2026-11-01 01:00 CDT (UTC−4) → 00:00 CST (UTC−5) at 05:00:00Z (1_793_509_200)
@Suite("Fall-back overlaps")
struct OverlapTests {
    /// One wall time at the edge of or inside an overlap, with both readings when it has two.
    struct Edge: Sendable, CustomTestStringConvertible {
        let zone: String
        let local: String
        /// The only instant, or the earlier of two.
        let first: Int
        /// The later instant; nil when the wall time occurs once.
        let last: Int?
        let firstRFC3339: String
        let lastRFC3339: String?

        var testDescription: String { "\(zone) \(local)" }
    }

    /// The second before each overlap, its first second, a second inside, its last second,
    /// and the first wall time after it.
    static let edges: [Edge] = [
        Edge(
            zone: "America/New_York", local: "2026-11-01T00:59:59",
            first: 1_793_509_199, last: nil,   // 04:59:59Z
            firstRFC3339: "2026-11-01T00:59:59-04:00", lastRFC3339: nil),
        Edge(
            zone: "America/New_York", local: "2026-11-01T01:00:00",
            first: 1_793_509_200, last: 1_793_512_800,   // 05:00:00Z, 06:00:00Z
            firstRFC3339: "2026-11-01T01:00:00-04:00", lastRFC3339: "2026-11-01T01:00:00-05:00"),
        Edge(
            zone: "America/New_York", local: "2026-11-01T01:30:00",
            first: 1_793_511_000, last: 1_793_514_600,   // 05:30:00Z, 06:30:00Z
            firstRFC3339: "2026-11-01T01:30:00-04:00", lastRFC3339: "2026-11-01T01:30:00-05:00"),
        Edge(
            zone: "America/New_York", local: "2026-11-01T01:59:59",
            first: 1_793_512_799, last: 1_793_516_399,   // 05:59:59Z, 06:59:59Z
            firstRFC3339: "2026-11-01T01:59:59-04:00", lastRFC3339: "2026-11-01T01:59:59-05:00"),
        Edge(
            zone: "America/New_York", local: "2026-11-01T02:00:00",
            first: 1_793_516_400, last: nil,   // 07:00:00Z
            firstRFC3339: "2026-11-01T02:00:00-05:00", lastRFC3339: nil),

        Edge(
            zone: "Australia/Lord_Howe", local: "2026-04-05T01:29:59",
            first: 1_775_312_999, last: nil,   // 2026-04-04T14:29:59Z
            firstRFC3339: "2026-04-05T01:29:59+11:00", lastRFC3339: nil),
        Edge(
            zone: "Australia/Lord_Howe", local: "2026-04-05T01:30:00",
            first: 1_775_313_000, last: 1_775_314_800,   // 2026-04-04T14:30:00Z, 15:00:00Z
            firstRFC3339: "2026-04-05T01:30:00+11:00", lastRFC3339: "2026-04-05T01:30:00+10:30"),
        Edge(
            zone: "Australia/Lord_Howe", local: "2026-04-05T01:45:00",
            first: 1_775_313_900, last: 1_775_315_700,   // 2026-04-04T14:45:00Z, 15:15:00Z
            firstRFC3339: "2026-04-05T01:45:00+11:00", lastRFC3339: "2026-04-05T01:45:00+10:30"),
        Edge(
            zone: "Australia/Lord_Howe", local: "2026-04-05T01:59:59",
            first: 1_775_314_799, last: 1_775_316_599,   // 2026-04-04T14:59:59Z, 15:29:59Z
            firstRFC3339: "2026-04-05T01:59:59+11:00", lastRFC3339: "2026-04-05T01:59:59+10:30"),
        Edge(
            zone: "Australia/Lord_Howe", local: "2026-04-05T02:00:00",
            first: 1_775_316_600, last: nil,   // 2026-04-04T15:30:00Z
            firstRFC3339: "2026-04-05T02:00:00+10:30", lastRFC3339: nil),

        Edge(
            zone: "Pacific/Chatham", local: "2026-04-05T02:44:59",
            first: 1_775_307_599, last: nil,   // 2026-04-04T12:59:59Z
            firstRFC3339: "2026-04-05T02:44:59+13:45", lastRFC3339: nil),
        Edge(
            zone: "Pacific/Chatham", local: "2026-04-05T02:45:00",
            first: 1_775_307_600, last: 1_775_311_200,   // 2026-04-04T13:00:00Z, 14:00:00Z
            firstRFC3339: "2026-04-05T02:45:00+13:45", lastRFC3339: "2026-04-05T02:45:00+12:45"),
        Edge(
            zone: "Pacific/Chatham", local: "2026-04-05T03:00:00",
            first: 1_775_308_500, last: 1_775_312_100,   // 2026-04-04T13:15:00Z, 14:15:00Z
            firstRFC3339: "2026-04-05T03:00:00+13:45", lastRFC3339: "2026-04-05T03:00:00+12:45"),
        Edge(
            zone: "Pacific/Chatham", local: "2026-04-05T03:44:59",
            first: 1_775_311_199, last: 1_775_314_799,   // 2026-04-04T13:59:59Z, 14:59:59Z
            firstRFC3339: "2026-04-05T03:44:59+13:45", lastRFC3339: "2026-04-05T03:44:59+12:45"),
        Edge(
            zone: "Pacific/Chatham", local: "2026-04-05T03:45:00",
            first: 1_775_314_800, last: nil,   // 2026-04-04T15:00:00Z
            firstRFC3339: "2026-04-05T03:45:00+12:45", lastRFC3339: nil),

        Edge(
            zone: "America/Havana", local: "2026-10-31T23:59:59",
            first: 1_793_505_599, last: nil,   // 2026-11-01T03:59:59Z
            firstRFC3339: "2026-10-31T23:59:59-04:00", lastRFC3339: nil),
        Edge(
            zone: "America/Havana", local: "2026-11-01T00:00:00",
            first: 1_793_505_600, last: 1_793_509_200,   // 04:00:00Z, 05:00:00Z
            firstRFC3339: "2026-11-01T00:00:00-04:00", lastRFC3339: "2026-11-01T00:00:00-05:00"),
        Edge(
            zone: "America/Havana", local: "2026-11-01T00:30:00",
            first: 1_793_507_400, last: 1_793_511_000,   // 04:30:00Z, 05:30:00Z
            firstRFC3339: "2026-11-01T00:30:00-04:00", lastRFC3339: "2026-11-01T00:30:00-05:00"),
        Edge(
            zone: "America/Havana", local: "2026-11-01T00:59:59",
            first: 1_793_509_199, last: 1_793_512_799,   // 04:59:59Z, 05:59:59Z
            firstRFC3339: "2026-11-01T00:59:59-04:00", lastRFC3339: "2026-11-01T00:59:59-05:00"),
        Edge(
            zone: "America/Havana", local: "2026-11-01T01:00:00",
            first: 1_793_512_800, last: nil,   // 06:00:00Z
            firstRFC3339: "2026-11-01T01:00:00-05:00", lastRFC3339: nil)
    ]

    @Test("a wall time resolves to one instant, or to two an offset change apart", arguments: edges)
    func resolution(edge: Edge) {
        let expected: WallClockResolution =
            if let last = edge.last {
                .overlap(earlier: at(edge.first), later: at(last))
            } else {
                .unique(at(edge.first))
            }
        #expect(wall(edge.local).resolution(in: Zones.named(edge.zone)) == expected)
    }

    @Test(
        "each overlap policy picks its instant, flagged only when the time is ambiguous",
        arguments: edges, [OverlapPolicy.first, .last])
    func policyPicksInstant(edge: Edge, policy: OverlapPolicy) throws {
        let local = wall(edge.local)
        let zone = Zones.named(edge.zone)
        let rule = onceRule("edge", on: local.date.description, times: [local.time.description], zone: zone, overlap: policy)
        let now = at(edge.first - 43_200)   // twelve hours before the first reading
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.utc, horizon: 86_400))

        let expectedEpoch = policy == .last ? (edge.last ?? edge.first) : edge.first
        let expectedRFC3339 = policy == .last ? (edge.lastRFC3339 ?? edge.firstRFC3339) : edge.firstRFC3339
        let expectedAdjustment: FireAdjustment = edge.last == nil ? .none : (policy == .first ? .overlapFirst : .overlapLast)

        let fire = try #require(planned.fires.first)
        #expect(planned.fires.count == 1)
        #expect(fire.id == "edge@" + edge.local)
        #expect(epoch(fire.instant) == expectedEpoch)
        #expect(fire.rfc3339 == expectedRFC3339)
        #expect(fire.adjustment == expectedAdjustment)
        #expect(fire.local == local)
        let direct = local.instant(in: zone, gap: .shift, overlap: policy)
        #expect(direct?.instant == at(expectedEpoch))
        #expect(direct?.adjustment == expectedAdjustment)
    }

    @Test("New York 01:30 on 2026-11-01: first is 05:30Z (EDT), last is 06:30Z (EST)")
    func newYork() throws {
        let now = at(1_793_491_200)   // 2026-11-01T00:00:00Z (Oct 31 20:00 EDT)
        let options = PlanOptions(deviceTimeZone: Zones.newYork, horizon: 86_400)
        let first = try plan([weeklyRule("wake", times: ["01:30"], zone: Zones.newYork, overlap: .first)], now: now, options: options)
        let last = try plan([weeklyRule("wake", times: ["01:30"], zone: Zones.newYork, overlap: .last)], now: now, options: options)

        #expect(first.fires.map { epoch($0.instant) } == [1_793_511_000])   // 2026-11-01T05:30:00Z
        #expect(first.fires.map(\.adjustment) == [.overlapFirst])
        #expect(first.fires.map(\.utcOffsetSeconds) == [-14_400])
        #expect(last.fires.map { epoch($0.instant) } == [1_793_514_600])   // 2026-11-01T06:30:00Z
        #expect(last.fires.map(\.adjustment) == [.overlapLast])
        #expect(last.fires.map(\.utcOffsetSeconds) == [-18_000])
        // Same occurrence, so the same id whichever instant was chosen.
        #expect(first.fires.map(\.id) == ["wake@2026-11-01T01:30:00"])
        #expect(last.fires.map(\.id) == ["wake@2026-11-01T01:30:00"])
    }

    @Test("an ambiguous time fires once, not twice, and the next day is unaffected")
    func firesOncePerDay() throws {
        let rule = weeklyRule("lh", times: ["01:45"], zone: Zones.lordHowe, overlap: .last)
        let now = at(1_775_260_800)   // 2026-04-04T00:00:00Z
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.lordHowe, horizon: 2 * 86_400))

        #expect(
            summary(planned.fires) == [
                "lh@2026-04-05T01:45:00 2026-04-05T01:45:00+10:30 overlap-last",   // 2026-04-04T15:15:00Z
                "lh@2026-04-06T01:45:00 2026-04-06T01:45:00+10:30 none"   // 2026-04-05T15:15:00Z
            ])
    }

    @Test("Havana's overlap repeats midnight: 00:30 on 2026-11-01 occurs at 04:30Z and 05:30Z")
    func havanaMidnight() throws {
        let now = at(1_793_448_000)   // 2026-10-31T12:00:00Z
        let options = PlanOptions(deviceTimeZone: Zones.havana, horizon: 86_400)
        let first = try plan([weeklyRule("late", times: ["00:30"], zone: Zones.havana)], now: now, options: options)
        let last = try plan([weeklyRule("late", times: ["00:30"], zone: Zones.havana, overlap: .last)], now: now, options: options)

        #expect(summary(first.fires) == ["late@2026-11-01T00:30:00 2026-11-01T00:30:00-04:00 overlap-first"])   // 04:30:00Z
        #expect(summary(last.fires) == ["late@2026-11-01T00:30:00 2026-11-01T00:30:00-05:00 overlap-last"])   // 05:30:00Z
        #expect(first.fires.map { epoch($0.instant) } == [1_793_507_400])   // 2026-11-01T04:30:00Z
        #expect(last.fires.map { epoch($0.instant) } == [1_793_511_000])   // 2026-11-01T05:30:00Z
    }

    @Test("two rules with opposite policies on the same ambiguous time fire an hour apart")
    func oppositePolicies() throws {
        let rules = [
            weeklyRule("early", times: ["01:30"], zone: Zones.newYork, overlap: .first),
            weeklyRule("late", times: ["01:30"], zone: Zones.newYork, overlap: .last)
        ]
        let now = at(1_793_491_200)   // 2026-11-01T00:00:00Z
        let planned = try plan(rules, now: now, options: PlanOptions(deviceTimeZone: Zones.newYork, horizon: 86_400))

        #expect(planned.fires.map(\.id) == ["early@2026-11-01T01:30:00", "late@2026-11-01T01:30:00"])
        #expect(planned.fires.map { epoch($0.instant) } == [1_793_511_000, 1_793_514_600])   // 05:30:00Z, 06:30:00Z
    }
}
