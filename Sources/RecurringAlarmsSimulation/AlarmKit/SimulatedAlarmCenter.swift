import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling

/// An alarm center that behaves like AlarmKit's `AlarmManager`, on any platform, in simulated time.
///
/// It follows a ``/RecurringAlarmsScheduling/ManualClock`` and a
/// ``/RecurringAlarmsScheduling/ManualTimeZone``: each advance of the clock rings what comes
/// due, in order, into ``deliveries``; each change of the zone moves the repeating alarms.
///
/// - A ``/RecurringAlarmsScheduling/AlarmRequest/Schedule/weekly(weekdays:hour:minute:)`` alarm
///   rings whenever the device clock, in the device zone of the moment, shows `hour:minute:00`
///   on one of its weekdays, and stays scheduled: when it stops, it waits for its next time.
/// - A ``/RecurringAlarmsScheduling/AlarmRequest/Schedule/fixed(_:)`` alarm rings at its
///   instant, whatever the zone, and is deleted when it stops: it is gone from
///   ``scheduledAlarms()``, as in AlarmKit. One whose instant has passed rings at once.
/// - A ringing alarm is ``/RecurringAlarmsScheduling/ScheduledAlarm/State-swift.enum/alerting``
///   until ``stop(id:)``, ``snooze(id:)``, or ``alertDuration`` seconds pass with nobody
///   answering (then it stops by itself). ``snooze(id:)`` is AlarmKit's countdown: the alarm
///   rings again after its ``/RecurringAlarmsScheduling/AlarmRequest/snoozeLength``.
/// - ``schedule(_:)`` past ``limit`` throws
///   ``/RecurringAlarmsScheduling/AlarmCenterError/maximumLimitReached(scheduled:)`` and
///   schedules nothing; an id already held is replaced and takes no new place.
/// - ``setAuthorization(_:)`` to ``Authorization-swift.enum/denied``:
///   ``requestAuthorization()`` returns `false` and ``schedule(_:)`` throws
///   ``/RecurringAlarmsScheduling/AlarmCenterError/notAuthorized``.
///
/// Apple does not document what a relative alarm does when the clock change skips or repeats
/// its time; the engine never asks for such times, and the simulator decides so that it is
/// deterministic:
/// - In a spring-forward gap the alarm rings at the first instant the clock shows that time or
///   later: the transition. A 02:30 alarm on 2026-03-29 in Berlin rings at 03:00 CEST
///   (01:00:00Z), when the clock jumps from 02:00 to 03:00.
/// - In a fall-back overlap it rings once, at the first occurrence: a 02:30 alarm on
///   2026-10-25 in Berlin rings at 02:30 CEST (00:30:00Z), not again at 02:30 CET.
///
/// ```swift
/// let clock = ManualClock(now: Date(timeIntervalSince1970: 1_796_083_200))   // 2026-12-01T00:00:00Z, Tue 01:00 Berlin
/// let zone = ManualTimeZone(TimeZone(identifier: "Europe/Berlin")!)
/// let center = SimulatedAlarmCenter(limit: 30, clock: clock, deviceTimeZone: zone)
/// try await center.schedule(AlarmRequest(
///     id: id, identifier: "wake#daily-07:30:00", ruleID: "wake",
///     schedule: .weekly(weekdays: .daily, hour: 7, minute: 30), title: "Wake up", snoozeLength: 540))
/// await clock.advance(by: 8 * 3600)                 // 09:00 Berlin
/// await center.deliveries.map(\.identifier)          // ["wake#daily-07:30:00"], at 06:30:00Z
/// ```
public actor SimulatedAlarmCenter: AlarmCenterAdapter {
    /// Whether the user allows the app's alarms.
    public enum Authorization: String, Sendable, Hashable, Codable, CaseIterable {
        /// Alarms are allowed (the default).
        case authorized
        /// The user denied alarms: nothing can be scheduled.
        case denied
    }

    /// An alarm that rang.
    public struct Delivery: Sendable, Hashable, Codable {
        /// The alarm's UUID.
        public let id: UUID
        /// The alarm's library identifier.
        public let identifier: String
        /// When it rang.
        public let instant: Date
        /// The device zone's IANA name at that moment.
        public let deviceTimeZone: String
        /// Whether it rang again at the end of a snooze, rather than at its scheduled time.
        public let isSnoozeRing: Bool
    }

    private struct Entry: DueEvent {
        var request: AlarmRequest
        var state: ScheduledAlarm.State
        var sequence: Int
        /// When the entry next changes: it rings (scheduled, countdown) or stops by itself (alerting).
        var eventDate: Date
        var dueDate: Date { eventDate }
    }

    /// The most alarms held at once, as a device's unpublished limit; `nil` for no limit. A
    /// negative limit counts as 0.
    public nonisolated let limit: Int?
    /// How long an alarm rings, in seconds, before it stops by itself when nobody stops or
    /// snoozes it; 15 minutes unless given (a simulator's choice: AlarmKit does not say).
    public nonisolated let alertDuration: TimeInterval
    /// The simulated present: the followed clock's, once it has been delivered to.
    public private(set) var now: Date
    /// The zone the device is in now.
    public private(set) var deviceTimeZone: TimeZone
    /// Whether the user allows alarms now.
    public private(set) var authorization: Authorization = .authorized
    /// Every ring, in order.
    public private(set) var deliveries: [Delivery] = []

    private var entries: [Entry] = []
    private var nextSequence = 0

    private init(limit: Int?, alertDuration: TimeInterval, now: Date, deviceTimeZone: TimeZone) {
        self.limit = limit.map { max($0, 0) }
        self.alertDuration = alertDuration.isFinite ? max(alertDuration, 0) : 15 * 60
        self.now = now
        self.deviceTimeZone = deviceTimeZone
    }

    /// Creates an empty center whose present is `clock`'s and whose device zone is
    /// `deviceTimeZone`'s, and follows both: each ``/RecurringAlarmsScheduling/ManualClock/advance(by:)``
    /// rings what comes due, each ``/RecurringAlarmsScheduling/ManualTimeZone/change(to:)``
    /// moves the repeating alarms to the new clock.
    ///
    /// ```swift
    /// let center = SimulatedAlarmCenter(limit: nil, clock: clock, deviceTimeZone: zone)
    /// await zone.change(to: TimeZone(identifier: "America/New_York")!)   // 07:30 alarms now ring at 07:30 New York time
    /// ```
    /// The clock and the zone hold the center weakly; a center that is gone is skipped.
    ///
    /// - Parameters:
    ///   - limit: the most alarms held at once; `nil` for no limit, a negative one counts as 0.
    ///   - alertDuration: seconds an unanswered alarm rings before it stops by itself; a negative
    ///     one counts as 0 (it stops as it rings), one that is not finite as the default.
    ///   - clock: the clock to follow.
    ///   - deviceTimeZone: the device zone to follow.
    public init(limit: Int?, alertDuration: TimeInterval = 15 * 60, clock: ManualClock, deviceTimeZone: ManualTimeZone) {
        self.init(limit: limit, alertDuration: alertDuration, now: clock.now, deviceTimeZone: deviceTimeZone.current)
        SimulatedTimeFollowing.follow(clock, by: self) { await $0.advance(to: $1) }
        SimulatedTimeFollowing.follow(deviceTimeZone, by: self) { await $0.changeDeviceTimeZone(to: $1) }
    }

    // MARK: AlarmCenterAdapter

    /// `true` unless ``authorization`` is ``Authorization-swift.enum/denied``.
    public func requestAuthorization() -> Bool { authorization == .authorized }

    /// The alarms held now, in the order they were scheduled; rung-and-stopped one-shots are gone.
    ///
    /// - Complexity: O(n) for n alarms held.
    public func scheduledAlarms() -> [ScheduledAlarm] {
        entries.map {
            ScheduledAlarm(id: $0.request.id, identifier: $0.request.identifier, schedule: $0.request.schedule, state: $0.state)
        }
    }

    /// Schedules `request` at ``now``, replacing an alarm held under its id.
    ///
    /// ```swift
    /// try await center.schedule(request)   // throws .maximumLimitReached(scheduled: 30) on the 31st
    /// ```
    /// - Throws: ``/RecurringAlarmsScheduling/AlarmCenterError/notAuthorized`` when denied;
    ///   ``/RecurringAlarmsScheduling/AlarmCenterError/maximumLimitReached(scheduled:)`` when
    ///   ``limit`` alarms are held and the id is new; ``/RecurringAlarmsScheduling/AlarmCenterError/failed(_:)``
    ///   for an hour outside 0…23, a minute outside 0…59, no weekday, or an instant that is not
    ///   finite. Nothing is scheduled when it throws.
    /// - Complexity: O(n) for n alarms held.
    public func schedule(_ request: AlarmRequest) throws(AlarmCenterError) {
        guard authorization == .authorized else { throw .notAuthorized }
        try Self.validate(request)
        let held = entries.firstIndex { $0.request.id == request.id }
        if held == nil, let limit, entries.count >= limit { throw .maximumLimitReached(scheduled: entries.count) }
        guard let ring = firstRing(of: request.schedule, after: now) else {
            throw .failed("alarm '\(request.identifier)': its schedule never rings")
        }
        let entry = Entry(request: request, state: .scheduled, sequence: nextSequence, eventDate: ring)
        nextSequence += 1
        if let held { entries[held] = entry } else { entries.append(entry) }
        advance(to: now)   // a fixed instant already past rings at once
    }

    /// Cancels the alarm with this id, whatever it is doing; an unknown id is ignored.
    public func cancel(id: UUID) {
        entries.removeAll { $0.request.id == id }
    }

    /// The alarms waiting to ring, each with when it rings next if nothing changes, soonest
    /// first (ties in scheduling order): a weekly alarm at its next match on the device clock,
    /// a fixed one at its instant. Ringing and snoozed alarms are left out.
    ///
    /// - Complexity: O(n log n) for n alarms held.
    package func upcomingRings() -> [(identifier: String, instant: Date)] {
        entries.filter { $0.state == .scheduled }.sorted { ($0.eventDate, $0.sequence) < ($1.eventDate, $1.sequence) }
            .map { ($0.request.identifier, $0.eventDate) }
    }

    // MARK: Answering an alarm

    /// The user sets whether alarms are allowed; alarms already held stay.
    ///
    /// ```swift
    /// await center.setAuthorization(.denied)
    /// await center.requestAuthorization()   // false
    /// ```
    public func setAuthorization(_ authorization: Authorization) {
        self.authorization = authorization
    }

    /// The user presses Stop (AlarmKit's `stop(id:)`): a ringing or snoozed one-shot is deleted,
    /// a repeating alarm waits for its next time. A one-shot that has not rung is deleted too;
    /// a repeating alarm that is not ringing is left as it is.
    ///
    /// - Throws: ``/RecurringAlarmsScheduling/AlarmCenterError/failed(_:)`` for an id the center does not hold.
    public func stop(id: UUID) throws(AlarmCenterError) {
        guard let index = entries.firstIndex(where: { $0.request.id == id }) else {
            throw .failed("stop: no alarm with id \(id.uuidString) is scheduled")
        }
        if case .weekly = entries[index].request.schedule, entries[index].state == .scheduled { return }
        stopEntry(at: index)
    }

    /// The user presses Snooze while the alarm rings (AlarmKit's `countdown(id:)`): it counts
    /// down ``/RecurringAlarmsScheduling/AlarmRequest/snoozeLength`` seconds from ``now``, then
    /// rings again.
    ///
    /// ```swift
    /// await clock.advance(to: ringInstant)        // the alarm rings
    /// try await center.snooze(id: id)             // snoozeLength 540: rings again 9 minutes later
    /// await clock.advance(by: 540)
    /// ```
    /// - Throws: ``/RecurringAlarmsScheduling/AlarmCenterError/failed(_:)`` for an unknown id,
    ///   an alarm that is not ringing, or one without a positive snooze length.
    public func snooze(id: UUID) throws(AlarmCenterError) {
        guard let index = entries.firstIndex(where: { $0.request.id == id }) else {
            throw .failed("snooze: no alarm with id \(id.uuidString) is scheduled")
        }
        let entry = entries[index]
        guard entry.state == .alerting else {
            throw .failed(
                "snooze: alarm '\(entry.request.identifier)' is \(entry.state.rawValue), not alerting; only a ringing alarm snoozes")
        }
        guard let length = entry.request.snoozeLength, length.isFinite, length > 0 else {
            throw .failed("snooze: alarm '\(entry.request.identifier)' has no snooze length; give the request a snoozeLength above 0")
        }
        entries[index].state = .countdown
        entries[index].eventDate = now.addingTimeInterval(length)
    }

    // MARK: Following the clock and the zone

    /// Rings and stops, in order of their moments (ties in scheduling order), everything due
    /// at or before `instant`, then moves the present there.
    ///
    /// - Complexity: O(e × n) for e events (rings and stops) and n alarms held.
    private func advance(to instant: Date) {
        SimulatedTimeFollowing.handleDueEvents(through: instant, in: entries) { index, entry in
            now = max(now, entry.eventDate)
            switch entry.state {
            case .scheduled, .countdown:
                deliveries.append(
                    Delivery(
                        id: entry.request.id, identifier: entry.request.identifier, instant: now,
                        deviceTimeZone: deviceTimeZone.ianaName, isSnoozeRing: entry.state == .countdown))
                entries[index].state = .alerting
                entries[index].eventDate = now.addingTimeInterval(alertDuration)
            case .alerting, .paused:
                stopEntry(at: index)
            }
        }
        now = max(now, instant)
    }

    /// The device moves to `zone` now: each waiting repeating alarm rings next when the new
    /// clock shows its time. Fixed alarms, ringing alarms and countdowns keep their moments.
    private func changeDeviceTimeZone(to zone: TimeZone) {
        deviceTimeZone = zone
        for index in entries.indices where entries[index].state == .scheduled {
            if case .weekly = entries[index].request.schedule,
                let ring = firstRing(of: entries[index].request.schedule, after: now)
            {
                entries[index].eventDate = ring
            }
        }
    }

    // MARK: Internals

    private func stopEntry(at index: Int) {
        let entry = entries[index]
        guard case .weekly = entry.request.schedule, let next = firstRing(of: entry.request.schedule, after: now) else {
            entries.remove(at: index)
            return
        }
        entries[index].state = .scheduled
        entries[index].eventDate = next
    }

    /// When `schedule` rings first after `moment` on the device clock of now: a fixed instant
    /// (at once when it has passed), or the soonest weekly match strictly after `moment`.
    private func firstRing(of schedule: AlarmRequest.Schedule, after moment: Date) -> Date? {
        switch schedule {
        case .fixed(let instant):
            return max(instant, now)
        case .weekly(let weekdays, let hour, let minute):
            guard let time = TimeOfDay(hour: hour, minute: minute) else { return nil }
            return Self.nextWeeklyRing(weekdays: weekdays, time: time, after: moment, in: deviceTimeZone)
        }
    }

    /// The first instant after `moment` at which the clock of `zone` shows `time` on one of
    /// `weekdays`: a gap's time at the transition, an overlap's at its first occurrence only.
    /// At most ten days are read.
    static func nextWeeklyRing(weekdays: WeekdaySet, time: TimeOfDay, after moment: Date, in zone: TimeZone) -> Date? {
        let wall = LocalDateTime(instant: moment, utcOffsetSeconds: zone.secondsFromGMT(for: moment))
        // A day before the device's date too, so that no match is missed at any offset.
        var date = wall.date.adding(days: -1)
        for _ in 0..<10 {
            if weekdays.contains(date.weekday) {
                let ring = ringInstant(of: LocalDateTime(date: date, time: time), in: zone)
                if ring > moment { return ring }
            }
            date = date.adding(days: 1)
        }
        return nil
    }

    /// The one instant a wall time rings at in `zone`: a gap's at the transition (the first
    /// instant the clock shows that time or later), an overlap's first occurrence.
    static func ringInstant(of local: LocalDateTime, in zone: TimeZone) -> Date {
        switch local.resolution(in: zone) {
        case .unique(let instant), .overlap(let instant, _):
            return instant
        case .gap(let shifted, let length):
            // The transition lies in (shifted − length, shifted]: the offset before it holds at
            // the lower end and not at the upper. Bisect over whole seconds (at most ~17 steps).
            var low = Int64(shifted.timeIntervalSince1970) - Int64(length)
            var high = Int64(shifted.timeIntervalSince1970)
            let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(low)))
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(middle))) == before {
                    low = middle
                } else {
                    high = middle
                }
            }
            return Date(timeIntervalSince1970: Double(high))
        }
    }

    private static func validate(_ request: AlarmRequest) throws(AlarmCenterError) {
        let name = "alarm '\(request.identifier)'"
        switch request.schedule {
        case .fixed(let instant):
            guard instant.timeIntervalSinceReferenceDate.isFinite else {
                throw .failed("\(name): fixed instant \(instant.timeIntervalSinceReferenceDate) is not finite; give a finite date")
            }
        case .weekly(let weekdays, let hour, let minute):
            guard (0...23).contains(hour) else { throw .failed("\(name): hour \(hour) is not in 0…23") }
            guard (0...59).contains(minute) else { throw .failed("\(name): minute \(minute) is not in 0…59") }
            guard !weekdays.isEmpty else { throw .failed("\(name): weekdays is empty; give at least one weekday") }
        }
    }
}
