import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// Every test here writes in a temporary folder of its own, never in the source tree, and sets
// the environment the kit reads (no `CI`, no record variable unless the test says so).

@Suite("File goldens and record modes")
struct GoldenRecordTests {
    @Test("record mode missing writes exactly the golden, which then passes")
    func recordMissing() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("berlin.golden")
            GoldenRecording.$environmentOverride.withValue([:]) {
                withKnownIssue {
                    withGoldenRecording(.missing) { expectGolden(plan, file: "berlin.golden", directory: folder) }
                } matching: { issue in
                    commentText(issue)
                        == "Recorded a new golden for Plan at \(file.path) (record mode missing). Run the test again to check it."
                }
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == berlinGolden + "\n")
            GoldenRecording.$environmentOverride.withValue([:]) {
                withGoldenRecording(.never) { expectGolden(plan, file: "berlin.golden", directory: folder) }
                // The default outside CI is `missing`, which compares an existing golden.
                expectGolden(plan, file: "berlin.golden", directory: folder)
            }
        }
    }

    @Test("an inline golden cannot be rewritten: record modes failed and all print the golden to paste, which then passes")
    func inlinePrintsTheGolden() throws {
        let plan = try berlinPlan()
        let wrong = berlinGolden.replacingOccurrences(of: "cap: 64", with: "cap: 32")
        let printed = Locked<[String]>([])
        GoldenRecording.$environmentOverride.withValue([:]) {
            let collect: @Sendable (String) -> Void = { text in
                printed.withLock { (lines: inout [String]) throws(Never) in lines.append(text) }
            }
            GoldenRecording.$printOverride.withValue(collect) {
                for mode in GoldenRecordMode.allCases {
                    withKnownIssue {
                        withGoldenRecording(mode) { expectGolden(plan, matches: wrong) }
                    } matching: { issue in
                        commentText(issue).hasPrefix("Plan does not match its golden.")
                    }
                }
                withKnownIssue {
                    withGoldenRecording(.never) { expectGolden(plan, matches: "") }
                } matching: { issue in
                    commentText(issue).hasPrefix("Plan has no golden yet.")
                }
            }
        }
        // In the order of GoldenRecordMode.allCases: never, missing, failed, all; then the empty golden under never.
        let pasted = "\"\"\"\n" + berlinGolden + "\n\"\"\""
        let lines = printed.withLock { (lines: inout [String]) throws(Never) in lines }
        #expect(lines == [pasted, pasted])
        let golden = try #require(lines.first)
        GoldenRecording.$environmentOverride.withValue([:]) {
            expectGolden(plan, matches: String(golden.dropFirst(4).dropLast(4)))
        }
    }

    @Test("record mode never reports a missing file with the golden to paste, and writes nothing")
    func neverMissing() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("absent.golden")
            GoldenRecording.$environmentOverride.withValue([:]) {
                withKnownIssue {
                    withGoldenRecording(.never) { expectGolden(plan, file: "absent.golden", directory: folder) }
                } matching: { issue in
                    commentText(issue)
                        == "Plan has no golden file at \(file.path).\n\n" + pasteBlock(berlinGolden)
                        + "\n\nSet RECURRING_ALARMS_RECORD=missing (not in CI) to write it."
                }
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("a file golden named without a folder sits in Tests/__Goldens__, in the folder named after the test file's")
    func underTheTestsFolder() throws {
        let plan = try berlinPlan()
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("__Goldens__/RecurringAlarmsTestingTests/never-written.golden").path
        GoldenRecording.$environmentOverride.withValue([:]) {
            withKnownIssue {
                withGoldenRecording(.never) { expectGolden(plan, file: "never-written.golden") }
            } matching: { issue in
                commentText(issue).hasPrefix("Plan has no golden file at \(expected).\n")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: expected))
    }

    @Test("modes never and missing leave a mismatching file alone; failed and all rewrite it")
    func mismatchingFile() throws {
        let plan = try berlinPlan()
        let stale = berlinGolden.replacingOccurrences(of: "cap: 64", with: "cap: 32") + "\n"
        for mode in GoldenRecordMode.allCases {
            try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
                let file = folder.appendingPathComponent("stale.golden")
                try Data(stale.utf8).write(to: file)
                let rewrites = mode == .failed || mode == .all
                GoldenRecording.$environmentOverride.withValue([:]) {
                    withKnownIssue {
                        withGoldenRecording(mode) { expectGolden(plan, file: "stale.golden", directory: folder) }
                    } matching: { issue in
                        let text = commentText(issue)
                        return text.hasPrefix("Plan does not match its golden file \(file.path).\nDifference: − golden, + actual\n")
                            && text.contains("\n−cap: 32\n+cap: 64\n")
                            && text.hasSuffix(
                                rewrites
                                    ? "\n\nRewrote \(file.path) (record mode \(mode.rawValue)). Run the test again to check it."
                                    : pasteBlock(berlinGolden))
                    }
                }
                #expect(try String(contentsOf: file, encoding: .utf8) == (rewrites ? berlinGolden + "\n" : stale), "\(mode)")
            }
        }
    }

    @Test("record mode all rewrites a matching file too, and says so")
    func allRewritesMatching() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("berlin.golden")
            // Recorded with another database version: `all` brings the line up to date.
            let older = berlinGolden.replacingOccurrences(
                of: "time-zone database: \(GoldenLines.databaseVersion)", with: "time-zone database: 1999z")
            try Data((older + "\n").utf8).write(to: file)
            GoldenRecording.$environmentOverride.withValue([:]) {
                withKnownIssue {
                    withGoldenRecording(.all) { expectGolden(plan, file: "berlin.golden", directory: folder) }
                } matching: { issue in
                    commentText(issue) == "Rewrote \(file.path) (record mode all); it matched. Run the test again to check it."
                }
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == berlinGolden + "\n")
        }
    }

    @Test("in CI, asking to record is an issue and nothing is written")
    func neverInCI() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("ci.golden")
            let seen = Locked<[String]>([])
            GoldenRecording.$environmentOverride.withValue(["CI": "true"]) {
                withKnownIssue {
                    withGoldenRecording(.all) { expectGolden(plan, file: "ci.golden", directory: folder) }
                } matching: { issue in
                    seen.withLock { $0.append(commentText(issue)) }
                    return true
                }
            }
            let texts = seen.withLock { $0 }
            #expect(texts.count == 2)
            #expect(texts.first == "Golden record mode 'all' was asked for, but CI is set: goldens are never recorded in CI.")
            #expect(texts.last?.hasPrefix("Plan has no golden file at \(file.path).\n") == true)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("CI set but empty is not CI: a record mode asked for records, with no CI issue, and the default writes a missing golden")
    func emptyCIIsNotCI() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
            let asked = folder.appendingPathComponent("asked.golden")
            let byDefault = folder.appendingPathComponent("default.golden")
            let seen = Locked<[String]>([])
            GoldenRecording.$environmentOverride.withValue(["CI": ""]) {
                withKnownIssue {
                    withGoldenRecording(.all) { expectGolden(plan, file: "asked.golden", directory: folder) }
                    expectGolden(plan, file: "default.golden", directory: folder)
                } matching: { issue in
                    seen.withLock { $0.append(commentText(issue)) }
                    return true
                }
            }
            #expect(
                seen.withLock { $0 } == [
                    "Recorded a new golden for Plan at \(asked.path) (record mode all). Run the test again to check it.",
                    "Recorded a new golden for Plan at \(byDefault.path) (record mode missing). Run the test again to check it."
                ])
            #expect(try String(contentsOf: asked, encoding: .utf8) == berlinGolden + "\n")
            #expect(try String(contentsOf: byDefault, encoding: .utf8) == berlinGolden + "\n")
        }
    }

    @Test("in CI without a record mode, a missing golden fails and nothing is written")
    func defaultInCI() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("ci.golden")
            GoldenRecording.$environmentOverride.withValue(["CI": "1"]) {
                withKnownIssue {
                    expectGolden(plan, file: "ci.golden", directory: folder)
                } matching: { issue in
                    commentText(issue).hasPrefix("Plan has no golden file at \(file.path).\n")
                }
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("the environment variable sets the mode, and a value it does not know is an issue")
    func environmentVariable() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("env.golden")
            GoldenRecording.$environmentOverride.withValue(["RECURRING_ALARMS_RECORD": "sometimes"]) {
                withKnownIssue {
                    expectGolden(plan, matches: berlinGolden)
                } matching: { issue in
                    commentText(issue)
                        == "RECURRING_ALARMS_RECORD=sometimes is not a record mode; expected one of never, missing, failed, all."
                }
            }
            try Data("Plan\n".utf8).write(to: file)
            GoldenRecording.$environmentOverride.withValue(["RECURRING_ALARMS_RECORD": "failed"]) {
                withKnownIssue {
                    expectGolden(plan, file: "env.golden", directory: folder)
                } matching: { issue in
                    commentText(issue).hasSuffix("Rewrote \(file.path) (record mode failed). Run the test again to check it.")
                }
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == berlinGolden + "\n")
        }
    }

    @Test("the trait sets the mode of its test", .recordGoldens(.never))
    func trait() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("trait.golden")
            // The variable asks for `all`; the trait's `never` wins, so the missing file is a failure.
            GoldenRecording.$environmentOverride.withValue(["RECURRING_ALARMS_RECORD": "all"]) {
                withKnownIssue {
                    expectGolden(plan, file: "trait.golden", directory: folder)
                } matching: { issue in
                    commentText(issue).hasPrefix("Plan has no golden file at \(file.path).\n")
                }
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }
}

/// A suite's trait reaches its tests: `missing` writes the absent file the default in CI would not.
@Suite("Golden record mode of a suite", .recordGoldens(.missing))
struct GoldenSuiteTraitTests {
    @Test("the suite's trait sets the mode of its tests")
    func suiteTrait() throws {
        let plan = try berlinPlan()
        try withTemporaryFolder(prefix: "GoldenRecordTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("suite.golden")
            GoldenRecording.$environmentOverride.withValue(["RECURRING_ALARMS_RECORD": "never"]) {
                withKnownIssue {
                    expectGolden(plan, file: "suite.golden", directory: folder)
                } matching: { issue in
                    commentText(issue).hasPrefix("Recorded a new golden for Plan at \(file.path) (record mode missing).")
                }
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == berlinGolden + "\n")
        }
    }
}
