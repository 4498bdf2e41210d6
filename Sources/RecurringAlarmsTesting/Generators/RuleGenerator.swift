import Foundation
import RecurringAlarms
import Testing

/// Random valid rules and books for property tests, replayed exactly from a seed on every
/// machine (the engine's SplitMix64, not the system generator).
///
/// Rules mix floating and fixed zones (30- and 45-minute offsets, midnight transitions, the
/// southern hemisphere, zones without DST), one to seven days, one to three times, every one
/// to four weeks, start and end dates, one-shot dates, skipped dates, both gap and overlap
/// policies, disabled rules and awkward labels; their dates fall near a given day and their
/// times near 00:30–03:00 often, where the clocks change. Run a property under
/// ``withSeed(_:sourceLocation:_:)`` so a failure names the seed that replays it.
///
/// ```swift
/// @Test func plansAreSorted() {
///     withSeeds(0..<200) { generator in
///         let now = generator.instant(near: LocalDate(parsing: "2026-03-29")!)
///         let book = generator.book(now: now, deviceTimeZone: TimeZone(ianaIdentifier: "Europe/Berlin")!)
///         let fires = try book.plan(now: now, options: PlanOptions(deviceTimeZone: .gmt)).fires
///         #expect(fires.map(\.instant) == fires.map(\.instant).sorted())
///     }
/// }
/// ```
public struct RuleGenerator: RandomNumberGenerator, Sendable, CustomStringConvertible, CustomTestStringConvertible {
    /// The seed this generator started from: the same seed draws the same values.
    public let seed: UInt64
    private var random: SplitMix64

