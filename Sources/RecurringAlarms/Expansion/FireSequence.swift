import Foundation

extension AlarmSchedule {
    /// Every fire with `after < instant <= through`, without building an array.
    ///
    /// Fires come rule by rule (rules in id order), each rule's in nominal wall-time order;
    /// use ``plan(now:options:including:)`` for the soonest-first order under a cap. Each is
    /// ``fire(for:deviceTimeZone:)`` of the matching element of
    /// ``occurrences(after:through:deviceTimeZone:rules:)``; iterate those instead when only
    /// counts, instants or rule positions matter, or to split the work over threads: a ``Fire``
    /// holds a `TimeZone` and a `String`, which costs several times the expansion itself.
    ///
    /// ```swift
    /// let count = schedule.fires(after: now, through: now + 7 * 86_400, deviceTimeZone: zone)
    ///     .reduce(0) { count, _ in count + 1 }
    /// ```
    /// - Complexity: O(zones) to start; then O(1) amortised per fire and per candidate day.
    @inlinable
    public func fires(after: Date, through: Date, deviceTimeZone: TimeZone) -> some Sequence<Fire> & Sendable {
        FireSequence(
            occurrences: OccurrenceSequence(
                schedule: self, after: after, through: through,
                deviceTimeZone: deviceTimeZone, rules: nil))
    }
}

/// The fires of an ``OccurrenceSequence``: each occurrence made into a ``Fire``.
///
/// Visible to inlinable code only so that callers iterate the concrete type rather than
/// the opaque `some Sequence`; its members stay internal.
@usableFromInline
struct FireSequence: Sequence, Sendable {
    let occurrences: OccurrenceSequence

    @usableFromInline
    init(occurrences: OccurrenceSequence) {
        self.occurrences = occurrences
    }

    @usableFromInline
    func makeIterator() -> Iterator {
        Iterator(base: occurrences.makeIterator(), schedule: occurrences.schedule, deviceTimeZone: occurrences.deviceTimeZone)
    }

    @usableFromInline
    struct Iterator: IteratorProtocol {
        var base: OccurrenceSequence.Iterator
        let schedule: AlarmSchedule
        let deviceTimeZone: TimeZone

        @usableFromInline
        mutating func next() -> Fire? {
            guard let occurrence = base.next() else { return nil }
            return schedule.makeFire(occurrence, deviceTimeZone: deviceTimeZone)
        }
    }
}
