import Foundation
import Testing

/// When ``expectGolden(_:matches:sourceLocation:)-(GoldenRepresentable,_,_)`` and ``expectGolden(_:file:directory:filePath:sourceLocation:)-(GoldenRepresentable,_,_,_,_)``
/// record a new golden instead of only comparing.
///
/// The mode comes from the innermost ``Testing/Trait/recordGoldens(_:)`` trait or
/// ``withGoldenRecording(_:operation:)`` scope (or its asynchronous twin), else from the environment variable
/// `RECURRING_ALARMS_RECORD` (`missing`, `all`, `never` or `failed`), else it is ``missing``.
/// Recording always records an issue too, so a test that wrote a golden never passes silently:
/// run it again to check what was written.
///
/// In CI (the environment variable `CI` set and not empty) goldens are never recorded: the
/// default is ``never``, and any other mode asked for is itself a test issue.
///
/// ```swift
/// @Test(.recordGoldens(.failed))
/// func berlinSpringForward() {
///     expectGolden(plan, file: "berlin-spring.golden")   // rewritten when it no longer matches
/// }
/// ```
public enum GoldenRecordMode: String, Sendable, Hashable, CaseIterable {
    /// Compare only; a missing golden is a failure.
    case never
    /// Write a golden that does not exist yet; compare the others.
    case missing
    /// Rewrite a golden that does not match (and write a missing one).
    case failed
    /// Rewrite every golden, matching or not.
    case all

    /// The environment variable read when no trait or scope sets a mode.
    public static let environmentVariable = "RECURRING_ALARMS_RECORD"
}

/// The scoped mode and the environment the kit reads, overridable by the kit's own tests.
package enum GoldenRecording {
    /// The mode of the innermost trait or scope.
    @TaskLocal package static var scopedMode: GoldenRecordMode?

    /// Replaces the process environment for the kit's tests of `CI` and the variable.
    @TaskLocal package static var environmentOverride: [String: String]?

    static var environment: [String: String] { environmentOverride ?? ProcessInfo.processInfo.environment }
    /// Where a recording inline golden's new text goes instead of standard output, for the kit's tests.
    @TaskLocal package static var printOverride: (@Sendable (String) -> Void)?
    /// Prints an inline golden's new text to the test log, where record mode asks for it.
    static func printGolden(_ text: String) {
        if let printOverride { printOverride(text) } else { print(text) }
    }

    /// The mode in effect, recording an issue when the variable is malformed or when recording is
    /// asked for in CI (then the mode is ``GoldenRecordMode/never``).
    static func effectiveMode(sourceLocation: SourceLocation) -> GoldenRecordMode {
        let environment = environment
        var asked = scopedMode
        if asked == nil, let text = environment[GoldenRecordMode.environmentVariable], !text.isEmpty {
            asked = GoldenRecordMode(rawValue: text)
            if asked == nil {
                let modes = GoldenRecordMode.allCases.map(\.rawValue).joined(separator: ", ")
                Issue.record(
                    "\(GoldenRecordMode.environmentVariable)=\(text) is not a record mode; expected one of \(modes).",
                    sourceLocation: sourceLocation)
            }
        }
        let inCI = !(environment["CI"] ?? "").isEmpty
        guard inCI else { return asked ?? .missing }
        if let asked, asked != .never {
            Issue.record(
                "Golden record mode '\(asked.rawValue)' was asked for, but CI is set: goldens are never recorded in CI.",
                sourceLocation: sourceLocation)
        }
        return .never
    }
}

/// A trait that sets the golden record mode for a test, or for every test of a suite.
///
/// ```swift
/// @Suite(.recordGoldens(.missing))
/// struct AlarmGoldens {
///     @Test func berlin() { expectGolden(plan, file: "berlin.golden") }
/// }
/// ```
public struct GoldenRecordingTrait: TestTrait, SuiteTrait, TestScoping {
    /// The mode the trait's tests use.
    public let mode: GoldenRecordMode

    /// A suite's mode reaches each of its tests.
    public var isRecursive: Bool { true }

    /// Runs `function` with ``mode`` as the golden record mode.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await GoldenRecording.$scopedMode.withValue(mode) { try await function() }
    }
}

extension Trait where Self == GoldenRecordingTrait {
    /// Records goldens in `mode` in this test or suite (never in CI, where asking is a test issue).
    ///
    /// ```swift
    /// @Test(.recordGoldens(.all)) func rerecord() { expectGolden(plan, file: "plan.golden") }
    /// ```
    public static func recordGoldens(_ mode: GoldenRecordMode) -> Self { GoldenRecordingTrait(mode: mode) }
}

/// Runs `operation` with `mode` as the golden record mode, for code outside a test's traits.
///
/// ```swift
/// withGoldenRecording(.never) {
///     expectGolden(plan, matches: golden)
/// }
/// ```
public func withGoldenRecording<Result>(_ mode: GoldenRecordMode, operation: () throws -> Result) rethrows -> Result {
    try GoldenRecording.$scopedMode.withValue(mode, operation: operation)
}

/// Runs the asynchronous `operation` with `mode` as the golden record mode.
///
/// ```swift
/// try await withGoldenRecording(.missing) {
///     expectGolden(try await scheduler.refresh(), file: "refresh.golden")
/// }
/// ```
public func withGoldenRecording<Result>(
    _ mode: GoldenRecordMode, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
) async rethrows -> Result {
    try await GoldenRecording.$scopedMode.withValue(mode, operation: operation)
}
