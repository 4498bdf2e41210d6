import Foundation
import RecurringAlarmsScheduling

/// Something a simulated center holds that comes due at a moment: a notification request that
/// goes off, an alarm that rings or stops by itself.
///
/// It exists so that ``SimulatedTimeFollowing`` orders the events of every simulated center the
/// same way: by ``dueDate``, ties by ``sequence`` (the order the center took them in).
package protocol DueEvent {
    /// When the event comes due.
    var dueDate: Date { get }
    /// The order the center took the event in; breaks ties between events due at one moment.
    var sequence: Int { get }
}

/// How a simulated center follows simulated time: registering with a
/// ``/RecurringAlarmsScheduling/ManualClock`` and a ``/RecurringAlarmsScheduling/ManualTimeZone``,
/// and handling the events that come due, one at a time, in order.
///
/// `SimulatedNotificationCenter` and `SimulatedAlarmCenter` both follow time this way; this is
/// the one copy of it, so that the two centers cannot drift apart in how they catch up with a
/// clock or which of two events due at one moment goes first.
///
/// ```swift
/// SimulatedTimeFollowing.follow(clock, by: self) { await $0.advance(to: $1) }
/// SimulatedTimeFollowing.handleDueEvents(through: instant, in: entries) { index, entry in
///     now = max(now, entry.dueDate)
///     entries.remove(at: index)
/// }
/// ```
package enum SimulatedTimeFollowing {
    /// Has `clock` call `advance` with `center` and the new present after each advance. The
    /// clock holds the center weakly; a center that is gone is skipped.
    package static func follow<Center: Actor>(
        _ clock: ManualClock, by center: Center, _ advance: @escaping @Sendable (Center, Date) async -> Void
    ) {
        clock.addFollower { [weak center] now in
            guard let center else { return }
            await advance(center, now)
        }
    }

    /// Has `zone` call `change` with `center` and the new zone after each change. The zone holds
    /// the center weakly; a center that is gone is skipped.
    package static func follow<Center: Actor>(
        _ zone: ManualTimeZone, by center: Center, _ change: @escaping @Sendable (Center, TimeZone) async -> Void
    ) {
        zone.addFollower { [weak center] newZone in
            guard let center else { return }
            await change(center, newZone)
        }
    }

    /// Calls `handle` with each event of `events` due at or before `instant`, soonest first
    /// (ties by ``DueEvent/sequence``), reading `events` again after each call, since
    /// `handle` changes them.
    ///
    /// `handle` must remove the event or move its ``DueEvent/dueDate`` later than it was: the
    /// loop ends when nothing is due through `instant`.
    ///
    /// - Complexity: O(e × n) for e events handled and n events held.
    package static func handleDueEvents<Event: DueEvent>(
        through instant: Date, in events: @autoclosure () -> [Event], _ handle: (_ index: Int, _ event: Event) -> Void
    ) {
        while let index = indexOfNextDue(in: events(), through: instant) {
            let event = events()[index]   // the copy is gone before `handle` changes the events
            handle(index, event)
        }
    }

    /// The index of the soonest event due at or before `instant` (ties by
    /// ``DueEvent/sequence``, then position), or `nil` when none is due.
    ///
    /// - Complexity: O(n) for n events.
    private static func indexOfNextDue<Event: DueEvent>(in events: [Event], through instant: Date) -> Int? {
        var best: Int?
        for index in events.indices where events[index].dueDate <= instant {
            if let current = best,
                (events[current].dueDate, events[current].sequence) <= (events[index].dueDate, events[index].sequence)
            {
                continue
            }
            best = index
        }
        return best
    }
}
