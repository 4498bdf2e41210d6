import Testing

@testable import RecurringAlarms

/// The cycles a compiled-from-bytes schedule puts its entries, ids and labels in id order by:
/// applied to any array, they give what gathering `elements[order[i]]` into a new array gives.
@Suite("Permutation cycles")
struct PermutationCyclesTests {
    /// `elements[order[i]]` for every `i`, the plain way.
    static func gathered<Element>(_ elements: [Element], _ order: [UInt32]) -> [Element] {
        order.map { elements[Int($0)] }
    }

    @Test("they put an array in the permutation's order, as gathering it does", arguments: [0, 1, 2, 3, 64, 65, 1_000])
    func applyEqualsGather(count: Int) {
        var rng = SplitMix64(seed: UInt64(count) &+ 17)
        for _ in 0..<10 {
            var order = (0..<count).map { UInt32($0) }
            order.shuffle(using: &rng)
            let numbers = (0..<count).map { $0 * 3 + 1 }
            let strings = (0..<count).map { "rule-\($0)-with-a-name-longer-than-fifteen-bytes" }
            var permutedNumbers = numbers
            var permutedStrings = strings
            let cycles = PermutationCycles(order: order)
            cycles.apply(to: &permutedNumbers)
            cycles.apply(to: &permutedStrings)
            #expect(permutedNumbers == Self.gathered(numbers, order))
            #expect(permutedStrings == Self.gathered(strings, order))
        }
    }

    @Test("elements already in place stay, and only the others move")
    func fixedPointsAndShortCycles() {
        // Slots 0 and 4 are in place, 1 and 2 swap, 3, 5 and 6 turn round.
        let order: [UInt32] = [0, 2, 1, 5, 4, 6, 3]
        var letters = ["a", "b", "c", "d", "e", "f", "g"]
        PermutationCycles(order: order).apply(to: &letters)
        #expect(letters == ["a", "c", "b", "f", "e", "g", "d"])
    }

    @Test("the identity changes nothing, and the documented example gives what it shows")
    func identityAndExample() {
        var numbers = Array(0..<100)
        PermutationCycles(order: (0..<100).map { UInt32($0) }).apply(to: &numbers)
        #expect(numbers == Array(0..<100))
        var letters = ["c", "a", "b"]
        PermutationCycles(order: [1, 2, 0]).apply(to: &letters)
        #expect(letters == ["a", "b", "c"])
    }
}
