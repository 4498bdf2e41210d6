import Foundation

/// How a rule treats one local date: whether the date is eligible (each check with its
/// reason) and, for each of the rule's times, how the wall time resolves to an instant.
///
/// ```swift
/// let explanation = try FireExplanation(rule: night, date: LocalDate(parsing: "2026-03-08")!,
///                                   deviceTimeZone: TimeZone(identifier: "UTC")!)
/// explanation.isEligible          // true
/// explanation.times[0].summary    // "02:30 does not exist (clocks jump forward 1 h at 02:00);
///                                 //  gap: shift reads it with the earlier offset -05:00 → 03:30 -04:00"
/// ```
/// For a rule with 02:30 and 03:30 that day, the 02:30 entry has no ``TimeResolution/fire``:
/// one rule rings once per instant, so its ``TimeResolution/ringingInstead`` is the 03:30 fire
/// (03:30 EDT, 07:30 UTC) and its summary ends "…, when the rule already rings
/// (night@2026-03-08T03:30:00), so the shifted time is dropped".
public struct FireExplanation: Sendable, Hashable {
    /// One test a date must pass.
    public struct Check: Sendable, Hashable {
        /// Which test a ``Check`` is; the raw value is the name `alarms explain` prints.
        public enum Name: String, Sendable, Hashable, Codable, CaseIterable {
            /// The rule is enabled (``AlarmRule/isEnabled``).
            case enabled
            /// The date's weekday is one of a weekly rule's days.
            case weekday
            /// The date is the date of a one-shot rule.
            case date
            /// The date is on or after a weekly rule's first date.
            case start
            /// The date is on or before a weekly rule's last date.
            case end
            /// The date falls in one of a weekly rule's "every N weeks" active weeks.
            case everyWeeks
            /// The date is not in the rule's skip list.
            case skip
        }

        /// Which test this is.
        public let name: Name
        /// Whether the date passes; the rule fires on the date only when every check passes.
        public let passed: Bool
        /// Why, in words, with the values involved.
        public let detail: String
    }

    /// How one of the rule's wall times resolves on the date.
    public struct TimeResolution: Sendable, Hashable {
        /// The nominal wall time: the explained date at one of the rule's times.
        public let local: LocalDateTime
        /// How the zone maps the wall time.
        public let resolution: WallClockResolution
        /// The fire under the rule's policies, or `nil` when it does not fire: the gap policy
        /// skips it, shifting it lands on an instant the rule already rings at (``ringingInstead``),
        /// or its instant is one no plan holds, at or before 0001-01-01T00:00:00Z or after
        /// 9999-12-31T23:59:59Z (0001-01-01 13:00 in Etc/GMT-14 is 0000-12-31T23:00:00Z).
        public let fire: Fire?
        /// The rule's own fire at the instant the gap policy shifts this time to, when the date
        /// (enabled or not) is eligible and there is one: one rule rings once per instant, so
        /// that fire rings and this time is dropped. `nil` otherwise.
        public let ringingInstead: Fire?
        /// One line describing the derivation.
        public let summary: String
    }

    /// The id of the explained rule.
    public let ruleID: String
    /// The explained local date, on the rule's clock.
    public let date: LocalDate
    /// The zone whose clock the rule follows: its fixed zone, or the device zone when floating.
    public let timeZone: TimeZone
    /// Whether the zone is the device's because the rule is floating.
    public let isFloating: Bool
    /// The checks in order: `enabled`; then `weekday`, `start`, `end` and `everyWeeks` (those that
    /// apply) for a weekly rule, or `date` for a one-shot; then `skip`.
    public let checks: [Check]
    /// One entry per distinct rule time, earliest first, whether or not the date is eligible.
    public let times: [TimeResolution]

    /// Whether every check passed, so the rule fires on ``date``.
    public var isEligible: Bool { checks.allSatisfy(\.passed) }

