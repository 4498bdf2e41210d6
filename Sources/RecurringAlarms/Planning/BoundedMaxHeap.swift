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
/// Up to ``sortedCapacity``, until it is full the candidates are kept sorted instead, by
/// insertion from the end: a rule offers its fires in increasing order, so most land last, and
/// a small plan (a book's few rules, which rarely fill the cap) comes out already in plan
/// order, which the planner's sort then only checks. Reversed, the full sorted array is a
/// valid max-heap, so filling up costs one pass. A larger capacity is a heap from the start,
/// so that fires offered in decreasing order never cost a move per kept candidate.
///
/// - Complexity: O(log capacity) per insertion (before a small heap is full: O(1) plus one
///   move per kept candidate the newcomer precedes, at most ``sortedCapacity``). O(capacity)
///   memory.
struct BoundedMaxHeap {
    let capacity: Int
    /// In increasing order while not full (up to ``sortedCapacity``); otherwise a max-heap.
    private(set) var elements: [PlannedCandidate] = []
    /// The largest capacity kept sorted until full: the default cap of 64, plus one, fits.
    static let sortedCapacity = 256

    init(capacity: Int) {
        self.capacity = capacity
        elements.reserveCapacity(min(capacity, 1024))
    }

    var isFull: Bool { elements.count >= capacity }
    /// The largest kept candidate, once the heap is full (the planner reads it only then).
    var largest: PlannedCandidate? { elements.first }

    @inline(__always)
    mutating func insert(_ candidate: PlannedCandidate) {
        if elements.count < capacity && capacity > Self.sortedCapacity {
            elements.append(candidate)
            siftUp(elements.count - 1)
        } else if elements.count < capacity {
            elements.append(candidate)
            var slot = elements.count - 1
            while slot > 0 && candidate < elements[slot - 1] {
                elements[slot] = elements[slot - 1]
                slot -= 1
            }
            elements[slot] = candidate
            // Decreasing order satisfies the heap property (every parent precedes its children
            // in the array, so it is not smaller).
            if elements.count == capacity { elements.reverse() }
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
