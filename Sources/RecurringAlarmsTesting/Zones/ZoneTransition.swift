import Foundation
import RecurringAlarms
import Testing

/// One change of a zone's UTC offset: a spring-forward (the clocks jump ahead, a run of wall
/// times is skipped) or a fall-back (the clocks go back, a run of wall times happens twice),
/// with the seconds around it and the wall times its clocks show.
///
/// Read from the zone itself, so a test written against it follows the tz database this
/// machine has instead of dates picked by hand.
///
/// ```swift
/// let berlin = try zone("Europe/Berlin")
/// let spring = try #require(ZoneTransition.springForward(in: berlin, year: 2026))
/// spring.instant          // 2026-03-29T01:00:00Z
/// spring.wallTimeBefore   // 2026-03-29T01:59:59, at spring.secondBefore (+01:00)
/// spring.wallTimeAt       // 2026-03-29T03:00:00, at spring.instant (+02:00)
/// spring.skippedOrRepeated  // 02:00:00 ..< 03:00:00 that day: no clock in Berlin shows them
/// ```
public struct ZoneTransition: Sendable, Hashable, CustomStringConvertible, CustomTestStringConvertible {
    /// Which way the clocks move.
    public enum Direction: String, Sendable, Hashable, CustomStringConvertible {
        /// The offset grows: the clocks jump ahead and a run of wall times is skipped (a gap).
        case springForward = "spring-forward"
        /// The offset shrinks: the clocks go back and a run of wall times happens twice (an overlap).
        case fallBack = "fall-back"

        /// `spring-forward` or `fall-back`.
        public var description: String { rawValue }
    }

    /// The zone whose offset changes.
    public let zone: TimeZone
    /// The first instant of the new offset.
    public let instant: Date
    /// The offset in force until ``instant``, in seconds east of UTC.
    public let offsetBefore: Int
    /// The offset in force from ``instant``, in seconds east of UTC.
    public let offsetAfter: Int

    /// A transition of `zone` at `instant` from `offsetBefore` to `offsetAfter`; nothing is
    /// checked against the zone (read the zone's with ``transitions(in:year:)``).
    ///
    /// ```swift
    /// ZoneTransition(zone: berlin, instant: try instant("2026-03-29T01:00:00Z"), offsetBefore: 3600, offsetAfter: 7200)
    /// ```
    public init(zone: TimeZone, instant: Date, offsetBefore: Int, offsetAfter: Int) {
        self.zone = zone
        self.instant = instant
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
    }

    /// ``Direction/springForward`` when the offset grows, ``Direction/fallBack`` when it shrinks.
    public var direction: Direction { offsetAfter > offsetBefore ? .springForward : .fallBack }
    /// How far the clocks move, in seconds: 3600 in Berlin, 1800 on Lord Howe Island.
    public var lengthSeconds: Int { abs(offsetAfter - offsetBefore) }
    /// The last second of the old offset.
    public var secondBefore: Date { instant.addingTimeInterval(-1) }
    /// The second after ``instant``.
    public var secondAfter: Date { instant.addingTimeInterval(1) }
    /// What the zone's clocks show at ``secondBefore``.
    public var wallTimeBefore: LocalDateTime { LocalDateTime(instant: secondBefore, utcOffsetSeconds: offsetBefore) }
    /// What the zone's clocks show at ``instant``.
    public var wallTimeAt: LocalDateTime { LocalDateTime(instant: instant, utcOffsetSeconds: offsetAfter) }
    /// What the zone's clocks show at ``secondAfter``.
    public var wallTimeAfter: LocalDateTime { LocalDateTime(instant: secondAfter, utcOffsetSeconds: offsetAfter) }

