import Foundation
// The engine's seeded generator, so the workload replays from its seed; not public API.
@_spi(Benchmarking) import RecurringAlarms

/// One moment to plan from, with the device zone floating rules follow.
struct Scenario: Sendable {
    /// Short name used in reports, e.g. `us-spring`.
    let name: String
    let now: Date
    let deviceTimeZone: TimeZone
    /// Which transitions fall inside the 7-day window that starts at `now`.
    let note: String

    init(_ name: String, _ now: String, _ zone: String, _ note: String) {
        self.name = name
        self.now = Timestamp.utc(now)
        deviceTimeZone = TimeZone(identifier: zone)!
        self.note = note
    }
}

/// The fixed benchmark inputs: rule sets drawn from a seeded generator and the `now` values.
///
/// Rules have random weekday sets and one to three times; a fifth of them have every time
/// between 00:30 and 03:00, where the DST changes of these zones happen. Zones include
/// 30- and 45-minute offsets (Kathmandu, Kolkata, St John's, Chatham) and DST steps of
/// 30 minutes (Lord Howe) and at midnight (Havana). Some rules are floating, some repeat
/// every 2–4 weeks, some skip dates, end, are one-shot, skip gaps or take the later overlap.
enum Workload {
    static let zoneIdentifiers = [
        "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kathmandu", "Asia/Kolkata", "America/St_Johns",
        "America/New_York", "Europe/Berlin", "Australia/Sydney", "America/Sao_Paulo", "Asia/Tokyo",
        "Europe/London", "America/Havana"
    ]

    /// Each 7-day window from these moments holds the 2026 transitions named in its note,
    /// except `quiet`, which holds none in any of the zones above.
    static let scenarios = [
        Scenario("us-spring", "2026-03-07T12:00:00Z", "America/New_York", "New York, St John's, Havana spring forward on Mar 8"),
        Scenario("eu-spring", "2026-03-28T12:00:00Z", "Europe/Berlin", "Berlin, London spring forward on Mar 29"),
        Scenario("au-fall", "2026-04-04T00:00:00Z", "Australia/Lord_Howe", "Lord Howe (30 min), Sydney, Chatham fall back on Apr 5"),
        Scenario("chatham-spring", "2026-09-26T00:00:00Z", "Pacific/Chatham", "Chatham springs forward 02:45 → 03:45 on Sep 27"),
        Scenario("au-spring", "2026-10-03T00:00:00Z", "Australia/Lord_Howe", "Lord Howe (02:00 → 02:30), Sydney spring forward on Oct 4"),
        Scenario("eu-fall", "2026-10-24T12:00:00Z", "Europe/London", "Berlin, London fall back on Oct 25"),
        Scenario("us-fall", "2026-10-31T12:00:00Z", "America/Havana", "New York, St John's, Havana fall back on Nov 1"),
        Scenario("quiet", "2026-12-01T00:00:00Z", "Asia/Kolkata", "no transition in any workload zone")
    ]

    static let defaultSeed: UInt64 = 0x00A1_A2A5_2026

