import Foundation

/// A rule time that a clock change will remove or repeat on a day the rule fires: worth
/// telling the user before it happens.
///
/// ```swift
/// warning.description
/// // "rule 'night': 02:30 on Sun 2026-03-08 does not exist in America/New_York (clocks jump
/// //  forward 1 h); it fires at 03:30 (gap: shift)"
/// ```
///
/// A rule with 02:30 and 03:30 rings once at 03:30 EDT (07:30 UTC) that day: its shifted 02:30
/// is dropped, and the warning says so:
/// ```swift
/// // "rule 'night': 02:30 on Sun 2026-03-08 does not exist in America/New_York (clocks jump
/// //  forward 1 h); it would fire at 03:30 (gap: shift), when the rule already rings, so it is dropped"
/// ```
public struct ClockChangeWarning: Sendable, Hashable, CustomStringConvertible {
    /// Whether the wall time is skipped or repeated.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `gap`: clocks jump forward over the wall time, so it does not exist that day;
        /// `overlap`: clocks go back over it, so it shows twice.
        case gap, overlap
    }

    /// The id of the rule whose time is affected.
    public let ruleID: String
    /// The nominal wall time affected.
    public let local: LocalDateTime
    /// The zone whose clock changes: the rule's fixed zone, or the device zone for a floating rule.
    public let timeZone: TimeZone
    /// Whether the change removes the wall time (gap) or repeats it (overlap).
    public let kind: Kind
    /// How long the clock change is, in seconds.
    public let changeSeconds: Int
    /// When it fires under the rule's policy, or `nil` when it does not fire: the gap policy
    /// skips it, or shifting it lands on an instant the rule already rings at (see ``ringingInstead``).
    public let instant: Date?
    /// The UTC offset at ``instant`` (0 when it does not fire).
    public let utcOffsetSeconds: Int
    /// How the engine resolves it (`nil` when it does not fire); ``FireAdjustment/none`` never occurs here.
    public let adjustment: FireAdjustment?
    /// The rule's own fire at the instant the gap policy shifts this time to, when there is
    /// one: one rule rings once per instant, so that fire rings and this time is dropped
    /// (New York 2026-03-08: 02:30 shifts to 03:30 EDT, onto the rule's 03:30). `nil` otherwise.
    public let ringingInstead: Fire?

    public var description: String {
        let day = local.date.weekday.name.prefix(1).uppercased() + local.date.weekday.name.dropFirst()
        let length = DurationText.describe(seconds: changeSeconds)
        let time = local.time.shortDescription
        var text = "rule '\(ruleID)': \(time) on \(day) \(local.date) "
        switch kind {
        case .gap:
            text += "does not exist in \(timeZone.ianaName) (clocks jump forward \(length)); "
            if let instant {
                let shown = LocalDateTime(instant: instant, utcOffsetSeconds: utcOffsetSeconds).time.shortDescription
                text += "it fires at \(shown) (gap: shift)"
            } else if let kept = ringingInstead {
                let shown = LocalDateTime(instant: kept.instant, utcOffsetSeconds: kept.utcOffsetSeconds).time.shortDescription
                text += "it would fire at \(shown) (gap: shift), when the rule already rings, so it is dropped"
            } else {
                text += "it does not fire that day (gap: skip)"
            }
        case .overlap:
            text += "happens twice in \(timeZone.ianaName) (clocks go back \(length)); "
            text += adjustment == .overlapLast ? "it fires at the second (overlap: last)" : "it fires at the first (overlap: first)"
            if let instant { text += ", \(RFC3339.format(instant, utcOffsetSeconds: utcOffsetSeconds))" }
        }
        return text
    }
}

extension AlarmSchedule {
    /// Every rule time that falls in a gap or an overlap on a day the rule fires, with
    /// `after < nominal resolution <= through` (one year ahead is what `alarms validate` checks).
    ///
    /// ```swift
    /// let year = now.addingTimeInterval(365 * 86_400)
    /// for warning in schedule.clockChangeWarnings(after: now, through: year, deviceTimeZone: zone) {
    ///     print(warning)
    /// }
    /// ```
    /// - Complexity: O(zones × span / 12 h) offset probes, then O(transitions × rules × times).
    public func clockChangeWarnings(after: Date, through: Date, deviceTimeZone: TimeZone) -> [ClockChangeWarning] {
        let lower = CivilArithmetic.wholeSeconds(after)
        let upper = CivilArithmetic.wholeSeconds(through)
        let windows = zoneWindows(deviceTimeZone: deviceTimeZone, lower: lower, upper: upper)
        var warnings: [ClockChangeWarning] = []
        for (ruleIndex, rule) in rules.enumerated() {
            let window = windows[Int(rule.zoneIndex)]
            let table = window.table
            for transition in 1..<max(table.offsets.count, 1) {
                let before = table.offsets[transition - 1]
                let after = table.offsets[transition]
                let start = table.starts[transition]
                // Wall times in [from, to) are skipped (gap) or repeated (overlap).
                let (from, to, kind) =
                    after > before
                    ? (start + before, start + after, ClockChangeWarning.Kind.gap)
                    : (start + after, start + before, ClockChangeWarning.Kind.overlap)
                for timeIndex in Int(rule.timesStart)..<(Int(rule.timesStart) + Int(rule.timesCount)) {
                    let time = Int64(times[timeIndex])
                    var day = CivilArithmetic.floorDiv(from - time, CivilArithmetic.secondsPerDay)
                    while day * CivilArithmetic.secondsPerDay + time < to {
                        defer { day += 1 }
                        let wall = day * CivilArithmetic.secondsPerDay + time
                        guard wall >= from, failedChecks(ofRule: ruleIndex, day: day).isEmpty else { continue }
                        let warning = makeClockChangeWarning(
                            rule: rule, index: ruleIndex, wall: wall, kind: kind,
                            change: abs(after - before), window: window, deviceTimeZone: deviceTimeZone)
                        let probe = (warning.instant ?? warning.ringingInstead?.instant).map { Int64($0.timeIntervalSince1970) } ?? start
                        if probe > lower && probe <= upper { warnings.append(warning) }
                    }
                }
            }
        }
        return warnings.sorted { ($0.local.date, $0.ruleID, $0.local.time) < ($1.local.date, $1.ruleID, $1.local.time) }
    }

    private func makeClockChangeWarning(
        rule: CompiledRule, index: Int, wall: Int64, kind: ClockChangeWarning.Kind,
        change: Int64, window: ZoneWindow, deviceTimeZone: TimeZone
    ) -> ClockChangeWarning {
        var resolved = window.table.resolve(wall: wall).instant(gap: rule.gapPolicy, overlap: rule.overlapPolicy)
        var ringingInstead: Fire?
        if let shifted = resolved, shifted.adjustment == .gapShifted {
            // The expansion's own test: does the shifted time land on another fire of its rule?
            ringingInstead = fireRingingInstead(ofRule: index, wall: wall, instant: shifted.instant, deviceTimeZone: deviceTimeZone)
            if ringingInstead != nil { resolved = nil }
        }
        let instant = resolved?.instant
        return ClockChangeWarning(
            ruleID: ruleIDs[index], local: LocalDateTime(wallSeconds: wall), timeZone: window.zone, kind: kind,
            changeSeconds: Int(change), instant: instant.map { Date(timeIntervalSince1970: Double($0)) },
            utcOffsetSeconds: instant.map { Int(window.table.offset(atInstant: $0)) } ?? 0,
            adjustment: resolved?.adjustment, ringingInstead: ringingInstead)
    }
}
