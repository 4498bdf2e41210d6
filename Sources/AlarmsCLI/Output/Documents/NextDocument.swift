import Foundation
import RecurringAlarms

/// `alarms next --format json`: the next fires in the shared fire shape, each followed by its
/// label, whether it floats or is a snooze, the device's clock at it and the time to go.
struct NextDocument: JSONDocument {
    struct NextFire {
        let fire: Fire
        let label: String?
        let floating: Bool
        let snooze: Bool
        /// The device's wall clock at the fire.
        let deviceLocal: LocalDateTime
        /// Whole seconds from `now` to the fire.
        let inSeconds: Int
    }

    let now: Date
    let timeZone: TimeZone
    let fires: [NextFire]

    init(_ plan: Plan, labels: [String: String]) {
        let zone = plan.deviceTimeZone
        now = plan.now
        timeZone = zone
        fires = plan.fires.map { fire in
            NextFire(
                fire: fire, label: labels[fire.ruleID], floating: fire.isFloating, snooze: fire.isSnooze,
                deviceLocal: LocalDateTime(instant: fire.instant, utcOffsetSeconds: zone.secondsFromGMT(for: fire.instant)),
                inSeconds: Int(fire.instant.timeIntervalSince(plan.now).rounded(.down)))
        }
    }

    var json: JSONValue {
        .object([
            ("now", .instant(now, in: timeZone)), ("timeZone", .string(timeZone.ianaName)),
            (
                "fires",
                .array(
                    fires.map { next in
                        next.fire.jsonObject(adding: [
                            ("label", .optional(next.label)), ("floating", .bool(next.floating)), ("snooze", .bool(next.snooze)),
                            ("deviceLocal", .string(next.deviceLocal.description)), ("inSeconds", .integer(next.inSeconds))
                        ])
                    })
            )
        ])
    }
}
