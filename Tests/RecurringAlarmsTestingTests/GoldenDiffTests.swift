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

    @Test("two changes exactly four unchanged lines apart (twice the context) make one hunk; five apart make two")
    func hunksMergeAtTwiceTheContext() {
        let golden = (1...12).map { "l\($0)" }
        var fourApart = golden
        fourApart[2] = "L3"
        fourApart[7] = "L8"   // l4 … l7 between: four unchanged lines
        #expect(
            GoldenDiff.text(golden: golden.joined(separator: "\n"), actual: fourApart.joined(separator: "\n")) == """
                @@ -1,10 +1,10 @@
                 l1
                 l2
                −l3
                +L3
                 l4
                 l5
                 l6
                 l7
                −l8
                +L8
                 l9
                 l10
                … (2 unchanged)
                """)
        var fiveApart = golden
        fiveApart[2] = "L3"
        fiveApart[8] = "L9"   // l4 … l8 between: five, one more than both contexts show
        #expect(
            GoldenDiff.text(golden: golden.joined(separator: "\n"), actual: fiveApart.joined(separator: "\n")) == """
                @@ -1,5 +1,5 @@
                 l1
                 l2
                −l3
                +L3
                 l4
                 l5
                … (1 unchanged)
                @@ -7,5 +7,5 @@
                 l7
                 l8
                −l9
                +L9
                 l10
                 l11
                … (1 unchanged)
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
