import Foundation
import RecurringAlarms

/// The one JSON shape of a fire, shared by `plan`, `next`, `explain` and `simulate`: `id`,
/// `rule`, `at` (with the offset of the fire's zone), `local` (nominal), `timeZone`,
/// `adjustment`, in that order; a command appends its own documented fields after them.
///
/// ```swift
/// FireDocument(fire).json()
/// // {"id": "night@2026-03-08T02:30:00", "rule": "night", "at": "2026-03-08T03:30:00-04:00",
/// //  "local": "2026-03-08T02:30:00", "timeZone": "America/New_York", "adjustment": "gap-shifted"}
/// ```
struct FireDocument {
    let id: String
    let rule: String
    let at: Date
    /// The offset of ``timeZone`` at ``at``, which `at` is written with.
    let utcOffsetSeconds: Int
    let local: LocalDateTime
    let timeZone: TimeZone
    let adjustment: FireAdjustment

    init(_ fire: Fire) {
        id = fire.id
        rule = fire.ruleID
        at = fire.instant
        utcOffsetSeconds = fire.utcOffsetSeconds
        local = fire.local
        timeZone = fire.timeZone
        adjustment = fire.adjustment
    }

    /// The fire object, with `fields` of the command after the shared ones.
    func json(adding fields: [(key: String, value: JSONValue)] = []) -> JSONValue {
        .object(
            [
                ("id", .string(id)), ("rule", .string(rule)), ("at", .instant(at, utcOffsetSeconds: utcOffsetSeconds)),
                ("local", .string(local.description)), ("timeZone", .string(timeZone.ianaName)),
                ("adjustment", adjustment == .none ? .null : .string(adjustment.rawValue))
            ] + fields)
    }
}
