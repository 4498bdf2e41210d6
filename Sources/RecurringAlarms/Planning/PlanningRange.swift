import Foundation

/// The moments a plan may start from so that what it names stays inside what the engine
/// represents: the one bound on `--now` and on a case file's `now`.
///
/// The engine plans instants from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z
/// (``earliestInstant`` … ``latestInstant``; every `now` and window end is clamped to them) and
/// names wall times in the years 0001 to 9999. A fire whose instant lies outside, such as
/// 0001-01-01 13:00 in Etc/GMT-14 (0000-12-31T23:00:00Z), is never planned. A `now` is in range
/// when its longest window, `now … now + ` ``PlanOptions/maximumHorizon``, lies inside those
/// instants and inside those years on the clock of the device zone, in which `now`, the window
/// and every fire are shown. East of UTC that moves the first `now` later, west of it the last
/// one earlier:
///
/// ```swift
/// PlanningRange.wallText(in: TimeZone(identifier: "UTC")!)        // ("0001-01-01T00:00:00", "9998-12-30T23:59:59")
/// PlanningRange.wallText(in: TimeZone(identifier: "Etc/GMT-14")!) // ("0001-01-01T14:00:00", "9998-12-30T23:59:59")
/// PlanningRange.wallText(in: TimeZone(identifier: "Etc/GMT+12")!) // ("0001-01-01T00:00:00", "9998-12-30T11:59:59")
/// ```
package enum PlanningRange {
    /// 0001-01-01T00:00:00Z, the first instant the engine plans.
    package static let earliestInstant: Int64 = -62_135_596_800
    /// 9999-12-31T23:59:59Z, the last instant the engine plans.
    package static let latestInstant: Int64 = 253_402_300_799

    /// The instants a plan's fires can have, for messages.
    package static let fireInstantsText = "after 0001-01-01T00:00:00Z, through 9999-12-31T23:59:59Z"

    /// Whether a fire at `instant` (rounded down to the second) can be planned: a plan holds
    /// fires after its `now`, which is never before ``earliestInstant``, and not after
    /// ``latestInstant``.
    package static func canPlanFire(at instant: Date) -> Bool {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        return seconds > Double(earliestInstant) && seconds <= Double(latestInstant)
    }

    /// The first and last `now` (whole seconds since 1970) whose longest window stays in range
    /// with the device in `zone`.
    ///
    /// - Complexity: O(1): two offsets of `zone`.
    package static func nows(in zone: TimeZone) -> ClosedRange<Int64> {
        // Years 0001 and 9999 on a wall clock run from the same numbers as the instants do in UTC.
        let firstOffset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(earliestInstant))))
        let lastOffset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(latestInstant))))
        let earliest = max(earliestInstant, earliestInstant - firstOffset)
        let latestEnd = min(latestInstant, latestInstant - lastOffset)
        return earliest...(latestEnd - Int64(PlanOptions.maximumHorizon))
    }

    /// Whether a plan from `now` with the device in `zone` stays in range (see ``nows(in:)``).
    package static func contains(now: Date, in zone: TimeZone) -> Bool {
        let seconds = now.timeIntervalSince1970.rounded(.down)
        let range = nows(in: zone)
        return seconds >= Double(range.lowerBound) && seconds <= Double(range.upperBound)
    }

    /// The first and last `now` of ``nows(in:)`` as wall times on the clock of `zone`, such
    /// as `0001-01-01T14:00:00` and `9998-12-30T23:59:59`, for messages.
    package static func wallText(in zone: TimeZone) -> (first: String, last: String) {
        let range = nows(in: zone)
        func wall(_ seconds: Int64) -> String {
            let instant = Date(timeIntervalSince1970: Double(seconds))
            return LocalDateTime(instant: instant, utcOffsetSeconds: zone.secondsFromGMT(for: instant)).description
        }
        return (wall(range.lowerBound), wall(range.upperBound))
    }

    /// How a `now` out of range is described, after its value: `puts the 366-day planning
    /// window outside …`; with ``wallText(in:)``'s bounds for the hint.
    package static let outsideText =
        "puts the \(Int(PlanOptions.maximumHorizon / 86_400))-day planning window outside the years 0001 to 9999"
}
