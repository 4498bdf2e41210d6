import Foundation
import RecurringAlarms
import Testing

/// Expects `value`'s ``GoldenRepresentable/goldenText`` to equal the inline `golden`.
///
/// On a mismatch the test records an issue with a line diff (`@@ -a,b +c,d @@` hunks, `−` for
/// the golden's lines, `+` for the actual ones, unchanged runs collapsed as `… (N unchanged)`)
/// and the new golden ready to paste. The golden's `time-zone database:` line is not compared;
/// when it names another version than this run's, the message says a tzdata update may be why.
/// An empty `golden` is one not written yet: the issue carries the text to paste (and, in a
/// record mode other than ``GoldenRecordMode/never``, the text is printed too). A test's source
/// is never rewritten.
///
/// ```swift
/// expectGolden(plan, matches: """
///     Plan
///     now: 2026-03-28T12:00:00+01:00
///     …
///     fires: 1
///       2026-03-29T03:30:00+02:00 wake@2026-03-29T02:30:00 gap-shifted
///     """)
/// ```
///
/// - Complexity: O(*n*·*m*) in the line counts of the two texts, when they differ.
public func expectGolden(_ value: some GoldenRepresentable, matches golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
    GoldenCheck(actual: value.goldenText, kind: nil).inline(golden, sourceLocation: sourceLocation)
}

/// Expects `plan`'s golden text to equal the inline `golden`; the same as
/// ``expectGolden(_:matches:sourceLocation:)-(GoldenRepresentable,_,_)``, named for the plan.
///
/// ```swift
/// expectPlan(plan, matches: """
///     Plan
///     …
///     """)
/// ```
public func expectPlan(_ plan: Plan, matches golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectGolden(plan, matches: golden, sourceLocation: sourceLocation)
}

/// Expects the hybrid `plan`'s golden text to equal the inline `golden`; the same as
/// ``expectGolden(_:matches:sourceLocation:)-(GoldenRepresentable,_,_)``, named for the plan.
///
/// ```swift
/// expectPlan(hybrid, matches: """
///     HybridPlan
///     …
///     """)
/// ```
public func expectPlan(_ plan: HybridPlan, matches golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectGolden(plan, matches: golden, sourceLocation: sourceLocation)
}

/// Expects `value`'s ``GoldenRepresentable/goldenText`` to equal the golden file `name`, kept
/// in the test file's golden folder (or in `directory`).
///
/// The golden folder is outside every target, so SwiftPM neither builds it nor warns about it
/// and the test target needs no `exclude:`: for the test file
/// `Tests/AppTests/DST/BerlinTests.swift` of a package, it is `Tests/__Goldens__/AppTests/DST/`
/// (the folder under the package's top-level test folder that mirrors the test file's folder).
/// A test file with no `Package.swift` above it, in an Xcode project, keeps its goldens in
/// `__Goldens__` beside it.
///
/// The file holds the golden text and a final newline. What a mismatch reports is as for
/// ``expectGolden(_:matches:sourceLocation:)-(GoldenRepresentable,_,_)``, with the file's path. The record mode
/// (``GoldenRecordMode``) decides when the file is written: a missing file under
/// ``GoldenRecordMode/missing`` (the default outside CI), a mismatching one too under
/// ``GoldenRecordMode/failed``, every one under ``GoldenRecordMode/all``. Writing a golden
/// records an issue as well, so run the test again to check it. A golden still in `__Goldens__`
/// beside the test file, where earlier versions kept it, is an issue that says where to move it.
///
/// ```swift
/// @Test func berlinSpringForward() throws {
///     expectGolden(plan, file: "berlin-spring.golden")   // Tests/__Goldens__/AppTests/berlin-spring.golden
/// }
/// ```
///
/// - Complexity: O(*n*·*m*) in the line counts of the two texts, when they differ.
public func expectGolden(
    _ value: some GoldenRepresentable, file name: String, directory: URL? = nil, filePath: StaticString = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    GoldenCheck(actual: value.goldenText, kind: nil).file(
        name, directory: directory, testFile: "\(filePath)", sourceLocation: sourceLocation)
}

