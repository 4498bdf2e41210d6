import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// The DST transitions the kit reads from a zone, checked against instants computed by hand
/// from the tz rules (and against the list the engine's own tests use); the fixture sets; the
/// tz database version.
@Suite("The kit's zone fixtures")
struct ZonesTests {
    @Test("Berlin's 2026 spring-forward and fall-back, with the seconds and wall times around each")
    func berlin() throws {
        let transitions = ZoneTransition.transitions(in: Zones.berlin, year: 2026)
        try #require(transitions.count == 2)
        let spring = transitions[0]
        // EU rule: the last Sunday of March at 01:00 UTC is 2026-03-29T01:00:00Z.
        #expect(spring.direction == .springForward)
        #expect(spring.instant == at(1_774_746_000))
        #expect(spring.secondBefore == at(1_774_745_999))
        #expect(spring.secondAfter == at(1_774_746_001))
        #expect(spring.offsetBefore == 3600 && spring.offsetAfter == 7200 && spring.lengthSeconds == 3600)
        #expect(spring.wallTimeBefore == wall("2026-03-29T01:59:59"))
        #expect(spring.wallTimeAt == wall("2026-03-29T03:00:00"))
        #expect(spring.wallTimeAfter == wall("2026-03-29T03:00:01"))
        #expect(spring.skippedOrRepeated == wall("2026-03-29T02:00:00")..<wall("2026-03-29T03:00:00"))
        #expect(
            spring.description
                == "Europe/Berlin spring-forward at 2026-03-29T01:00:00Z: 2026-03-29T01:59:59+01:00 → 2026-03-29T03:00:00+02:00")
        let fall = transitions[1]
        // The last Sunday of October at 01:00 UTC is 2026-10-25T01:00:00Z.
        #expect(fall.direction == .fallBack)
        #expect(fall.instant == at(1_792_890_000))
        #expect(fall.wallTimeBefore == wall("2026-10-25T02:59:59"))
        #expect(fall.wallTimeAt == wall("2026-10-25T02:00:00"))
        #expect(fall.skippedOrRepeated == wall("2026-10-25T02:00:00")..<wall("2026-10-25T03:00:00"))
        #expect(ZoneTransition.springForward(in: Zones.berlin, year: 2026) == spring)
        #expect(ZoneTransition.fallBack(in: Zones.berlin, year: 2026) == fall)
    }

    @Test("New York's 2026 fall-back repeats 01:00 to 02:00")
    func newYorkFallBack() throws {
        let fall = try #require(ZoneTransition.fallBack(in: Zones.newYork, year: 2026))
        // US rule: the first Sunday of November at 02:00 EDT is 2026-11-01T06:00:00Z.
        #expect(fall.instant == at(1_793_512_800))
        #expect(fall.offsetBefore == -14_400 && fall.offsetAfter == -18_000)
        #expect(fall.wallTimeBefore == wall("2026-11-01T01:59:59"))
        #expect(fall.wallTimeAt == wall("2026-11-01T01:00:00"))
        #expect(fall.skippedOrRepeated.contains(wall("2026-11-01T01:30:00")))
        #expect(!fall.skippedOrRepeated.contains(wall("2026-11-01T02:00:00")))
    }

    @Test("Lord Howe Island moves its clocks by half an hour, and its fall-back comes first in the year")
    func lordHowe() throws {
        let transitions = ZoneTransition.transitions(in: Zones.lordHowe, year: 2026)
        // 2026-04-05T02:00 +11:00 → 01:30 +10:30 (04-04T15:00Z); 2026-10-04T02:00 +10:30 → 02:30 +11:00 (10-03T15:30Z).
        #expect(transitions.map(\.instant) == [at(1_775_314_800), at(1_791_041_400)])
        #expect(transitions.map(\.direction) == [.fallBack, .springForward])
        #expect(transitions.map(\.lengthSeconds) == [1800, 1800])
        #expect(transitions.map(\.wallTimeAt) == [wall("2026-04-05T01:30:00"), wall("2026-10-04T02:30:00")])
    }

    @Test("Havana skips midnight in March; Beirut's October fall-back goes back from midnight into the day before")
    func midnight() throws {
        let havana = try #require(ZoneTransition.springForward(in: Zones.havana, year: 2026))
        // 2026-03-08T00:00 −05:00 is 05:00Z.
        #expect(havana.instant == at(1_772_946_000))
        #expect(havana.skippedOrRepeated == wall("2026-03-08T00:00:00")..<wall("2026-03-08T01:00:00"))
        let beirut = try #require(ZoneTransition.fallBack(in: try zone("Asia/Beirut"), year: 2026))
        // The last Sunday of October, 00:00 +03:00 = 2026-10-24T21:00:00Z = 1_792_890_000 − 4 h.
        #expect(beirut.instant == at(1_792_875_600))
        #expect(beirut.wallTimeBefore == wall("2026-10-24T23:59:59"))
        #expect(beirut.wallTimeAt == wall("2026-10-24T23:00:00"))
    }

    @Test("zones without DST have no transitions; a year outside 1…9999 has none either")
    func none() throws {
        #expect(ZoneTransition.transitions(in: Zones.tokyo, year: 2026).isEmpty)
        #expect(ZoneTransition.transitions(in: Zones.utc, year: 2026).isEmpty)
        #expect(ZoneTransition.springForward(in: Zones.tokyo, year: 2026) == nil)
        #expect(ZoneTransition.transitions(in: Zones.berlin, year: 0).isEmpty)
        #expect(ZoneTransition.transitions(in: Zones.berlin, year: 10_000).isEmpty)
    }

    @Test("a change of standard offset counts: Kathmandu's +05:30 → +05:45 in 1986 (local 1986-01-01)")
    func standardOffsetChange() throws {
        let transitions = ZoneTransition.transitions(in: Zones.kathmandu, year: 1986)
        #expect(transitions.map(\.instant) == [at(504_901_800)])
        #expect(transitions.map(\.direction) == [.springForward])
        #expect(transitions.map(\.lengthSeconds) == [900])
    }

    @Test("the transitions the engine's randomized tests draw from, read by the kit, are the hand-checked instants in order")
    func engineTestsTransitions() throws {
        // Each instant worked out by hand from the zone's rules (the UTC moment of the local change).
        let expected: [(seconds: Int, zone: String)] = [
            (1_772_953_200, "America/New_York"),   // 2026-03-08T07:00:00Z spring forward
            (1_793_512_800, "America/New_York"),   // 2026-11-01T06:00:00Z fall back
            (1_772_946_000, "America/Havana"),   // 2026-03-08T05:00:00Z spring forward at midnight
            (1_793_509_200, "America/Havana"),   // 2026-11-01T05:00:00Z fall back to midnight
            (1_772_947_800, "America/St_Johns"),   // 2026-03-08T05:30:00Z spring forward
            (1_793_507_400, "America/St_Johns"),   // 2026-11-01T04:30:00Z fall back
            (1_774_746_000, "Europe/London"),   // 2026-03-29T01:00:00Z spring forward
            (1_792_890_000, "Europe/Berlin"),   // 2026-10-25T01:00:00Z fall back
            (1_775_311_200, "Pacific/Chatham"),   // 2026-04-04T14:00:00Z fall back
            (1_790_431_200, "Pacific/Chatham"),   // 2026-09-26T14:00:00Z spring forward
            (1_775_314_800, "Australia/Lord_Howe"),   // 2026-04-04T15:00:00Z fall back 30 min
            (1_791_041_400, "Australia/Lord_Howe"),   // 2026-10-03T15:30:00Z spring forward 30 min
            (1_775_318_400, "Australia/Sydney"),   // 2026-04-04T16:00:00Z fall back
            (1_791_043_200, "Australia/Sydney"),   // 2026-10-03T16:00:00Z spring forward
            (1_541_300_400, "America/Sao_Paulo"),   // 2018-11-04T03:00:00Z spring forward at midnight
            (1_550_368_800, "America/Sao_Paulo"),   // 2019-02-17T02:00:00Z fall back
            (1_325_239_200, "Pacific/Apia"),   // 2011-12-30T10:00:00Z a day skipped
            (504_901_800, "Asia/Kathmandu")   // 1985-12-31T18:30:00Z +5:30 → +5:45
        ]
        #expect(Zones.transitions.map(\.epochSeconds) == expected.map(\.seconds))
        #expect(Zones.transitions.map(\.zone.identifier) == expected.map(\.zone))
        for transition in Zones.transitions {
            #expect(transition.offsetBefore == transition.zone.secondsFromGMT(for: transition.secondBefore), "\(transition)")
            #expect(transition.offsetAfter == transition.zone.secondsFromGMT(for: transition.instant), "\(transition)")
        }
    }

    @Test("the fixture sets hold the zones they are named for")
    func fixtureSets() throws {
        #expect(ZoneFixture.thirtyMinuteDST.map(\.description) == ["Australia/Lord_Howe"])
        #expect(ZoneFixture.fortyFiveMinuteOffset.map(\.description) == ["Pacific/Chatham"])
        #expect(ZoneFixture.southernHemisphere.map(\.description) == ["Australia/Sydney", "America/Santiago"])
        #expect(ZoneFixture.midnightTransitions.map(\.description) == ["America/Havana", "Asia/Beirut"])
        #expect(ZoneFixture.noDST.map(\.description) == ["Asia/Tokyo", "UTC"])
        #expect(ZoneFixture.everyday.map(\.description) == ["Europe/Berlin", "America/New_York"])
        #expect(ZoneFixture.all.count == 10 && Set(ZoneFixture.all).count == 10)
    }

    @Test("each DST fixture zone springs forward and falls back once in 2026", arguments: ZoneFixture.all)
    func dstFixtures(_ fixture: ZoneFixture) throws {
        let directions = fixture.transitions(in: 2026).map(\.direction)
        let hasDST = !ZoneFixture.noDST.contains(fixture)
        #expect(directions.count == (hasDST ? 2 : 0))
        #expect(Set(directions) == (hasDST ? [.springForward, .fallBack] : []))
    }

    @Test("DST steps: 30 minutes on Lord Howe, an hour on Chatham with its 45-minute offset", arguments: [2025, 2026, 2027])
    func steps(_ year: Int) throws {
        let lordHowe = try #require(ZoneFixture.thirtyMinuteDST[0].springForward(in: year))
        #expect(lordHowe.lengthSeconds == 1800)
        let chatham = try #require(ZoneFixture.fortyFiveMinuteOffset[0].springForward(in: year))
        #expect(chatham.lengthSeconds == 3600 && chatham.offsetBefore == 45_900)
    }

    @Test("in the southern hemisphere the fall-back comes before the spring-forward", arguments: ZoneFixture.southernHemisphere)
    func southern(_ fixture: ZoneFixture) throws {
        #expect(fixture.transitions(in: 2026).map(\.direction) == [.fallBack, .springForward])
    }

    @Test("the midnight fixtures skip 00:00 when they spring forward", arguments: ZoneFixture.midnightTransitions)
    func midnightFixtures(_ fixture: ZoneFixture) throws {
        let spring = try #require(fixture.springForward(in: 2026))
        #expect(spring.skippedOrRepeated.lowerBound.time == clock("00:00"))
    }

    @Test("the tz database version is a release name such as 2025b, Foundation's when it states one")
    func databaseVersion() throws {
        let version = TimeZoneDatabase.version
        #expect(version.wholeMatch(of: /[0-9]{4}[a-z]/) != nil, "\(version)")
        if !TimeZone.timeZoneDataVersion.isEmpty { #expect(version == TimeZone.timeZoneDataVersion) }
    }
}
