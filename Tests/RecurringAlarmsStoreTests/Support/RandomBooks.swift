import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// Valid books drawn from a seeded generator, covering every field of the format: labels with
/// quotes, escapes, control characters and emoji; weekly and one-shot rules; fixed and
/// floating zones; snoozes with fractional seconds (stored to the second); applied plans.
struct RandomBooks {
    var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    static let zones = [
        "America/New_York", "Europe/London", "Asia/Tokyo", "Australia/Lord_Howe", "Pacific/Chatham",
        "America/St_Johns", "Asia/Kathmandu", "UTC"
    ].map { TimeZone(identifier: $0)! }
    static let idCharacters = Array("ABCXYZabcxyz0189._-")
    static let labelPieces = ["Wake", " up", "\"quoted\"", "back\\slash", "line\nbreak", "tab\t", "\u{01}", "é", "日本", "⏰", "👩‍👩‍👧", "/", ""]

    /// 2020-01-01 through 2039-12-31 as day numbers.
    static let days: ClosedRange<Int64> = 18_262...25_567

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func bool() -> Bool { Bool.random(using: &generator) }
    mutating func date() -> LocalDate { LocalDate(daysSinceEpoch: Int64.random(in: Self.days, using: &generator)) }
    mutating func zone() -> TimeZone { Self.zones[int(0...Self.zones.count - 1)] }

    mutating func instant(fractional: Bool = false) -> Date {
        let seconds = Double(Int64.random(in: (Self.days.lowerBound * 86_400)...(Self.days.upperBound * 86_400), using: &generator))
        return Date(timeIntervalSince1970: seconds + (fractional ? Double(int(0...999)) / 1000 : 0))
    }

    mutating func book(maximumRules: Int = 12) -> AlarmBook {
        let rules = (0..<int(0...maximumRules)).map { rule(number: $0) }
        let ids = rules.map(\.id) + ["gone"]
        // A valid book has at most one snooze per rule, and each skip-next date of a rule once.
        var snoozes: [Snooze] = []
        for _ in 0..<int(0...3) {
            let id = ids[int(0...ids.count - 1)]
            let snooze = Snooze(
                ruleID: id, fireID: FireID(ruleID: id, local: LocalDateTime(instant: instant(), utcOffsetSeconds: 0)).description,
                instant: instant(fractional: true))
            if !snoozes.contains(where: { $0.ruleID == id }) { snoozes.append(snooze) }
        }
        var skips: [SkippedOccurrence] = []
        for _ in 0..<int(0...3) {
            let skip = SkippedOccurrence(ruleID: ids[int(0...ids.count - 1)], date: date())
            if !skips.contains(skip) { skips.append(skip) }
        }
        var applied: AppliedPlan?
        if bool() {
            let fires = (0..<int(0...5)).map { _ in
                let id = ids[int(0...ids.count - 1)]
                let local = LocalDateTime(instant: instant(), utcOffsetSeconds: 0)
                return AppliedFire(id: FireID(ruleID: id, local: local, isSnooze: bool()).description, instant: instant())
            }
            // A plan covers from when it was applied.
            let (appliedAt, coveredUntil) = (instant(fractional: true), instant())
            applied = AppliedPlan(
                appliedAt: min(appliedAt, coveredUntil), deviceTimeZone: zone(), coveredUntil: max(appliedAt, coveredUntil), fires: fires)
        }
        return AlarmBook(rules: rules, snoozes: snoozes, skippedOccurrences: skips, applied: applied)
    }

    mutating func rule(number: Int) -> AlarmRule {
        let id = "r\(number)_" + String((0..<int(0...8)).map { _ in Self.idCharacters[int(0...Self.idCharacters.count - 1)] })
        let label: String? = bool() ? nil : (0..<int(0...4)).map { _ in Self.labelPieces[int(0...Self.labelPieces.count - 1)] }.joined()
        let repeats: Recurrence
        if int(0...4) == 0 {
            repeats = .once(date())
        } else {
            let days = WeekdaySet(rawValue: UInt8(int(1...127)))
            let start: LocalDate? = bool() ? date() : nil
            let end: LocalDate? = bool() ? (start ?? date()).adding(days: int(0...400)) : nil
            let everyWeeks = start == nil ? 1 : int(1...52)
            repeats = .weekly(days: days, everyWeeks: everyWeeks, start: start, end: end)
        }
        var seconds = Set<Int>()
        for _ in 0..<int(1...4) { seconds.insert(int(0...86_399)) }
        let times = seconds.sorted().map { TimeOfDay(secondsSinceMidnight: $0)! }
        let zone: ZoneChoice = bool() ? .floating : .fixed(zone())
        let skipped = Set((0..<int(0...3)).map { _ in date() })
        return AlarmRule(
            id: id, label: label, isEnabled: int(0...3) != 0, repeats: repeats, times: bool() ? times : times.reversed(),
            timeZone: zone, skippedDates: skipped, gapPolicy: bool() ? .shift : .skip, overlapPolicy: bool() ? .first : .last)
    }
}
