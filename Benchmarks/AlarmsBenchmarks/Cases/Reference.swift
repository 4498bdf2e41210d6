import Foundation
import RecurringAlarms

/// Slow, independent computations of what the engine's fast paths must produce. They run
/// untimed, once per case, and supply each case's expected checksum.
enum Reference {
    static let horizon: TimeInterval = PlanOptions.defaultHorizon

    /// The plan without the planner: every fire of the public sequence, the soonest `cap + 1` kept.
    ///
    /// Two passes keep memory small at 1M rules: the first finds the instant of the
    /// `cap + 1`-th soonest fire, the second sorts only the fires up to it.
    static func plan(_ schedule: AlarmSchedule, _ scenario: Scenario, cap: Int = PlanOptions.defaultCap) -> UInt64 {
        let end = scenario.now.addingTimeInterval(horizon)
        return checksum(soonest(schedule, scenario, count: cap + 1, through: end), cap: cap, end: end)
    }

    /// The plan that fills the cap without the planner: the public sequence over 7, 14, 28 …
    /// days until a window holds `cap + 1` fires (every later fire comes after them, so they
    /// are the soonest of the 366 days too), or over the whole 366 days.
    static func fillingPlan(_ schedule: AlarmSchedule, _ scenario: Scenario, cap: Int = PlanOptions.defaultCap) -> UInt64 {
        let end = scenario.now.addingTimeInterval(PlanOptions.maximumHorizon)
        var span = horizon
        while true {
            let kept = soonest(
                schedule, scenario, count: cap + 1, through: scenario.now.addingTimeInterval(min(span, PlanOptions.maximumHorizon)))
            if kept.count > cap || span >= PlanOptions.maximumHorizon { return checksum(kept, cap: cap, end: end) }
            span *= 2
        }
    }

    /// A book's plan without the planner: the public fire sequence of its rules as planned
    /// (skip-next dates added to their skips), and its snooze fires inside the window, all
    /// sorted in plan order, the soonest `cap + 1` kept.
    static func bookPlan(_ book: AlarmBook, _ scenario: Scenario, cap: Int = PlanOptions.defaultCap) -> UInt64 {
        let end = scenario.now.addingTimeInterval(horizon)
        guard let schedule = try? AlarmSchedule(rules: book.rulesForPlanning) else { return 0 }
        var fires = schedule.fires(after: scenario.now, through: end, deviceTimeZone: scenario.deviceTimeZone).map(\.key)
        for snooze in book.snoozeFires(deviceTimeZone: scenario.deviceTimeZone)
        where snooze.instant > scenario.now && snooze.instant <= end {
            fires.append(snooze.key)
        }
        fires.sort(by: FireKey.precedes)
        return checksum(Array(fires.prefix(cap + 1)), cap: cap, end: end)
    }

    /// The checksum of a plan whose soonest `cap + 1` fires are `kept` (in plan order), in a window ending at `end`.
    private static func checksum(_ kept: [FireKey], cap: Int, end: Date) -> UInt64 {
        let truncated = kept.count > cap
        let coveredUntil = truncated ? kept[cap].instant : Int64(end.timeIntervalSince1970.rounded(.down))
        return PlanChecksum.of(fires: Array(kept.prefix(cap)), coveredUntil: coveredUntil, isTruncated: truncated)
    }

    /// The soonest `count` fires of the public sequence in `(now, end]`, in plan order.
    private static func soonest(_ schedule: AlarmSchedule, _ scenario: Scenario, count keep: Int, through end: Date) -> [FireKey] {
        let fires = schedule.fires(after: scenario.now, through: end, deviceTimeZone: scenario.deviceTimeZone)
        var instants: [Int64] = []
        for fire in fires { instants.append(fire.instantSeconds) }
        var kept: [FireKey] = []
        if instants.count > keep {
            instants.sort()
            let cutoff = instants[keep - 1]
            for fire in fires where fire.instantSeconds <= cutoff { kept.append(fire.key) }
        } else {
            kept = fires.map(\.key)
        }
        kept.sort(by: FireKey.precedes)
        return Array(kept.prefix(keep))
    }

    /// Every fire of `rules` in the scenario's window, by the documented semantics alone:
    /// each eligible local date and time resolved with the public
    /// `LocalDateTime.instant(in:gap:overlap:)`, and each rule ringing once per instant (a
    /// gap-shifted time that lands on another time of its rule is dropped; the earlier nominal
    /// time is kept between two shifted ones). O(rules × days × times) offset-table builds, so
    /// only for small rule sets.
    static func fires(_ rules: [AlarmRule], _ scenario: Scenario) -> [FireKey] {
        let lower = Int64(scenario.now.timeIntervalSince1970.rounded(.down))
        let upper = lower + Int64(horizon)
        var result: [FireKey] = []
        for rule in rules where rule.isEnabled {
            let zone = rule.timeZone.resolved(deviceTimeZone: scenario.deviceTimeZone)
            // Local dates whose wall times can land in the window, with a day to spare each side.
            let firstDay = floorDiv(lower - 86_400 * 2, 86_400)
            let lastDay = floorDiv(upper + 86_400 * 2, 86_400)
            // The rule's fire at each instant: its wall time and whether it was gap-shifted.
            var ringing: [Int64: (wall: Int64, shifted: Bool)] = [:]
            for day in firstDay...lastDay where isEligible(rule, day: day) {
                for time in Set(rule.times) {
                    let local = LocalDateTime(date: LocalDate(daysSinceEpoch: day), time: time)
                    guard let (instant, adjustment) = local.instant(in: zone, gap: rule.gapPolicy, overlap: rule.overlapPolicy) else {
                        continue
                    }
                    let seconds = Int64(instant.timeIntervalSince1970.rounded(.down))
                    guard seconds > lower && seconds <= upper else { continue }
                    let candidate = (wall: day * 86_400 + Int64(time.secondsSinceMidnight), shifted: adjustment == .gapShifted)
                    if let other = ringing[seconds], (other.shifted ? 1 : 0, other.wall) < (candidate.shifted ? 1 : 0, candidate.wall) {
                        continue
                    }
                    ringing[seconds] = candidate
                }
            }
            for (instant, fire) in ringing { result.append(FireKey(instant: instant, ruleID: rule.id, wall: fire.wall)) }
        }
        return result
    }

    /// The documented date tests (Docs/Semantics.md, "Which days are eligible").
    static func isEligible(_ rule: AlarmRule, day: Int64) -> Bool {
        if rule.skippedDates.contains(LocalDate(daysSinceEpoch: day)) { return false }
        switch rule.repeats {
        case .once(let date):
            return date.daysSinceEpoch == day
        case .weekly(let days, let everyWeeks, let start, let end):
            guard days.contains(LocalDate(daysSinceEpoch: day).weekday) else { return false }
            if let start, day < start.daysSinceEpoch { return false }
            if let end, day > end.daysSinceEpoch { return false }
            if everyWeeks > 1, let start {
                let weeks = (monday(day) - monday(start.daysSinceEpoch)) / 7
                return floorMod(weeks, Int64(everyWeeks)) == 0
            }
            return true
        }
    }

    static func monday(_ day: Int64) -> Int64 { day - floorMod(day + 3, 7) }
    static func floorMod(_ a: Int64, _ b: Int64) -> Int64 { ((a % b) + b) % b }
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { (a - floorMod(a, b)) / b }

    /// The digest of `fires`, as the expansion cases compute it.
    static func digest(_ fires: [FireKey]) -> ExpansionDigest {
        var digest = ExpansionDigest()
        for fire in fires { digest.add(instant: fire.instant, wall: fire.wall) }
        return digest
    }
}
