import Foundation
import RecurringAlarms

/// A device zone that stays put until a test moves it, shared by the scheduler and the
/// simulated notification center, as ``ManualClock`` is for time.
///
/// ``TimeZoneProvider/manual(_:)`` makes the scheduler read this zone at each refresh; a center
/// made with `RecurringAlarmsSimulation`'s `SimulatedNotificationCenter(eviction:clock:deviceTimeZone:)`
/// given a `ManualTimeZone` follows it too, so one ``change(to:)`` moves the device: the next
/// refresh plans floating rules on the new clock, and the center's pending floating requests
/// move at once, as iOS moves them.
///
/// ```swift
/// let zone = ManualTimeZone(TimeZone(identifier: "Europe/Berlin")!)
/// let scheduler = AlarmScheduler(store: store, center: center, clock: .manual(clock), timeZone: .manual(zone))
/// await zone.change(to: TimeZone(identifier: "America/New_York")!)
/// zone.current.identifier   // "America/New_York"
/// ```
///
/// It is `Sendable` without `@unchecked` and works on every platform the package supports: its
/// one mutable value sits in a lock (`Mutex` would need macOS 15 / iOS 18). Change it from one
/// task at a time.
public final class ManualTimeZone: Sendable {
    private struct State: Sendable {
        var zone: TimeZone
        var followers: [@Sendable (TimeZone) async -> Void] = []
    }

    private let state: Locked<State>

    /// A device zone that reads `zone` until it is changed.
    public init(_ zone: TimeZone) { state = Locked(State(zone: zone)) }

    /// The device zone now.
    public var current: TimeZone { state.withLock { $0.zone } }

    /// The device moves to `zone` now; then each follower (a center made with this zone) moves
    /// its pending floating requests to the new clock, in the order they were made.
    ///
    /// A change to the zone the device is already in still tells the followers, as a real
    /// device's time-zone notification does; a center then moves nothing.
    public func change(to zone: TimeZone) async {
        let followers = state.withLock { state in
            state.zone = zone
            return state.followers
        }
        for follow in followers { await follow(zone) }
    }

    /// Calls `follow` with the new zone after each change.
    package func addFollower(_ follow: @escaping @Sendable (TimeZone) async -> Void) {
        state.withLock { $0.followers.append(follow) }
    }
}

extension TimeZoneProvider {
    /// A provider that reads `zone`, so a test moves the device with ``ManualTimeZone/change(to:)``.
    ///
    /// ```swift
    /// let zone = ManualTimeZone(TimeZone(identifier: "Europe/Berlin")!)
    /// let scheduler = AlarmScheduler(store: store, center: center, clock: .manual(clock), timeZone: .manual(zone))
    /// ```
    public static func manual(_ zone: ManualTimeZone) -> TimeZoneProvider { TimeZoneProvider { zone.current } }
}