    /// The wall times a spring-forward skips or a fall-back shows twice: from the earlier of
    /// the two readings of ``instant`` up to (not including) the later.
    ///
    /// ```swift
    /// // New York, 2026-11-01: 01:00:00 ..< 02:00:00 happens first in EDT, then in EST
    /// fallBack.skippedOrRepeated.contains(LocalDateTime(parsing: "2026-11-01T01:30:00")!)  // true
    /// ```
    public var skippedOrRepeated: Range<LocalDateTime> {
        let old = LocalDateTime(instant: instant, utcOffsetSeconds: offsetBefore)
        return min(old, wallTimeAt)..<max(old, wallTimeAt)
    }

    /// One line: zone, direction, instant, and the clocks either side with their offsets.
    ///
    /// ```swift
    /// spring.description
    /// // "Europe/Berlin spring-forward at 2026-03-29T01:00:00Z: 2026-03-29T01:59:59+01:00 → 2026-03-29T03:00:00+02:00"
    /// ```
    public var description: String {
        "\(zone.ianaName) \(direction) at \(RFC3339.format(instant, utcOffsetSeconds: 0)): "
            + "\(RFC3339.format(secondBefore, utcOffsetSeconds: offsetBefore)) → \(RFC3339.format(instant, utcOffsetSeconds: offsetAfter))"
    }

    /// The name of a test case run with this transition as its argument: ``description``.
    public var testDescription: String { description }

    /// Every change of `zone`'s offset whose instant, read with the offset before it, falls in
    /// `year`, soonest first: daylight-saving changes and changes of standard offset alike.
    /// Empty for a zone without changes that year, or a year outside 1…9999.
    ///
    /// ```swift
    /// ZoneTransition.transitions(in: try zone("America/New_York"), year: 2026).map(\.direction)
    /// // [.springForward, .fallBack]: 2026-03-08T07:00:00Z and 2026-11-01T06:00:00Z
    /// ZoneTransition.transitions(in: try zone("Asia/Tokyo"), year: 2026)   // []
    /// ```
    /// - Complexity: O(days in the year) calls to `TimeZone.secondsFromGMT(for:)`, through the
    ///   engine's zone offset table.
    public static func transitions(in zone: TimeZone, year: Int) -> [ZoneTransition] {
        guard (1...9999).contains(year), let first = LocalDate(year: year, month: 1, day: 1),
            let last = LocalDate(year: year, month: 12, day: 31)
        else { return [] }
        let day: Int64 = 86_400
        let start = first.daysSinceEpoch * day
        let end = (last.daysSinceEpoch + 1) * day
        let table = ZoneOffsetTable(zone: zone, from: start - 2 * day, through: end + 2 * day)
        var found: [ZoneTransition] = []
        for index in table.starts.indices.dropFirst() {
            let at = table.starts[index]
            let before = table.offsets[index - 1]
            guard (start..<end).contains(at + before) else { continue }
            found.append(
                ZoneTransition(
                    zone: zone, instant: Date(timeIntervalSince1970: Double(at)), offsetBefore: Int(before),
                    offsetAfter: Int(table.offsets[index])))
        }
        return found
    }

    /// The first spring-forward of `zone` in `year`, or `nil` when it has none (no DST).
    ///
    /// ```swift
    /// ZoneTransition.springForward(in: try zone("Australia/Sydney"), year: 2026)?.instant
    /// // 2026-10-03T16:00:00Z: 02:00 AEST becomes 03:00 AEDT on 4 October
    /// ```
    /// - Complexity: as ``transitions(in:year:)``.
    public static func springForward(in zone: TimeZone, year: Int) -> ZoneTransition? {
        transitions(in: zone, year: year).first { $0.direction == .springForward }
    }

    /// The first fall-back of `zone` in `year`, or `nil` when it has none (no DST).
    ///
    /// ```swift
    /// ZoneTransition.fallBack(in: try zone("America/New_York"), year: 2026)?.wallTimeAt
    /// // 2026-11-01T01:00:00: 01:59:59 EDT is followed by 01:00:00 EST
    /// ```
    /// - Complexity: as ``transitions(in:year:)``.
    public static func fallBack(in zone: TimeZone, year: Int) -> ZoneTransition? {
        transitions(in: zone, year: year).first { $0.direction == .fallBack }
    }
}
