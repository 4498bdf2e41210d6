import Foundation
import RecurringAlarms

/// What happened in a ``DeviceSimulation``: every fire the rules required, whether it rang on
/// time or why not, every app open, and the longest stretch without coverage.
///
/// Codable with stable field names: every field is always written (`null` when absent, as the
/// CLI's plan JSON writes `adjustment`); dates are instants, written by ``jsonEncoder()`` as
/// RFC 3339 in UTC. A table needs only ``fires`` (one row each) and ``summary`` (the footer).
///
/// ```swift
/// let report = try await simulation.run()
/// report.summary.missed                        // 0
/// report.fires.filter { !$0.delivered }        // the missed ones, each with a reason
/// try SimulationReport.jsonEncoder().encode(report)   // the `alarms simulate --format json` body
/// ```
public struct SimulationReport: Sendable, Hashable, Codable {
    /// Why a required fire did not ring on time.
    public enum MissReason: String, Sendable, Hashable, Codable, CaseIterable {
        /// No open made a plan reaching it: it lies past the last open's horizon (or before the first open).
        case noOpenInTime = "no-open-in-time"
        /// The last open's plan was cut by the cap before it: an open before the coverage end would have saved it.
        case cap
        /// The last open's plan covered it, but the device changed zone since, moving it out of
        /// what was pending (a floating fire that became due earlier, or one already delivered
        /// under the same id by the old clock). An open after the change would have saved it.
        case timeZoneChange = "time-zone-change"
        /// The center dropped its request over the OS cap. The scheduler never causes this.
        case evicted
        /// Covered, not evicted, no zone change, and still it did not ring: a defect.
        case notPending = "not-pending"
    }

