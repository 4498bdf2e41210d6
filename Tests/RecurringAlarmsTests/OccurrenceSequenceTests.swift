import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// `AlarmSchedule.occurrences(after:through:deviceTimeZone:rules:)`, `partitions(_:)`,
/// `ruleID(of:)` and `fire(for:deviceTimeZone:)`: the plain-value view of every fire in a window.
///
/// Transitions used (checked with `TimeZone.secondsFromGMT(for:)`, as in the gap and overlap suites):
/// - America/New_York 2026-03-08 02:00 EST (UTC−5) → 03:00 EDT (UTC−4) at 07:00:00Z (1_772_953_200)
/// - America/New_York 2026-11-01 02:00 EDT (UTC−4) → 01:00 EST (UTC−5) at 06:00:00Z (1_793_512_800)
@Suite("Occurrence sequence")
struct OccurrenceSequenceTests {
    /// The `(after, through]` window of a property scenario: `now` and its horizon.
    static func window(_ scenario: PropertyTests.Scenario) -> (after: Date, through: Date) {
        (scenario.now, scenario.now.addingTimeInterval(scenario.options.horizon))
    }

    static func occurrences(
        _ schedule: AlarmSchedule, _ window: (after: Date, through: Date), _ zone: TimeZone,
        rules: Range<Int>? = nil
    ) -> [Occurrence] {
        Array(schedule.occurrences(after: window.after, through: window.through, deviceTimeZone: zone, rules: rules))
    }

    /// The first line where two long listings differ, or `nil`: a short failure message.
    static func firstDifference(_ actual: [String], _ expected: [String]) -> String? {
        for (index, (a, e)) in zip(actual, expected).enumerated() where a != e { return "line \(index): \(a) != \(e)" }
        return actual.count == expected.count ? nil : "\(actual.count) lines != \(expected.count)"
    }

    // MARK: - Occurrences against fires and the reference

    @Test("occurrences are the fires of the Fire sequence, field by field, and the reference's", arguments: 0..<4)
    func occurrencesMatchFires(batch: Int) throws {
        for index in 0..<40 {
            let scenario = PropertyTests.scenario(seed: 700_000 + UInt64(batch) * 1000 + UInt64(index))
            let schedule = try AlarmSchedule(rules: scenario.rules)
            let zone = scenario.options.deviceTimeZone
            let window = Self.window(scenario)
            let occurrences = Self.occurrences(schedule, window, zone)
            let fires = Array(schedule.fires(after: window.after, through: window.through, deviceTimeZone: zone))

            #expect(occurrences.count == fires.count, "\(scenario)")
            for (occurrence, fire) in zip(occurrences, fires) {
                #expect(schedule.ruleID(of: occurrence) == fire.ruleID, "\(scenario)")
                #expect(occurrence.instant == fire.instant, "\(fire.id): \(scenario)")
                #expect(occurrence.local == fire.local, "\(fire.id): \(scenario)")
                #expect(occurrence.adjustment == fire.adjustment, "\(fire.id): \(scenario)")
                #expect(schedule.fire(for: occurrence, deviceTimeZone: zone) == fire, "\(fire.id): \(scenario)")
            }
            #expect(Set(occurrences).count == occurrences.count, "occurrences are distinct: \(scenario)")

            // Independently of the engine: the brute-force expansion, every observable field.
            let reference = ReferenceExpansion.fires(
                of: scenario.rules, after: epoch(window.after), through: epoch(window.through),
                deviceTimeZone: zone)
            let converted = occurrences.compactMap { schedule.fire(for: $0, deviceTimeZone: zone) }.sorted(by: Fire.precedesInPlan)
            #expect(converted.map(PropertyTests.line) == reference.map(PropertyTests.line), "\(scenario)")
        }
    }

