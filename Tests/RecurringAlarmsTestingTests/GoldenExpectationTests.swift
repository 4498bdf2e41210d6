import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// Every comment of `issue`, one a line.
func commentText(_ issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// `text` between `"""` lines, as the kit offers a golden to paste.
func pasteBlock(_ text: String) -> String {
    "New golden, ready to paste:\n\"\"\"\n" + text + "\n\"\"\""
}

@Suite("Inline goldens")
struct GoldenExpectationTests {
    @Test("a matching inline golden records no issue")
    func matching() throws {
        let plan = try berlinPlan()
        GoldenRecording.$environmentOverride.withValue([:]) {
            expectPlan(plan, matches: berlinGolden)
            expectGolden(plan, matches: berlinGolden)
        }
    }

    @Test("a mismatch records the diff, collapsed, and the new golden to paste")
    func mismatch() throws {
        let plan = try berlinPlan()
        let wrong = berlinGolden.replacingOccurrences(of: "2026-03-29T03:30:00+02:00", with: "2026-03-29T03:00:00+02:00")
        let version = GoldenLines.databaseVersion
        let expected = """
            Plan does not match its golden.
            Difference: − golden, + actual
            … (6 unchanged)
            @@ -7,4 +7,4 @@
             time-zone database: \(version)
             fires: 2
            −  2026-03-29T03:00:00+02:00 wake@2026-03-29T02:30:00 gap-shifted
            +  2026-03-29T03:30:00+02:00 wake@2026-03-29T02:30:00 gap-shifted
               2026-03-30T02:30:00+02:00 wake@2026-03-30T02:30:00
            """ + "\n\n" + pasteBlock(berlinGolden)
        GoldenRecording.$environmentOverride.withValue([:]) {
            withKnownIssue {
                expectPlan(plan, matches: wrong)
            } matching: { issue in
                commentText(issue) == expected
            }
        }
    }

    @Test("the time-zone database line is not compared, but a mismatch names both versions")
    func databaseVersion() throws {
        let plan = try berlinPlan()
        let version = GoldenLines.databaseVersion
        let older = berlinGolden.replacingOccurrences(of: "time-zone database: \(version)", with: "time-zone database: 1999z")
        #expect(older != berlinGolden)
        GoldenRecording.$environmentOverride.withValue([:]) {
            expectGolden(plan, matches: older)
            let moved = older.replacingOccurrences(of: "cap: 64", with: "cap: 32")
            withKnownIssue {
                expectGolden(plan, matches: moved)
            } matching: { issue in
                commentText(issue).hasPrefix(
                    "Plan does not match its golden. It was recorded with time-zone database 1999z and this run uses \(version):"
                        + " a tzdata update may have moved these fires.\nDifference: − golden, + actual\n… (1 unchanged)\n"
                        + "@@ -2,5 +2,5 @@\n now: 2026-03-28T12:00:00+01:00\n device zone: Europe/Berlin\n−cap: 32\n+cap: 64\n")
            }
        }
    }

    @Test("an empty inline golden is one not written yet: the issue carries the golden to paste")
    func emptyGolden() throws {
        let plan = try berlinPlan()
        GoldenRecording.$environmentOverride.withValue([:]) {
            withKnownIssue {
                withGoldenRecording(.never) { expectPlan(plan, matches: "") }
            } matching: { issue in
                commentText(issue) == "Plan has no golden yet.\n\n" + pasteBlock(berlinGolden)
            }
        }
    }
}
