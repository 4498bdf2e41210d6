import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// One request the scheduler wants pending, with the fire it rings for (`nil` for the reminder).
struct DesiredRequest {
    let request: NotificationRequest
    let fire: Fire?
}

/// What to change so that the pending requests the scheduler owns become exactly the desired ones.
///
/// A pending identifier that is still desired stays as it is, unless the record of the applied
/// plan shows it was registered to ring differently (``isRegisteredDifferently(_:fire:previousInstant:previousZone:)``);
/// then it is removed and added again.
struct RequestDiff {
    /// Owned pending identifiers no longer desired, sorted.
    var removed: [String] = []
    /// Owned pending identifiers still desired but registered differently, sorted.
    var replaced: [String] = []
    /// Owned pending identifiers left alone, sorted.
    var unchanged: [String] = []
    /// The requests to add (new ones and replacements), latest-firing first.
    var adding: [NotificationRequest] = []

    /// - Parameters:
    ///   - owned: the pending identifiers that are the scheduler's.
    ///   - desired: the requests wanted, soonest first.
    ///   - applied: the record of the last refresh, if any.
    /// - Complexity: O(p + d) for p owned identifiers and d desired requests.
    init(owned: Set<String>, desired: [DesiredRequest], applied: AppliedPlan?) {
        let previousInstants = Dictionary((applied?.fires ?? []).map { ($0.id, $0.instant) }, uniquingKeysWith: { first, _ in first })
        removed = owned.subtracting(desired.map(\.request.identifier)).sorted()
        for item in desired {
            guard owned.contains(item.request.identifier) else {
                adding.append(item.request)
                continue
            }
            if let fire = item.fire, let applied, let previous = previousInstants[fire.id],
               Self.isRegisteredDifferently(item.request.trigger, fire: fire, previousInstant: previous, previousZone: applied.deviceTimeZone) {
                replaced.append(item.request.identifier)
                adding.append(item.request)
            } else {
                unchanged.append(item.request.identifier)
            }
        }
        replaced.sort()
        unchanged.sort()
        adding.reverse()   // desired is soonest first: add latest first, so the soonest are added last
    }

    /// Whether a pending request for `fire`, registered when the fire was at `previousInstant`
    /// with the device in `previousZone`, no longer rings as `trigger` would: a floating one
    /// whose wall time changed (a device zone change alone keeps it), a zoned one whose
    /// instant changed (the rule's zone or policy changed).
    static func isRegisteredDifferently(_ trigger: NotificationTrigger, fire: Fire, previousInstant: Date, previousZone: TimeZone) -> Bool {
        if trigger.isFloating {
            let previousWall = LocalDateTime(instant: previousInstant, utcOffsetSeconds: previousZone.secondsFromGMT(for: previousInstant))
            return previousWall != trigger.local
        }
        return previousInstant != fire.instant
    }
}
