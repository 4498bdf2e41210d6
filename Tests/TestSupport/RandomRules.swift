import Foundation
import RecurringAlarms

// A seeded generator's conveniences and a random rule factory for the randomized tests of
// every target. Nothing here reads the real clock or the system time zone.

/// Test conveniences on the library's seeded generator (every randomized test replays the
/// same inputs on every machine, and a failure names its seed).
extension SplitMix64 {
    /// `true` with probability `numerator / denominator`.
    package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        Int.random(in: 0..<denominator, using: &self) < numerator
    }

    /// A uniformly chosen element of a non-empty array.
    package mutating func pick<T>(_ elements: [T]) -> T {
        elements[Int.random(in: 0..<elements.count, using: &self)]
    }
}

/// Random valid rules for the randomized tests, drawn to hit DST edges often.
package enum RandomRules {
    /// At least ten zones, covering 30- and 45-minute offsets and DST steps, midnight
    /// transitions, the southern hemisphere and zones without DST.
    package static let zoneIdentifiers = [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham", "America/Havana",
        "Asia/Kolkata", "America/St_Johns", "Australia/Sydney", "America/Sao_Paulo", "Asia/Tokyo",
        "Europe/Berlin", "Asia/Kathmandu", "Pacific/Apia"
    ]

    /// A wall time; about a fifth fall between 00:30 and 03:00 where most transitions are,
    /// and some sit exactly on a transition edge.
    package static func time(using rng: inout SplitMix64) -> TimeOfDay {
        if rng.chance(1, in: 5) {
            let minutes = Int.random(in: 30...180, using: &rng)
            return TimeOfDay(secondsSinceMidnight: minutes * 60)!
        }
        if rng.chance(1, in: 8) {
            return clock(rng.pick(["00:00", "00:15", "01:00", "01:59:59", "02:00", "02:45", "03:45", "23:30", "23:59:59"]))
        }
        return TimeOfDay(secondsSinceMidnight: Int.random(in: 0..<86_400, using: &rng))!
    }

    /// A zone with an offset change near the planning window, and wall times at and around
    /// that change: scenarios draw from them often so gaps and overlaps are common.
    package struct Hotspot {
        package let zoneIdentifier: String
        package let times: [TimeOfDay]

        /// The zone's wall times within an hour of the change, in 15-minute steps and a
        /// second either side of it, read with the offset in force before the change.
        package init(zoneIdentifier: String, transition: Int) {
            self.zoneIdentifier = zoneIdentifier
            let zone = Zones.named(zoneIdentifier)
            let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(transition - 1)))
            let wallSecond = ((transition + before) % 86_400 + 86_400) % 86_400
            let offsets = (-4...4).map { $0 * 900 } + [-1, 1]
            times = offsets.map { TimeOfDay(secondsSinceMidnight: ((wallSecond + $0) % 86_400 + 86_400) % 86_400)! }
        }
    }

    /// One valid rule whose dates fall near `center`, so start, end, skips and one-shot
    /// dates matter inside a plan window; with a hotspot, two thirds of zones and times come from it.
    package static func rule(id: String, near center: LocalDate, hotspot: Hotspot? = nil, using rng: inout SplitMix64) -> AlarmRule {
        func nearDate() -> LocalDate { center.adding(days: Int.random(in: -10...12, using: &rng)) }
        var times: [TimeOfDay] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let drawn = if let hotspot, rng.chance(2, in: 3) { rng.pick(hotspot.times) } else { Self.time(using: &rng) }
            if !times.contains(drawn) { times.append(drawn) }
        }
        let zone: ZoneChoice
        if let hotspot, rng.chance(2, in: 3) {
            zone = .fixed(Zones.named(hotspot.zoneIdentifier))
        } else {
            zone = rng.chance(1, in: 4) ? .floating : .fixed(Zones.named(rng.pick(zoneIdentifiers)))
        }
        let repeats: Recurrence
        if rng.chance(1, in: 6) {
            repeats = .once(nearDate())
        } else {
            var mask = UInt8.random(in: 1...0x7F, using: &rng)
            if rng.chance(1, in: 4) { mask = 0x7F }
            let everyWeeks = rng.chance(1, in: 4) ? Int.random(in: 2...4, using: &rng) : 1
            let start: LocalDate? = everyWeeks > 1 || rng.chance(1, in: 4) ? nearDate() : nil
            var end: LocalDate? = rng.chance(1, in: 4) ? nearDate() : nil
            if let startDate = start, let endDate = end, endDate < startDate {
                end = startDate.adding(days: Int.random(in: 0...6, using: &rng))
            }
            repeats = .weekly(days: WeekdaySet(rawValue: mask), everyWeeks: everyWeeks, start: start, end: end)
        }
        var skipped = Set<LocalDate>()
        if rng.chance(1, in: 3) {
            for _ in 0..<Int.random(in: 1...3, using: &rng) { skipped.insert(nearDate()) }
        }
        let label: String? = rng.chance(1, in: 3) ? rng.pick(["Wake up", "Meds \"blue\"", "Ünïcode ⏰", "tab\tand\nnewline", ""]) : nil
        return AlarmRule(
            id: id, label: label, isEnabled: !rng.chance(1, in: 10), repeats: repeats, times: times, timeZone: zone,
            skippedDates: skipped, gapPolicy: rng.chance(1, in: 3) ? .skip : .shift,
            overlapPolicy: rng.chance(1, in: 3) ? .last : .first)
    }

    /// 1 to `maximumCount` rules with unique ids that mix cases and punctuation, so the
    /// code-point order of ids is exercised ("B" < "a").
    package static func rules(maximumCount: Int, near center: LocalDate, hotspot: Hotspot? = nil, using rng: inout SplitMix64)
        -> [AlarmRule]
    {
        let stems = ["a", "B", "b", "Z", "wake", "Wake", "meds-1", "meds_2", "x.y", "0"]
        var ids = Set<String>()
        var rules: [AlarmRule] = []
        for _ in 0..<Int.random(in: 1...maximumCount, using: &rng) {
            var id = rng.pick(stems)
            if rng.chance(1, in: 2) { id += String(Int.random(in: 0...99, using: &rng)) }
            guard ids.insert(id).inserted else { continue }
            rules.append(rule(id: id, near: center, hotspot: hotspot, using: &rng))
        }
        return rules
    }
}