    @Test("occurrences come rule by rule in id order, each rule's in wall-time order, and a sequence repeats")
    func order() throws {
        var rng = RuleGenerator(seed: 0x0CC0_0001)
        let center = day("2026-03-08")
        let rules = rng.rules(maximumCount: 30, near: center)
        let schedule = try AlarmSchedule(rules: rules)
        let sequence = schedule.occurrences(
            after: at(1_772_884_800),   // 2026-03-07T12:00:00Z
            through: at(1_773_489_600),   // 2026-03-14T12:00:00Z
            deviceTimeZone: Zones.newYork)
        let occurrences = Array(sequence)
        for (earlier, later) in zip(occurrences, occurrences.dropFirst()) {
            #expect(earlier.ruleIndex < later.ruleIndex || (earlier.ruleIndex == later.ruleIndex && earlier.local < later.local))
        }
        let ids = occurrences.compactMap { schedule.ruleID(of: $0) }
        #expect(ids.count == occurrences.count)
        #expect(ids == ids.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
        #expect(Array(sequence) == occurrences, "iterating again starts over")
    }

    // MARK: - Partitions

    @Test(
        "partitions are contiguous, in order, within one rule of each other in size, and cover every rule once",
        arguments: [1, 2, 3, 5, 8, 64])
    func partitionShapes(count: Int) throws {
        var rng = RuleGenerator(seed: 0x0CC0_0002 &+ UInt64(count))
        let schedule = try AlarmSchedule(rules: rng.rules(maximumCount: 40, near: day("2026-10-31")))
        let parts = schedule.partitions(count)
        #expect(parts.count == count)
        #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == schedule.count)
        for (earlier, later) in zip(parts, parts.dropFirst()) { #expect(earlier.upperBound == later.lowerBound) }
        let sizes = parts.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1, "\(sizes)")
    }

    @Test(
        "the partitions' occurrences together are the whole schedule's, also when expanded on separate threads",
        arguments: 0..<4)
    func partitionsTogetherEqualTheWhole(batch: Int) async throws {
        for index in 0..<10 {
            let scenario = PropertyTests.scenario(seed: 750_000 + UInt64(batch) * 1000 + UInt64(index))
            let schedule = try AlarmSchedule(rules: scenario.rules)
            let zone = scenario.options.deviceTimeZone
            let window = Self.window(scenario)
            let whole = Self.occurrences(schedule, window, zone)
            for count in [1, 2, 3, 7, 12] {
                let parts = schedule.partitions(count)
                #expect(parts.flatMap { Self.occurrences(schedule, window, zone, rules: $0) } == whole, "\(count) parts: \(scenario)")
            }

            let parts = schedule.partitions(2)
            let threaded = await withTaskGroup(of: (Int, [Occurrence]).self) { group in
                for (part, rules) in parts.enumerated() {
                    group.addTask { (part, Self.occurrences(schedule, window, zone, rules: rules)) }
                }
                var results: [(Int, [Occurrence])] = []
                for await result in group { results.append(result) }
                return results.sorted { $0.0 < $1.0 }.flatMap(\.1)
            }
            #expect(threaded == whole, "\(scenario)")
        }
    }

    // MARK: - Rules with more fires than one batch

