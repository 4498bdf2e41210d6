import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// One notification request the scheduler wants pending, with the fire it rings for (`nil`
/// for a repeating request and the reminder). Identified by the request's identifier, so
/// ``Reconciliation`` compares it with the pending ones.
struct DesiredRequest: BackendRequest {
    let request: NotificationRequest
    let fire: Fire?

    var id: String { request.identifier }
    var identifier: String { request.identifier }
}

/// How the pending requests were registered, as the record of the last refresh tells: the
/// instant of each fire then and the device zone then.
struct PreviousRegistrations {
    private let instants: [String: Date]
    private let deviceTimeZone: TimeZone?

    /// - Complexity: O(f) for f fires in `applied`.
    init(_ applied: AppliedPlan?) {
        instants = Dictionary((applied?.fires ?? []).map { ($0.id, $0.instant) }, uniquingKeysWith: { first, _ in first })
        deviceTimeZone = applied?.deviceTimeZone
    }

    /// Whether the pending request with `item`'s id no longer rings as `item` would: a
    /// floating one whose wall time changed (a device zone change alone keeps it), a zoned one
    /// whose instant changed (the rule's zone or policy changed). Never for the reminder (its
    /// id is its instant) nor for an id the record does not know.
    func isRegisteredDifferently(_ item: DesiredRequest) -> Bool {
        guard let fire = item.fire, let previousZone = deviceTimeZone, let previous = instants[fire.id] else { return false }
        if item.request.trigger.isFloating {
            let previousWall = LocalDateTime(instant: previous, utcOffsetSeconds: previousZone.secondsFromGMT(for: previous))
            return previousWall != item.request.trigger.local
        }
        return previous != fire.instant
    }
}
