import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// Keeps the OS's pending notifications in step with the alarm book: the one call an app
/// makes at launch, on return to the foreground, when one of its notifications is delivered,
/// on a time-zone or significant time change, and in background refresh (see `Docs/iOS.md`).
///
/// ``refresh()`` loads the book, plans it (rules with skip-next applied, plus live snoozes)
/// for the device zone now, compares the plan with what the center reports pending, removes
/// and adds only the difference, and records the applied plan in the store.
///
/// ```swift
/// let scheduler = AlarmScheduler(store: JSONFileStore(url: url), center: UserNotificationCenterAdapter())
/// let report = try await scheduler.refresh()
/// report.refillDeadline   // refresh again before this, or an alarm goes missing
/// ```
///
/// It is an actor: call it from any task. Refreshes run one at a time, in call order, even
/// though each one waits on the center.
///
/// Guarantees:
/// - It never asks the OS to hold more than ``SchedulerOptions/cap``: it fills at most
///   `cap - max(budget, requests of the app it does not own)` slots, and removes before it adds.
/// - Requests are added latest-firing first, so the soonest are added last: whichever
///   requests iOS would keep over the cap (the soonest-firing or the last-added), the soonest survive.
/// - A pending request that is still planned, registered the same way, is never removed and
///   added again; identifiers that are not fire or reminder ids are never touched.
public actor AlarmScheduler {
    /// The cap, budget, horizon, reminder and content every refresh uses.
    public let options: SchedulerOptions
    private let store: any AlarmStore
    private let center: any NotificationCenterAdapter
    private let clock: SchedulerClock
    private let timeZone: TimeZoneProvider

    private var isRefreshing = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// - Parameters:
    ///   - store: where the book lives; the applied plan is recorded there.
    ///   - center: the notification center.
    ///   - clock: where "now" comes from; pin it in tests.
    ///   - timeZone: the device zone, which floating rules follow; pin it in tests.
    ///   - options: cap, budget, horizon, reminder and content.
    public init(store: some AlarmStore, center: some NotificationCenterAdapter, clock: SchedulerClock = .system,
                timeZone: TimeZoneProvider = .system, options: SchedulerOptions = SchedulerOptions()) {
        self.store = store
        self.center = center
        self.clock = clock
        self.timeZone = timeZone
        self.options = options
    }

    /// Brings the center in step with the book at the clock's "now".
    ///
    /// - Returns: what changed and until when the alarms are covered.
    /// - Throws: ``SchedulingError`` naming the store or center operation that failed. The
    ///   applied plan is recorded only after the center accepted every change.
    /// - Complexity: one plan of the book (O(R log cap) for R rules, plus compiling them), one
    ///   pending query, one remove and one add call, one store update.
    @discardableResult
    public func refresh() async throws(SchedulingError) -> RefreshReport {
        await acquire()
        defer { release() }
        return try await performRefresh(now: clock.now(), deviceTimeZone: timeZone.current())
    }

    private func performRefresh(now: Date, deviceTimeZone: TimeZone) async throws(SchedulingError) -> RefreshReport {
        let book: AlarmBook
        do { book = try store.load() } catch { throw .store(operation: "load the alarm book", underlying: error) }
        let pending: [String]
        do { pending = try await center.pendingIdentifiers() } catch { throw .center(operation: "list pending requests", underlying: error) }

        let owned = Set(pending.filter(ManagedIdentifier.isManaged))
        let foreignCount = Set(pending).count - owned.count
        let slots = options.slots(foreignPending: foreignCount)
        let planOptions = PlanOptions(deviceTimeZone: deviceTimeZone, cap: options.fireSlots(foreignPending: foreignCount),
                                      horizon: options.horizon)
        let plan: Plan
        // A loaded book is valid; this only fails for a store that hands out unchecked books.
        do { plan = try book.plan(now: now, options: planOptions) } catch { throw .invalidRules(error) }

        // Desired requests in plan order (soonest first); the reminder, at the coverage end, is last.
        let rules = Dictionary(book.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var desired = plan.fires.map {
            DesiredRequest(request: NotificationRequest(fire: $0, content: options.content, rule: rules[$0.ruleID]), fire: $0)
        }
        var reminderAt: Date?
        if let reminder = options.reminder, slots > 0, Self.anyFire(in: book, after: plan, options: planOptions) {
            reminderAt = plan.coveredUntil
            desired.append(DesiredRequest(request: reminder.request(at: plan.coveredUntil), fire: nil))
        }
        let diff = RequestDiff(owned: owned, desired: desired, applied: book.applied)

        let removing = diff.removed + diff.replaced
        if !removing.isEmpty {
            do { try await center.removePendingRequests(withIdentifiers: removing) } catch {
                throw .center(operation: "remove requests", underlying: error)
            }
        }
        if !diff.adding.isEmpty {
            do { try await center.add(diff.adding) } catch { throw .center(operation: "add requests", underlying: error) }
        }
        do {
            try store.update { book in
                book.applied = AppliedPlan(plan, appliedAt: now)
                book.pruneExpired(now: now)
            }
        } catch let error as AlarmStoreError {
            throw .store(operation: "record the applied plan", underlying: error)
        } catch {
            // The body above throws nothing, so only a store that breaks `update`'s contract
            // (AlarmStoreError or what the body throws) gets here; its error is kept as text.
            throw .store(operation: "record the applied plan",
                         underlying: .io(path: String(describing: type(of: store)), operation: "update the alarm book", code: 0,
                                         reason: String(describing: error)))
        }
        return RefreshReport(now: now, deviceTimeZone: deviceTimeZone, plan: plan, added: diff.adding.map(\.identifier),
                             removed: diff.removed, replaced: diff.replaced, unchanged: diff.unchanged, foreignPendingCount: foreignCount,
                             slots: slots, reminderAt: reminderAt)
    }

    /// Whether the book requires any fire after the plan's coverage, within a year: only then
    /// is a reminder worth a slot. A truncated plan has one by definition.
    static func anyFire(in book: AlarmBook, after plan: Plan, options: PlanOptions) -> Bool {
        if plan.isTruncated { return true }
        var probe = options
        probe.cap = 1
        probe.horizon = PlanOptions.maximumHorizon
        // The book already planned once in this refresh, so it is valid and this cannot throw.
        return (try? book.plan(now: plan.coveredUntil, options: probe))?.fires.isEmpty == false
    }

    // One refresh at a time: an actor alone would interleave two refreshes at their awaits.

    private func acquire() async {
        guard isRefreshing else {
            isRefreshing = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            isRefreshing = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
