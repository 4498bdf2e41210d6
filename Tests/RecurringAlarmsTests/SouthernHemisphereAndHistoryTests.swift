import Foundation
import RecurringAlarms
import Testing

/// Southern-hemisphere DST, zones whose rules or base offset changed, and offsets that are
/// not whole hours.
///
/// Transitions used (checked with `TimeZone.secondsFromGMT(for:)`):
/// - America/Sao_Paulo 2018-11-04 00:00 (UTC−3) → 01:00 (UTC−2) at 03:00:00Z (1_541_300_400);
///   2019-02-17 00:00 (UTC−2) → 2019-02-16 23:00 (UTC−3) at 02:00:00Z (1_550_368_800); no DST since.
/// - Australia/Sydney 2026-04-05 03:00 (UTC+11) → 02:00 (UTC+10) at 2026-04-04T16:00:00Z (1_775_318_400);
///   2026-10-04 02:00 (UTC+10) → 03:00 (UTC+11) at 2026-10-03T16:00:00Z (1_791_043_200).
/// - Pacific/Apia skipped 2011-12-30: 2011-12-30 00:00 (UTC−10) → 2011-12-31 00:00 (UTC+14) at 2011-12-30T10:00:00Z (1_325_239_200).
/// - Asia/Pyongyang 2015-08-15 00:00 (UTC+9) → 2015-08-14 23:30 (UTC+8:30) at 2015-08-14T15:00:00Z (1_439_564_400);
///   2018-05-04 23:30 (UTC+8:30) → 2018-05-05 00:00 (UTC+9) at 2018-05-04T15:00:00Z (1_525_446_000).
/// - Europe/Volgograd 2018-10-28 02:00 (UTC+3) → 03:00 (UTC+4) at 2018-10-27T23:00:00Z (1_540_681_200);
///   2020-12-27 02:00 (UTC+4) → 01:00 (UTC+3) at 2020-12-26T22:00:00Z (1_609_020_000).
/// - Asia/Kathmandu 1986-01-01 00:00 (UTC+5:30) → 00:15 (UTC+5:45) at 1985-12-31T18:30:00Z (504_901_800).
/// - America/St_Johns 2026-03-08 02:00 (UTC−3:30) → 03:00 (UTC−2:30) at 05:30:00Z (1_772_947_800);
///   2026-11-01 02:00 (UTC−2:30) → 01:00 (UTC−3:30) at 04:30:00Z (1_793_507_400).
@Suite("Southern hemisphere, history and non-hour offsets")
struct SouthernHemisphereAndHistoryTests {
    enum Expected: Sendable {
        case unique(Int)
        case gap(shifted: Int, length: Int)
        case overlap(Int, Int)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let zone: String
        let local: String
        let expected: Expected
        /// The instant under the default policies (gap shift, overlap first), in RFC 3339 with the zone's offset.
        let rfc3339: String

        var testDescription: String { "\(zone) \(local)" }
    }

