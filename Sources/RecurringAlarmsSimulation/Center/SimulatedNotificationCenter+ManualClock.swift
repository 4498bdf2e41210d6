import Foundation
import RecurringAlarmsScheduling

extension SimulatedNotificationCenter {
    /// Creates an empty center whose present is `clock`'s and follows it: each
    /// ``/RecurringAlarmsScheduling/ManualClock/advance(by:)`` delivers the requests that come due, as ``advance(to:)`` does.
    ///
    /// ```swift
    /// let clock = ManualClock(now: start)
    /// let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: berlin)
    /// await clock.advance(by: 86_400)   // the center's present moves too
    /// ```
    /// The clock holds the center weakly; a center that is gone is skipped.
    public init(capacity: Int = 64, eviction: EvictionModel, clock: ManualClock, deviceTimeZone: TimeZone) {
        self.init(capacity: capacity, eviction: eviction, now: clock.now, deviceTimeZone: deviceTimeZone)
        SimulatedTimeFollowing.follow(clock, by: self) { await $0.advance(to: $1) }
    }
}

extension SimulatedNotificationCenter {
    /// Creates an empty center whose present is `clock`'s and whose device zone is `deviceTimeZone`'s,
    /// and follows both: each ``/RecurringAlarmsScheduling/ManualClock/advance(by:)`` delivers the
    /// requests that come due, and each ``/RecurringAlarmsScheduling/ManualTimeZone/change(to:)``
    /// moves the device as ``changeDeviceTimeZone(to:)`` does.
    ///
    /// ```swift
    /// let clock = ManualClock(now: start)
    /// let zone = ManualTimeZone(berlin)
    /// let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: zone)
    /// let scheduler = AlarmScheduler(store: store, center: center, clock: .manual(clock), timeZone: .manual(zone))
    /// await zone.change(to: newYork)   // the center's floating requests move; the next refresh plans for New York
    /// ```
    /// The clock and the zone hold the center weakly; a center that is gone is skipped.
    public init(capacity: Int = 64, eviction: EvictionModel, clock: ManualClock, deviceTimeZone: ManualTimeZone) {
        self.init(capacity: capacity, eviction: eviction, clock: clock, deviceTimeZone: deviceTimeZone.current)
        SimulatedTimeFollowing.follow(deviceTimeZone, by: self) { await $0.changeDeviceTimeZone(to: $1) }
    }
}