    /// `count` rules, the same for the same `count` and `seed`. Ids are `r0000000` …, in a
    /// shuffled order so the compiled (sorted) order differs from the generated one.
    static func rules(count: Int, seed: UInt64 = defaultSeed) -> [AlarmRule] {
        var random = SeededGenerator(seed: seed ^ UInt64(count))
        let zones = zoneIdentifiers.map { TimeZone(identifier: $0)! }
        let firstStart = LocalDate(parsing: "2025-06-01")!.daysSinceEpoch
        let lastStart = LocalDate(parsing: "2026-02-28")!.daysSinceEpoch
        let scenarioDays = scenarios.map { CivilDay.of($0.now) }
        func day(_ range: ClosedRange<Int64>, _ random: inout SeededGenerator) -> LocalDate {
            LocalDate(daysSinceEpoch: Int64(random.int(in: Int(range.lowerBound)...Int(range.upperBound))))
        }
        /// A date inside one of the scenario windows, so skips, ends and one-shots matter.
        func windowDay(_ random: inout SeededGenerator) -> LocalDate {
            LocalDate(daysSinceEpoch: scenarioDays[random.int(in: 0...(scenarioDays.count - 1))] + Int64(random.int(in: -1...8)))
        }

        var numbers = Array(0..<count)
        numbers.shuffle(using: &random)
        var rules: [AlarmRule] = []
        rules.reserveCapacity(count)
        for number in numbers {
            let nightOwl = random.chance(20)
            var seconds = Set<Int>()
            let timesCount = random.int(in: 1...3)
            while seconds.count < timesCount {
                var value = nightOwl ? random.int(in: 30...180) * 60 : random.int(in: 0...1439) * 60
                if random.chance(5) { value += random.int(in: 1...59) }
                seconds.insert(value)
            }
            let times = seconds.sorted().map { TimeOfDay(secondsSinceMidnight: $0)! }
            let zone: ZoneChoice = random.chance(15) ? .floating : .fixed(zones[random.int(in: 0...(zones.count - 1))])

            let repeats: Recurrence
            if random.chance(5) {
                repeats = .once(windowDay(&random))
            } else {
                let days = WeekdaySet(rawValue: UInt8(random.int(in: 1...127)))
                let everyWeeks = random.chance(10) ? random.int(in: 2...4) : 1
                let start = everyWeeks > 1 || random.chance(10) ? day(firstStart...lastStart, &random) : nil
                let end = random.chance(5) ? windowDay(&random) : nil
                repeats = .weekly(days: days, everyWeeks: everyWeeks, start: start, end: end)
            }
            var skipped = Set<LocalDate>()
            if random.chance(10) {
                for _ in 0..<random.int(in: 1...3) { skipped.insert(windowDay(&random)) }
            }
            let digits = String(number)
            rules.append(
                AlarmRule(
                    id: "r" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits,
                    isEnabled: !random.chance(2), repeats: repeats, times: times, timeZone: zone,
                    skippedDates: skipped, gapPolicy: random.chance(10) ? .skip : .shift,
                    overlapPolicy: random.chance(10) ? .last : .first))
        }
        return rules
    }
}

extension Workload {
    /// `count` sparse rules, the same for the same `count` and `seed`: each every 2 to 52
    /// weeks (started in the year before the first scenario), at one time, on one weekday or,
    /// one rule in four, every day of its weeks. Few fires a year each, so a plan that fills
    /// the cap reaches far ahead, and every rule's walk crosses many weeks without a fire.
    static func sparseRules(count: Int, seed: UInt64 = defaultSeed) -> [AlarmRule] {
        var random = SeededGenerator(seed: seed ^ 0x5_9A45E ^ UInt64(count))
        let zones = zoneIdentifiers.map { TimeZone(identifier: $0)! }
        let firstStart = LocalDate(parsing: "2025-03-01")!.daysSinceEpoch
        let lastStart = LocalDate(parsing: "2026-02-28")!.daysSinceEpoch
        return (0..<count).map { number in
            let days = random.chance(25) ? WeekdaySet.daily : WeekdaySet(rawValue: UInt8(1) << UInt8(random.int(in: 0...6)))
            let start = LocalDate(daysSinceEpoch: Int64(random.int(in: Int(firstStart)...Int(lastStart))))
            let time = TimeOfDay(secondsSinceMidnight: random.int(in: 0...1439) * 60)!
            let zone: ZoneChoice = random.chance(15) ? .floating : .fixed(zones[random.int(in: 0...(zones.count - 1))])
            let digits = String(number)
            return AlarmRule(
                id: "s" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits,
                repeats: .weekly(days: days, everyWeeks: random.int(in: 2...52), start: start), times: [time], timeZone: zone)
        }
    }
}

/// UTC day numbers (days since 1970-01-01).
enum CivilDay {
    static func of(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}

/// The two draws the workload makes, on the engine's SplitMix64 (`SeededGenerator`). Their
/// definitions fix the rule sets: changing either changes every case's inputs and expected checksums.
extension SeededGenerator {
    /// A number in `range`, drawn without the modulo bias of `next() % n` mattering here
    /// (ranges are tiny next to 2^64).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// `true` with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        next() % 100 < UInt64(percent)
    }
}
