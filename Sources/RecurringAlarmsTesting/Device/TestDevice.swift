import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// A simulated phone for one test: a manual clock, a manual device zone, the simulated
/// notification center (or AlarmKit's alarm center), an in-memory store and the scheduler,
/// wired once so they cannot drift apart.
///
/// The device starts at `now` in `timeZone` with the book in memory and nothing pending. The
/// test then plays the user and the world: ``open(sourceLocation:)`` is an app launch (one refresh),
/// ``advance(by:sourceLocation:)`` and ``advance(to:sourceLocation:)`` move time (whatever comes
/// due in between rings, in order), ``travel(to:)`` moves the device to another zone. It answers
/// what ``rang``, what was ``missed`` and why, and what is ``pending``; repeating requests (the
/// hybrid strategy's ids such as `wake#weekly-tue-07:30:00`, or an AlarmKit alarm's
/// `wake#weekly-mon+tue+wed+thu+fri-07:30:00`) are read back as the fires they stand for.
///
/// The same device runs on either backend: notifications (the default), or AlarmKit with the
/// device's limit, ``/RecurringAlarmsSimulation/DeviceSimulation/Backend/alarmKit(limit:)``.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// let wake = AlarmRule(id: "wake", repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 7, minute: 30)!])
/// let monday = Date(timeIntervalSince1970: 1_774_220_400)   // 2026-03-23T00:00:00+01:00
/// let device = TestDevice(book: AlarmBook(rules: [wake]), now: monday, timeZone: berlin)
/// try await device.open()
/// await device.advance(by: 7 * 86_400)
/// await device.expectNoMisses()
/// await device.expectRang(rule: "wake", at: Date(timeIntervalSince1970: 1_774_762_200))   // 2026-03-29T07:30:00+02:00
/// ```
///
/// On AlarmKit, with a device that holds at most 10 alarms:
///
/// ```swift
/// let device = TestDevice(book: AlarmBook(rules: [wake]), now: monday, timeZone: berlin, backend: .alarmKit(limit: 10))
/// ```
///
/// Misuse is recorded as a test issue, with what is wrong and how to fix it, rather than
/// ignored: time moved backwards, a center that does not follow the device's clock, a center
/// whose capacity is not the scheduler's cap, a scheduler clock that is not the device's
/// manual clock (see ``init(book:center:clock:timeZone:schedulerClock:options:sourceLocation:)``).
///
/// The fires the device counts as required are those of the book it was made with, on the
/// device's zone of each moment, from its start (exclusive) to now: change rules through
/// ``store`` and the counts no longer match the book's new rules.
public actor TestDevice {
    /// One notification of the device, rung or pending, read back as the fire it stands for.
    ///
    /// ```swift
    /// let alarm = await device.rang[0]
    /// alarm.requestID   // "wake#daily-07:30:00": what the center delivered (a daily rule's slot)
    /// alarm.fireID      // "wake@2026-03-23T07:30:00": the fire that delivery stands for
    /// ```
    public struct Alarm: Sendable, Hashable, CustomStringConvertible {
        /// The request's identifier: a fire id, a repeating alarm's id or a reminder id.
        public let requestID: String
        /// The fire the request stands for: the fire id itself, a repeating alarm's fire on the
        /// date the device clock shows at ``instant``, or the reminder's id.
        public let fireID: String
        /// The rule it belongs to; `nil` for the refresh reminder.
        public let ruleID: String?
        /// When it rang, or will ring if nothing changes.
        public let instant: Date
        /// The device zone at ``instant`` (for a pending request, the zone now).
        public let timeZone: TimeZone

        /// Whether it is the "open the app" reminder.
        public var isReminder: Bool { ruleID == nil }

        /// Whether it is a repeating request or alarm (a hybrid plan's repeating alarm).
        public var isRepeating: Bool { RepeatingAlarm(parsing: requestID) != nil }

        /// One line: the fire id, the instant on the device clock with its offset, the zone, and
        /// the request when it is not the fire id: `wake@2026-03-29T07:30:00 at
        /// 2026-03-29T07:30:00+02:00 (Europe/Berlin) via wake#weekly-sun-07:30:00`.
        public var description: String {
            let via = requestID == fireID ? "" : " via \(requestID)"
            return "\(fireID) at \(DeviceText.instant(instant, in: timeZone)) (\(timeZone.ianaName))\(via)"
        }

        init(requestID: String, instant: Date, timeZone: TimeZone) {
            self.requestID = requestID
            self.instant = instant
            self.timeZone = timeZone
            if let alarm = RepeatingAlarm(parsing: requestID) {
                fireID = alarm.deliveredFire(at: instant, deviceTimeZone: timeZone).description
                ruleID = alarm.ruleID
            } else if RefreshReminder.isReminderIdentifier(requestID) {
                fireID = requestID
                ruleID = nil
            } else {
                fireID = requestID
                ruleID = FireID(parsing: requestID)?.ruleID ?? requestID
            }
        }
    }

    /// A fire the rules required that did not ring, and why.
    ///
    /// ```swift
    /// for miss in await device.missed {
    ///     print(miss)   // wake@2026-03-10T07:30:00 due 2026-03-10T07:30:00+01:00 (Europe/Berlin): no-open-in-time
    /// }
    /// ```
    public struct Miss: Sendable, Hashable, CustomStringConvertible {
        /// The fire, as the engine expands the rules for the device zone of its moment.
        public let fire: Fire
        /// Why it did not ring.
        public let reason: SimulationReport.MissReason

        /// One line: the fire id, when it was due on its clock, its zone and the reason.
        public var description: String { "\(fire.id) due \(fire.rfc3339) (\(fire.timeZone.ianaName)): \(reason)" }
    }

    /// The device's clock; ``advance(by:sourceLocation:)`` moves it. Advancing it directly works
    /// too (the center follows it), but only the device's own calls record misuse.
    public nonisolated let clock: ManualClock
    /// The device's zone; ``travel(to:)`` changes it.
    public nonisolated let zone: ManualTimeZone
    /// The simulated notification center, following ``clock`` and ``zone``: the app's
    /// notifications, or on AlarmKit only the refresh reminder.
    public nonisolated let center: SimulatedNotificationCenter
    /// The simulated AlarmKit center with the device's limit, following ``clock`` and ``zone``,
    /// on ``/RecurringAlarmsSimulation/DeviceSimulation/Backend/alarmKit(limit:)``; `nil` on notifications.
    public nonisolated var alarmCenter: SimulatedAlarmCenter? { centers.alarms }
    /// The service the app schedules with: notifications, or AlarmKit with the device's limit.
    public nonisolated var backend: DeviceSimulation.Backend { centers.backend }
    /// The book, in memory.
    public nonisolated let store: InMemoryStore
    /// The scheduler ``open(sourceLocation:)`` refreshes.
    public nonisolated let scheduler: AlarmScheduler
    /// The scheduler's options: cap, budget, horizon, strategy, and AlarmKit's budget.
    public nonisolated let options: SchedulerOptions

    private nonisolated let centers: SimulatedCenters
    private let book: AlarmBook
    private let start: Date
    private let initialZone: TimeZone
    private let eviction: EvictionModel
    private let schedulerClock: SchedulerClock
    private var zoneChanges: [DeviceTimeZoneTimeline.Change] = []
    /// Every refresh ``open(sourceLocation:)`` made, in order.
    public private(set) var refreshes: [RefreshReport] = []
    /// The wiring problems already recorded, so each is recorded once.
    private var recorded: Set<String> = []

    /// A device at `now` in `timeZone` holding `book`, with nothing pending: every part wired by
    /// the device itself, for the app's notifications or its AlarmKit alarms.
    ///
    /// ```swift
    /// let device = TestDevice(book: AlarmBook(rules: [wake]), now: start, timeZone: berlin,
    ///                         options: SchedulerOptions(strategy: .rolling))
    /// let alarms = TestDevice(book: AlarmBook(rules: [wake]), now: start, timeZone: berlin,
    ///                         backend: .alarmKit(limit: 10))   // a device that holds 10 alarms
    /// ```
    ///
    /// - Parameters:
    ///   - book: the rules, snoozes and skips the store starts with.
    ///   - now: the device's present; pin it (see `RecurringAlarmsTesting`'s literals).
    ///   - timeZone: the device zone at `now`.
    ///   - options: the scheduler's options; the notification center holds their
    ///     ``/RecurringAlarmsScheduling/SchedulerOptions/cap``, and on AlarmKit the plan holds
    ///     at most their ``/RecurringAlarmsScheduling/SchedulerOptions/alarmKit`` budget.
    ///   - eviction: which request the notification center drops over its capacity.
    ///   - backend: where the app schedules: ``/RecurringAlarmsSimulation/DeviceSimulation/Backend/notifications``
    ///     (the default), or ``/RecurringAlarmsSimulation/DeviceSimulation/Backend/alarmKit(limit:)``
    ///     with the most alarms the device holds at once (`nil`: no limit), in ``alarmCenter``;
    ///     the refresh reminder is then a notification in ``center``.
    public init(
        book: AlarmBook = AlarmBook(), now: Date, timeZone: TimeZone, options: SchedulerOptions = SchedulerOptions(),
        eviction: EvictionModel = .keepSoonestFiring, backend: DeviceSimulation.Backend = .notifications
    ) {
        let clock = ManualClock(now: now)
        let zone = ManualTimeZone(timeZone)
        let centers = SimulatedCenters(backend: backend, cap: options.cap, eviction: eviction, clock: clock, zone: zone)
        self.init(
            book: book, clock: clock, zone: zone, centers: centers, schedulerClock: .manual(clock), options: options,
            sourceLocation: nil)
    }

    /// A device of parts the test made itself, checked as they are wired: a center whose
    /// capacity is not `options.cap` is recorded as an issue at once; a center that does not
    /// follow `clock`, or a `schedulerClock` that is not `clock` (a real clock where the manual
    /// one belongs), is recorded at the first ``open(sourceLocation:)`` or advance that shows it.
    ///
    /// ```swift
    /// let clock = ManualClock(now: start)
    /// let zone = ManualTimeZone(berlin)
    /// let center = SimulatedNotificationCenter(eviction: .keepSoonestFiring, clock: clock, deviceTimeZone: zone)
    /// let device = TestDevice(book: book, center: center, clock: clock, timeZone: zone)
    /// ```
    ///
    /// - Parameters:
    ///   - book: the rules the store starts with.
    ///   - center: the simulated center; make it with `clock` and `timeZone` so it follows them.
    ///   - clock: the device's clock.
    ///   - timeZone: the device's zone.
    ///   - schedulerClock: where the scheduler reads "now"; `.manual(clock)` unless given.
    ///   - options: the scheduler's options.
    ///   - sourceLocation: where to record a wiring problem found here.
    public init(
        book: AlarmBook = AlarmBook(), center: SimulatedNotificationCenter, clock: ManualClock, timeZone: ManualTimeZone,
        schedulerClock: SchedulerClock? = nil, options: SchedulerOptions = SchedulerOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            book: book, clock: clock, zone: timeZone, centers: SimulatedCenters(notifications: center),
            schedulerClock: schedulerClock ?? .manual(clock), options: options, sourceLocation: sourceLocation)
    }

    private init(
        book: AlarmBook, clock: ManualClock, zone: ManualTimeZone, centers: SimulatedCenters, schedulerClock: SchedulerClock,
        options: SchedulerOptions, sourceLocation: SourceLocation?
    ) {
        let store = InMemoryStore(book)
        self.book = book
        self.clock = clock
        self.zone = zone
        self.centers = centers
        self.center = centers.notifications
        self.store = store
        self.options = options
        self.schedulerClock = schedulerClock
        self.start = clock.now
        self.initialZone = zone.current
        self.eviction = center.eviction
        self.scheduler = centers.scheduler(store: store, clock: schedulerClock, timeZone: .manual(zone), options: options)
        if let sourceLocation, let capacity = center.pendingLimit, capacity != max(options.cap, 0) {
            recorded.insert("capacity")
            Issue.record(Comment(rawValue: Misuse.capacity(capacity, cap: options.cap)), sourceLocation: sourceLocation)
        }
    }

    // MARK: Moving the device

    /// The device's present.
    public nonisolated var now: Date { clock.now }

    /// An app launch: one ``/RecurringAlarmsScheduling/AlarmScheduler/refresh()`` at the device's
    /// present, in its zone.
    ///
    /// ```swift
    /// let report = try await device.open()
    /// report.added.count   // requests registered
    /// ```
    ///
    /// - Returns: what the refresh did.
    /// - Throws: the scheduler's ``/RecurringAlarmsScheduling/SchedulingError``.
    @discardableResult
    public func open(sourceLocation: SourceLocation = #_sourceLocation) async throws(SchedulingError) -> RefreshReport {
        await checkWiring(sourceLocation: sourceLocation)
        let report = try await scheduler.refresh()
        refreshes.append(report)
        return report
    }

    /// Moves time forward by `interval` seconds; whatever comes due in between rings, in order.
    ///
    /// A negative, NaN or infinite interval does not move the device and is recorded as an issue.
    ///
    /// ```swift
    /// let rung = await device.advance(by: 86_400)   // what rang in the next day
    /// ```
    ///
    /// - Returns: what rang during this move, in order.
    @discardableResult
    public func advance(by interval: TimeInterval, sourceLocation: SourceLocation = #_sourceLocation) async -> [Alarm] {
        guard interval.isFinite, interval >= 0 else {
            Issue.record(Comment(rawValue: Misuse.advance(by: interval)), sourceLocation: sourceLocation)
            return []
        }
        return await move(to: clock.now.addingTimeInterval(interval), sourceLocation: sourceLocation)
    }

    /// Moves time forward to `instant`; whatever comes due in between rings, in order.
    ///
    /// An earlier moment than now does not move the device and is recorded as an issue.
    ///
    /// - Returns: what rang during this move, in order.
    @discardableResult
    public func advance(to instant: Date, sourceLocation: SourceLocation = #_sourceLocation) async -> [Alarm] {
        guard instant.timeIntervalSinceReferenceDate.isFinite, instant >= clock.now else {
            Issue.record(Comment(rawValue: Misuse.advance(to: instant, now: clock.now, zone: zone.current)), sourceLocation: sourceLocation)
            return []
        }
        return await move(to: instant, sourceLocation: sourceLocation)
    }

    /// The device moves to `timeZone` now: the center's pending floating requests move to the
    /// new clock at once (or are dropped when it is already past their wall time), and the next
    /// ``open(sourceLocation:)`` plans floating rules for it.
    ///
    /// ```swift
    /// await device.travel(to: TimeZone(identifier: "America/New_York")!)
    /// ```
    public func travel(to timeZone: TimeZone) async {
        zoneChanges.append(DeviceTimeZoneTimeline.Change(at: clock.now, to: timeZone))
        await zone.change(to: timeZone)
    }

    private func move(to instant: Date, sourceLocation: SourceLocation) async -> [Alarm] {
        let before = clock.now
        await clock.advance(to: instant)
        await checkWiring(sourceLocation: sourceLocation)
        // Whatever rang in this move rang after the present it started from.
        return await rang.filter { $0.instant > before }
    }

    // MARK: What happened

    /// Every notification or alarm that rang, in order, each read back as the fire it stands
    /// for. On AlarmKit these are the alarms' scheduled rings and the reminder's notifications;
    /// an alarm ringing again at the end of a snooze is the user's, not a fire, and is left out.
    public var rang: [Alarm] {
        get async {
            await centers.rings().map {
                Alarm(requestID: $0.identifier, instant: $0.instant, timeZone: TimeZone(ianaIdentifier: $0.deviceTimeZone) ?? zone.current)
            }
        }
    }

    /// What is pending now, soonest first; a repeating request or alarm stands for its next
    /// fire. On AlarmKit: the alarms waiting to ring (not those ringing or snoozed), and the
    /// reminder notification.
    public var pending: [Alarm] {
        get async {
            let zone = await center.deviceTimeZone
            var pending = await center.pending().map { (identifier: $0.request.identifier, instant: $0.fireDate) }
            if let alarms = centers.alarms {
                // Stable: an alarm before a reminder due at the same instant.
                pending = (await alarms.upcomingRings() + pending).enumerated()
                    .sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }.map(\.element)
            }
            return pending.map { Alarm(requestID: $0.identifier, instant: $0.instant, timeZone: zone) }
        }
    }

    /// Every fire the book required from the device's start to now that did not ring, in order,
    /// with why: see ``/RecurringAlarmsSimulation/SimulationReport/MissReason``.
    public var missed: [Miss] {
        get async {
            guard let report = try? await report() else { return [] }
            return report.fires.compactMap { required in required.missReason.map { Miss(fire: required.fire, reason: $0) } }
        }
    }

    /// The device's life so far as a ``/RecurringAlarmsSimulation/SimulationReport``: every fire
    /// required from the start to now, whether it rang, every open, every drop.
    ///
    /// - Throws: ``/RecurringAlarms/AlarmRulesError`` when the book's rules are not valid together.
    public func report() async throws(AlarmRulesError) -> SimulationReport {
        let accounting = FireAccounting(
            book: book, timeline: DeviceTimeZoneTimeline(initial: initialZone, changes: zoneChanges),
            start: Date(timeIntervalSince1970: start.timeIntervalSince1970.rounded(.down)),
            end: Date(timeIntervalSince1970: clock.now.timeIntervalSince1970.rounded(.down)))
        return try await centers.report(accounting, refreshes: refreshes, eviction: eviction, options: options)
    }

    // MARK: Expectations

    /// Records an issue listing every missed fire, one per line, when any fire was missed.
    ///
    /// ```swift
    /// await device.expectNoMisses()
    /// // Expected no missed alarms, but 2 were missed:
    /// //   wake@2026-03-10T07:30:00 due 2026-03-10T07:30:00+01:00 (Europe/Berlin): no-open-in-time
    /// //   …
    /// ```
    public func expectNoMisses(sourceLocation: SourceLocation = #_sourceLocation) async {
        let missed = await missed
        guard !missed.isEmpty else { return }
        let count = missed.count == 1 ? "1 was" : "\(missed.count) were"
        Issue.record(
            Comment(rawValue: "Expected no missed alarms, but \(count) missed:\n" + DeviceText.lines(missed)),
            sourceLocation: sourceLocation)
    }

    /// Records an issue unless a notification of rule `rule` rang at `instant`; the message lists
    /// what the rule rang and every missed fire, one per line.
    ///
    /// ```swift
    /// await device.expectRang(rule: "wake", at: morning)
    /// ```
    public func expectRang(rule: String, at instant: Date, sourceLocation: SourceLocation = #_sourceLocation) async {
        let rang = await rang
        let second = instant.timeIntervalSince1970.rounded(.down)
        guard !rang.contains(where: { $0.ruleID == rule && $0.instant.timeIntervalSince1970.rounded(.down) == second }) else { return }
        let zone = DeviceTimeZoneTimeline(initial: initialZone, changes: zoneChanges).zone(at: instant)
        let ofRule = rang.filter { $0.ruleID == rule }
        let missed = await missed
        var text = "Expected \(rule) to ring at \(DeviceText.instant(instant, in: zone)) (\(zone.ianaName)), but it did not."
        text += ofRule.isEmpty ? "\n\(rule) rang: nothing" : "\n\(rule) rang (\(ofRule.count)):\n" + DeviceText.lines(ofRule)
        text += missed.isEmpty ? "\nMissed: nothing" : "\nMissed (\(missed.count)):\n" + DeviceText.lines(missed)
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    }

    // MARK: Wiring

    /// Records, once each, a scheduler clock that is not the device's and a center that does
    /// not follow it.
    private func checkWiring(sourceLocation: SourceLocation) async {
        let manual = clock.now
        let scheduled = schedulerClock.now()
        if scheduled != manual, recorded.insert("scheduler clock").inserted {
            Issue.record(
                Comment(rawValue: Misuse.schedulerClock(reads: scheduled, manual: manual, zone: zone.current)),
                sourceLocation: sourceLocation)
        }
        let centerNow = await center.now
        if centerNow != manual, recorded.insert("center clock").inserted {
            Issue.record(
                Comment(rawValue: Misuse.centerClock(reads: centerNow, manual: manual, zone: zone.current)), sourceLocation: sourceLocation)
        }
        let centerZone = await center.deviceTimeZone
        if centerZone.identifier != zone.current.identifier, recorded.insert("center zone").inserted {
            Issue.record(Comment(rawValue: Misuse.centerZone(centerZone, device: zone.current)), sourceLocation: sourceLocation)
        }
    }
}
