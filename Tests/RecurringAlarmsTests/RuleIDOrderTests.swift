import Testing

@testable import RecurringAlarms

/// The two questions asked of a list of ids: which are repeated (sorting them), and whether any
/// is (the fast reader's yes-or-no, by hash table).
@Suite("Repeated rule ids")
struct RuleIDOrderTests {
    /// `count` ids drawn from a pool that shares long prefixes, so some repeat and many pairs
    /// share their first eight bytes without being the same id.
    static func ids(count: Int, poolSize: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        let stems = ["wake.morning.", "r", "alarm-", "x"]
        return (0..<count).map { _ in
            "\(stems[Int(rng.next() % UInt64(stems.count))])\(rng.next() % UInt64(poolSize))"
        }
    }

    static func keys(_ ids: [String]) -> [RuleIDOrder.Key] {
        RuleIDOrder.keys(count: ids.count) { ids[$0] }
    }

    @Test(
        "whether any id repeats is answered as the sorted list of repeats answers it",
        arguments: [(0, 5), (1, 5), (2, 1), (40, 1_000), (40, 10), (1_000, 100_000), (1_000, 400), (5_000, 1_000_000)])
    func containsRepeatAgreesWithRepeats(count: Int, poolSize: Int) {
        for seed in 0..<UInt64(8) {
            let ids = Self.ids(count: count, poolSize: poolSize, seed: seed &* 7919 &+ UInt64(count))
            var sorted = Self.keys(ids)
            let repeats = RuleIDOrder.repeats(sorting: &sorted) { ids[$0] }
            let found = RuleIDOrder.containsRepeat(Self.keys(ids)) { ids[$0] == ids[$1] }
            #expect(found == !repeats.isEmpty, "seed \(seed)")
            // Checked by hand: a set of the ids is smaller exactly when one repeats.
            #expect(found == (Set(ids).count < ids.count), "seed \(seed)")
        }
    }

    @Test("two ids that share their first eight bytes are different ids, and a repeat after them is found")
    func sharedPrefixesAreComparedWhole() {
        let distinct = ["wake.morning.1", "wake.morning.2", "wake.morning.10"]
        #expect(!RuleIDOrder.containsRepeat(Self.keys(distinct)) { distinct[$0] == distinct[$1] })
        let repeated = distinct + ["wake.morning.2"]
        #expect(RuleIDOrder.containsRepeat(Self.keys(repeated)) { repeated[$0] == repeated[$1] })
    }
}