    @Test(
        "a rule with more fires than a batch holds resumes where it stopped, across gaps and rule ends",
        arguments: [GapPolicy.shift, .skip])
    func largeRules(gap: GapPolicy) throws {
        // Every 5 minutes in New York through the spring-forward week: 288 wall times a day,
        // 12 of them in the 02:00–03:00 gap on Mar 8, so refills (512 occurrences) stop mid-rule and mid-day.
        let everyFiveMinutes = (0..<288).map { String(format: "%02d:%02d", $0 / 12, $0 % 12 * 5) }
        let rules = [
            weeklyRule("a-dense", times: everyFiveMinutes, zone: Zones.newYork, gap: gap),
            weeklyRule("b-sparse", days: [.sunday], times: ["02:30"], zone: Zones.newYork, gap: gap),
            weeklyRule("c-dense", times: everyFiveMinutes.reversed(), zone: nil, gap: gap)
        ]
        let schedule = try AlarmSchedule(rules: rules)
        let after = at(1_772_884_800)
        let through = at(1_773_489_600)   // 2026-03-07T12:00:00Z … 2026-03-14T12:00:00Z
        let occurrences = Array(schedule.occurrences(after: after, through: through, deviceTimeZone: Zones.newYork))
        let reference = ReferenceExpansion.fires(of: rules, after: epoch(after), through: epoch(through), deviceTimeZone: Zones.newYork)

        #expect(occurrences.count == reference.count)
        #expect(occurrences.count > 3 * 512)
        let converted = occurrences.compactMap { schedule.fire(for: $0, deviceTimeZone: Zones.newYork) }.sorted(by: Fire.precedesInPlan)
        #expect(Self.firstDifference(converted.map(PropertyTests.line), reference.map(PropertyTests.line)) == nil)
        #expect(occurrences.contains { $0.adjustment == .gapShifted } == (gap == .shift))
    }

    @Test("a rule whose fires fill a batch exactly is followed by the next rule, nothing repeated or lost")
    func batchFilledExactly() throws {
        // 64 times a day over 8 UTC days: exactly 512 occurrences, then one more rule.
        let times = (0..<64).map { String(format: "%02d:%02d", ($0 * 10 + 1) / 60, ($0 * 10 + 1) % 60) }
        let rules = [weeklyRule("a", times: times, zone: Zones.utc), weeklyRule("b", times: ["12:00"], zone: Zones.utc)]
        let schedule = try AlarmSchedule(rules: rules)
        let after = at(1_796_083_200)
        let through = at(1_796_774_400)   // 2026-12-01T00:00:00Z … 2026-12-09T00:00:00Z
        let occurrences = Array(schedule.occurrences(after: after, through: through, deviceTimeZone: Zones.utc))
        #expect(occurrences.filter { $0.ruleIndex == 0 }.count == 512)
        #expect(occurrences.filter { $0.ruleIndex == 1 }.count == 8)
        #expect(occurrences.count == 520 && Set(occurrences).count == 520)
        #expect(schedule.ruleID(of: occurrences[512]) == "b")
    }

    @Test("a rule with times a second apart resumes at the very next second")
    func consecutiveSeconds() throws {
        // 600 times, 12:00:00 to 12:09:59, on 7 UTC days: refills stop between two adjacent seconds.
        let times = (0..<600).map { String(format: "12:%02d:%02d", $0 / 60, $0 % 60) }
        let schedule = try AlarmSchedule(rules: [weeklyRule("tick", times: times, zone: Zones.utc)])
        let occurrences = Array(
            schedule.occurrences(
                after: at(1_796_083_200),   // 2026-12-01T00:00:00Z
                through: at(1_796_688_000),   // 2026-12-08T00:00:00Z
                deviceTimeZone: Zones.utc))
        let expected = (0..<7).flatMap { day in (0..<600).map { 1_796_083_200 + day * 86_400 + 43_200 + $0 } }
        #expect(occurrences.map { epoch($0.instant) } == expected)
    }

    // MARK: - Occurrence to Fire

