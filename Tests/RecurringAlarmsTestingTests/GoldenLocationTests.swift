import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// The packages here are folders made for the test: a Package.swift (its text does not matter)
// and test file paths in them, which need not exist; the kit only looks for the manifest.

@Suite("Where file goldens live")
struct GoldenLocationTests {
    static func makePackage(at folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
    }

    @Test("a package's test file keeps its goldens under the top-level test folder, at its own folder's path, outside every target")
    func mirroredUnderTests() throws {
        try withTemporaryFolder(prefix: "GoldenLocationTests") { (root: URL) throws in
            try Self.makePackage(at: root)
            let nested = GoldenLocation.folder(forTestFile: root.path + "/Tests/AppTests/DST/BerlinTests.swift")
            #expect(nested.path == root.path + "/Tests/__Goldens__/AppTests/DST")
            let top = GoldenLocation.folder(forTestFile: root.path + "/Tests/AppTests/BerlinTests.swift")
            #expect(top.path == root.path + "/Tests/__Goldens__/AppTests")
        }
    }

    @Test("the nearest Package.swift above the test file decides, as for a package inside another")
    func nearestPackage() throws {
        try withTemporaryFolder(prefix: "GoldenLocationTests") { (root: URL) throws in
            try Self.makePackage(at: root)
            let inner = root.appendingPathComponent("Benchmarks")
            try Self.makePackage(at: inner)
            let folder = GoldenLocation.folder(forTestFile: inner.path + "/Tests/BenchTests/SizeTests.swift")
            #expect(folder.path == inner.path + "/Tests/__Goldens__/BenchTests")
        }
    }

    @Test("a test file with no Package.swift above it, as in an Xcode project, keeps its goldens in __Goldens__ beside it")
    func besideWithoutPackage() throws {
        let root = "/no-package-\(UUID().uuidString)"
        try #require(!FileManager.default.fileExists(atPath: "/Package.swift"), "the file system's root holds a Package.swift")
        let folder = GoldenLocation.folder(forTestFile: root + "/AppTests/BerlinTests.swift")
        #expect(folder.path == root + "/AppTests/__Goldens__")
    }

    @Test("the kit's own tests find their goldens in Tests/__Goldens__/RecurringAlarmsTestingTests of this package")
    func thisPackage() {
        let testFile = URL(fileURLWithPath: #filePath)
        let packageRoot = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(
            GoldenLocation.folder(forTestFile: testFile.path).path
                == packageRoot.appendingPathComponent("Tests/__Goldens__/RecurringAlarmsTestingTests").path)
    }

    @Test("a golden still beside its test file, where earlier versions kept it, is an issue naming both paths, and nothing is written")
    func formerPlace() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenLocationTests") { (root: URL) throws in
            try Self.makePackage(at: root)
            let testFile = root.path + "/Tests/AppTests/BerlinTests.swift"
            let former = root.appendingPathComponent("Tests/AppTests/__Goldens__/berlin.golden")
            try FileManager.default.createDirectory(at: former.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((berlinGolden + "\n").utf8).write(to: former)
            let current = root.appendingPathComponent("Tests/__Goldens__/AppTests/berlin.golden")
            GoldenRecording.$environmentOverride.withValue([:]) {
                for mode in GoldenRecordMode.allCases {
                    withKnownIssue {
                        withGoldenRecording(mode) {
                            GoldenCheck(actual: plan.goldenText, kind: nil).file(
                                "berlin.golden", directory: nil, testFile: testFile, sourceLocation: #_sourceLocation)
                        }
                    } matching: { issue in
                        commentText(issue)
                            == "Plan's golden is at \(former.path), where earlier versions of RecurringAlarmsTesting kept goldens."
                            + " Move it to \(current.path) (git mv) and drop the test target's exclude of __Goldens__ from Package.swift."
                    }
                }
            }
            #expect(!FileManager.default.fileExists(atPath: current.path))
            // Once moved, it is compared where it now is.
            try FileManager.default.createDirectory(at: current.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: former, to: current)
            GoldenRecording.$environmentOverride.withValue([:]) {
                withGoldenRecording(.never) {
                    GoldenCheck(actual: plan.goldenText, kind: nil).file(
                        "berlin.golden", directory: nil, testFile: testFile, sourceLocation: #_sourceLocation)
                }
            }
        }
    }
}
