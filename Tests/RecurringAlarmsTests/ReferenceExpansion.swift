import Foundation
import RecurringAlarms
import Testing

/// A brute-force expansion of rules, written to be obviously right rather than fast, that the
/// randomized tests compare the planner with.
///
/// It shares no code with the engine's expansion: it walks every local day of the window,
/// tests eligibility with its own weekday and week arithmetic, and resolves each wall time
/// by asking `TimeZone.secondsFromGMT(for:)` directly. It does not use `Calendar`'s matching
/// policies, which on Linux drop or shift wall times at the 30- and 45-minute transitions
/// of Lord Howe and Chatham.
enum ReferenceExpansion {
    struct Fire: Hashable, CustomStringConvertible {
        let ruleID: String
        let instant: Int
        let localWall: Int
        let local: String
        let zoneIdentifier: String
        let utcOffsetSeconds: Int
        let adjustment: FireAdjustment

        var id: String { ruleID + "@" + local }
        var description: String { "\(id) @\(instant) \(adjustment.rawValue)" }

        /// Plan order: instant, then rule id by Unicode code point, then nominal wall time.
        static func precedes(_ a: Fire, _ b: Fire) -> Bool {
            if a.instant != b.instant { return a.instant < b.instant }
            let aScalars = a.ruleID.unicodeScalars.map(\.value)
            let bScalars = b.ruleID.unicodeScalars.map(\.value)
            if aScalars != bScalars { return aScalars.lexicographicallyPrecedes(bScalars) }
            return a.localWall < b.localWall
        }
    }

    /// Every fire of `rules` with `after < instant <= through`, in plan order.
    ///
    /// One rule rings once per instant: when several of a rule's wall times resolve to one
    /// instant (a gap-shifted time landing on another time of the rule), the one that was not
    /// gap-shifted is kept, else the earliest nominal wall time.
    static func fires(of rules: [AlarmRule], after: Int, through: Int, deviceTimeZone: TimeZone) -> [Fire] {
        let all = allResolvedFires(of: rules, after: after, through: through, deviceTimeZone: deviceTimeZone)
        var kept: [String: [Int: Fire]] = [:]
        for fire in all {
            if let other = kept[fire.ruleID]?[fire.instant], ringsRather(other, than: fire) { continue }
            kept[fire.ruleID, default: [:]][fire.instant] = fire
        }
        return kept.values.flatMap(\.values).sorted(by: Fire.precedes)
    }

    /// Which of two fires of one rule at one instant rings: the one whose wall time exists,
    /// else the earlier nominal wall time.
    static func ringsRather(_ a: Fire, than b: Fire) -> Bool {
        if (a.adjustment == .gapShifted) != (b.adjustment == .gapShifted) { return b.adjustment == .gapShifted }
        return a.localWall < b.localWall
    }

    /// Every eligible wall time of `rules` resolved, with `after < instant <= through`, duplicates included.
    static func allResolvedFires(of rules: [AlarmRule], after: Int, through: Int, deviceTimeZone: TimeZone) -> [Fire] {
        var result: [Fire] = []
        // Any wall time that can resolve into the window lies within 15 h of it (no offset
        // exceeds ±14 h); a wide margin costs nothing here.
        let firstDay = floorDivide(after, 86_400) - 3
        let lastDay = floorDivide(through, 86_400) + 3
        for rule in rules where rule.isEnabled {
            let zone: TimeZone
            switch rule.timeZone {
            case .floating: zone = deviceTimeZone
            case .fixed(let fixed): zone = fixed
            }
            let skipped = Set(rule.skippedDates.map(dayNumber))
            for day in firstDay...lastDay where isEligible(rule, day: day, skipped: skipped) {
                for time in Set(rule.times) {
                    let wall = day * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
                    guard let (instant, adjustment) = resolve(wall: wall, in: zone, rule: rule) else { continue }
                    guard instant > after && instant <= through else { continue }
                    result.append(
                        Fire(
                            ruleID: rule.id, instant: instant, localWall: wall, local: localText(wall: wall),
                            zoneIdentifier: zone.identifier, utcOffsetSeconds: offset(zone, at: instant),
                            adjustment: adjustment))
                }
            }
        }
        return result.sorted(by: Fire.precedes)
    }