    static let cases: [Case] = [
        // São Paulo: DST began at midnight, and ended with the hour before midnight repeated.
        Case(
            zone: "America/Sao_Paulo", local: "2018-11-03T23:59:59", expected: .unique(1_541_300_399),   // 2018-11-04T02:59:59Z
            rfc3339: "2018-11-03T23:59:59-03:00"),
        Case(
            zone: "America/Sao_Paulo", local: "2018-11-04T00:00:00", expected: .gap(shifted: 1_541_300_400, length: 3600),   // 03:00:00Z
            rfc3339: "2018-11-04T01:00:00-02:00"),
        Case(
            zone: "America/Sao_Paulo", local: "2018-11-04T00:30:00", expected: .gap(shifted: 1_541_302_200, length: 3600),   // 03:30:00Z
            rfc3339: "2018-11-04T01:30:00-02:00"),
        Case(
            zone: "America/Sao_Paulo", local: "2018-11-04T01:00:00", expected: .unique(1_541_300_400),   // 2018-11-04T03:00:00Z
            rfc3339: "2018-11-04T01:00:00-02:00"),
        Case(
            zone: "America/Sao_Paulo", local: "2019-02-16T22:59:59", expected: .unique(1_550_365_199),   // 2019-02-17T00:59:59Z
            rfc3339: "2019-02-16T22:59:59-02:00"),
        Case(
            zone: "America/Sao_Paulo", local: "2019-02-16T23:00:00", expected: .overlap(1_550_365_200, 1_550_368_800),   // 01:00Z, 02:00Z
            rfc3339: "2019-02-16T23:00:00-02:00"),
        Case(
            zone: "America/Sao_Paulo", local: "2019-02-16T23:30:00", expected: .overlap(1_550_367_000, 1_550_370_600),   // 01:30Z, 02:30Z
            rfc3339: "2019-02-16T23:30:00-02:00"),
        Case(
            zone: "America/Sao_Paulo", local: "2019-02-17T00:00:00", expected: .unique(1_550_372_400),   // 2019-02-17T03:00:00Z
            rfc3339: "2019-02-17T00:00:00-03:00"),
        // Brazil abolished DST in 2019: the first Sunday of November 2019 has no gap.
        Case(
            zone: "America/Sao_Paulo", local: "2019-11-03T00:30:00", expected: .unique(1_572_751_800),   // 2019-11-03T03:30:00Z
            rfc3339: "2019-11-03T00:30:00-03:00"),

        // Sydney: fall back in April, spring forward in October.
        Case(
            zone: "Australia/Sydney", local: "2026-04-05T01:59:59", expected: .unique(1_775_314_799),   // 2026-04-04T14:59:59Z
            rfc3339: "2026-04-05T01:59:59+11:00"),
        Case(
            zone: "Australia/Sydney", local: "2026-04-05T02:30:00", expected: .overlap(1_775_316_600, 1_775_320_200),   // 15:30Z, 16:30Z
            rfc3339: "2026-04-05T02:30:00+11:00"),
        Case(
            zone: "Australia/Sydney", local: "2026-04-05T03:00:00", expected: .unique(1_775_322_000),   // 2026-04-04T17:00:00Z
            rfc3339: "2026-04-05T03:00:00+10:00"),
        Case(
            zone: "Australia/Sydney", local: "2026-10-04T01:59:59", expected: .unique(1_791_043_199),   // 2026-10-03T15:59:59Z
            rfc3339: "2026-10-04T01:59:59+10:00"),
        Case(
            // 2026-10-03T16:30:00Z
            zone: "Australia/Sydney", local: "2026-10-04T02:30:00", expected: .gap(shifted: 1_791_045_000, length: 3600),
            rfc3339: "2026-10-04T03:30:00+11:00"),
        Case(
            zone: "Australia/Sydney", local: "2026-10-04T03:00:00", expected: .unique(1_791_043_200),   // 2026-10-03T16:00:00Z
            rfc3339: "2026-10-04T03:00:00+11:00"),

        // Apia moved across the date line: all of 2011-12-30 is one 24-hour gap.
        Case(
            zone: "Pacific/Apia", local: "2011-12-29T23:59:59", expected: .unique(1_325_239_199),   // 2011-12-30T09:59:59Z
            rfc3339: "2011-12-29T23:59:59-10:00"),
        Case(
            // 2011-12-30T10:00:00Z
            zone: "Pacific/Apia", local: "2011-12-30T00:00:00", expected: .gap(shifted: 1_325_239_200, length: 86_400),
            rfc3339: "2011-12-31T00:00:00+14:00"),
        Case(
            // 2011-12-30T22:00:00Z
            zone: "Pacific/Apia", local: "2011-12-30T12:00:00", expected: .gap(shifted: 1_325_282_400, length: 86_400),
            rfc3339: "2011-12-31T12:00:00+14:00"),
        Case(
            zone: "Pacific/Apia", local: "2011-12-31T00:00:00", expected: .unique(1_325_239_200),   // 2011-12-30T10:00:00Z
            rfc3339: "2011-12-31T00:00:00+14:00"),

        // Pyongyang changed its standard offset twice, each time at midnight.
        Case(
            zone: "Asia/Pyongyang", local: "2015-08-14T23:29:59", expected: .unique(1_439_562_599),   // 2015-08-14T14:29:59Z
            rfc3339: "2015-08-14T23:29:59+09:00"),
        Case(
            zone: "Asia/Pyongyang", local: "2015-08-14T23:45:00", expected: .overlap(1_439_563_500, 1_439_565_300),   // 14:45Z, 15:15Z
            rfc3339: "2015-08-14T23:45:00+09:00"),
        Case(
            zone: "Asia/Pyongyang", local: "2015-08-15T00:00:00", expected: .unique(1_439_566_200),   // 2015-08-14T15:30:00Z
            rfc3339: "2015-08-15T00:00:00+08:30"),
        Case(
            zone: "Asia/Pyongyang", local: "2018-05-04T23:29:59", expected: .unique(1_525_445_999),   // 2018-05-04T14:59:59Z
            rfc3339: "2018-05-04T23:29:59+08:30"),
        Case(
            // 2018-05-04T15:15:00Z
            zone: "Asia/Pyongyang", local: "2018-05-04T23:45:00", expected: .gap(shifted: 1_525_446_900, length: 1800),
            rfc3339: "2018-05-05T00:15:00+09:00"),
        Case(
            zone: "Asia/Pyongyang", local: "2018-05-05T00:00:00", expected: .unique(1_525_446_000),   // 2018-05-04T15:00:00Z
            rfc3339: "2018-05-05T00:00:00+09:00"),

        // Volgograd moved to UTC+4 in 2018 and back to UTC+3 in 2020, neither a DST change.
        Case(
            // 2018-10-27T23:30:00Z
            zone: "Europe/Volgograd", local: "2018-10-28T02:30:00", expected: .gap(shifted: 1_540_683_000, length: 3600),
            rfc3339: "2018-10-28T03:30:00+04:00"),
        Case(
            // 2020-12-26T21:30Z, 22:30Z
            zone: "Europe/Volgograd", local: "2020-12-27T01:30:00", expected: .overlap(1_609_018_200, 1_609_021_800),
            rfc3339: "2020-12-27T01:30:00+04:00"),

        // Kathmandu moved from UTC+5:30 to UTC+5:45 at the start of 1986: a 15-minute gap.
        Case(
            zone: "Asia/Kathmandu", local: "1985-12-31T23:59:59", expected: .unique(504_901_799),   // 1985-12-31T18:29:59Z
            rfc3339: "1985-12-31T23:59:59+05:30"),
        Case(
            // 1985-12-31T18:35:00Z
            zone: "Asia/Kathmandu", local: "1986-01-01T00:05:00", expected: .gap(shifted: 504_902_100, length: 900),
            rfc3339: "1986-01-01T00:20:00+05:45"),
        Case(
            zone: "Asia/Kathmandu", local: "1986-01-01T00:15:00", expected: .unique(504_901_800),   // 1985-12-31T18:30:00Z
            rfc3339: "1986-01-01T00:15:00+05:45"),

        // Offsets that are not whole hours.
        Case(
            zone: "Asia/Kolkata", local: "2026-06-01T07:00:00", expected: .unique(1_780_277_400),   // 2026-06-01T01:30:00Z
            rfc3339: "2026-06-01T07:00:00+05:30"),
        Case(
            zone: "Asia/Kathmandu", local: "2026-06-01T07:00:00", expected: .unique(1_780_276_500),   // 2026-06-01T01:15:00Z
            rfc3339: "2026-06-01T07:00:00+05:45"),
        Case(
            zone: "America/St_Johns", local: "2026-06-01T07:00:00", expected: .unique(1_780_306_200),   // 2026-06-01T09:30:00Z
            rfc3339: "2026-06-01T07:00:00-02:30"),
        Case(
            zone: "America/St_Johns", local: "2026-03-08T01:59:59", expected: .unique(1_772_947_799),   // 2026-03-08T05:29:59Z
            rfc3339: "2026-03-08T01:59:59-03:30"),
        Case(
            zone: "America/St_Johns", local: "2026-03-08T02:30:00", expected: .gap(shifted: 1_772_949_600, length: 3600),   // 06:00:00Z
            rfc3339: "2026-03-08T03:30:00-02:30"),
        Case(
            zone: "America/St_Johns", local: "2026-03-08T03:00:00", expected: .unique(1_772_947_800),   // 2026-03-08T05:30:00Z
            rfc3339: "2026-03-08T03:00:00-02:30"),
        Case(
            zone: "America/St_Johns", local: "2026-11-01T01:30:00", expected: .overlap(1_793_505_600, 1_793_509_200),   // 04:00Z, 05:00Z
            rfc3339: "2026-11-01T01:30:00-02:30")
    ]