    @Test("an occurrence becomes its Fire: the worked gap example from the documentation")
    func gapRoundTrip() throws {
        let schedule = try AlarmSchedule(rules: [weeklyRule("wake", times: ["02:30"], zone: Zones.newYork)])
        let occurrences = Array(
            schedule.occurrences(
                after: at(1_772_884_800),   // 2026-03-07T12:00:00Z
                through: at(1_773_489_600),   // 2026-03-14T12:00:00Z
                deviceTimeZone: Zones.tokyo))
        #expect(occurrences.count == 7)
        let shifted = try #require(occurrences.first { $0.adjustment == .gapShifted })
        #expect(shifted.ruleIndex == 0)
        #expect(shifted.local == wall("2026-03-08T02:30:00"))
        #expect(epoch(shifted.instant) == 1_772_955_000)   // 2026-03-08T07:30:00Z, 03:30 EDT
        #expect(schedule.ruleID(of: shifted) == "wake")

        let fire = try #require(schedule.fire(for: shifted, deviceTimeZone: Zones.tokyo))
        #expect(fire.id == "wake@2026-03-08T02:30:00")
        #expect(fire.rfc3339 == "2026-03-08T03:30:00-04:00")
        #expect(fire.utcOffsetSeconds == -14_400)
        #expect(fire.timeZone == Zones.newYork && !fire.isFloating && !fire.isSnooze)
        #expect(fire.adjustment == .gapShifted)
    }

