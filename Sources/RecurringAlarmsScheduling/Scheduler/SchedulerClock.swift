import Foundation

/// Where the scheduler reads "now": the real clock in an app, a fixed moment in a test.
///
/// The engine never reads the clock; this is the one place the scheduler does, so a test
/// pins it and every result is reproducible.
///
/// ```swift
/// // In the app:
/// let scheduler = AlarmScheduler(store: store, center: UserNotificationCenterAdapter())   // clock: .system
/// // In a test:
/// let now = Date(timeIntervalSince1970: 1_796_083_200)   // 2026-12-01T00:00:00Z
/// let pinned = AlarmScheduler(store: store, center: center, clock: .constant(now), timeZone: .constant(berlin))
/// // In a test that moves time, a ManualClock the test advances:
/// let clock = ManualClock(now: now)
/// let moving = AlarmScheduler(store: store, center: center, clock: .manual(clock), timeZone: .constant(berlin))
/// ```
public struct SchedulerClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that calls `now` each time it is read.
    public init(now: @escaping @Sendable () -> Date) { read = now }

    /// The current moment.
    public func now() -> Date { read() }

    /// The system clock, `Date()`.
    public static let system = SchedulerClock { Date() }

    /// Always `date`.
    public static func constant(_ date: Date) -> SchedulerClock { SchedulerClock { date } }
}

/// Where the scheduler reads the device's time zone, which floating rules follow.
///
/// ```swift
/// TimeZoneProvider.system                                           // the system zone at each refresh
/// TimeZoneProvider.constant(TimeZone(identifier: "Asia/Tokyo")!)   // in a test
/// ```
public struct TimeZoneProvider: Sendable {
    private let read: @Sendable () -> TimeZone

    /// A provider that calls `current` each time the zone is read.
    public init(current: @escaping @Sendable () -> TimeZone) { read = current }

    /// The device zone now.
    public func current() -> TimeZone { read() }

    /// The system zone at each call, so a zone change is seen by the next refresh: a fixed
    /// snapshot of `TimeZone.autoupdatingCurrent` (which follows the system, unlike a cached
    /// `TimeZone.current`), so one plan never sees the zone change under it.
    public static let system = TimeZoneProvider {
        TimeZone(identifier: TimeZone.autoupdatingCurrent.identifier) ?? TimeZone.current
    }

    /// Always `zone`.
    public static func constant(_ zone: TimeZone) -> TimeZoneProvider { TimeZoneProvider { zone } }
}
