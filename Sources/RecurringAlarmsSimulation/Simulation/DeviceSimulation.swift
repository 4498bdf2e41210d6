import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsStore

/// Weeks of device life in a moment: a book, a device that may travel, a user who opens the
/// app now and then, and an iOS-like notification center, stepped through simulated time.
///
/// ``run()`` starts with an empty ``SimulatedNotificationCenter`` and the book in an
/// ``/RecurringAlarmsStore/InMemoryStore``, then walks the events in order: the center rings whatever is due, the
/// device changes zone, the app opens and calls ``/RecurringAlarmsScheduling/AlarmScheduler/refresh()`` (with the clock
/// pinned to the open). It then lists every fire the rules required in `(start, end]`, computed
/// independently from the engine's expansion per stretch of constant device zone, and says
/// which rang on time and why each other one did not.
///
/// With ``backend`` set to ``Backend/alarmKit(limit:)`` the app schedules AlarmKit alarms
/// instead, in a ``SimulatedAlarmCenter``, and the alarms that rang are accounted the same way;
/// the report's ``SimulationReport/alarmKit`` says what the device's limit did.
///
/// ```swift
/// let start = Date(timeIntervalSince1970: 1_772_323_200)   // 2026-03-01T00:00:00Z
/// let simulation = DeviceSimulation(book: AlarmBook(rules: rules), timeline: .fixed(newYork),
///                                   start: start, end: start.addingTimeInterval(90 * 86_400),
///                                   opens: .every(6 * 86_400, jitter: 86_400, seed: 7))
/// let report = try await simulation.run()
/// report.summary.missed   // 0
/// ```
public struct DeviceSimulation: Sendable {
    /// The longest period simulated (three years); a later end counts as this.
    public static let maximumSpan: TimeInterval = 3 * 366 * 86_400

    /// The book simulated; ``run()`` works on a copy and leaves this one as it is.
    public var book: AlarmBook
    /// The zones the device is in over the period.
    public var timeline: DeviceTimeZoneTimeline
    /// The start of the period; fires are required in `(start, end]`, to the whole second.
    public var start: Date
    /// The end of the period; an end before ``start`` simulates nothing, and the period is cut
    /// at ``maximumSpan``.
    public var end: Date
    /// When the user opens the app; each open runs one refresh.
    public var opens: AppOpenPattern
    /// Which request the simulated center drops when over its capacity.
    public var eviction: EvictionModel
    /// Cap, budget, horizon, reminder and content for the scheduler; the center holds ``/RecurringAlarmsScheduling/SchedulerOptions/cap``.
    public var options: SchedulerOptions
    /// Which system service the app schedules with: notifications (the default) or AlarmKit.
    ///
    /// ```swift
    /// simulation.backend = .alarmKit(limit: nil)   // AlarmKit, on a device without a limit
    /// ```
    public var backend: Backend

    /// Creates a simulation of `book`; nothing runs until ``run()``. By default the app schedules
    /// notifications, the center keeps the soonest-firing requests and the scheduler uses the
    /// default ``/RecurringAlarmsScheduling/SchedulerOptions``.
    public init(
        book: AlarmBook, timeline: DeviceTimeZoneTimeline, start: Date, end: Date, opens: AppOpenPattern,
        eviction: EvictionModel = .keepSoonestFiring, options: SchedulerOptions = SchedulerOptions(),
        backend: Backend = .notifications
    ) {
        self.book = book
        self.timeline = timeline
        self.start = start
        self.end = end
        self.opens = opens
        self.eviction = eviction
        self.options = options
        self.backend = backend
    }

    /// A simulation of the book `store` holds now. The store is read once and never written:
    /// the simulation runs on a copy in memory.
    ///
    /// - Throws: the store's error when the book cannot be read.
    public init(
        store: some AlarmStore, timeline: DeviceTimeZoneTimeline, start: Date, end: Date, opens: AppOpenPattern,
        eviction: EvictionModel = .keepSoonestFiring, options: SchedulerOptions = SchedulerOptions(),
        backend: Backend = .notifications
    ) throws(AlarmStoreError) {
        self.init(
            book: try store.load(), timeline: timeline, start: start, end: end, opens: opens, eviction: eviction, options: options,
            backend: backend)
    }