    @Test(
        "both overlap policies keep their offset through the round trip",
        arguments: [
            (OverlapPolicy.first, 1_793_511_000, -14_400, FireAdjustment.overlapFirst),   // 2026-11-01T05:30:00Z, 01:30 EDT
            (OverlapPolicy.last, 1_793_514_600, -18_000, FireAdjustment.overlapLast)   // 2026-11-01T06:30:00Z, 01:30 EST
        ])
    func overlapRoundTrip(policy: OverlapPolicy, epochSeconds: Int, utcOffset: Int, adjustment: FireAdjustment) throws {
        let schedule = try AlarmSchedule(rules: [onceRule("late", on: "2026-11-01", times: ["01:30"], zone: Zones.newYork, overlap: policy)]
        )
        let occurrence = try #require(
            Array(
                schedule.occurrences(
                    after: at(1_793_448_000),   // 2026-10-31T12:00:00Z
                    through: at(1_794_052_800),   // 2026-11-07T12:00:00Z
                    deviceTimeZone: Zones.utc)
            ).first)
        #expect(epoch(occurrence.instant) == epochSeconds)
        #expect(occurrence.adjustment == adjustment)
        let fire = try #require(schedule.fire(for: occurrence, deviceTimeZone: Zones.utc))
        #expect(fire.utcOffsetSeconds == utcOffset)
        #expect(fire.local == wall("2026-11-01T01:30:00"))
        #expect(epoch(fire.instant) == epochSeconds)
    }

    @Test("a floating rule's Fire takes the device zone given to fire(for:deviceTimeZone:)")
    func floatingRoundTrip() throws {
        let schedule = try AlarmSchedule(rules: [weeklyRule("tea", days: [.tuesday], times: ["07:00"])])
        let occurrence = try #require(
            Array(
                schedule.occurrences(
                    after: at(1_796_083_200),   // 2026-12-01T00:00:00Z
                    through: at(1_796_688_000),   // 2026-12-08T00:00:00Z
                    deviceTimeZone: Zones.kolkata)
            ).first)
        #expect(epoch(occurrence.instant) == 1_796_088_600)   // 2026-12-01T01:30:00Z: Tuesday 07:00 IST
        let fire = try #require(schedule.fire(for: occurrence, deviceTimeZone: Zones.kolkata))
        #expect(fire.isFloating && fire.timeZone == Zones.kolkata)
        #expect(fire.rfc3339 == "2026-12-01T07:00:00+05:30")
    }

    // MARK: - Empty and out-of-range

    @Test("an empty schedule has no occurrences and empty partitions")
    func emptySchedule() throws {
        let schedules = [try AlarmSchedule(rules: []), try AlarmSchedule(rules: [weeklyRule("off", times: ["07:00"], enabled: false)])]
        for schedule in schedules {
            #expect(schedule.count == 0)
            #expect(
                Array(
                    schedule.occurrences(
                        after: at(1_796_083_200),   // 2026-12-01T00:00:00Z
                        through: at(1_796_688_000),   // 2026-12-08T00:00:00Z
                        deviceTimeZone: Zones.utc)
                ).isEmpty)
            #expect(schedule.partitions(3) == [0..<0, 0..<0, 0..<0])
        }
    }

    @Test("an empty or reversed window has no occurrences")
    func emptyWindows() throws {
        let schedule = try AlarmSchedule(rules: [weeklyRule("wake", times: ["07:00"], zone: Zones.utc)])
        let start = at(1_796_083_200)   // 2026-12-01T00:00:00Z
        let windows = [
            (start, start),
            (start.addingTimeInterval(86_400), start),   // 2026-12-02T00:00:00Z … 2026-12-01T00:00:00Z
            (at(1_796_108_400), at(1_796_108_400)),   // 2026-12-01T07:00:00Z: `after` excludes the fire itself
            // both before year 1: clamped to one instant
            (Date(timeIntervalSince1970: -70_000_000_000), Date(timeIntervalSince1970: -69_000_000_000))
        ]
        for (after, through) in windows {
            #expect(Array(schedule.occurrences(after: after, through: through, deviceTimeZone: Zones.utc)).isEmpty, "\(after) … \(through)")
        }
        #expect(
            Array(
                schedule.occurrences(
                    after: at(1_796_108_399), through: at(1_796_108_400),   // 06:59:59Z … 07:00:00Z
                    deviceTimeZone: Zones.utc)
            ).count == 1)
    }

    @Test("rule ranges are clamped to the schedule's rules; partition counts below 1 count as 1")
    func outOfRangeRules() throws {
        let rules = ["a", "b", "c"].map { weeklyRule($0, times: ["07:00"], zone: Zones.utc) }
        let schedule = try AlarmSchedule(rules: rules)
        let window = (after: at(1_796_083_200), through: at(1_796_688_000))   // 2026-12-01T00:00:00Z … 2026-12-08T00:00:00Z
        let all = Self.occurrences(schedule, window, Zones.utc)
        #expect(all.count == 21)
        func ids(_ range: Range<Int>) -> [String] {
            Self.occurrences(schedule, window, Zones.utc, rules: range).compactMap { schedule.ruleID(of: $0) }
        }
        #expect(ids(0..<0).isEmpty)
        #expect(ids(3..<10).isEmpty)
        #expect(ids(100..<200).isEmpty)
        #expect(ids(-5..<1) == Array(repeating: "a", count: 7))
        #expect(ids(1..<99) == Array(repeating: "b", count: 7) + Array(repeating: "c", count: 7))
        #expect(ids(Int.min..<Int.max).count == 21)
        #expect(schedule.partitions(0) == [0..<3])
        #expect(schedule.partitions(-4) == [0..<3])
        #expect(schedule.partitions(5) == [0..<0, 0..<1, 1..<1, 1..<2, 2..<3])
    }

    @Test("an occurrence from another, larger schedule gives nil instead of naming the wrong rule")
    func foreignOccurrence() throws {
        let large = try AlarmSchedule(rules: ["a", "b", "c"].map { weeklyRule($0, times: ["07:00"], zone: Zones.utc) })
        let small = try AlarmSchedule(rules: [weeklyRule("a", times: ["07:00"], zone: Zones.utc)])
        let last = try #require(
            Array(
                large.occurrences(
                    after: at(1_796_083_200), through: at(1_796_688_000),   // 2026-12-01 … 12-08 (UTC)
                    deviceTimeZone: Zones.utc)
            ).last)
        #expect(large.ruleID(of: last) == "c")
        #expect(small.ruleID(of: last) == nil)
        #expect(small.fire(for: last, deviceTimeZone: Zones.utc) == nil)
    }

    @Test("an occurrence is a plain value: Sendable, Hashable, BitwiseCopyable")
    func plainValue() {
        func requiresPlainValue<T: Sendable & Hashable & BitwiseCopyable>(_: T.Type) -> Bool { true }
        #expect(requiresPlainValue(Occurrence.self))
    }
}
