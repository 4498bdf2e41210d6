import Foundation

/// A short summary, as the `alarms plan` footer words it: when and where it was planned, how
/// many fires, how far they cover, and the first few fires, one line each.
///
/// ```swift
/// print(plan)
/// // Plan at Tue 2026-12-01 00:00 Europe/Berlin: 14 fires (cap 64), covered until the horizon, Tue 2026-12-08 00:00
/// //   wake: Tue 2026-12-01 07:30 Europe/Berlin
/// //   call: Tue 2026-12-01 21:00 Europe/Berlin
/// //   wake: Wed 2026-12-02 07:30 Europe/Berlin
/// //   … 11 more
/// ```
extension Plan: CustomStringConvertible {
    /// How many fires the summary lists before it counts the rest.
    static let firesListed = 3

    /// One summary line, then at most three fires (``Fire/description``) and a count of the rest.
    /// Instants are shown on the device zone's clock.
    public var description: String {
        var text =
            "Plan at \(wallClockText(now)) \(deviceTimeZone.ianaName): \(fires.count) "
            + (fires.count == 1 ? "fire" : "fires") + " (cap \(cap)\(isTruncated ? ", reached" : "")), " + coverageText
        for fire in fires.prefix(Self.firesListed) { text += "\n  \(fire)" }
        if fires.count > Self.firesListed { text += "\n  … \(fires.count - Self.firesListed) more" }
        return text
    }

    /// `covered until the horizon, Tue 2026-12-08 00:00`, or, when the cap cut the window,
    /// `covered until Fri 2026-12-04 07:30, short of the horizon Tue 2026-12-08 00:00`.
    package var coverageText: String {
        isTruncated
            ? "covered until \(wallClockText(coveredUntil)), short of the horizon \(wallClockText(horizonEnd))"
            : "covered until the horizon, \(wallClockText(horizonEnd))"
    }

    /// `instant` on the device zone's clock: `Tue 2026-12-01 07:30`.
    package func wallClockText(_ instant: Date) -> String {
        LocalDateTime(instant: instant, utcOffsetSeconds: deviceTimeZone.secondsFromGMT(for: instant)).wallClockText
    }
}
