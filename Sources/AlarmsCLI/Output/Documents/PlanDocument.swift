import Foundation
import RecurringAlarms

/// `alarms plan --format json`: the plan's window and cap, then its fires in the shared
/// fire shape. Instants of the plan carry the device zone's offset.
struct PlanDocument: JSONDocument {
    let now: Date
    let timeZone: TimeZone
    let cap: Int
    let horizonEnd: Date
    let coveredUntil: Date
    let truncated: Bool
    let fires: [Fire]

    init(_ plan: Plan) {
        now = plan.now
        timeZone = plan.deviceTimeZone
        cap = plan.cap
        horizonEnd = plan.horizonEnd
        coveredUntil = plan.coveredUntil
        truncated = plan.isTruncated
        fires = plan.fires
    }

    var json: JSONValue {
        .object([
            ("now", .instant(now, in: timeZone)), ("timeZone", .string(timeZone.ianaName)), ("cap", .integer(cap)),
            ("horizonEnd", .instant(horizonEnd, in: timeZone)), ("coveredUntil", .instant(coveredUntil, in: timeZone)),
            ("truncated", .bool(truncated)), ("fires", .array(fires.map { $0.jsonObject() }))
        ])
    }
}