    /// One fire the rules required in the period.
    public struct RequiredFire: Sendable, Hashable, Codable {
        /// The fire id (the notification identifier).
        public let id: String
        public let rule: String
        /// When it had to ring.
        public let at: Date
        /// The nominal wall time from the rule.
        public let local: String
        /// The zone whose clock the fire follows (the device's zone then, for a floating rule).
        public let timeZone: String
        /// The offset of ``timeZone`` at ``at``, to show the wall clock when it rang.
        public let utcOffsetSeconds: Int
        /// `gap-shifted`, `overlap-first`, `overlap-last`, or `nil`.
        public let adjustment: String?
        public let floating: Bool
        public let snooze: Bool
        /// Whether it rang at ``at``.
        public let delivered: Bool
        /// Why not, when it did not.
        public let missReason: MissReason?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(rule, forKey: .rule)
            try container.encode(at, forKey: .at)
            try container.encode(local, forKey: .local)
            try container.encode(timeZone, forKey: .timeZone)
            try container.encode(utcOffsetSeconds, forKey: .utcOffsetSeconds)
            try container.encode(adjustment, forKey: .adjustment)
            try container.encode(floating, forKey: .floating)
            try container.encode(snooze, forKey: .snooze)
            try container.encode(delivered, forKey: .delivered)
            try container.encode(missReason, forKey: .missReason)
        }
    }

    /// One app open and what its refresh did.
    public struct Open: Sendable, Hashable, Codable {
        public let at: Date
        public let timeZone: String
        public let added: Int
        public let removed: Int
        public let replaced: Int
        public let unchanged: Int
        public let coveredUntil: Date
        public let refillDeadline: Date
        public let horizonEnd: Date
        public let truncated: Bool
        /// The slots the refresh could fill (the reminder takes the last, when there is one).
        public let slots: Int
        public let reminderAt: Date?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at)
            try container.encode(timeZone, forKey: .timeZone)
            try container.encode(added, forKey: .added)
            try container.encode(removed, forKey: .removed)
            try container.encode(replaced, forKey: .replaced)
            try container.encode(unchanged, forKey: .unchanged)
            try container.encode(coveredUntil, forKey: .coveredUntil)
            try container.encode(refillDeadline, forKey: .refillDeadline)
            try container.encode(horizonEnd, forKey: .horizonEnd)
            try container.encode(truncated, forKey: .truncated)
            try container.encode(slots, forKey: .slots)
            try container.encode(reminderAt, forKey: .reminderAt)
        }
    }

    /// A notification that rang: a reminder, or a fire ringing when none was required.
    public struct Delivery: Sendable, Hashable, Codable {
        public let id: String
        public let at: Date
        public let timeZone: String
    }

    /// A request the center dropped without ringing it.
    public struct Drop: Sendable, Hashable, Codable {
        public let id: String
        public let at: Date
        public let reason: SimulatedNotificationCenter.Drop.Reason
    }

    /// A stretch of time, `from` to `to`.
    public struct Stretch: Sendable, Hashable, Codable {
        public let from: Date
        public let to: Date
        public let seconds: Int
    }

    /// A device zone change.
    public struct ZoneChange: Sendable, Hashable, Codable {
        public let at: Date
        public let timeZone: String
    }

    /// Totals, for a footer.
    ///
    /// ```swift
    /// report.summary.description
    /// // "21 required, 17 delivered on time, 4 missed (no-open-in-time 4); 1 reminder, 2 opens,
    /// //  peak pending 13, 0 evictions, longest uncovered 2 d 10 h"
    /// ```
    public struct Summary: Sendable, Hashable, Codable, CustomStringConvertible {
        public let required: Int
        public let delivered: Int
        public let missed: Int
        /// Missed fires by ``MissReason`` raw value; reasons with none are left out.
        public let missedByReason: [String: Int]
        public let unexpectedDeliveries: Int
        public let reminders: Int
        public let opens: Int
        /// Requests dropped by the center over the cap: 0 unless something is wrong.
        public let evictions: Int
        /// The most requests pending at once.
        public let peakPending: Int
        /// ``SimulationReport/longestUncovered`` in seconds, 0 when always covered.
        public let longestUncoveredSeconds: Int

        public var description: String {
            func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
            let reasons = missedByReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            var text = "\(required) required, \(delivered) delivered on time, \(missed) missed"
            if !reasons.isEmpty { text += " (\(reasons))" }
            if unexpectedDeliveries > 0 {
                text += unexpectedDeliveries == 1 ? ", 1 unexpected delivery" : ", \(unexpectedDeliveries) unexpected deliveries"
            }
            text += "; \(plural(reminders, "reminder")), \(plural(opens, "open")), peak pending \(peakPending), \(plural(evictions, "eviction")), "
            text += "longest uncovered " + (longestUncoveredSeconds == 0 ? "none" : Summary.describe(seconds: longestUncoveredSeconds))
            return text
        }

        /// `"2 d 10 h"`, `"5 h 30 min"`, `"45 min"`, `"30 s"`.
        static func describe(seconds: Int) -> String {
            let days = seconds / 86_400, hours = seconds / 3600 % 24, minutes = seconds / 60 % 60
            if days > 0 { return hours > 0 ? "\(days) d \(hours) h" : "\(days) d" }
            if hours > 0 { return minutes > 0 ? "\(hours) h \(minutes) min" : "\(hours) h" }
            return minutes > 0 ? "\(minutes) min" : "\(seconds) s"
        }
    }

    public let start: Date
    public let end: Date
    public let eviction: EvictionModel
    /// What the simulated OS holds: 64.
    public let capacity: Int
    /// ``SchedulerOptions/budget``.
    public let budget: Int
    public let reminderEnabled: Bool
    public let initialTimeZone: String
    public let zoneChanges: [ZoneChange]
    public let opens: [Open]
    /// Every required fire in `(start, end]`, in order of instant.
    public let fires: [RequiredFire]
    /// Fires that rang when or where no rule required them (0 unless a zone change met a gap or overlap).
    public let unexpectedDeliveries: [Delivery]
    /// Reminder notifications that rang.
    public let reminders: [Delivery]
    public let drops: [Drop]
    /// The longest time in the period outside every open's coverage (`[open, coveredUntil)`),
    /// counting from the start; `nil` when there is none.
    public let longestUncovered: Stretch?
    public let summary: Summary

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(eviction, forKey: .eviction)
        try container.encode(capacity, forKey: .capacity)
        try container.encode(budget, forKey: .budget)
        try container.encode(reminderEnabled, forKey: .reminderEnabled)
        try container.encode(initialTimeZone, forKey: .initialTimeZone)
        try container.encode(zoneChanges, forKey: .zoneChanges)
        try container.encode(opens, forKey: .opens)
        try container.encode(fires, forKey: .fires)
        try container.encode(unexpectedDeliveries, forKey: .unexpectedDeliveries)
        try container.encode(reminders, forKey: .reminders)
        try container.encode(drops, forKey: .drops)
        try container.encode(longestUncovered, forKey: .longestUncovered)
        try container.encode(summary, forKey: .summary)
    }

    /// A JSON encoder for the report's stable form: RFC 3339 UTC dates, sorted keys, pretty-printed.
    public static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The matching decoder.
    public static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
