import AvailabilityCheckKit
import Foundation
import Testing

/// Runs the check over the fixture files (type-checked by the real compiler, against the symbol
/// graphs of the real toolchain) and compares its findings with the fixture's own expectations:
/// a line that must be reported follows a comment `// uncovered below: '<name>' needs …` (the
/// message up to its `;`), and every other line must not be.
enum FixtureChecking {
    /// The platforms the fixtures are checked against: the root package's today.
    static let minimums: [Platform: Version] = [.macOS: Version([13]), .iOS: Version([16]), .watchOS: Version([9]), .tvOS: Version([16])]

    /// Extracted once for all the tests (a few seconds).
    static let setup: Result<(Toolchain, APICatalog), CheckError> = Result {
        let toolchain = try Toolchain.fromPath()
        return (toolchain, try APICatalog.extract(modules: APICatalog.toolchainModules, toolchain: toolchain))
    }.mapError { CheckError("\($0)") }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Comparison {
        /// `line: message` of each expected finding that was not reported.
        var missing: [String]
        /// `line: message` of each finding that was not expected.
        var unexpected: [String]
    }

    /// Checks one fixture and compares.
    static func compare(_ fixture: String) throws -> Comparison {
        let file = fixtures.appendingPathComponent(fixture)
        let (toolchain, catalog) = try setup.get()
        let findings = try AvailabilityCheck.check(files: [file], minimums: minimums, catalog: catalog, toolchain: toolchain)
        let actual = Set(findings.map { "\($0.line): \(message(of: $0))" })
        let expected = Set(try expectations(in: file).map { "\($0.line): \($0.message)" })
        return Comparison(missing: expected.subtracting(actual).sorted(), unexpected: actual.subtracting(expected).sorted())
    }

    /// Each marked line (the one after its marker, counted from 1) and the message expected there.
    static func expectations(in file: URL) throws -> [(line: Int, message: String)] {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().compactMap { index, line in
            line.range(of: "// uncovered below: ").map { (index + 2, String(line[$0.upperBound...])) }
        }
    }

    /// The message of a finding without its position and advice: `'Mutex' needs iOS 18, …`.
    static func message(of finding: Finding) -> String {
        let text = finding.description
        let start = text.range(of: ": error: ")!.upperBound
        let end = text[start...].firstIndex(of: ";")!
        return String(text[start..<end])
    }
}

@Suite("The check over planted uses, compiled by the real frontend")
struct PlantedUseTests {
    @Test(
        "Every uncovered use is reported, at its line, with what it needs, and no covered one is",
        arguments: [
            "JSONParserLines.swift", "IfAvailable.swift", "GuardAvailable.swift", "AvailableAttribute.swift", "Unavailable.swift",
            "DefaultImplementation.swift", "TypeOnly.swift"
        ])
    func fixture(_ name: String) throws {
        let comparison = try FixtureChecking.compare(name)
        #expect(comparison.missing == [], "expected but not reported")
        #expect(comparison.unexpected == [], "reported but not expected")
    }

    @Test("Today's JSONParser lines are reported with the column of the call and the package's platforms")
    func jsonParserMessage() throws {
        let (toolchain, catalog) = try FixtureChecking.setup.get()
        let file = FixtureChecking.fixtures.appendingPathComponent("JSONParserLines.swift")
        let findings = try AvailabilityCheck.check(
            files: [file], minimums: FixtureChecking.minimums, catalog: catalog, toolchain: toolchain)
        let lines = try FixtureChecking.expectations(in: file).map(\.line)
        // The first is `            guard let valid = String(validating: run, as: UTF8.self) else {`,
        // where `String` starts at byte 31; the second `            guard String(validating: …`, at 19.
        try #require(lines.count == 2)
        #expect(findings.map(\.line) == lines)
        #expect(findings.map(\.column) == [31, 19])
        #expect(
            findings.first.map { "\($0)".replacingOccurrences(of: file.deletingLastPathComponent().path + "/", with: "") }
                == "JSONParserLines.swift:\(lines[0]):31: error: 'String.init(validating:as:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11; "
                + "the package supports iOS 16, macOS 13, tvOS 16, watchOS 9: guard it with #available or use another API")
    }
}
