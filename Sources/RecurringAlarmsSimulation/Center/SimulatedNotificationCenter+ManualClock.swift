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
        clock.addFollower { [weak self] now in
            await self?.advance(to: now)
        }
    }
}
