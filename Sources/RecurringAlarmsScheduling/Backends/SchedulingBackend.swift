import Foundation
import RecurringAlarms

/// A system service the scheduler keeps in step with the book: notification requests
/// (``NotificationBackend``) or AlarmKit alarms (``AlarmKitBackend``).
///
/// ``AlarmScheduler`` runs one refresh for every service: it asks the backend what the device
/// holds and how much room that leaves, plans the book within the room (the hybrid plan cut as
/// the service's ``granularity`` says), diffs what the plan wants with what is held through
/// ``/RecurringAlarms/Reconciliation``, has the backend apply the difference, and keeps the
/// limit a refusal taught. A third service is one more conformance.
///
/// Every requirement but ``read(_:)`` is called once per refresh, in this order: ``prepare()``,
/// ``read(_:)``, ``requests(for:reminderAt:in:)``, ``isRegisteredDifferently(_:in:)`` for each
/// request held already, ``apply(_:to:)``, ``keepReminder(at:in:)``.
protocol SchedulingBackend: Sendable {
    /// One thing the service holds for the package: a repeating alarm's, a fire's or the
    /// reminder's request. Its `id` is the key the service holds it by.
    associatedtype Request: BackendRequest
    /// What reading the device leaves for the diff and for applying it.
    associatedtype Holdings

    /// What one repeating trigger of the service holds.
    var granularity: RepeatingAlarm.Granularity { get }

    /// What the service needs before the book is read (AlarmKit: the user's permission).
    ///
    /// - Throws: ``SchedulingError`` when the refresh cannot go on.
    func prepare() async throws(SchedulingError)

    /// What the device holds, which of it is the package's, and the room that leaves for the
    /// plan. It may plan the book (``RefreshContext/plan(cap:)``) to tell which held items are
    /// the package's.
    func read(_ refresh: RefreshContext) async throws(SchedulingError) -> DeviceState<Holdings>

    /// The requests `plan` wants held, in the order ``apply(_:to:)`` adds them; the reminder
    /// at `reminderAt` among them where it is one of the service's requests.
    func requests(for plan: HybridPlan, reminderAt: Date?, in refresh: RefreshContext) -> [Request]

    /// Whether the held request with `request`'s id no longer rings as `request` would, so it
    /// is removed and added again.
    func isRegisteredDifferently(_ request: Request, in holdings: Holdings) -> Bool

    /// Removes what `change` removes and replaces, then adds what it adds, in its order; a
    /// service that refuses a request past its limit stops there.
    func apply(_ change: Reconciliation<Request>, to holdings: Holdings) async throws(SchedulingError) -> AppliedChange

    /// Keeps the reminder at `instant` (none when `nil`) where it is not one of the service's
    /// requests.
    func keepReminder(at instant: Date?, in refresh: RefreshContext) async throws(SchedulingError)
}

extension SchedulingBackend {
    /// Nothing to ask.
    func prepare() async throws(SchedulingError) {}

    /// Nothing to keep: the reminder is one of the requests, or there is none.
    func keepReminder(at instant: Date?, in refresh: RefreshContext) async throws(SchedulingError) {}
}

/// A request a backend holds: the key the service holds it by (``id``) and the package's name
/// for it (``identifier``: a fire id, a repeating alarm's id or a reminder id), which the
/// refresh report lists.
protocol BackendRequest: Identifiable where ID == String {
    var identifier: String { get }
}

/// What a backend read from the device at the start of a refresh.
struct DeviceState<Holdings> {
    /// The keys of the held requests that are the package's and that the refresh may change.
    var owned: [String]
    /// How many held requests are not the package's (the app's own); they take room.
    var foreignCount: Int
    /// The room this refresh fills (``RefreshReport/slots``).
    var slots: Int
    /// The most the plan may hold: ``slots``, less the reminder's where it takes one.
    var planCap: Int
    /// Whether the refresh reminder has a place: a slot of its own, or a center of its own.
    var canHoldReminder: Bool
    /// The device's limit learned by earlier refreshes, which the room respects; `nil` where
    /// none was met or the service learns none.
    var learnedLimit: Int?
    /// The plan at ``planCap``, when reading the device made it already.
    var plan: HybridPlan?
    /// What the diff and ``SchedulingBackend/apply(_:to:)`` read again.
    var holdings: Holdings
}

/// What a backend did with a ``/RecurringAlarms/Reconciliation``.
struct AppliedChange {
    /// The identifiers added, in the order added.
    var added: [String]
    /// The identifiers removed as no longer planned, sorted.
    var removed: [String]
    /// The service's refusal of a request past its limit, if any.
    var refusal: Refusal?

    /// A request the service refused because it holds no more (AlarmKit's `maximumLimitReached`).
    struct Refusal {
        /// How many the service held when it refused: its limit.
        let held: Int
        /// The identifiers left out: the one refused and every one after it.
        let leftOut: Set<String>
        /// When the first of them would have rung: the plan's coverage ends there.
        let firstRing: Date
    }
}
