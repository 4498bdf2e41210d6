/// A fire in the planner's compact form, ordered as the plan orders fires.
struct PlannedCandidate: Comparable {
    var instant: Int64
    var rule: Int32
    var adjustment: FireAdjustment
    var wall: Int64

    @inline(__always)
    static func < (a: PlannedCandidate, b: PlannedCandidate) -> Bool {
        if a.instant != b.instant { return a.instant < b.instant }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.wall < b.wall
    }

    static func == (a: PlannedCandidate, b: PlannedCandidate) -> Bool {
        a.instant == b.instant && a.rule == b.rule && a.wall == b.wall
    }
}

/// Keeps the `capacity` smallest candidates seen, with the largest on top so a newcomer is
/// compared against it in O(1).
///
/// - Complexity: O(log capacity) per insertion; O(capacity) memory.
struct BoundedMaxHeap {
    let capacity: Int
    private(set) var elements: [PlannedCandidate] = []

    init(capacity: Int) {
        self.capacity = capacity
        elements.reserveCapacity(min(capacity, 1024))
    }

    var isFull: Bool { elements.count >= capacity }
    var largest: PlannedCandidate? { elements.first }

    @inline(__always)
    mutating func insert(_ candidate: PlannedCandidate) {
        if elements.count < capacity {
            elements.append(candidate)
            siftUp(elements.count - 1)
        } else if capacity > 0, candidate < elements[0] {
            elements[0] = candidate
            siftDown(0)
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[parent] < elements[child] else { return }
            elements.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < elements.count, elements[largest] < elements[left] { largest = left }
            if right < elements.count, elements[largest] < elements[right] { largest = right }
            if largest == parent { return }
            elements.swapAt(parent, largest)
            parent = largest
        }
    }
}
