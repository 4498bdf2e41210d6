import Foundation

/// A one-off extra fire of a rule: the 07:30 alarm was snoozed, so it rings again at 07:39.
///
/// Planning turns it into a ``Fire`` with `isSnooze == true` on the rule's clock (its fixed
/// zone, or the device zone for a floating rule), whose id is the rule id, the wall time at
/// ``instant`` and `+snooze`. A snooze whose instant is not after `now` plans nothing and
/// ``AlarmBook/pruneExpired(now:)`` drops it; a snooze of a disabled rule plans nothing either.
///
/// ```swift
/// let snooze = Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00",
///                     instant: Date(timeIntervalSince1970: 1_796_110_740))  // 2026-12-01T07:39:00Z
/// // planned in Europe/London (UTC+0 in December) as "wake@2026-12-01T07:39:00+snooze"
/// ```
public struct Snooze: Sendable, Hashable {
    /// The rule the snooze belongs to.
    public let ruleID: String
    /// The id of the fire that was snoozed, such as `"wake@2026-12-01T07:30:00"`: the
    /// scheduled occurrence, also when a snooze was snoozed again.
    public let fireID: String
    /// When the snooze rings, to the whole second (a fraction is dropped, as the planner does).
    public let instant: Date

    /// Creates a snooze, rounding `instant` down to the whole second.
    ///
    /// Nothing is checked here: ``AlarmBook/validationProblems()`` reports an invalid rule id, an
    /// empty fire id, an instant outside the years the book file can write, or a second snooze
    /// of the same rule.
    public init(ruleID: String, fireID: String, instant: Date) {
        self.ruleID = ruleID
        self.fireID = fireID
        self.instant = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
    }

    /// The fires of `snoozes`, each on its rule's clock (`zone`, the device's when
    /// `isFloating`), in order and one per fire id, the first kept: the one place a book's
    /// snoozes become fires, whether its rules are values (``AlarmBook/snoozeFires(deviceTimeZone:)``)
    /// or were compiled from the bytes (``CompiledBook``).
    static func fires(_ snoozes: some Sequence<(snooze: Snooze, zone: TimeZone, isFloating: Bool)>) -> [Fire] {
        var seen = Set<String>()
        var fires: [Fire] = []
        for (snooze, zone, isFloating) in snoozes {
            let fire = snooze.fire(in: zone, isFloating: isFloating)
            if seen.insert(fire.id).inserted { fires.append(fire) }
        }
        return fires
    }

    /// The planned fire on the clock of `zone`; `isFloating` tells that `zone` is the device's.
    ///
    /// Its instant is exact, but its wall time may occur twice (clocks go back): then, as for
    /// any fire, the adjustment says which occurrence it is, ``FireAdjustment/overlapFirst`` or
    /// ``FireAdjustment/overlapLast``, so a snooze at 01:39 in New York on 2026-11-01 shows as
    /// the first (EDT) or second (EST) 01:39.
    func fire(in zone: TimeZone, isFloating: Bool) -> Fire {
        let offset = zone.secondsFromGMT(for: instant)
        let local = LocalDateTime(instant: instant, utcOffsetSeconds: offset)
        var adjustment = FireAdjustment.none
        // A wall time repeats only near an offset change, which no zone makes and undoes within
        // two days: when the offset a day before and a day after is the same, it occurs once.
        let day = TimeInterval(CivilArithmetic.secondsPerDay)
        if zone.secondsFromGMT(for: instant - day) != offset || zone.secondsFromGMT(for: instant + day) != offset,
            case .overlap(let earlier, let later) = local.resolution(in: zone)
        {
            if earlier == instant { adjustment = .overlapFirst } else if later == instant { adjustment = .overlapLast }
        }
        return Fire(
            ruleID: ruleID, instant: instant, local: local, timeZone: zone, utcOffsetSeconds: offset, adjustment: adjustment,
            isSnooze: true, isFloating: isFloating)
    }
}
