/// The three things the scheduler asks of a notification center.
///
/// `UserNotificationCenterAdapter` (where `UserNotifications` exists) forwards to `UNUserNotificationCenter`;
/// `RecurringAlarmsSimulation`'s `SimulatedNotificationCenter` behaves like iOS on any platform, for tests and the simulator.
/// Implementations are `Sendable` and may be called from any task.
///
/// ```swift
/// struct LoggingCenter: NotificationCenterAdapter {
///     let base: any NotificationCenterAdapter
///     func pendingIdentifiers() async throws -> [String] { try await base.pendingIdentifiers() }
///     func add(_ requests: [NotificationRequest]) async throws {
///         print("adding", requests.map(\.identifier)); try await base.add(requests)
///     }
///     func removePendingRequests(withIdentifiers identifiers: [String]) async throws {
///         try await base.removePendingRequests(withIdentifiers: identifiers)
///     }
/// }
/// ```
public protocol NotificationCenterAdapter: Sendable {
    /// The identifiers of every request the app has pending, including ones this package did
    /// not add (the scheduler leaves those alone and counts them against the cap).
    ///
    /// - Complexity: the scheduler calls it once per refresh and reads the result in O(n) for
    ///   n pending requests; an implementation should be O(n) too.
    func pendingIdentifiers() async throws -> [String]

    /// Adds `requests` one by one, in the order given. A request whose identifier is pending
    /// replaces it.
    ///
    /// - Complexity: the scheduler calls it at most once per refresh, with at most
    ///   ``SchedulerOptions/cap`` requests; an implementation should be O(n) in them.
    func add(_ requests: [NotificationRequest]) async throws

    /// Removes the pending requests with these identifiers; unknown identifiers are ignored.
    ///
    /// - Complexity: the scheduler calls it at most once per refresh, with at most as many
    ///   identifiers as are pending; an implementation should be O(n) in them.
    func removePendingRequests(withIdentifiers identifiers: [String]) async throws

    /// The most requests the center keeps pending, when it holds fewer than
    /// ``SchedulerOptions/cap`` says; `nil` (the default) when the cap is the center's limit,
    /// as for the system's 64.
    ///
    /// A refresh plans no more than this many requests, so its report never claims coverage
    /// that the center dropped. `SimulatedNotificationCenter` gives its `capacity`.
    var pendingLimit: Int? { get }
}

extension NotificationCenterAdapter {
    /// `nil`: the scheduler's ``SchedulerOptions/cap`` is the center's limit.
    public var pendingLimit: Int? { nil }
}
