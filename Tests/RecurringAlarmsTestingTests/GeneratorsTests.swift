import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// The seeded generators: the same seed draws the same rules,
/// what they draw is valid and varied, and a failing seeded run names its seed.
@Suite("The kit's seeded generators")
struct GeneratorsTests {
    static let center = day("2026-03-29")

    @Test("the same seed draws the same rules; the generator names its seed")
    func replays() throws {
        var first = RuleGenerator(seed: 42)
        var second = RuleGenerator(seed: 42)
        #expect(first.rules(maximumCount: 6, near: Self.center) == second.rules(maximumCount: 6, near: Self.center))
        #expect(first.description == "RuleGenerator(seed: 42)" && first.seed == 42)
        var other = RuleGenerator(seed: 43)
        var again = RuleGenerator(seed: 42)
        #expect(other.rules(maximumCount: 6, near: Self.center) != again.rules(maximumCount: 6, near: Self.center))
    }

    @Test("every rule and book it draws is valid")
    func valid() throws {
        let now = at(1_774_740_600)   // 2026-03-28T23:30:00Z, 00:30 CET, half an hour before Berlin springs forward
        for seed in UInt64(0)..<150 {
            var generator = RuleGenerator(seed: seed)
            let rules = generator.rules(maximumCount: 8, near: Self.center)
            #expect(AlarmRuleSet.validationProblems(of: rules).isEmpty, "seed \(seed)")
            let book = generator.book(now: now, deviceTimeZone: Zones.berlin)
            #expect(book.validationProblems().isEmpty, "seed \(seed)")
            _ = try book.plan(now: now, options: PlanOptions(deviceTimeZone: Zones.berlin))
        }
    }

    @Test("over many seeds it draws every shape a rule can take, and books with snoozes and skip-nexts")
    func varied() throws {
        let now = at(1_774_740_600)   // 2026-03-28T23:30:00Z
        var floating = 0
        var fixed = 0
        var once = 0
        var everyNWeeks = 0
        var started = 0
        var ended = 0
        var skipping = 0
        var snoozed = 0
        var skippedNext = 0
        var dayCounts = Set<Int>()
        var timeCounts = Set<Int>()
        for seed in UInt64(0)..<300 {
            var generator = RuleGenerator(seed: seed)
            let book = generator.book(now: now, deviceTimeZone: Zones.newYork, maximumRules: 8)
            for rule in book.rules {
                if case .floating = rule.timeZone { floating += 1 } else { fixed += 1 }
                timeCounts.insert(rule.times.count)
                if !rule.skippedDates.isEmpty { skipping += 1 }
                switch rule.repeats {
                case .once: once += 1
                case .weekly(let days, let everyWeeks, let start, let end):
                    dayCounts.insert(days.rawValue.nonzeroBitCount)
                    if everyWeeks > 1 { everyNWeeks += 1 }
                    if start != nil { started += 1 }
                    if end != nil { ended += 1 }
                }
            }
            if !book.snoozes.isEmpty { snoozed += 1 }
            if !book.skippedOccurrences.isEmpty { skippedNext += 1 }
        }
        #expect(dayCounts == Set(1...7))
        #expect(timeCounts == Set(1...3))
        for count in [floating, fixed, once, everyNWeeks, started, ended, skipping, snoozed, skippedNext] { #expect(count >= 10) }
    }

    @Test("a failing seeded run is followed by an issue, at the call, that names the seed and how to replay it")
    func namesTheSeed() throws {
        let seen = Locked<[String]>([])
        let line = #line + 2
        withKnownIssue {
            withSeed(7) { generator in #expect(generator.seed == 8) }
        } matching: { issue in
            let text = if case .expectationFailed = issue.kind { "expectation failed" } else { issue.comments.map(\.rawValue).joined() }
            seen.withLock { $0.append("\(text) @\(issue.sourceLocation?.line ?? 0)") }
            return true
        }
        #expect(
            seen.withLock { $0 } == [
                "expectation failed @\(line)",
                "seed 7: the issues above came from RuleGenerator(seed: 7); replay with withSeed(7) { … } @\(line)"
            ])
    }

    @Test("an error thrown in a seeded run fails the test, and the seed follows it")
    func thrownError() throws {
        struct Broken: Error {}
        let seen = Locked<[String]>([])
        let line = #line + 2
        withKnownIssue {
            withSeed(11) { _ in throw Broken() }
        } matching: { issue in
            let text = issue.error is Broken ? "Broken" : issue.comments.map(\.rawValue).joined()
            seen.withLock { $0.append("\(text) @\(issue.sourceLocation?.line ?? 0)") }
            return true
        }
        #expect(
            seen.withLock { $0 } == [
                "Broken @\(line)", "seed 11: the issues above came from RuleGenerator(seed: 11); replay with withSeed(11) { … } @\(line)"
            ])
    }

    @Test("a passing seeded run records nothing, and withSeeds stops at the first failing seed")
    func passingAndStopping() async throws {
        withSeed(1) { generator in #expect(generator.seed == 1) }
        await withSeed(2) { generator in
            await Task.yield()
            #expect(generator.seed == 2)
        }
        let passed = withSeeds(0..<5) { generator in #expect(generator.seed < 5) }
        #expect(passed == nil)
        var tried: [UInt64] = []
        var failing: UInt64?
        withKnownIssue {
            failing = withSeeds(0..<10) { generator in
                tried.append(generator.seed)
                if generator.seed >= 3 { Issue.record("too big") }
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text == "too big" || text == "seed 3: the issues above came from RuleGenerator(seed: 3); replay with withSeed(3) { … }"
        }
        #expect(failing == 3)
        #expect(tried == [0, 1, 2, 3])
    }

    @Test("arguments that make no draw trap nowhere: an empty pick is nil, a chance out of nothing is false, neither draws")
    func degenerateArguments() {
        var generator = RuleGenerator(seed: 42)
        var untouched = RuleGenerator(seed: 42)
        let empty = generator.pick([Int]())
        let outOfNothing = generator.chance(1, in: 0)
        let outOfLess = generator.chance(1, in: -3)
        #expect(empty == nil)
        #expect(!outOfNothing && !outOfLess)
        #expect(generator.next() == untouched.next())
        // A count below 1 counts as 1.
        let day = LocalDate(year: 2026, month: 3, day: 29)!
        let fromZero = generator.rules(maximumCount: 0, near: day)
        let fromNegative = generator.rules(maximumCount: -5, near: day)
        let seven = generator.pick([7])
        #expect(fromZero.count == 1 && fromNegative.count == 1)
        #expect(seven == 7)
    }
}