    @Test("each wall time resolves as the zone's history says", arguments: cases)
    func resolution(testCase: Case) {
        let expected: WallClockResolution =
            switch testCase.expected {
            case .unique(let instant): .unique(at(instant))
            case .gap(let shifted, let length): .gap(shifted: at(shifted), lengthSeconds: length)
            case .overlap(let earlier, let later): .overlap(earlier: at(earlier), later: at(later))
            }
        #expect(wall(testCase.local).resolution(in: Zones.named(testCase.zone)) == expected)
    }

    @Test("a one-shot rule with the default policies fires at the expected clock", arguments: cases)
    func planned(testCase: Case) throws {
        let local = wall(testCase.local)
        let rule = onceRule("h", on: local.date.description, times: [local.time.description], zone: Zones.named(testCase.zone))
        let expectedEpoch: Int
        let expectedAdjustment: FireAdjustment
        switch testCase.expected {
        case .unique(let instant): (expectedEpoch, expectedAdjustment) = (instant, .none)
        case .gap(let shifted, _): (expectedEpoch, expectedAdjustment) = (shifted, .gapShifted)
        case .overlap(let earlier, _): (expectedEpoch, expectedAdjustment) = (earlier, .overlapFirst)
        }
        let now = at(expectedEpoch - 86_400)
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.utc, horizon: 2 * 86_400))

        #expect(summary(planned.fires) == ["h@\(testCase.local) \(testCase.rfc3339) \(expectedAdjustment.rawValue)"])
        #expect(planned.fires.map { epoch($0.instant) } == [expectedEpoch])
    }

    @Test("São Paulo 2018: a daily 00:30 is shifted into DST on the night it began at midnight")
    func saoPauloDaily() throws {
        let rule = weeklyRule("sp", times: ["00:30"], zone: Zones.saoPaulo)
        let now = at(1_541_160_000)   // 2018-11-02T12:00:00Z
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.saoPaulo, horizon: 3 * 86_400))

        #expect(
            summary(planned.fires) == [
                "sp@2018-11-03T00:30:00 2018-11-03T00:30:00-03:00 none",   // 2018-11-03T03:30:00Z
                "sp@2018-11-04T00:30:00 2018-11-04T01:30:00-02:00 gap-shifted",   // 2018-11-04T03:30:00Z
                "sp@2018-11-05T00:30:00 2018-11-05T00:30:00-02:00 none"   // 2018-11-05T02:30:00Z
            ])
    }

    @Test("Sydney Sundays at 02:30: the April overlap and the October gap")
    func sydneySundays() throws {
        let rule = weeklyRule("sun", days: .sunday, times: ["02:30"])   // floating: follows the device
        let options = PlanOptions(deviceTimeZone: Zones.sydney, horizon: 21 * 86_400)

        let autumn = try plan([rule], now: at(1_774_656_000), options: options)   // 2026-03-28T00:00:00Z
        #expect(
            summary(autumn.fires) == [
                "sun@2026-03-29T02:30:00 2026-03-29T02:30:00+11:00 none",   // 2026-03-28T15:30:00Z
                "sun@2026-04-05T02:30:00 2026-04-05T02:30:00+11:00 overlap-first",   // 2026-04-04T15:30:00Z
                "sun@2026-04-12T02:30:00 2026-04-12T02:30:00+10:00 none"   // 2026-04-11T16:30:00Z
            ])
        let spring = try plan([rule], now: at(1_790_380_800), options: options)   // 2026-09-26T00:00:00Z
        #expect(
            summary(spring.fires) == [
                "sun@2026-09-27T02:30:00 2026-09-27T02:30:00+10:00 none",   // 2026-09-26T16:30:00Z
                "sun@2026-10-04T02:30:00 2026-10-04T03:30:00+11:00 gap-shifted",   // 2026-10-03T16:30:00Z
                "sun@2026-10-11T02:30:00 2026-10-11T02:30:00+11:00 none"   // 2026-10-10T15:30:00Z
            ])
    }

    @Test("Apia's missing day: the shifted 2011-12-30 fire lands on the real 2011-12-31 fire, which rings once")
    func apiaSkippedDay() throws {
        let rule = weeklyRule("apia", times: ["09:00"], zone: Zones.apia)
        let now = at(1_325_116_800)   // 2011-12-29T00:00:00Z
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.apia, horizon: 3 * 86_400))

        // 2011-12-30 09:00 read at −10:00 is 2011-12-30T19:00:00Z = 2011-12-31 09:00 +14:00, the rule's
        // own next fire: one rule rings once per instant (see SameInstantTests).
        #expect(
            summary(planned.fires) == [
                "apia@2011-12-29T09:00:00 2011-12-29T09:00:00-10:00 none",   // 2011-12-29T19:00:00Z
                "apia@2011-12-31T09:00:00 2011-12-31T09:00:00+14:00 none",   // 2011-12-30T19:00:00Z
                "apia@2012-01-01T09:00:00 2012-01-01T09:00:00+14:00 none"   // 2011-12-31T19:00:00Z
            ])
        // 2011-12-29T19:00:00Z, 2011-12-30T19:00:00Z, 2011-12-31T19:00:00Z
        #expect(planned.fires.map { epoch($0.instant) } == [1_325_185_200, 1_325_271_600, 1_325_358_000])

        var skipping = rule
        skipping.gapPolicy = .skip
        let skipped = try plan([skipping], now: now, options: PlanOptions(deviceTimeZone: Zones.apia, horizon: 3 * 86_400))
        #expect(skipped.fires.map(\.id) == ["apia@2011-12-29T09:00:00", "apia@2011-12-31T09:00:00", "apia@2012-01-01T09:00:00"])
    }

    @Test("Kathmandu's 15-minute gap at the 1985/1986 year end shifts 00:05 to 00:20")
    func kathmanduYearEnd() throws {
        let rule = weeklyRule("ktm", times: ["00:05"], zone: Zones.kathmandu)
        let now = at(504_748_800)   // 1985-12-30T00:00:00Z
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.kathmandu, horizon: 3 * 86_400))

        #expect(
            summary(planned.fires) == [
                "ktm@1985-12-31T00:05:00 1985-12-31T00:05:00+05:30 none",   // 1985-12-30T18:35:00Z
                "ktm@1986-01-01T00:05:00 1986-01-01T00:20:00+05:45 gap-shifted",   // 1985-12-31T18:35:00Z
                "ktm@1986-01-02T00:05:00 1986-01-02T00:05:00+05:45 none"   // 1986-01-01T18:20:00Z
            ])
        // 1985-12-30T18:35:00Z, 1985-12-31T18:35:00Z, 1986-01-01T18:20:00Z
        #expect(planned.fires.map { epoch($0.instant) } == [504_815_700, 504_902_100, 504_987_600])
    }

    @Test("Volgograd's 2018 change of standard offset acts as a gap")
    func volgogradBaseOffset() throws {
        let rule = weeklyRule("vlg", times: ["02:30"], zone: Zones.volgograd)
        let now = at(1_540_555_200)   // 2018-10-26T12:00:00Z
        let planned = try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.volgograd, horizon: 3 * 86_400))

        #expect(
            summary(planned.fires) == [
                "vlg@2018-10-27T02:30:00 2018-10-27T02:30:00+03:00 none",   // 2018-10-26T23:30:00Z
                "vlg@2018-10-28T02:30:00 2018-10-28T03:30:00+04:00 gap-shifted",   // 2018-10-27T23:30:00Z
                "vlg@2018-10-29T02:30:00 2018-10-29T02:30:00+04:00 none"   // 2018-10-28T22:30:00Z
            ])
    }

    @Test("a gap-shifted fire may ring on the next local date but keeps its nominal date")
    func pyongyangNextDate() throws {
        let rule = onceRule("late", on: "2018-05-04", times: ["23:45"], zone: Zones.pyongyang)
        let now = at(1_525_392_000)   // 2018-05-04T00:00:00Z
        let fire = try #require(try plan([rule], now: now, options: PlanOptions(deviceTimeZone: Zones.pyongyang)).fires.first)

        #expect(fire.id == "late@2018-05-04T23:45:00")
        #expect(fire.local.date == day("2018-05-04"))
        #expect(fire.rfc3339 == "2018-05-05T00:15:00+09:00")   // 2018-05-04T15:15:00Z
        #expect(fire.adjustment == .gapShifted)
    }
}
