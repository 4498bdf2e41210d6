import Foundation
import RecurringAlarms
import Testing

// Property tests that name their seed: the body runs with a generator, and when anything in it
// fails (an expectation, a recorded issue, a thrown error) one more issue, at the call, says
// which seed replays it. Swift Testing has no hook into issues raised in a scope, so the body
// runs inside an intermittent `withKnownIssue` whose matcher notes each issue and matches none:
// every issue is still recorded as the failure it is, and the seed follows it.

/// Runs `body` with a ``RuleGenerator`` seeded with `seed`; if anything inside fails, records
/// one more issue, at this call, naming the seed and how to replay it.
///
/// An error thrown by `body` is recorded as a failure of the test, with the seed after it;
/// the call itself does not throw.
///
/// ```swift
/// @Test func snoozesRing() {
///     withSeed(7) { generator in
///         let rule = generator.rule(id: "wake", near: LocalDate(parsing: "2026-10-25")!)
///         #expect(rule.validationProblems().isEmpty)
///     }
///     // on failure, after the expectation's own issue:
///     // seed 7: the issues above came from RuleGenerator(seed: 7); replay with withSeed(7) { … }
/// }
/// ```
public func withSeed(
    _ seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation, _ body: (inout RuleGenerator) throws -> Void
) {
    withSeed(seed, failed: Locked(false), sourceLocation: sourceLocation, body)
}

/// ``withSeed(_:sourceLocation:_:)`` noting in `failed` whether the run failed.
private func withSeed(
    _ seed: UInt64, failed: Locked<Bool>, sourceLocation: SourceLocation, _ body: (inout RuleGenerator) throws -> Void
) {
    do {
        // Rethrows only when its precondition is false; it is always true here.
        try withKnownIssue(isIntermittent: true, sourceLocation: sourceLocation) {
            var generator = RuleGenerator(seed: seed)
            try body(&generator)
        } matching: { issue in
            if issue.isFailure { raise(failed) }
            return false
        }
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
        raise(failed)
    }
    if wasRaised(failed) { recordSeed(seed, sourceLocation: sourceLocation) }
}

/// ``withSeed(_:sourceLocation:_:)`` for a body that awaits.
///
/// ```swift
/// await withSeed(7) { generator in
///     let book = generator.book(now: now, deviceTimeZone: berlin)
///     try await device.open(book)
/// }
/// ```
public func withSeed(
    _ seed: UInt64, isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout RuleGenerator) async throws -> Void
) async {
    let failed = Locked(false)
    do {
        try await withKnownIssue(isIntermittent: true, isolation: isolation, sourceLocation: sourceLocation) {
            var generator = RuleGenerator(seed: seed)
            try await body(&generator)
        } matching: { issue in
            if issue.isFailure { raise(failed) }
            return false
        }
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
        raise(failed)
    }
    if wasRaised(failed) { recordSeed(seed, sourceLocation: sourceLocation) }
}

/// Runs ``withSeed(_:sourceLocation:_:)`` for each of `seeds` in order, and stops after the
/// first seed whose run fails, so one broken property reports one seed, not hundreds.
///
/// ```swift
/// withSeeds(0..<500) { generator in
///     let rules = generator.rules(maximumCount: 6, near: LocalDate(parsing: "2026-03-29")!)
///     #expect(try AlarmSchedule(rules: rules).rules.count == rules.count)
/// }
/// ```
/// - Returns: the seed that failed, or `nil` when every run passed.
@discardableResult
public func withSeeds(
    _ seeds: some Sequence<UInt64>, sourceLocation: SourceLocation = #_sourceLocation, _ body: (inout RuleGenerator) throws -> Void
) -> UInt64? {
    for seed in seeds {
        let failed = Locked(false)
        withSeed(seed, failed: failed, sourceLocation: sourceLocation, body)
        if wasRaised(failed) { return seed }
    }
    return nil
}

/// Notes that an issue was raised in a seeded run.
private func raise(_ flag: Locked<Bool>) { flag.withLock { (raised: inout Bool) throws(Never) in raised = true } }

/// Whether an issue was raised in a seeded run.
private func wasRaised(_ flag: Locked<Bool>) -> Bool { flag.withLock { (raised: inout Bool) throws(Never) in raised } }

/// The issue that follows a failing seeded run.
private func recordSeed(_ seed: UInt64, sourceLocation: SourceLocation) {
    Issue.record(
        "seed \(seed): the issues above came from RuleGenerator(seed: \(seed)); replay with withSeed(\(seed)) { … }",
        sourceLocation: sourceLocation)
}