    /// Explains `rule` on local `date`, floating rules being read in `deviceTimeZone`.
    ///
    /// - Throws: ``AlarmRulesError/invalid(_:)`` with the rule's problems when it is not valid
    ///   on its own (``AlarmRule/validationProblems(number:)``): its fires would carry
    ///   malformed ids.
    /// - Complexity: O(times + skips), with one small offset table per time.
    public init(rule: AlarmRule, date: LocalDate, deviceTimeZone: TimeZone) throws(AlarmRulesError) {
        let problems = rule.validationProblems()
        guard problems.isEmpty else { throw .invalid(problems) }
        ruleID = rule.id
        self.date = date
        timeZone = rule.timeZone.resolved(deviceTimeZone: deviceTimeZone)
        if case .floating = rule.timeZone { isFloating = true } else { isFloating = false }

        // The verdict is the expansion's own eligibility test (CompiledRule+Eligibility.swift)
        // on the compiled rule; this only words it. Compiled schedules hold enabled rules only.
        var enabled = rule
        enabled.isEnabled = true
        let schedule = try AlarmSchedule(rules: [enabled])
        let day = date.daysSinceEpoch
        let failed = schedule.failedChecks(ofRule: 0, day: day)

        var checks: [Check] = [
            Check(name: .enabled, passed: rule.isEnabled, detail: rule.isEnabled ? "the rule is enabled" : "the rule is disabled")
        ]
        switch rule.repeats {
        case .weekly(let days, let everyWeeks, let start, let end):
            checks.append(
                Check(
                    name: .weekday, passed: !failed.contains(.weekday),
                    detail: "\(date) is a \(date.weekday.name); the rule repeats on \(days.names.joined(separator: " "))"))
            if let start {
                let passed = !failed.contains(.start)
                checks.append(
                    Check(name: .start, passed: passed, detail: "\(date) \(passed ? "is on or after" : "is before") start \(start)"))
            }
            if let end {
                let passed = !failed.contains(.end)
                checks.append(Check(name: .end, passed: passed, detail: "\(date) \(passed ? "is on or before" : "is after") end \(end)"))
            }
            if everyWeeks > 1, let start {
                let weeks = schedule.rules[0].weeksFromStart(day: day)
                let phase = CivilArithmetic.floorMod(weeks, Int64(everyWeeks))
                checks.append(
                    Check(
                        name: .everyWeeks, passed: !failed.contains(.everyWeeks),
                        detail: "the week of \(date) is \(weeks) week(s) from the week of start \(start); "
                            + "every \(everyWeeks) weeks fires when that is a multiple of \(everyWeeks) (remainder \(phase))"))
            }
        case .once(let once):
            checks.append(Check(name: .date, passed: failed.isDisjoint(with: [.start, .end]), detail: "the rule fires once, on \(once)"))
        }
        let skipped = failed.contains(.skip)
        checks.append(
            Check(name: .skip, passed: !skipped, detail: skipped ? "\(date) is in the rule's skip list" : "\(date) is not skipped"))
        self.checks = checks

        let zone = timeZone
        times = Set(rule.times).sorted().map { time in
            let local = LocalDateTime(date: date, time: time)
            let resolution = local.resolution(in: zone)
            var outcome = resolution.instant(gap: rule.gapPolicy, overlap: rule.overlapPolicy)
            // An instant no plan can hold (PlanningRange) is never planned.
            let outOfRange = outcome.map { !PlanningRange.canPlanFire(at: $0.instant) } ?? false
            if outOfRange { outcome = nil }
            var ringingInstead: Fire?
            // The expansion decides whether a shifted time lands on another fire of the rule;
            // only a date that passes every check but `enabled` has fires to land on.
            if failed.isEmpty, let (instant, adjustment) = outcome, adjustment == .gapShifted {
                ringingInstead = schedule.fireRingingInstead(
                    ofRule: 0, wall: local.wallSeconds, instant: CivilArithmetic.wholeSeconds(instant),
                    deviceTimeZone: deviceTimeZone)
            }
            let fire =
                ringingInstead != nil
                ? nil
                : outcome.map { instant, adjustment in
                    Fire(
                        ruleID: rule.id, instant: instant, local: local, timeZone: zone,
                        utcOffsetSeconds: zone.secondsFromGMT(for: instant), adjustment: adjustment,
                        isFloating: rule.timeZone == .floating)
                }
            return TimeResolution(
                local: local, resolution: resolution, fire: fire, ringingInstead: ringingInstead,
                summary: FireExplanation.summary(
                    local: local, resolution: resolution, rule: rule, zone: zone,
                    ringingInstead: ringingInstead, outOfRange: outOfRange))
        }
    }

    private static func summary(
        local: LocalDateTime, resolution: WallClockResolution, rule: AlarmRule, zone: TimeZone,
        ringingInstead: Fire?, outOfRange: Bool
    ) -> String {
        let text = summary(local: local, resolution: resolution, rule: rule, zone: zone, ringingInstead: ringingInstead)
        guard outOfRange else { return text }
        return text + "; no plan holds that instant (plans hold fires \(PlanningRange.fireInstantsText)), so it does not fire"
    }

    private static func summary(
        local: LocalDateTime, resolution: WallClockResolution, rule: AlarmRule, zone: TimeZone,
        ringingInstead: Fire?
    ) -> String {
        func stamp(_ instant: Date) -> String {
            let offset = zone.secondsFromGMT(for: instant)
            let seconds = instant.timeIntervalSince1970
            // UTC cannot name an instant outside the years 0001–9999: say on which side it is.
            let utc =
                seconds < Double(PlanningRange.earliestInstant)
                ? "before " + RFC3339.format(Date(timeIntervalSince1970: Double(PlanningRange.earliestInstant)), utcOffsetSeconds: 0)
                : seconds >= Double(PlanningRange.latestInstant + 1)
                    ? "after " + RFC3339.format(Date(timeIntervalSince1970: Double(PlanningRange.latestInstant)), utcOffsetSeconds: 0)
                    : RFC3339.format(instant, utcOffsetSeconds: 0)
            return
                "\(LocalDateTime(instant: instant, utcOffsetSeconds: offset).time.shortDescription) \(RFC3339.offsetSuffix(offset)) (\(utc))"
        }
        let time = local.time.shortDescription
        switch resolution {
        case .unique(let instant):
            return "\(time) occurs once in \(zone.ianaName): \(stamp(instant))"
        case .gap(let shifted, let length):
            let before = RFC3339.offsetSuffix(zone.secondsFromGMT(for: shifted.addingTimeInterval(-Double(length) - 1)))
            let prefix = "\(time) does not exist in \(zone.ianaName) (clocks jump forward \(DurationText.describe(seconds: length)))"
            if rule.gapPolicy == .skip { return prefix + "; gap: skip, so it does not fire" }
            let shiftedText = prefix + "; gap: shift reads it with the earlier offset \(before) → \(stamp(shifted))"
            guard let ringingInstead else { return shiftedText }
            return shiftedText + ", when the rule already rings (\(ringingInstead.id)), so the shifted time is dropped"
        case .overlap(let earlier, let later):
            let chosen = rule.overlapPolicy == .first ? "first" : "last"
            return "\(time) occurs twice in \(zone.ianaName): \(stamp(earlier)) and \(stamp(later)); overlap: \(chosen) picks "
                + stamp(rule.overlapPolicy == .first ? earlier : later)
        }
    }
}
