import Foundation
import RecurringAlarms
import Testing

/// A zone picked for what its clocks do, ready to be a parameterized test's argument.
///
/// The named sets cover the cases that break schedules: 30-minute DST, a 45-minute offset,
/// the southern hemisphere (DST across the new year), transitions at midnight (the skipped or
/// repeated hour starts a day), no DST at all, and the everyday zones.
///
/// ```swift
/// @Test(arguments: ZoneFixture.midnightTransitions)
/// func aSkippedMidnightStillRings(_ fixture: ZoneFixture) throws {
///     let spring = try #require(fixture.springForward(in: 2026))
///     #expect(spring.skippedOrRepeated.lowerBound.time.secondsSinceMidnight == 0)
/// }
/// ```
///
/// Every zone named here is in every tz database since 2020; a machine whose database lacks
/// one stops when the set is first read, naming the zone.
public struct ZoneFixture: Sendable, Hashable, CustomStringConvertible, CustomTestStringConvertible {
    /// The zone.
    public let zone: TimeZone
    /// Why the zone is a fixture, e.g. `"DST moves the clocks by 30 minutes"`.
    public let note: String

    /// A fixture for the zone `identifier` names.
    ///
    /// ```swift
    /// let kathmandu = ZoneFixture("Asia/Kathmandu", note: "+05:45, no DST")
    /// ```
    /// - Precondition: this machine's tz database has the zone; the call stops the run, naming
    ///   the zone, when it does not (for a zone from a test's own data, use ``zone(_:sourceLocation:)``).
    public init(_ identifier: String, note: String) {
        guard let zone = TimeZone(ianaIdentifier: identifier) else {
            preconditionFailure("the tz database (\(TimeZoneDatabase.version)) has no zone \(identifier)")
        }
        self.zone = zone
        self.note = note
    }

    /// The zone's IANA name.
    public var description: String { zone.ianaName }
    /// The name of a test case run with this fixture: the zone's IANA name.
    public var testDescription: String { zone.ianaName }

    /// Every offset change of the zone in `year`; see ``ZoneTransition/transitions(in:year:)``.
    ///
    /// ```swift
    /// ZoneFixture.noDST.allSatisfy { $0.transitions(in: 2026).isEmpty }  // true
    /// ```
    public func transitions(in year: Int) -> [ZoneTransition] { ZoneTransition.transitions(in: zone, year: year) }

    /// The zone's first spring-forward in `year`, or `nil`; see ``ZoneTransition/springForward(in:year:)``.
    ///
    /// ```swift
    /// ZoneFixture.thirtyMinuteDST[0].springForward(in: 2026)?.lengthSeconds  // 1800
    /// ```
    public func springForward(in year: Int) -> ZoneTransition? { ZoneTransition.springForward(in: zone, year: year) }

    /// The zone's first fall-back in `year`, or `nil`; see ``ZoneTransition/fallBack(in:year:)``.
    ///
    /// ```swift
    /// ZoneFixture.everyday[0].fallBack(in: 2026)?.instant  // 2026-10-25T01:00:00Z (Europe/Berlin)
    /// ```
    public func fallBack(in year: Int) -> ZoneTransition? { ZoneTransition.fallBack(in: zone, year: year) }

    /// Australia/Lord_Howe: +10:30, and +11:00 in summer; DST moves the clocks by 30 minutes.
    ///
    /// ```swift
    /// @Test(arguments: ZoneFixture.thirtyMinuteDST) func halfHourStep(_ fixture: ZoneFixture) { … }
    /// ```
    public static let thirtyMinuteDST = [ZoneFixture("Australia/Lord_Howe", note: "DST moves the clocks by 30 minutes")]

    /// Pacific/Chatham: +12:45, and +13:45 in summer; every wall time is 45 minutes off the hour in UTC.
    ///
    /// ```swift
    /// @Test(arguments: ZoneFixture.fortyFiveMinuteOffset) func quarterHours(_ fixture: ZoneFixture) { … }
    /// ```
    public static let fortyFiveMinuteOffset = [ZoneFixture("Pacific/Chatham", note: "a 45-minute offset with DST")]

    /// Australia/Sydney and America/Santiago: DST from spring in September or October to
    /// autumn in April, so the fall-back comes first in the calendar year.
    ///
    /// ```swift
    /// @Test(arguments: ZoneFixture.southernHemisphere) func summerAtNewYear(_ fixture: ZoneFixture) { … }
    /// ```
    public static let southernHemisphere = [
        ZoneFixture("Australia/Sydney", note: "southern hemisphere: fall-back in April, spring-forward in October"),
        ZoneFixture("America/Santiago", note: "southern hemisphere, transitions at midnight")
    ]

    /// America/Havana and Asia/Beirut: the clocks change at midnight, so a day starts at 01:00
    /// (spring-forward) or its first hour (Havana) or the previous day's last hour (Beirut) happens twice.
    ///
    /// ```swift
    /// @Test(arguments: ZoneFixture.midnightTransitions) func noMidnight(_ fixture: ZoneFixture) { … }
    /// ```
    public static let midnightTransitions = [
        ZoneFixture("America/Havana", note: "00:00 is skipped in March; 00:00–01:00 happens twice in November"),
        ZoneFixture("Asia/Beirut", note: "00:00 is skipped in March; at 00:00 in October the clocks go back to 23:00")
    ]

    /// Asia/Tokyo and UTC: one offset all year.
    ///
    /// ```swift
    /// @Test(arguments: ZoneFixture.noDST) func steady(_ fixture: ZoneFixture) { … }
    /// ```
    public static let noDST = [
        ZoneFixture("Asia/Tokyo", note: "+09:00 all year"),
        ZoneFixture("UTC", note: "no offset, no DST")
    ]

    /// Europe/Berlin and America/New_York: the DST most users live with.
    ///
    /// ```swift
    /// @Test(arguments: ZoneFixture.everyday) func commonCase(_ fixture: ZoneFixture) { … }
    /// ```
    public static let everyday = [
        ZoneFixture("Europe/Berlin", note: "EU rules: the last Sundays of March and October at 01:00 UTC"),
        ZoneFixture("America/New_York", note: "US rules: the second Sunday of March and the first of November at 02:00")
    ]

    /// Every set above, in the order they are listed, each zone once.
    ///
    /// ```swift
    /// @Test(arguments: ZoneFixture.all) func everywhere(_ fixture: ZoneFixture) { … }
    /// ```
    public static let all = thirtyMinuteDST + fortyFiveMinuteOffset + southernHemisphere + midnightTransitions + noDST + everyday
}

/// The time-zone database this machine's Foundation reads zones from.
///
/// Goldens record ``version`` so that a test failing after a tz database update says that
/// is why: the same rules and clock plan differently when a country changes its clocks.
///
/// ```swift
/// TimeZoneDatabase.version   // "2025b"
/// ```
public enum TimeZoneDatabase {
    /// The database's version, such as `"2025b"`: Foundation's `TimeZone.timeZoneDataVersion`,
    /// or when that is empty the `# version` line of `/usr/share/zoneinfo/tzdata.zi`, or
    /// `"unknown"`.
    ///
    /// ```swift
    /// "tzdata \(TimeZoneDatabase.version)"   // "tzdata 2025b"
    /// ```
    public static let version: String = {
        let foundation = TimeZone.timeZoneDataVersion
        if !foundation.isEmpty { return foundation }
        if let text = try? String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8),
            let line = text.split(separator: "\n", maxSplits: 1).first, line.hasPrefix("# version ")
        {
            return String(line.dropFirst("# version ".count))
        }
        return "unknown"
    }()
}
