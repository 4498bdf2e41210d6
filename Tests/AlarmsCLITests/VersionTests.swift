import AlarmsCLI
import Foundation
import RecurringAlarms
import Testing

/// One version, defined once (`PackageVersion.current`), and everything that names it agrees:
/// `alarms --version`, the `PRODID` an export writes, the README's dependency line, the docs'
/// `PRODID` lines and the changelog.
@Suite("one version")
struct VersionTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: AlarmsProcess.packageRoot.appending(path: path), encoding: .utf8)
    }

    @Test("the version is MAJOR.MINOR.PATCH, and alarms --version prints it")
    func versionCommand() async throws {
        #expect(PackageVersion.current.wholeMatch(of: /(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)/) != nil)
        let output = try await AlarmsProcess.run(["--version"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == PackageVersion.current + "\n")
    }

    @Test("an export's PRODID names the version")
    func exportNamesIt() async throws {
        let rules = #"{"version": 1, "rules": [{"id": "tea", "days": ["sun"], "times": ["16:00"]}]}"#
        let output = try await AlarmsProcess.run(
            ["export", "--rules", "-", "--from", "2026-12-01", "--now", "2026-11-30T08:00:00Z"], standardInput: Data(rules.utf8))
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("\r\nPRODID:-//RecurringAlarms//RecurringAlarms \(PackageVersion.current)//EN\r\n"))
    }

    @Test("the README's dependency line and every PRODID in the README and Docs name the version")
    func documentsNameIt() throws {
        let readme = try Self.text("README.md")
        let asked = readme.matches(of: /from: "([^"]+)"/).map { String($0.1) }
        #expect(asked == [PackageVersion.current])
        let documents =
            try ["README.md"]
            + FileManager.default.contentsOfDirectory(atPath: AlarmsProcess.packageRoot.appending(path: "Docs").path)
            .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
        var named = 0
        for path in documents {
            for match in try Self.text(path).matches(of: /RecurringAlarms\/\/RecurringAlarms ([^\/]+)\/\/EN/) {
                named += 1
                #expect(String(match.1) == PackageVersion.current, "\(path) names \(match.1)")
            }
        }
        #expect(named >= 2)
    }

    @Test("the changelog's newest release is the version, or older with changes still unreleased above it")
    func changelogAgrees() throws {
        let headings = try Self.text("CHANGELOG.md").matches(of: /\n## \[([^\]]+)\]/).map { String($0.1) }
        let released = headings.filter { $0 != "Unreleased" }
        let newest = try #require(released.first, "CHANGELOG.md has no release")
        func parts(_ version: String) -> [Int] { version.split(separator: ".").compactMap { Int($0) } }
        if headings.first == "Unreleased" {
            #expect(parts(newest).lexicographicallyPrecedes(parts(PackageVersion.current)), "\(newest) is not older than the version")
        } else {
            #expect(newest == PackageVersion.current)
        }
        #expect(released.contains("0.1.0"))
    }
}