    // MARK: - Eligibility

    static func isEligible(_ rule: AlarmRule, day: Int, skipped: Set<Int>) -> Bool {
        if skipped.contains(day) { return false }
        switch rule.repeats {
        case .once(let date):
            return day == dayNumber(date)
        case .weekly(let days, let everyWeeks, let start, let end):
            if let start, day < dayNumber(start) { return false }
            if let end, day > dayNumber(end) { return false }
            guard days.contains(weekday(ofDay: day)) else { return false }
            guard everyWeeks > 1, let start else { return true }
            let weeks = (monday(ofDay: day) - monday(ofDay: dayNumber(start))) / 7
            return weeks % everyWeeks == 0
        }
    }

    /// 1970-01-01 (day 0) was a Thursday.
    static func weekday(ofDay day: Int) -> Weekday {
        let mondayBased = ((day % 7) + 7 + 3) % 7   // Monday = 0
        return [Weekday.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday][mondayBased]
    }

    static func monday(ofDay day: Int) -> Int {
        day - ((day % 7) + 7 + 3) % 7
    }

    // MARK: - Civil dates through Foundation's proleptic arithmetic in UTC

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Etc/UTC")!
        return calendar
    }()

    /// The day number of a local date, computed by Foundation rather than by the engine.
    static func dayNumber(_ date: LocalDate) -> Int {
        let components = DateComponents(year: date.year, month: date.month, day: date.day)
        return floorDivide(Int(utcCalendar.date(from: components)!.timeIntervalSince1970), 86_400)
    }

    static func localText(wall: Int) -> String {
        let parts = utcCalendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second],
            from: Date(timeIntervalSince1970: TimeInterval(wall)))
        func two(_ value: Int?) -> String { value! < 10 ? "0\(value!)" : "\(value!)" }
        return "\(parts.year!)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }

    // MARK: - Resolving a wall time by probing the zone

    static func offset(_ zone: TimeZone, at instant: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The instant of `wall` under the rule's policies, or `nil` when a gap skips it.
    ///
    /// Candidate offsets are those in force from 36 h before to 36 h after the wall time
    /// (read as if it were UTC), sampled hourly, plus the exact offsets at each candidate's
    /// instant. An instant `wall - o` is real iff the zone's offset at it is `o`. None real:
    /// a gap, read with the offset in force just before the transition. Two: an overlap.
    static func resolve(wall: Int, in zone: TimeZone, rule: AlarmRule) -> (Int, FireAdjustment)? {
        var candidates = Set<Int>()
        for hour in -36...36 { candidates.insert(offset(zone, at: wall + hour * 3600)) }
        for candidate in candidates { candidates.insert(offset(zone, at: wall - candidate)) }
        let valid = candidates.filter { offset(zone, at: wall - $0) == $0 }.map { wall - $0 }.sorted()
        if valid.count == 1 { return (valid[0], .none) }
        if valid.count >= 2 {
            return rule.overlapPolicy == .first ? (valid.first!, .overlapFirst) : (valid.last!, .overlapLast)
        }
        guard rule.gapPolicy == .shift else { return nil }
        guard let before = offsetBeforeGap(containing: wall, in: zone) else {
            Issue.record("reference: \(localText(wall: wall)) in \(zone.identifier) has no instant and no gap around it")
            return nil
        }
        return (wall - before, .gapShifted)
    }

    /// The offset in force just before the forward transition whose gap holds `wall`.
    static func offsetBeforeGap(containing wall: Int, in zone: TimeZone) -> Int? {
        var previous = offset(zone, at: wall - 50 * 3600)
        for hour in -49...50 {
            let probe = wall + hour * 3600
            let current = offset(zone, at: probe)
            if current != previous {
                // First second of the new offset, by bisection between two hourly probes.
                var low = probe - 3600
                var high = probe
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if offset(zone, at: middle) == current { high = middle } else { low = middle }
                }
                let before = offset(zone, at: high - 1)
                let after = offset(zone, at: high)
                if before < after && wall >= high + before && wall < high + after { return before }
                previous = current
            }
        }
        return nil
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
