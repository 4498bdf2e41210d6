import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling

/// A notification center that behaves like iOS's, on any platform, in simulated time.
///
/// - It holds at most ``capacity`` requests (64, as iOS); over it, one is dropped by the
///   ``EvictionModel`` and recorded in ``drops``.
/// - Time moves only through ``advance(to:)``: each pending request whose moment has come is
///   removed from pending and recorded in ``deliveries`` at that moment, in order.
/// - A zoned request goes off at the first instant after it was added at which its zone's
///   clock shows its wall time. A floating request goes off when the *device's* clock shows
///   its wall time: ``changeDeviceTimeZone(to:)`` moves every pending floating request at
///   once, as iOS does. If the new zone's clock is already past that wall time, the request
///   can never go off; it is dropped (``Drop/Reason-swift.enum/skippedByClockChange``).
/// - A request whose moment has passed when it is added is dropped at once (``Drop/Reason-swift.enum/inThePast``).
/// - Requests are registered as date components, numbered as `UserNotificationCenterAdapter`
///   numbers them (see `CalendarRegistration`), and read in a calendar chosen by the
///   ``/RecurringAlarmsScheduling/CalendarReading`` model. ``changeUserCalendar(to:)`` re-reads every pending request:
///   one read as another day moves there, or is dropped when that day has passed
///   (``Drop/Reason-swift.enum/calendarChange``). Like the adapter, ``pendingIdentifiers()``
///   removes and leaves out the requests read as another moment, so a refresh adds them again.
///
/// - A repeating request (``/RecurringAlarmsScheduling/NotificationTrigger/repeatingWeekly(_:everyDay:)``) goes off at
///   every match of its weekday (any day when it repeats daily) and time on the device clock of
///   the moment, from its first date on; it stays pending after each delivery and takes one
///   slot, under either ``EvictionModel`` (ranked by its next moment when the soonest are kept).
///   A zone change moves its next moment and never drops it; weekday, hour, minute and second
///   read the same in every calendar, so a calendar change leaves it as it is.
///
/// Wall times follow the engine's conventions: in a spring-forward gap the wall time is read
/// with the offset before the gap; in a fall-back overlap the first occurrence after the
/// request was added counts.
///
/// ```swift
/// let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: start, deviceTimeZone: berlin)
/// let scheduler = AlarmScheduler(store: store, center: center, clock: .constant(start), timeZone: .constant(berlin))
/// try await scheduler.refresh()
/// await center.advance(to: start.addingTimeInterval(86_400))
/// await center.deliveries.map(\.identifier)   // what rang on the first day
///
/// // Or one clock that the scheduler reads and the center follows:
/// let clock = ManualClock(now: start)
/// let following = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: berlin)
/// let clocked = AlarmScheduler(store: store, center: following, clock: .manual(clock), timeZone: .constant(berlin))
/// try await clocked.refresh()
/// await clock.advance(by: 86_400)
/// await following.deliveries.map(\.identifier)   // what rang on the first day
/// ```
public actor SimulatedNotificationCenter: NotificationCenterAdapter {
    /// A request that went off.
    public struct Delivery: Sendable, Hashable, Codable {
        /// The request's identifier.
        public let identifier: String
        /// When it went off.
        public let instant: Date
        /// The device zone at that moment.
        public let deviceTimeZone: String
        /// Whether the request was floating (followed the device clock).
        public let isFloating: Bool
    }

    /// A request that left pending without going off.
    public struct Drop: Sendable, Hashable, Codable {
        /// Why a request left pending without going off.
        public enum Reason: String, Sendable, Hashable, Codable {
            /// More than ``SimulatedNotificationCenter/capacity`` were pending.
            case evicted
            /// Its moment had already passed when it was added.
            case inThePast = "in-the-past"
            /// A device zone change moved the clock past its wall time (floating requests only).
            case skippedByClockChange = "skipped-by-clock-change"
            /// A change of the user's calendar made its components name another day: dropped at
            /// the change when that day has passed, else removed at the next pending query so the
            /// refresh registers it again.
            case calendarChange = "calendar-change"
        }

        /// The request's identifier.
        public let identifier: String
        /// When it was dropped: the simulated present at the add, eviction or zone change.
        public let instant: Date
        /// Why it was dropped.
        public let reason: Reason
    }

    /// A pending request and when it will go off if the device zone does not change.
    public struct PendingNotification: Sendable, Hashable {
        /// The request as added.
        public let request: NotificationRequest
        /// The simulated present when it was added.
        public let addedAt: Date
        /// When it goes off; a device zone change moves this for a floating request.
        public let fireDate: Date
    }

    private struct Entry: DueEvent {
        var request: NotificationRequest
        var addedAt: Date
        var sequence: Int
        var fireDate: Date
        var dueDate: Date { fireDate }
        /// The components registered, and the calendar their numbers were written in.
        var components: DateComponents
        var numberedIn: Calendar.Identifier
    }

    /// The most requests held at once; iOS keeps 64.
    public let capacity: Int
    /// ``capacity``: a scheduler plans no more requests than the center holds.
    public nonisolated var pendingLimit: Int? { capacity }
    /// Which request is dropped when more than ``capacity`` are pending.
    public nonisolated let eviction: EvictionModel
    /// The simulated present.
    public private(set) var now: Date
    /// The zone the device is in now.
    public private(set) var deviceTimeZone: TimeZone
    /// The user's calendar now (Settings › General › Language & Region › Calendar).
    public private(set) var userCalendar: Calendar.Identifier
    /// Which calendar date components are read in.
    public let calendarReading: CalendarReading
    /// Every request that went off, in order.
    public private(set) var deliveries: [Delivery] = []
    /// Every request that left pending without going off, in order.
    public private(set) var drops: [Drop] = []
    /// The largest number of requests pending at once, before any eviction.
    public private(set) var peakPendingCount = 0
    /// How many requests were passed to ``add(_:)``, including any dropped at once because the center was full.
    public private(set) var addedCount = 0
    /// How many pending requests ``removePendingRequests(withIdentifiers:)`` removed; identifiers
    /// that were not pending are not counted.
    public private(set) var removedCount = 0

    /// How many requests were pending from an instant on, for a picture of the run: one entry per
    /// change of the counts, the last change at an instant standing for it (so an add that
    /// evicts at once shows the count it settled at).
    package private(set) var pendingCounts: [PendingCount] = []

    /// The pending count from ``at`` on, and how many of those requests repeat.
    package struct PendingCount: Sendable, Hashable {
        package let at: Date
        package let count: Int
        package let repeating: Int
    }

    private var entries: [Entry] = [] {
        didSet { recordPendingCount() }
    }
    private var nextSequence = 0

    private func recordPendingCount() {
        let count = PendingCount(at: now, count: entries.count, repeating: entries.count { $0.request.trigger.repeats })
        func same(_ other: PendingCount?) -> Bool {
            (other?.count ?? 0) == count.count && (other?.repeating ?? 0) == count.repeating
        }
        guard !same(pendingCounts.last) else { return }
        if pendingCounts.last?.at == now { pendingCounts.removeLast() }
        if !same(pendingCounts.last) { pendingCounts.append(count) }
    }

    /// Creates an empty center whose present is `now`, on a device in `deviceTimeZone` whose
    /// user calendar is `userCalendar`. A negative `capacity` counts as 0.
    public init(
        capacity: Int = 64, eviction: EvictionModel, now: Date, deviceTimeZone: TimeZone,
        userCalendar: Calendar.Identifier = .gregorian, calendarReading: CalendarReading = .userCalendar
    ) {
        self.capacity = max(capacity, 0)
        self.eviction = eviction
        self.now = now
        self.deviceTimeZone = deviceTimeZone
        self.userCalendar = userCalendar
        self.calendarReading = calendarReading
    }

    // MARK: NotificationCenterAdapter

    /// Pending identifiers, soonest first. As `UserNotificationCenterAdapter` does, requests
    /// read as another moment than registered (after a calendar change) are first removed and
    /// recorded as dropped (``Drop/Reason-swift.enum/calendarChange``), so a refresh adds them again.
    public func pendingIdentifiers() -> [String] {
        entries.removeAll { entry in
            // Read in the calendar it was numbered in, a request rings as registered: skip the check.
            guard !entry.request.trigger.repeats, readingCalendar(of: entry.components) != entry.numberedIn else { return false }
            let misread = CalendarRegistration.isMisread(
                entry.request.trigger, nextTriggerDate: entry.fireDate, now: now,
                deviceTimeZone: deviceTimeZone)
            if misread { drops.append(Drop(identifier: entry.request.identifier, instant: now, reason: .calendarChange)) }
            return misread
        }
        return sortedEntries().map(\.request.identifier)
    }

    /// Adds `requests` one by one at ``now``. A request with a pending identifier replaces it; one
    /// that can no longer go off is dropped (``Drop/Reason-swift.enum/inThePast``); past
    /// ``capacity``, ``eviction`` drops one.
    ///
    /// - Complexity: O(r × p) for r requests and p pending requests.
    public func add(_ requests: [NotificationRequest]) {
        for request in requests {
            addedCount += 1
            entries.removeAll { $0.request.identifier == request.identifier }
            let user = Calendar(identifier: userCalendar)
            let components = CalendarRegistration.components(
                for: request.trigger, userCalendar: user, now: now,
                deviceTimeZone: deviceTimeZone
            ) { components in
                reading(components, numberedIn: components.calendar?.identifier ?? userCalendar, meant: request.trigger)
                    .flatMap { fireDate(of: $0, after: now) }
            }
            let numberedIn = components.calendar?.identifier ?? userCalendar
            guard
                let fireDate = reading(components, numberedIn: numberedIn, meant: request.trigger).flatMap({ fireDate(of: $0, after: now) })
            else {
                drops.append(Drop(identifier: request.identifier, instant: now, reason: .inThePast))
                continue
            }
            entries.append(
                Entry(
                    request: request, addedAt: now, sequence: nextSequence, fireDate: fireDate,
                    components: components, numberedIn: numberedIn))
            nextSequence += 1
            peakPendingCount = max(peakPendingCount, entries.count)
            while entries.count > capacity { evictOne() }
        }
    }

    /// Removes the pending requests with these identifiers; unknown identifiers are ignored.
    public func removePendingRequests(withIdentifiers identifiers: [String]) {
        let removing = Set(identifiers)
        removedCount += entries.count(where: { removing.contains($0.request.identifier) })
        entries.removeAll { removing.contains($0.request.identifier) }
    }

    // MARK: Simulation

    /// Pending requests with the moment each goes off, soonest first.
    public func pending() -> [PendingNotification] {
        sortedEntries().map { PendingNotification(request: $0.request, addedAt: $0.addedAt, fireDate: $0.fireDate) }
    }

    /// Moves the present to `instant`, delivering every pending request due at or before it, in
    /// order of their moments (ties in the order they were added).
    ///
    /// - Returns: the deliveries made by this call.
    /// - Complexity: O(d × p) for d deliveries and p pending requests (p is at most the capacity).
    @discardableResult
    public func advance(to instant: Date) -> [Delivery] {
        var delivered: [Delivery] = []
        SimulatedTimeFollowing.handleDueEvents(through: instant, in: entries) { index, entry in
            now = max(now, entry.fireDate)
            // A repeating request stays pending, due next at its following match.
            if let next = entry.request.trigger.nextRepeat(after: entry.fireDate, deviceTimeZone: deviceTimeZone) {
                entries[index].fireDate = next
            } else {
                entries.remove(at: index)
            }
            let delivery = Delivery(
                identifier: entry.request.identifier, instant: entry.fireDate,
                deviceTimeZone: deviceTimeZone.ianaName, isFloating: entry.request.trigger.isFloating)
            delivered.append(delivery)
        }
        deliveries += delivered
        now = max(now, instant)
        return delivered
    }

    /// The device moves to `zone` now. Pending floating requests follow the new clock at once:
    /// each goes off at the next moment, after now, that the new clock shows its wall time, or
    /// is dropped when there is none. Zoned requests keep their moments.
    public func changeDeviceTimeZone(to zone: TimeZone) {
        deviceTimeZone = zone
        rereadEntries(where: \.request.trigger.isFloating, droppedAs: .skippedByClockChange)
    }

    /// The user switches the system calendar to `identifier` now. Every pending request is read
    /// again as the ``calendarReading`` model says: one whose components now name another day
    /// moves there, or is dropped when that day has passed (``Drop/Reason-swift.enum/calendarChange``).
    public func changeUserCalendar(to identifier: Calendar.Identifier) {
        userCalendar = identifier
        rereadEntries(where: { _ in true }, droppedAs: .calendarChange)
    }

    // MARK: Internals

    /// Reads the pending entries that `isAffected` selects again, as the device now reads their
    /// components: each moves to its next moment after now, or is dropped with `reason`.
    private func rereadEntries(where isAffected: (Entry) -> Bool, droppedAs reason: Drop.Reason) {
        var kept: [Entry] = []
        for var entry in entries {
            if isAffected(entry) {
                guard
                    let fireDate = reading(entry.components, numberedIn: entry.numberedIn, meant: entry.request.trigger)
                        .flatMap({ fireDate(of: $0, after: now) })
                else {
                    drops.append(Drop(identifier: entry.request.identifier, instant: now, reason: reason))
                    continue
                }
                entry.fireDate = fireDate
            }
            kept.append(entry)
        }
        entries = kept
    }

    /// The trigger iOS reads `components` as, under the ``calendarReading`` model: `meant` itself
    /// when the reading calendar is the one they were numbered in.
    private func reading(_ components: DateComponents, numberedIn: Calendar.Identifier, meant: NotificationTrigger) -> NotificationTrigger?
    {
        let calendar = readingCalendar(of: components)
        return calendar == numberedIn || meant.repeats
            ? meant : NotificationTrigger(components: components, readIn: Calendar(identifier: calendar))
    }

    /// The calendar the ``calendarReading`` model reads `components` in now.
    private func readingCalendar(of components: DateComponents) -> Calendar.Identifier {
        switch calendarReading {
        case .componentsCalendar: components.calendar?.identifier ?? userCalendar
        case .userCalendar: userCalendar
        }
    }

    /// The first moment after `moment` at which the trigger's clock shows its wall time (for a
    /// repeating trigger, its next match).
    private func fireDate(of trigger: NotificationTrigger, after moment: Date) -> Date? {
        if trigger.repeats { return trigger.nextRepeat(after: moment, deviceTimeZone: deviceTimeZone) }
        return trigger.candidateInstants(in: trigger.timeZone ?? deviceTimeZone).first { $0 > moment }
    }

    private func sortedEntries() -> [Entry] {
        entries.sorted { ($0.fireDate, $0.sequence) < ($1.fireDate, $1.sequence) }
    }

    private func evictOne() {
        guard !entries.isEmpty else { return }
        var victim = 0
        for index in entries.indices.dropFirst() {
            let candidate = entries[index]
            let current = entries[victim]
            switch eviction {
            case .keepSoonestFiring:
                if (candidate.fireDate, candidate.sequence) > (current.fireDate, current.sequence) { victim = index }
            case .keepLastAdded:
                if candidate.sequence < current.sequence { victim = index }
            }
        }
        let entry = entries.remove(at: victim)
        drops.append(Drop(identifier: entry.request.identifier, instant: now, reason: .evicted))
    }
}
