import Foundation
import RecurringAlarms

/// A clock that stands still until a test moves it, shared by the scheduler and the simulated
/// notification center, in the spirit of swift-clocks' `TestClock`.
///
/// Code that reads `Date()` cannot be tested at 07:29 and again at 07:31. The scheduler reads
/// "now" from its ``SchedulerClock``, and ``SchedulerClock/manual(_:)`` makes that this clock;
/// a center made with `RecurringAlarmsSimulation`'s `SimulatedNotificationCenter(eviction:clock:deviceTimeZone:)`
/// follows it too, delivering whatever comes due as the test advances time.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// let clock = ManualClock(now: Date(timeIntervalSince1970: 1_796_083_200))   // 2026-12-01T00:00:00Z
/// let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: berlin)
/// let scheduler = AlarmScheduler(store: store, center: center, clock: .manual(clock), timeZone: .constant(berlin))
///
/// try await scheduler.refresh()            // plans from 01:00 Berlin time
/// await clock.advance(by: 8 * 3600)        // 09:00: the center delivers the 07:30 alarm
/// await center.deliveries.count            // 1
/// try await scheduler.refresh()            // plans from 09:00
/// ```
///
/// Time only moves forward, as the center's does: a move to an earlier moment, by a negative
/// interval, or to a moment that is not finite leaves the clock where it is. Advance from one
/// task at a time.
///
/// The clock is `Sendable` without `@unchecked`: its one mutable value sits in a lock. `Mutex`
/// from Synchronization would do, but it needs macOS 15 / iOS 18 and the package supports
/// macOS 13 / iOS 16.
public final class ManualClock: Sendable {
    private struct State: Sendable {
        var now: Date
        var followers: [@Sendable (Date) async -> Void] = []
    }

    private let state: Locked<State>

    /// A clock that reads `now` until it is advanced.
    public init(now: Date) { state = Locked(State(now: now)) }

    /// The clock's present.
    public var now: Date { state.withLock { $0.now } }

    /// Moves the present forward by `interval` seconds, then lets each follower (a center made
    /// with this clock) catch up, in the order they were made.
    ///
    /// - Parameter interval: seconds to move; zero, negative, NaN or infinite leaves the clock where it is.
    public func advance(by interval: TimeInterval) async {
        await advance(to: now.addingTimeInterval(interval))
    }

    /// Moves the present to `instant` when it is later, then lets each follower catch up.
    ///
    /// - Parameter instant: the new present; an earlier or non-finite moment leaves the clock where it is.
    public func advance(to instant: Date) async {
        let (present, followers) = state.withLock { state in
            if instant > state.now, instant.timeIntervalSinceReferenceDate.isFinite { state.now = instant }
            return (state.now, state.followers)
        }
        for follow in followers { await follow(present) }
    }

    /// Calls `follow` with the new present after each advance.
    package func addFollower(_ follow: @escaping @Sendable (Date) async -> Void) {
        state.withLock { $0.followers.append(follow) }
    }
}

extension SchedulerClock {
    /// A clock that reads `clock`, so a test moves the scheduler's "now" with ``ManualClock/advance(by:)``.
    ///
    /// ```swift
    /// let clock = ManualClock(now: start)
    /// let scheduler = AlarmScheduler(store: store, center: center, clock: .manual(clock))
    /// ```
    public static func manual(_ clock: ManualClock) -> SchedulerClock { SchedulerClock { clock.now } }
}
