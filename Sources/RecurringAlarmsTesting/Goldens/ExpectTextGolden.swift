import Foundation
import Testing

/// Expects `text` to equal the inline `golden`, line for line: a golden of any text, such as
/// fires or rings formatted your own way.
///
/// A mismatch records an issue with the line diff and the new golden ready to paste, and the
/// record modes treat it as they treat ``expectGolden(_:matches:sourceLocation:)-(GoldenRepresentable,_,_)``.
/// Every line is compared, a `time-zone database:` line too (only the kit's own text forms leave
/// that line out). An empty `golden` is one not written yet, unless `text` is empty as well.
///
/// ```swift
/// let rang = await device.rang.map { "\($0.fireID) \($0.timeZone.identifier)" }.joined(separator: "\n")
/// expectGolden(rang, matches: """
///     wake@2026-03-29T07:30:00 Europe/Berlin
///     wake@2026-03-30T07:30:00 Europe/Berlin
///     """)
/// ```
///
/// - Complexity: O(*n*·*m*) in the line counts of the two texts, when they differ.
public func expectGolden(_ text: String, matches golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
    GoldenCheck(actual: text, kind: "Text").inline(golden, sourceLocation: sourceLocation)
}

/// Expects `lines`, one golden line each, to equal the inline `golden`; the same as
/// ``expectGolden(_:matches:sourceLocation:)-(String,_,_)`` with the lines joined by newlines.
///
/// ```swift
/// expectGolden(await device.missed.map(\.description), matches: "")   // nothing was missed
/// expectGolden(plan.fires.filter(\.isSnooze).map(\.id), matches: """
///     wake@2026-12-01T07:39:00+snooze
///     """)
/// ```
///
/// - Complexity: O(*n*·*m*) in the line counts of the two texts, when they differ.
public func expectGolden(_ lines: [String], matches golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectGolden(lines.joined(separator: "\n"), matches: golden, sourceLocation: sourceLocation)
}

/// Expects `text` to equal the golden file `name`, line for line, kept where
/// ``expectGolden(_:file:directory:filePath:sourceLocation:)-(GoldenRepresentable,_,_,_,_)``
/// keeps a plan's (in `Tests/__Goldens__/…`, or in `directory`), under the same record modes.
///
/// The file holds `text` and a final newline.
///
/// ```swift
/// let rang = await device.rang.map(\.description)
/// expectGolden(rang.joined(separator: "\n"), file: "month-rang.golden")
/// ```
///
/// - Complexity: O(*n*·*m*) in the line counts of the two texts, when they differ.
public func expectGolden(
    _ text: String, file name: String, directory: URL? = nil, filePath: StaticString = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    GoldenCheck(actual: text, kind: "Text").file(name, directory: directory, testFile: "\(filePath)", sourceLocation: sourceLocation)
}

/// Expects `lines`, one golden line each, to equal the golden file `name`; the same as
/// ``expectGolden(_:file:directory:filePath:sourceLocation:)-(String,_,_,_,_)`` with the lines
/// joined by newlines.
///
/// ```swift
/// expectGolden(await device.rang.map(\.description), file: "month-rang.golden")
/// ```
///
/// - Complexity: O(*n*·*m*) in the line counts of the two texts, when they differ.
public func expectGolden(
    _ lines: [String], file name: String, directory: URL? = nil, filePath: StaticString = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectGolden(lines.joined(separator: "\n"), file: name, directory: directory, filePath: filePath, sourceLocation: sourceLocation)
}
