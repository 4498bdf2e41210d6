import Foundation

/// A rule fixed to the device's own zone, which a hybrid plan keeps one-shot although it would
/// repeat if it followed the device's zone.
///
/// A repeating trigger reads its time on the device's clock wherever the device is, so only a
/// floating rule can be handed to one: a rule fixed to Europe/Berlin must still ring at 07:30
/// Berlin time when the device is in New York. On a Berlin device the fixed rule and the
/// floating one ring at the same instants, yet the fixed one stays one-shot, and rings only as
/// far as the app's last refresh planned: a weekend rule opened once missed 4 of its 8 fires
/// in a month. Leaving out its zone (``ZoneChoice/floating``; no `"timeZone"` in its file)
/// lets it repeat, and it then follows the device when the device travels. See
/// `Docs/Semantics.md`, "Repeating alarms (the hybrid plan)".
///
/// Zones are the same when their identifiers are, as everywhere in the engine: a rule fixed to
/// `"UTC"` on a device in `"Etc/UTC"` is on another zone's clock (the same offsets, another
/// name), and is not named.
///
/// The scheduler lists these in `RefreshReport.fixedToDeviceZone` (product
/// RecurringAlarmsScheduling), for an app to log or show:
///
/// ```swift
/// // A weekend 09:00 with "timeZone": "Europe/Berlin", refreshed on a Berlin device:
/// for warning in report.fixedToDeviceZone {
///     print(warning.ruleID)   // "weekend"
///     print(warning)          // rule 'weekend' is fixed to Europe/Berlin, the device's zone, so it never
///                             // repeats: it rings only as far as the app's last refresh planned; leave out its
///                             // "timeZone" (make it floating) to let it repeat; it then follows the device's
///                             // zone when the device travels
/// }
/// ```
public struct FixedToDeviceZoneWarning: Sendable, Hashable, CustomStringConvertible {
    /// The id of the rule.
    public let ruleID: String
    /// The zone the rule is fixed to, which is the device's.
    public let timeZone: TimeZone

    /// Creates the warning for rule `ruleID`, fixed to `timeZone`.
    package init(ruleID: String, timeZone: TimeZone) {
        self.ruleID = ruleID
        self.timeZone = timeZone
    }

    /// One sentence: the rule, its zone, why it never repeats, and how to let it repeat.
    public var description: String {
        "rule '\(ruleID)' is fixed to \(timeZone.ianaName), the device's zone, so it never repeats: it rings only as far as "
            + "the app's last refresh planned; leave out its \"timeZone\" (make it floating) to let it repeat; it then follows "
            + "the device's zone when the device travels"
    }
}

/// The enabled rules of `rules` fixed to `deviceTimeZone` (the same identifier) that a hybrid plan
/// for the device keeps one-shot, and would repeat if they were floating: those a repeating
/// alarm cut as `granularity` says would hold, since nothing but their zone keeps them
/// one-shot (see ``hybridPlan(_:now:options:repeating:including:)`` for what repeats).
///
/// Plans are unchanged by it; it says what the plan cannot: why a rule that looks like a
/// repeating one is not. Pure: `now` and the device's zone are given. Only the hybrid strategy
/// repeats anything, so a caller planning with another strategy does not ask; the strategy
/// itself is the scheduler's, which the engine does not know.
///
/// ```swift
/// let warnings = fixedToDeviceZoneWarnings(book.rulesForPlanning, now: now, deviceTimeZone: berlin)
/// for warning in warnings { print("warning: \(warning)") }
/// ```
///
/// - Parameters:
///   - rules: the rules, as planned (``AlarmBook/rulesForPlanning`` holds the book's
///     skip-next dates, which keep a rule one-shot until they pass).
///   - now: the moment of the plan.
///   - deviceTimeZone: the device's zone.
///   - granularity: what one repeating trigger of the system holds: ``RepeatingAlarm/Granularity/perWeekday``
///     for notifications, ``RepeatingAlarm/Granularity/perTime`` for AlarmKit.
/// - Returns: one warning per such rule, in the order of `rules`.
/// - Complexity: O(R) to find the rules fixed to the device's zone; for k of them, the device
///   zone's changes over two years are read once, and O(t × d) per rule for its t times and
///   d changes.
package func fixedToDeviceZoneWarnings(
    _ rules: [AlarmRule], now: Date, deviceTimeZone: TimeZone, repeating granularity: RepeatingAlarm.Granularity = .perWeekday
) -> [FixedToDeviceZoneWarning] {
    let device = deviceTimeZone.identifier
    let fixed = rules.filter { rule in
        guard rule.isEnabled, case .fixed(let zone) = rule.timeZone else { return false }
        return zone.identifier == device
    }
    // Most books have no such rule: the device zone's changes are then never read.
    guard !fixed.isEmpty, now.timeIntervalSince1970.isFinite else { return [] }
    let eligibility = RepeatingEligibility(now: now, deviceTimeZone: deviceTimeZone)
    return fixed.compactMap { rule in
        // Judged as the same rule made floating: only its zone keeps it one-shot.
        guard
            let days = eligibility.repeatingDays(
                of: rule.repeats, skipsFromToday: rule.skippedDates.contains(where: { $0 >= eligibility.today })),
            eligibility.mayRepeat(rule.times, on: days, granularity)
        else { return nil }
        return FixedToDeviceZoneWarning(ruleID: rule.id, timeZone: deviceTimeZone)
    }
}

extension AlarmSchedule {
    /// ``fixedToDeviceZoneWarnings(_:now:deviceTimeZone:repeating:)`` of the schedule's rules,
    /// for a caller that compiled them without keeping the rules (the command line's fast
    /// read of a file). Each compiled rule fixed to the device's zone is judged from its entry
    /// (``CompiledRule/plannedRecurrence``, its times and skipped days), as the rule it was
    /// compiled from is judged; a schedule holds only enabled rules.
    ///
    /// - Complexity: O(z) for the schedule's z zones when none is the device's; else O(R) for
    ///   its R rules, plus the check of those fixed to the device's zone.
    package func fixedToDeviceZoneWarnings(
        now: Date, deviceTimeZone: TimeZone, repeating granularity: RepeatingAlarm.Granularity = .perWeekday
    ) -> [FixedToDeviceZoneWarning] {
        let device = deviceTimeZone.identifier
        // Index 0 is the device zone's placeholder; fixed zones follow it.
        // By zone number: a table, not a set, as it is asked once per rule of the schedule.
        let isDeviceZone = zones.indices.map { $0 > 0 && zones[$0].identifier == device }
        guard isDeviceZone.contains(true), now.timeIntervalSince1970.isFinite else { return [] }
        let eligibility = RepeatingEligibility(now: now, deviceTimeZone: deviceTimeZone)
        return rules.indices.compactMap { index in
            let zoneIndex = Int(rules[index].zoneIndex)
            guard zoneIndex < isDeviceZone.count && isDeviceZone[zoneIndex],
                let days = eligibility.repeatingDays(ofRuleAt: index, in: self),
                eligibility.mayRepeat(ruleTimes(at: index), on: days, granularity)
            else { return nil }
            return FixedToDeviceZoneWarning(ruleID: ruleIDs[index], timeZone: deviceTimeZone)
        }
    }
}
