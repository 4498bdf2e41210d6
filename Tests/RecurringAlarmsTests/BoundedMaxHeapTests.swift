import Testing

@testable import RecurringAlarms

/// The planner's bounded heap: it keeps the `capacity` smallest candidates, whatever the order
/// they come in, small capacities (kept sorted until full) and large ones (a heap from the start).
@Suite("Bounded max-heap")
struct BoundedMaxHeapTests {
    @Test(
        "it keeps exactly the capacity smallest candidates, the largest on top once full",
        arguments: [1, 2, 5, 65, BoundedMaxHeap.sortedCapacity, BoundedMaxHeap.sortedCapacity + 1, 1_000])
    func keepsTheSmallest(capacity: Int) {
        var rng = SplitMix64(seed: UInt64(capacity))
        for round in 0..<20 {
            // Runs of increasing instants, as rules offer their fires, with ties on the instant.
            let count = Int(rng.next() % UInt64(2 * capacity + 2))
            var offered: [PlannedCandidate] = []
            for index in 0..<count {
                let instant = Int64(rng.next() % UInt64(max(count / 3, 1)))
                offered.append(PlannedCandidate(instant: instant, rule: Int32(index % 7), adjustment: .none, wall: Int64(index)))
            }
            if round % 2 == 0 { offered.sort { $0.rule != $1.rule ? $0.rule < $1.rule : $0.instant < $1.instant } }
            var heap = BoundedMaxHeap(capacity: capacity)
            for candidate in offered { heap.insert(candidate) }
            let expected = Array(offered.sorted().prefix(capacity))
            #expect(heap.elements.sorted() == expected)
            #expect(heap.isFull == (count >= capacity))
            if heap.isFull { #expect(heap.largest == expected.last) }
        }
    }

    @Test("a small heap that is not full holds its candidates in plan order")
    func smallHeapIsSorted() {
        var heap = BoundedMaxHeap(capacity: 65)
        // Two rules' fires, each in increasing order, interleaved in time.
        for (instant, rule) in [(10, 0), (30, 0), (50, 0), (20, 1), (40, 1), (10, 1)] as [(Int64, Int32)] {
            heap.insert(PlannedCandidate(instant: instant, rule: rule, adjustment: .none, wall: instant))
        }
        #expect(heap.elements.map(\.instant) == [10, 10, 20, 30, 40, 50])
        #expect(heap.elements.map(\.rule) == [0, 1, 1, 0, 1, 0])
    }
}
