import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

// Every expected message below is the kit's wording, written out by hand from the texts
// compared: the diff's hunk header counts the golden's and the actual text's lines.

@Suite("Goldens of any text")
struct TextGoldenTests {
    @Test("a string, and lines joined by newlines, that match their inline golden record no issue; empty text matches an empty golden")
    func matching() {
        GoldenRecording.$environmentOverride.withValue([:]) {
            expectGolden("wake 07:30\nbins 20:00", matches: "wake 07:30\nbins 20:00")
            expectGolden(
                ["wake 07:30", "bins 20:00"],
                matches: """
                    wake 07:30
                    bins 20:00
                    """)
            expectGolden([String](), matches: "")
            expectGolden("", matches: "")
        }
    }

    @Test("a mismatch is named Text, diffed line by line, and offers the new golden to paste")
    func mismatch() {
        GoldenRecording.$environmentOverride.withValue([:]) {
            withKnownIssue {
                expectGolden(["wake 07:30", "bins 20:15", "gym 10:00"], matches: "wake 07:30\nbins 20:00\ngym 10:00")
            } matching: { issue in
                commentText(issue)
                    == "Text does not match its golden.\nDifference: − golden, + actual\n"
                    + "@@ -1,3 +1,3 @@\n wake 07:30\n−bins 20:00\n+bins 20:15\n gym 10:00\n\n"
                    + pasteBlock("wake 07:30\nbins 20:15\ngym 10:00")
            }
        }
    }

    @Test("in a text, a time-zone database line is compared like any other, with no word of tzdata")
    func databaseLineCompared() {
        GoldenRecording.$environmentOverride.withValue([:]) {
            withKnownIssue {
                expectGolden("time-zone database: 2026a", matches: "time-zone database: 1999z")
            } matching: { issue in
                commentText(issue)
                    == "Text does not match its golden.\nDifference: − golden, + actual\n"
                    + "@@ -1,1 +1,1 @@\n−time-zone database: 1999z\n+time-zone database: 2026a\n\n"
                    + pasteBlock("time-zone database: 2026a")
            }
        }
    }

    @Test("an empty golden for text that is not empty is one not written yet")
    func notWrittenYet() {
        GoldenRecording.$environmentOverride.withValue([:]) {
            withKnownIssue {
                withGoldenRecording(.never) { expectGolden(["wake@2026-03-29T07:30:00"], matches: "") }
            } matching: { issue in
                commentText(issue) == "Text has no golden yet.\n\n" + pasteBlock("wake@2026-03-29T07:30:00")
            }
        }
    }

    @Test("lines are written to a missing golden file, one a line with a final newline, then compared; never leaves it alone")
    func fileRecordsThenCompares() throws {
        let lines = ["wake@2026-03-29T07:30:00 Europe/Berlin", "wake@2026-03-30T07:30:00 Europe/Berlin"]
        try withTemporaryFolder(prefix: "TextGoldenTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("rang.golden")
            GoldenRecording.$environmentOverride.withValue([:]) {
                withKnownIssue {
                    withGoldenRecording(.missing) { expectGolden(lines, file: "rang.golden", directory: folder) }
                } matching: { issue in
                    commentText(issue)
                        == "Recorded a new golden for Text at \(file.path) (record mode missing). Run the test again to check it."
                }
            }
            #expect(
                try String(contentsOf: file, encoding: .utf8)
                    == "wake@2026-03-29T07:30:00 Europe/Berlin\nwake@2026-03-30T07:30:00 Europe/Berlin\n")
            GoldenRecording.$environmentOverride.withValue([:]) {
                withGoldenRecording(.never) {
                    expectGolden(lines, file: "rang.golden", directory: folder)
                    expectGolden(lines.joined(separator: "\n"), file: "rang.golden", directory: folder)
                }
                withKnownIssue {
                    withGoldenRecording(.never) { expectGolden(Array(lines.prefix(1)), file: "rang.golden", directory: folder) }
                } matching: { issue in
                    commentText(issue).hasPrefix(
                        "Text does not match its golden file \(file.path).\nDifference: − golden, + actual\n@@ -1,2 +1,1 @@\n")
                }
            }
            #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("07:30:00 Europe/Berlin\n"))
        }
    }

    @Test("record mode failed rewrites a text golden file that does not match")
    func failedRewrites() throws {
        try withTemporaryFolder(prefix: "TextGoldenTests") { (folder: URL) throws in
            let file = folder.appendingPathComponent("misses.golden")
            try Data("bins@2026-11-19T07:00:00: no-open-in-time\n".utf8).write(to: file)
            GoldenRecording.$environmentOverride.withValue([:]) {
                withKnownIssue {
                    withGoldenRecording(.failed) { expectGolden([String](), file: "misses.golden", directory: folder) }
                } matching: { issue in
                    commentText(issue).hasSuffix("Rewrote \(file.path) (record mode failed). Run the test again to check it.")
                }
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == "\n")
            GoldenRecording.$environmentOverride.withValue([:]) {
                withGoldenRecording(.never) { expectGolden([String](), file: "misses.golden", directory: folder) }
            }
        }
    }

    @Test("a text that ends in a newline reads back from its file as it was written")
    func trailingNewline() throws {
        try withTemporaryFolder(prefix: "TextGoldenTests") { (folder: URL) throws in
            GoldenRecording.$environmentOverride.withValue([:]) {
                withKnownIssue {
                    withGoldenRecording(.missing) { expectGolden("a\n", file: "newline.golden", directory: folder) }
                } matching: { issue in
                    commentText(issue).hasPrefix("Recorded a new golden for Text at ")
                }
                withGoldenRecording(.never) { expectGolden("a\n", file: "newline.golden", directory: folder) }
                withKnownIssue {
                    withGoldenRecording(.never) { expectGolden("a", file: "newline.golden", directory: folder) }
                } matching: { issue in
                    commentText(issue).hasPrefix("Text does not match its golden file ")
                }
            }
        }
    }
}