    /// Runs the simulation.
    ///
    /// - Throws: ``/RecurringAlarmsScheduling/SchedulingError`` when a refresh fails (for instance a book with problems,
    ///   which the store refuses to save).
    /// - Complexity: O(opens × plan + deliveries × 64 + required fires), plus the expansion of
    ///   the rules over the period once per zone change.
    public func run() async throws(SchedulingError) -> SimulationReport {
        try await runCountingPending().report
    }

    /// ``run()``, with what the CLI shows beside the report, whose JSON form is fixed: how many
    /// requests the center held over the period (for its picture; none for an AlarmKit run),
    /// and the rules fixed to the device's zone that a refresh kept one-shot (each rule once,
    /// as first reported, in the order of the refreshes).
    ///
    /// The centers of ``backend`` follow one clock and one device zone; each event moves them
    /// there, and each open refreshes through a scheduler whose clock is pinned to the open.
    package func runCountingPending() async throws(SchedulingError) -> (
        report: SimulationReport, pending: [SimulatedNotificationCenter.PendingCount], fixedToDeviceZone: [FixedToDeviceZoneWarning]
    ) {
        let (start, end) = period
        let store = InMemoryStore(book)
        let clock = ManualClock(now: start)
        let zone = ManualTimeZone(timeline.zone(at: start))
        let centers = SimulatedCenters(backend: backend, cap: options.cap, eviction: eviction, clock: clock, zone: zone)

        var refreshes: [RefreshReport] = []
        for (instant, event) in events(start: start, end: end) {
            await clock.advance(to: instant)
            switch event {
            case .change(let newZone):
                await zone.change(to: newZone)
            case .open:
                let scheduler = centers.scheduler(
                    store: store, clock: .constant(instant), timeZone: .constant(zone.current), options: options)
                refreshes.append(try await scheduler.refresh())
            }
        }
        await clock.advance(to: end)

        let accounting = FireAccounting(book: book, timeline: timeline, start: start, end: end)
        do throws(AlarmRulesError) {
            let report = try await centers.report(accounting, refreshes: refreshes, eviction: eviction, options: options)
            var warned = Set<String>()
            let warnings = refreshes.flatMap(\.fixedToDeviceZone).filter { warned.insert($0.ruleID).inserted }
            return (report, centers.alarms == nil ? await centers.notifications.pendingCounts : [], warnings)
        } catch {
            throw .invalidRules(error)
        }
    }

    /// The period simulated: ``start`` and ``end`` to the whole second, the end kept between
    /// the start and ``maximumSpan`` after it.
    var period: (start: Date, end: Date) {
        let start = Date(timeIntervalSince1970: self.start.timeIntervalSince1970.rounded(.down))
        let end = min(
            max(Date(timeIntervalSince1970: self.end.timeIntervalSince1970.rounded(.down)), start),
            start.addingTimeInterval(DeviceSimulation.maximumSpan))
        return (start, end)
    }

    /// What happens to the device in `(start, end]`.
    enum Event {
        case change(TimeZone)
        case open
    }

    /// The zone changes in `(start, end]` and the opens in `[start, end]`, in time order; a
    /// zone change comes before an open at the same instant, so the open sees the new zone.
    func events(start: Date, end: Date) -> [(instant: Date, event: Event)] {
        var events: [(instant: Date, order: Int, event: Event)] = []
        for change in timeline.changes where change.instant > start && change.instant <= end {
            events.append((change.instant, events.count, .change(change.timeZone)))
        }
        for moment in opens.moments(from: start, through: end) {
            events.append((moment, events.count, .open))
        }
        events.sort { ($0.instant, $0.order) < ($1.instant, $1.order) }
        return events.map { ($0.instant, $0.event) }
    }
}
