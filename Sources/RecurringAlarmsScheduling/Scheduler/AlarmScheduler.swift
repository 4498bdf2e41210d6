import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// Keeps the OS's pending notifications in step with the alarm book: the one call an app
/// makes at launch, on return to the foreground, when one of its notifications is delivered,
/// on a time-zone or significant time change, and in background refresh (see `Docs/iOS.md`).
///
/// ``refresh()`` loads the book, reads what the center holds and how much room that leaves,
/// plans the book (rules with skip-next applied, plus live snoozes) within the room for the
/// device zone now as the ``SchedulerOptions/strategy`` says (the rolling window, the cap
/// filled, or a ``/RecurringAlarms/HybridPlan``: weekly repeating requests for the plain weekly
/// rules, one-shot fires for the rest filling the cap), compares the plan with what is held (a
/// ``/RecurringAlarms/Reconciliation``, told by the record of the applied plan how each held
/// request was registered), removes and adds only the difference, and records the applied plan
/// in the store. Notifications and AlarmKit alarms go through the same steps; they differ in
/// how a rule repeats (per weekday, per time: ``/RecurringAlarms/RepeatingAlarm/Granularity``),
/// in their room, and in how the difference is applied.
///
/// ```swift
/// let scheduler = AlarmScheduler(store: JSONFileStore(url: url), center: UserNotificationCenterAdapter())
/// let report = try await scheduler.refresh()
/// report.refillDeadline   // refresh again before this, or an alarm goes missing
/// ```
///
/// It is an actor: call it from any task. Refreshes run one at a time, in call order, even
/// though each one waits on the center. The store's calls, which can wait for a file lock and
/// `fsync`, run on a dispatch queue of the scheduler's own, never blocking a thread of Swift's
/// cooperative pool.
///
/// Cancellation: a refresh cancelled before it starts (while an earlier one runs, or before
/// the call) leaves the queue at once and throws ``SchedulingError/cancelled`` having read and
/// changed nothing; the refreshes queued after it keep their order. A refresh that has started
/// runs to the end, so the center and the store's record of the applied plan stay in step.
///
/// Guarantees:
/// - It never asks the OS to hold more than ``SchedulerOptions/cap``: it fills at most
///   `cap - max(budget, requests of the app it does not own)` slots, and removes before it adds.
/// - Requests are added latest-firing first, so the soonest are added last: whichever
///   requests iOS would keep over the cap (the soonest-firing or the last-added), the soonest survive.
/// - A pending request that is still planned, registered the same way, is never removed and
///   added again; identifiers that are not fire, repeating slot or reminder ids are never touched.
/// - A rule swaps between repeating and one-shot requests as its eligibility changes (a
///   skip-next request makes it one-shot until the skipped date has passed; an end date makes
///   it one-shot): the refresh removes the one kind and adds the other.
public actor AlarmScheduler {
    /// The cap, budget, horizon, reminder and content every refresh uses.
    public let options: SchedulerOptions
    let store: any AlarmStore
    /// Where the scheduler registers what it plans: notification requests or AlarmKit alarms.
    let backend: any SchedulingBackend
    private let clock: SchedulerClock
    private let timeZone: TimeZoneProvider
    let storeQueue = StoreQueue()

    private var isRefreshing = false
    /// Refreshes waiting for the one running, in call order; each is resumed with `true` when
    /// it may run, or `false` when its task was cancelled.
    private var waiting: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextWaiterID: UInt64 = 0

    /// - Parameters:
    ///   - store: where the book lives; the applied plan is recorded there.
    ///   - center: the notification center.
    ///   - clock: where "now" comes from; pin it in tests.
    ///   - timeZone: the device zone, which floating rules follow; pin it in tests.
    ///   - options: cap, budget, horizon, reminder and content.
    public init(
        store: some AlarmStore, center: some NotificationCenterAdapter, clock: SchedulerClock = .system,
        timeZone: TimeZoneProvider = .system, options: SchedulerOptions = SchedulerOptions()
    ) {
        self.init(store: store, backend: NotificationBackend(center: center), clock: clock, timeZone: timeZone, options: options)
    }

    /// A scheduler that keeps AlarmKit's alarms (iOS 26) in step with the book: real alarms
    /// that ring through silent mode and Focus, with the same book, plan and guarantees as the
    /// notification backend.
    ///
    /// Under the ``SchedulingStrategy/hybrid`` strategy a rule's time that AlarmKit can repeat
    /// exactly as the engine plans becomes one weekly alarm (``/RecurringAlarms/RepeatingAlarm``);
    /// everything else is one-shot alarms at planned instants, soonest first, within
    /// ``SchedulerOptions/alarmKit``'s budget. See `Docs/iOS.md`, "AlarmKit".
    ///
    /// ```swift
    /// let scheduler = AlarmScheduler(
    ///     store: store, alarmCenter: AlarmKitCenter(), reminderCenter: UserNotificationCenterAdapter())
    /// ```
    ///
    /// - Parameters:
    ///   - store: where the book lives; the applied plan and the learned alarm limit are recorded there.
    ///   - alarmCenter: the alarm center: `AlarmKitCenter` on iOS 26, `SimulatedAlarmCenter` in tests.
    ///   - reminderCenter: where the "open the app" reminder (``SchedulerOptions/reminder``) goes,
    ///     as a notification; `nil` for none (an alarm would be too loud for it).
    ///   - clock: where "now" comes from; pin it in tests.
    ///   - timeZone: the device zone, which floating rules follow; pin it in tests.
    ///   - options: strategy, the AlarmKit budget and snooze, reminder.
    public init(
        store: some AlarmStore, alarmCenter: some AlarmCenterAdapter, reminderCenter: (any NotificationCenterAdapter)? = nil,
        clock: SchedulerClock = .system, timeZone: TimeZoneProvider = .system, options: SchedulerOptions = SchedulerOptions()
    ) {
        self.init(
            store: store, backend: AlarmKitBackend(center: alarmCenter, reminders: reminderCenter), clock: clock,
            timeZone: timeZone, options: options)
    }

    /// A scheduler on any backend: the public initializers' one path, and the tests' way to
    /// drive the refresh with a backend of their own.
    init(
        store: some AlarmStore, backend: any SchedulingBackend, clock: SchedulerClock, timeZone: TimeZoneProvider, options: SchedulerOptions
    ) {
        self.store = store
        self.backend = backend
        self.clock = clock
        self.timeZone = timeZone
        self.options = options
    }

    /// Brings the center in step with the book at the clock's "now".
    ///
    /// Waits for any refresh already running (refreshes run one at a time, in call order).
    ///
    /// Cancelling the calling task while the refresh waits, or before the call, makes it throw
    /// ``SchedulingError/cancelled`` without reading or changing anything. Once the refresh has
    /// started it ignores cancellation and finishes, store write included, so a refresh is
    /// never torn between the center and the book (a center that itself throws on cancellation
    /// fails the refresh as ``SchedulingError/center(operation:underlying:)``, with the applied
    /// plan left unrecorded, and the next refresh repairs it).
    ///
    /// - Returns: what changed and until when the alarms are covered.
    /// - Throws: ``SchedulingError`` naming the store or center operation that failed. The
    ///   applied plan is recorded only after the center accepted every change.
    ///   ``SchedulingError/cancelled`` when the task was cancelled before the refresh started.
    /// - Complexity: one plan of the book (O(R log cap) for R rules, plus compiling them; a
    ///   hybrid plan makes one per round, see ``/RecurringAlarms/hybridPlan(_:now:options:repeating:including:)``),
    ///   and a probe plan of one fire for the reminder; one query of what the center holds; on
    ///   the notification backend one remove and one add call, on AlarmKit one call per alarm
    ///   cancelled or scheduled (and a plan of each repeating rule alone for its next ring); one
    ///   store update.
    @discardableResult
    public func refresh() async throws(SchedulingError) -> RefreshReport {
        try await refresh(editingBook: nil)
    }

    /// A refresh that first applies `edit` (given the clock's now and the device zone) to the
    /// book through the store, in the same turn: ``handle(_:)``'s path.
    func refresh(editingBook edit: (@Sendable (inout AlarmBook, Date, TimeZone) -> Void)?) async throws(SchedulingError)
        -> RefreshReport
    {
        guard await acquire() else { throw .cancelled }
        defer { release() }
        // Cancelled as the gate was handed over: nothing has started yet, so step aside.
        if Task.isCancelled { throw .cancelled }
        let now = clock.now()
        let deviceTimeZone = timeZone.current()
        if let edit {
            try await updateBook(operation: "record the notification action") { edit(&$0, now, deviceTimeZone) }
        }
        return try await performRefresh(on: backend, now: now, deviceTimeZone: deviceTimeZone)
    }

    /// The book, loaded on the store queue.
    func loadBook() async throws(SchedulingError) -> AlarmBook {
        let store = store
        do { return try await storeQueue.run { () throws(AlarmStoreError) in try store.load() } } catch {
            throw .store(operation: "load the alarm book", underlying: error)
        }
    }

    /// One refresh on `backend`: what the device holds and the room it leaves, the plan within
    /// it, the difference through ``/RecurringAlarms/Reconciliation``, applied, then the limit
    /// a refusal taught and the applied plan recorded.
    ///
    /// When the device refuses a request past its limit, what was applied stays, the rest is
    /// left out, and the report's coverage ends at the first request left out.
    private func performRefresh<Backend: SchedulingBackend>(
        on backend: Backend, now: Date, deviceTimeZone: TimeZone
    ) async throws(SchedulingError) -> RefreshReport {
        try await backend.prepare()
        let refresh = RefreshContext(
            book: try await loadBook(), now: now, deviceTimeZone: deviceTimeZone, options: options, granularity: backend.granularity)
        let device = try await backend.read(refresh)
        var plan: HybridPlan
        if let planned = device.plan { plan = planned } else { plan = try refresh.plan(cap: device.planCap) }
        var reminderAt = device.canHoldReminder ? refresh.reminderAt(after: plan) : nil
        let desired = backend.requests(for: plan, reminderAt: reminderAt, in: refresh)
        let change = Reconciliation(pending: device.owned, desired: desired) {
            backend.isRegisteredDifferently($0, in: device.holdings)
        }
        let applied = try await backend.apply(change, to: device.holdings)

        var limit = device.learnedLimit
        if let refusal = applied.refusal {
            // Honest coverage: every fire before the first request left out is held.
            plan = plan.holding(without: refusal.leftOut, coveredUntil: refusal.firstRing)
            limit = min(limit ?? Int.max, max(refusal.held, 0))
            reminderAt = device.canHoldReminder ? refresh.reminderAt(after: plan) : nil
        }
        try await backend.keepReminder(at: reminderAt, in: refresh)

        let record = AppliedPlan(plan.oneShot, appliedAt: now, alarmLimit: limit ?? refresh.book.applied?.alarmLimit)
        try await updateBook(operation: "record the applied plan") { book in
            book.applied = record
            book.pruneExpired(now: now)
        }
        let names = Dictionary(desired.map { ($0.id, $0.identifier) }, uniquingKeysWith: { first, _ in first })
        return RefreshReport(
            now: now, deviceTimeZone: deviceTimeZone, plan: plan.oneShot, repeating: plan.repeating,
            granularity: backend.granularity, added: applied.added,
            removed: applied.removed, replaced: change.toReplace.compactMap { names[$0] }.sorted(),
            unchanged: change.unchanged.compactMap { names[$0] }.sorted(), foreignPendingCount: device.foreignCount,
            slots: device.slots, reminderAt: reminderAt, alarmLimit: limit, fixedToDeviceZone: refresh.fixedToDeviceZoneWarnings())
    }

    /// Runs `body` in one store update on the store queue; a failure is ``SchedulingError/store(operation:underlying:)``.
    func updateBook(operation: String, _ body: @escaping @Sendable (inout AlarmBook) -> Void) async throws(SchedulingError) {
        let store = store
        do {
            try await storeQueue.run { () throws(AlarmStoreError) in
                do {
                    try store.update(body)
                } catch let error as AlarmStoreError {
                    throw error
                } catch {
                    // The body throws nothing, so only a store that breaks `update`'s contract
                    // (AlarmStoreError or what the body throws) gets here; its error is kept as text.
                    throw .io(
                        path: String(describing: type(of: store)), operation: "update the alarm book", code: 0,
                        reason: String(describing: error))
                }
            }
        } catch {
            throw .store(operation: operation, underlying: error)
        }
    }

    // One refresh at a time: an actor alone would interleave two refreshes at their awaits.

    /// The number of refreshes waiting for the running one (lets tests order events).
    package var waitingCount: Int { waiting.count }

    /// Takes the gate, waiting in line behind the running refresh. Returns `false`, holding
    /// nothing, when the task is cancelled before its turn.
    private func acquire() async -> Bool {
        if Task.isCancelled { return false }
        guard isRefreshing else {
            isRefreshing = true
            return true
        }
        let id = nextWaiterID
        nextWaiterID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // The handler may already have run (and found nothing to remove).
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    waiting.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.leaveQueue(id) }
        }
    }

    /// Drops a cancelled waiter, unless `release()` already handed it the gate.
    private func leaveQueue(_ id: UInt64) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }

    private func release() {
        if waiting.isEmpty {
            isRefreshing = false
        } else {
            waiting.removeFirst().continuation.resume(returning: true)
        }
    }
}