    /// A generator that draws from `seed`.
    ///
    /// ```swift
    /// var generator = RuleGenerator(seed: 42)
    /// generator.rule(id: "wake", near: LocalDate(parsing: "2026-03-29")!)  // the same rule on every machine
    /// ```
    public init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
    }

    /// `RuleGenerator(seed: 42)`: what a failure prints to replay the run.
    public var description: String { "RuleGenerator(seed: \(seed))" }
    /// The name of a test case run with this generator: ``description``.
    public var testDescription: String { description }

    /// The next 64 random bits, so the generator serves the standard library's `random(in:using:)`.
    ///
    /// ```swift
    /// Int.random(in: 1...7, using: &generator)
    /// ```
    public mutating func next() -> UInt64 { random.next() }

    /// `true` with probability `numerator / denominator`; `false`, drawing nothing, when
    /// `denominator` is not positive.
    ///
    /// ```swift
    /// if generator.chance(1, in: 4) { /* a quarter of the time */ }
    /// ```
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        guard denominator > 0 else { return false }
        return Int.random(in: 0..<denominator, using: &random) < numerator
    }

    /// A uniformly chosen element of `elements`; `nil`, drawing nothing, when it is empty.
    ///
    /// ```swift
    /// generator.pick(["Europe/Berlin", "Asia/Tokyo"])   // one of the two
    /// generator.pick([Int]())                          // nil
    /// ```
    public mutating func pick<Element>(_ elements: [Element]) -> Element? {
        elements.isEmpty ? nil : draw(elements)
    }

    /// A uniformly chosen element of an array the generator knows is not empty.
    private mutating func draw<Element>(_ nonEmpty: [Element]) -> Element {
        nonEmpty[Int.random(in: 0..<nonEmpty.count, using: &random)]
    }

    /// The zones rules are drawn in: 30- and 45-minute offsets and DST steps, midnight
    /// transitions, the southern hemisphere, zones without DST, a skipped day (Pacific/Apia,
    /// 2011), and the fixed clocks `UTC`, `GMT` and `Etc/GMT±N` (whose sign is POSIX's:
    /// `Etc/GMT+5` is UTC−5), which a rule follows as its own clock, never as floating.
    ///
    /// ```swift
    /// RuleGenerator.zoneIdentifiers.contains("Pacific/Chatham")  // true
    /// RuleGenerator.zoneIdentifiers.contains("Etc/GMT+5")        // true
    /// ```
    public static let zoneIdentifiers = [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham", "America/Havana",
        "Asia/Kolkata", "America/St_Johns", "Australia/Sydney", "America/Sao_Paulo", "Asia/Tokyo",
        "Europe/Berlin", "Asia/Kathmandu", "Pacific/Apia", "UTC", "GMT", "Etc/GMT+5", "Etc/GMT-14"
    ]

    /// A wall time: about a fifth between 00:30 and 03:00, where most transitions are, some on
    /// edges such as 00:00, 01:59:59 and 23:59:59, the rest anywhere in the day.
    ///
    /// ```swift
    /// generator.time()   // e.g. 02:45
    /// ```
    public mutating func time() -> TimeOfDay {
        if chance(1, in: 5) {
            return TimeOfDay(secondsSinceMidnight: Int.random(in: 30...180, using: &random) * 60)!
        }
        if chance(1, in: 8) {
            let edges = [0, 900, 3600, 7199, 7200, 9900, 13_500, 84_600, 86_399]
            return TimeOfDay(secondsSinceMidnight: draw(edges))!
        }
        return TimeOfDay(secondsSinceMidnight: Int.random(in: 0..<86_400, using: &random))!
    }

    /// An instant within three days either side of midnight UTC starting `day`, in whole
    /// seconds, a tenth of the time half a second past one.
    ///
    /// ```swift
    /// let now = generator.instant(near: LocalDate(parsing: "2026-03-29")!)
    /// ```
    public mutating func instant(near day: LocalDate) -> Date {
        let seconds = day.daysSinceEpoch * 86_400 + Int64.random(in: -259_200...259_200, using: &random)
        return Date(timeIntervalSince1970: Double(seconds) + (chance(1, in: 10) ? 0.5 : 0))
    }

    /// One valid rule with id `id` whose dates fall within about ten days of `day`, so start,
    /// end, skips and one-shot dates matter in a week's plan. With a `hotspot`, two thirds of
    /// its zone and time draws are the transition's zone and wall times within an hour of it
    /// (in 15-minute steps, and a second either side), so gaps and overlaps are common.
    ///
    /// ```swift
    /// let spring = ZoneTransition.springForward(in: try zone("Europe/Berlin"), year: 2026)
    /// let rule = generator.rule(id: "wake", near: LocalDate(parsing: "2026-03-29")!, hotspot: spring)
    /// rule.validationProblems(number: 1).isEmpty   // true
    /// ```
    public mutating func rule(id: String, near day: LocalDate, hotspot: ZoneTransition? = nil) -> AlarmRule {
        let hotTimes = hotspot.map(Self.times(around:)) ?? []
        var times: [TimeOfDay] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let drawn = !hotTimes.isEmpty && chance(2, in: 3) ? draw(hotTimes) : time()
            if !times.contains(drawn) { times.append(drawn) }
        }
        let zone: ZoneChoice
        if let hotspot, chance(2, in: 3) {
            zone = .fixed(hotspot.zone)
        } else {
            zone = chance(1, in: 4) ? .floating : .fixed(TimeZone(ianaIdentifier: draw(Self.zoneIdentifiers)) ?? .gmt)
        }
        let repeats: Recurrence
        if chance(1, in: 6) {
            repeats = .once(date(near: day))
        } else {
            var mask = UInt8.random(in: 1...0x7F, using: &random)
            if chance(1, in: 4) { mask = 0x7F }
            let everyWeeks = chance(1, in: 4) ? Int.random(in: 2...4, using: &random) : 1
            let start: LocalDate? = everyWeeks > 1 || chance(1, in: 4) ? date(near: day) : nil
            var end: LocalDate? = chance(1, in: 4) ? date(near: day) : nil
            if let startDate = start, let endDate = end, endDate < startDate {
                end = startDate.adding(days: Int.random(in: 0...6, using: &random))
            }
            repeats = .weekly(days: WeekdaySet(rawValue: mask), everyWeeks: everyWeeks, start: start, end: end)
        }
        var skipped = Set<LocalDate>()
        if chance(1, in: 3) {
            for _ in 0..<Int.random(in: 1...3, using: &random) { skipped.insert(date(near: day)) }
        }
        let label: String? = chance(1, in: 3) ? draw(["Wake up", "Meds \"blue\"", "Ünïcode ⏰", "tab\tand\nnewline", ""]) : nil
        return AlarmRule(
            id: id, label: label, isEnabled: !chance(1, in: 10), repeats: repeats, times: times, timeZone: zone,
            skippedDates: skipped, gapPolicy: chance(1, in: 3) ? .skip : .shift, overlapPolicy: chance(1, in: 3) ? .last : .first)
    }

    /// 1 to `maximumCount` rules (see ``rule(id:near:hotspot:)``) with unique ids that mix
    /// cases, digits and punctuation, so the code-point order of ids is exercised (`"B" < "a"`).
    /// A `maximumCount` below 1 counts as 1.
    ///
    /// ```swift
    /// generator.rules(maximumCount: 6, near: LocalDate(parsing: "2026-10-25")!).count  // 1…6
    /// ```
    public mutating func rules(maximumCount: Int, near day: LocalDate, hotspot: ZoneTransition? = nil) -> [AlarmRule] {
        let stems = ["a", "B", "b", "Z", "wake", "Wake", "meds-1", "meds_2", "x.y", "0"]
        var ids = Set<String>()
        var rules: [AlarmRule] = []
        for _ in 0..<Int.random(in: 1...max(1, maximumCount), using: &random) {
            var id = draw(stems)
            if chance(1, in: 2) { id += String(Int.random(in: 0...99, using: &random)) }
            guard ids.insert(id).inserted else { continue }
            rules.append(rule(id: id, near: day, hotspot: hotspot))
        }
        return rules
    }

    /// A valid book of 1 to `maximumRules` rules near `now`'s day in `deviceTimeZone`, with
    /// runtime state as an app leaves it: about a third of the enabled rules have their next
    /// occurrence skipped (`skipNext`), and up to two fires of the week's plan are snoozed
    /// for 1 to 30 minutes past their instant.
    ///
    /// ```swift
    /// let now = try instant("2026-03-29T00:30:00+01:00")
    /// let book = generator.book(now: now, deviceTimeZone: try zone("Europe/Berlin"))
    /// book.validationProblems().isEmpty   // true
    /// ```
    /// - Complexity: plans the book once for its snoozes; each skip searches the rule's next occurrence.
    public mutating func book(
        now: Date, deviceTimeZone: TimeZone, maximumRules: Int = 6, hotspot: ZoneTransition? = nil
    ) -> AlarmBook {
        let offset = deviceTimeZone.secondsFromGMT(for: now)
        let day = LocalDateTime(instant: now, utcOffsetSeconds: offset).date
        var book = AlarmBook(rules: rules(maximumCount: maximumRules, near: day, hotspot: hotspot))
        for rule in book.rules where rule.isEnabled && chance(1, in: 3) {
            _ = try? book.skipNext(ruleID: rule.id, now: now, deviceTimeZone: deviceTimeZone)
        }
        let fires = (try? book.plan(now: now, options: PlanOptions(deviceTimeZone: deviceTimeZone)).fires) ?? []
        if !fires.isEmpty {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let fire = draw(fires)
                let until = fire.instant.addingTimeInterval(Double(Int.random(in: 1...30, using: &random) * 60))
                _ = try? book.snooze(fireID: fire.id, until: until)
            }
        }
        return book
    }

    /// A date within ten days before to twelve days after `day`.
    private mutating func date(near day: LocalDate) -> LocalDate { day.adding(days: Int.random(in: -10...12, using: &random)) }

    /// The wall times within an hour of a transition, in 15-minute steps and a second either
    /// side of it, read with the offset in force before it.
    private static func times(around transition: ZoneTransition) -> [TimeOfDay] {
        let wallSecond = LocalDateTime(instant: transition.instant, utcOffsetSeconds: transition.offsetBefore).time.secondsSinceMidnight
        let steps = (-4...4).map { $0 * 900 } + [-1, 1]
        return steps.map { TimeOfDay(secondsSinceMidnight: ((wallSecond + $0) % 86_400 + 86_400) % 86_400)! }
    }
}
