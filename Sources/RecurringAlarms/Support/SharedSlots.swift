/// A buffer that the threads of one parallel pass share without a lock: each slot is written
/// by at most one of them, and a slot one thread writes is read by no other.
///
/// Why it exists: the passes that split their work across cores (``CoreSplit``: the compile's
/// passes, the expansion loop on every core in ``ExpansionKernel``, the direct reader's pieces
/// of a large file) reach the schedule's arrays or the file's bytes through plain pointers, so
/// that the loops do no reference counting, no bounds checks in release builds and no copying. A buffer pointer is not `Sendable`: the
/// compiler cannot see who writes where. This type is the one place that vouches for it, and
/// every use keeps its two promises:
///
/// - Disjoint: while the slots are shared, a slot one thread writes is neither read nor
///   written by another. The compile's chunks each write the indices of their own range of
///   rules (``CoreSplit/range(_:of:count:)`` ranges do not overlap); a buffer lent with
///   ``init(readOnly:)`` is written by no one, so any number of threads read it.
/// - Outlived: the memory stays valid until every thread is done with it. Each buffer is lent
///   by a `withUnsafe…BufferPointer` call (or an array's uninitialized-capacity initializer)
///   whose closure runs the whole pass: ``CoreSplit/map(count:_:)`` returns only after
///   every chunk has finished, and an ``ExpansionKernel`` does not escape
///   ``AlarmSchedule/withExpansionKernel(_:lower:upper:_:)``.
struct SharedSlots<Element> {
    /// The slots, to write: only those the pass gives the calling thread.
    let slots: UnsafeMutableBufferPointer<Element>

    /// Shares slots that the pass writes.
    init(_ slots: UnsafeMutableBufferPointer<Element>) {
        self.slots = slots
    }

    /// Shares slots that are only read while shared: nothing writes through ``slots``.
    init(readOnly slots: UnsafeBufferPointer<Element>) {
        self.slots = UnsafeMutableBufferPointer(mutating: slots)
    }

    /// The slots, to read.
    var reading: UnsafeBufferPointer<Element> { UnsafeBufferPointer(slots) }

    /// Slot `index`; set only by the thread the pass gives it. An element of a trivial type
    /// may be set in a slot not yet initialized (``filling(count:_:)``).
    subscript(index: Int) -> Element {
        get { slots[index] }
        nonmutating set { slots[index] = newValue }
    }

    /// Sets the slots from `start` on to `source`'s elements.
    func update(from source: [Element], at start: Int) {
        source.withUnsafeBufferPointer { source in
            _ = UnsafeMutableBufferPointer(rebasing: slots[start..<(start + source.count)]).update(fromContentsOf: source)
        }
    }

    /// Lends `array`'s elements as slots to `pass`, which runs the whole parallel pass.
    static func lending<Result>(_ array: inout [Element], _ pass: (SharedSlots) -> Result) -> Result {
        array.withUnsafeMutableBufferPointer { pass(SharedSlots($0)) }
    }

    /// An array of `count` elements of a trivial type made by `pass`, which sets every slot
    /// once (the memory is not initialized before), or `nil` when `pass` returns `false`
    /// (its slots may then be left unset).
    static func filling(count: Int, _ pass: (SharedSlots) -> Bool) -> [Element]? {
        precondition(_isPOD(Element.self), "only a trivial type may be written to memory not yet initialized")
        var complete = true
        let array = [Element](unsafeUninitializedCapacity: count) { slots, initialized in
            complete = pass(SharedSlots(slots))
            // Plain values: slots a failed pass leaves unset are never read.
            initialized = count
        }
        return complete ? array : nil
    }
}

// The engine's one unchecked conformance besides `Locked`'s lock: see the promises above.
extension SharedSlots: @unchecked Sendable where Element: Sendable {}
