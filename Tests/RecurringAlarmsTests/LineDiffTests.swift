import Testing

@testable import RecurringAlarms

/// The package's one line diff, behind `alarms check` and the testing kit's goldens.
@Suite("Line diff")
struct LineDiffTests {
    @Test("equal lists are all the same, in order")
    func equalLists() {
        #expect(
            LineDiff.edits(from: ["a", "b"], to: ["a", "b"]) == [.same(old: 0, new: 0), .same(old: 1, new: 1)])
        #expect(LineDiff.edits(from: [String](), to: []) == [])
    }

    @Test("a changed line is removed, then added, between the lines both share")
    func changedLine() {
        #expect(
            LineDiff.edits(from: ["a", "b", "c"], to: ["a", "B", "c"])
                == [.same(old: 0, new: 0), .removed(1), .added(1), .same(old: 2, new: 2)])
    }

    @Test("within one change every removal comes before the additions")
    func removalsFirst() {
        // b,c become X,Y: the longest common subsequence keeps a and d.
        #expect(
            LineDiff.edits(from: ["a", "b", "c", "d"], to: ["a", "X", "Y", "d"])
                == [.same(old: 0, new: 0), .removed(1), .removed(2), .added(1), .added(2), .same(old: 3, new: 3)])
        // An insertion before a shared line and a replacement after it.
        #expect(
            LineDiff.edits(from: ["a", "c"], to: ["b", "a", "d"])
                == [.added(0), .same(old: 0, new: 1), .removed(1), .added(2)])
    }

    @Test("lines only one list has are all removed or all added")
    func oneSided() {
        #expect(LineDiff.edits(from: [], to: ["x", "y"]) == [.added(0), .added(1)])
        #expect(LineDiff.edits(from: ["x", "y"], to: []) == [.removed(0), .removed(1)])
    }

    @Test("a middle part larger than the bound is given as all removed, then all added, keeping the shared ends")
    func boundedMiddle() {
        let old = ["start", "a", "b", "end"]
        let new = ["start", "b", "a", "end"]
        // Two by two is four pairs: over a bound of three, the middle is not matched.
        #expect(
            LineDiff.edits(from: old, to: new, maximumPairs: 3)
                == [.same(old: 0, new: 0), .removed(1), .removed(2), .added(1), .added(2), .same(old: 3, new: 3)])
        // Within the bound, one of a and b is kept.
        #expect(LineDiff.edits(from: old, to: new, maximumPairs: 4).filter { if case .same = $0 { true } else { false } }.count == 3)
    }
}