/// One comparison of an actual text with its golden, inline or in a file, under the record mode
/// in effect: what every `expectGolden` does once it has the text.
package struct GoldenCheck {
    /// The text to compare.
    package let actual: String
    /// What the messages call the text: `nil` for a ``GoldenRepresentable`` value, named by its
    /// first line (`Plan`), whose `time-zone database:` line is recorded but not compared; else
    /// the name of any text, compared line for line.
    package let kind: String?

    package init(actual: String, kind: String?) {
        self.actual = actual
        self.kind = kind
    }

    var name: String { kind ?? GoldenMessage.kind(of: actual) }

    func mismatch(_ golden: String, place: String) -> String? {
        GoldenMessage.mismatch(kind: name, golden: golden, actual: actual, place: place, comparesDatabaseLine: kind != nil)
    }

    package func inline(_ golden: String, sourceLocation: SourceLocation) {
        let mode = GoldenRecording.effectiveMode(sourceLocation: sourceLocation)
        // An empty golden is one not written yet, unless the text is empty too.
        if golden.isEmpty, !actual.isEmpty {
            if mode != .never { GoldenRecording.printGolden(GoldenMessage.pasteBlock(actual)) }
            Issue.record(
                Comment(rawValue: "\(name) has no golden yet.\n\n" + GoldenMessage.paste(actual)), sourceLocation: sourceLocation)
            return
        }
        guard let mismatch = mismatch(golden, place: "its golden") else { return }
        if mode == .failed || mode == .all { GoldenRecording.printGolden(GoldenMessage.pasteBlock(actual)) }
        Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
    }

    /// - Parameter testFile: the test file's path, as `#filePath` gives it.
    package func file(_ fileName: String, directory: URL?, testFile: String, sourceLocation: SourceLocation) {
        let mode = GoldenRecording.effectiveMode(sourceLocation: sourceLocation)
        let folder = directory ?? GoldenLocation.folder(forTestFile: testFile)
        let url = folder.appendingPathComponent(fileName)
        let path = url.path

        func write(_ note: String) {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data((actual + "\n").utf8).write(to: url, options: .atomic)
                Issue.record(Comment(rawValue: note), sourceLocation: sourceLocation)
            } catch {
                Issue.record(Comment(rawValue: "Could not write the golden \(path): \(error)"), sourceLocation: sourceLocation)
            }
        }

        guard FileManager.default.fileExists(atPath: path) else {
            if directory == nil, let old = GoldenLocation.formerFile(fileName, forTestFile: testFile, unlike: url) {
                Issue.record(
                    Comment(
                        rawValue: "\(name)'s golden is at \(old.path), where earlier versions of RecurringAlarmsTesting kept goldens."
                            + " Move it to \(path) (git mv) and drop the test target's exclude of __Goldens__ from Package.swift."
                    ),
                    sourceLocation: sourceLocation)
            } else if mode == .never {
                Issue.record(
                    Comment(
                        rawValue: "\(name) has no golden file at \(path).\n\n" + GoldenMessage.paste(actual)
                            + "\n\nSet \(GoldenRecordMode.environmentVariable)=missing (not in CI) to write it."),
                    sourceLocation: sourceLocation)
            } else {
                write("Recorded a new golden for \(name) at \(path) (record mode \(mode.rawValue)). Run the test again to check it.")
            }
            return
        }
        let golden: String
        do {
            var text = try String(contentsOf: url, encoding: .utf8)
            if text.hasSuffix("\n") { text.removeLast() }
            golden = text
        } catch {
            Issue.record(Comment(rawValue: "Could not read the golden \(path): \(error)"), sourceLocation: sourceLocation)
            return
        }
        switch (mismatch(golden, place: "its golden file \(path)"), mode) {
        case (let mismatch?, .failed), (let mismatch?, .all):
            write(mismatch + "\n\nRewrote \(path) (record mode \(mode.rawValue)). Run the test again to check it.")
        case (let mismatch?, _):
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        case (nil, .all):
            write("Rewrote \(path) (record mode all); it matched. Run the test again to check it.")
        case (nil, _):
            break
        }
    }
}

/// The texts of the golden issues.
enum GoldenMessage {
    /// The first line of a golden text, which names its type.
    static func kind(of text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }

    /// The golden between `"""` lines.
    static func pasteBlock(_ actual: String) -> String {
        "\"\"\"\n" + actual + "\n\"\"\""
    }

    static func paste(_ actual: String) -> String {
        "New golden, ready to paste:\n" + pasteBlock(actual)
    }

    /// The version a golden's `time-zone database:` line names, if it has one.
    static func databaseVersion(in golden: String) -> String? {
        GoldenDiff.lines(golden).first { $0.hasPrefix(GoldenLines.databasePrefix) }.map {
            String($0.dropFirst(GoldenLines.databasePrefix.count))
        }
    }

    /// The mismatch message, or `nil` when `golden` matches `actual` (but for its database line,
    /// unless `comparesDatabaseLine`).
    static func mismatch(kind: String, golden: String, actual: String, place: String, comparesDatabaseLine: Bool = false) -> String? {
        // The golden's database line reads as this run's, so only the fires and header compare.
        let normalized =
            comparesDatabaseLine
            ? golden
            : GoldenDiff.lines(golden)
                .map { $0.hasPrefix(GoldenLines.databasePrefix) ? GoldenLines.databaseLine : $0 }
                .joined(separator: "\n")
        guard let diff = GoldenDiff.text(golden: normalized, actual: actual) else { return nil }
        var text = "\(kind) does not match \(place)."
        if !comparesDatabaseLine, let recorded = databaseVersion(in: golden), recorded != GoldenLines.databaseVersion {
            text +=
                " It was recorded with time-zone database \(recorded) and this run uses \(GoldenLines.databaseVersion):"
                + " a tzdata update may have moved these fires."
        }
        return text + "\nDifference: − golden, + actual\n" + diff + "\n\n" + paste(actual)
    }
}
