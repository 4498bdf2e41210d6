import RecurringAlarmsTesting
import Testing

@Suite("Golden line diffs")
struct GoldenDiffTests {
    @Test("a changed line reads as − then + inside its hunk")
    func changedLine() {
        #expect(
            GoldenDiff.text(golden: "a\nb\nc", actual: "a\nB\nc") == """
                @@ -1,3 +1,3 @@
                 a
                −b
                +B
                 c
                """)
    }

    @Test("unchanged runs beyond the context collapse, and each hunk counts its own lines")
    func collapsedRuns() {
        let golden = (1...12).map { "l\($0)" }
        var actual = golden
        actual[4] = "L5"
        actual.removeLast()
        #expect(
            GoldenDiff.text(golden: golden.joined(separator: "\n"), actual: actual.joined(separator: "\n")) == """
                … (2 unchanged)
                @@ -3,5 +3,5 @@
                 l3
                 l4
                −l5
                +L5
                 l6
                 l7
                … (2 unchanged)
                @@ -10,3 +10,2 @@
                 l10
                 l11
                −l12
                """)
    }

    @Test("an empty side names the line before it, as in unified diffs")
    func emptySide() {
        #expect(GoldenDiff.text(golden: "", actual: "x") == "@@ -0,0 +1,1 @@\n+x")
    }

    @Test("equal texts have no diff")
    func equalTexts() {
        #expect(GoldenDiff.text(golden: "a\nb", actual: "a\nb") == nil)
    }
}
