import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling

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
/// try SimulationReport.jsonEncoder().encode(report)   // the stable Codable form
/// ```
public struct SimulationReport: Sendable, Hashable, Codable {
    /// Why a required fire did not ring on time.
    ///
    /// Its text is its raw value everywhere, in interpolation as in the summary and JSON:
    ///
    /// ```swift
    /// "\(SimulationReport.MissReason.noOpenInTime)"   // "no-open-in-time"
    /// ```
    public enum MissReason: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
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

        /// The raw value, `no-open-in-time`, as the summary and JSON name the reason.
        public var description: String { rawValue }
    }

    /// One fire the rules required in the period.
    public struct RequiredFire: Sendable, Hashable, Codable {
        /// The fire id (the notification identifier).
        public let id: String
        /// The id of the rule the fire belongs to.
        public let rule: String
        /// When it had to ring.
        public let at: Date
        /// The nominal wall time from the rule.
        public let local: LocalDateTime
        /// The zone whose clock the fire follows (the device's zone then, for a floating rule);
        /// written as its IANA name (`TimeZone.ianaName`).
        public let timeZone: TimeZone
        /// The offset of ``timeZone`` at ``at``, to show the wall clock when it rang.
        public let utcOffsetSeconds: Int
        /// How the wall time was resolved; written as `null` when it is `.none`,
        /// as the plan JSON writes it.
        public let adjustment: FireAdjustment
        /// Whether the fire follows the device zone (its rule is floating).
        public let floating: Bool
        /// Whether the fire is a snooze rather than one of the rule's own times.
        public let snooze: Bool
        /// Whether it rang at ``at``.
        public let delivered: Bool
        /// Why not, when it did not.
        public let missReason: MissReason?

        private enum CodingKeys: String, CodingKey {
            case id, rule, at, local, timeZone, utcOffsetSeconds, adjustment, floating, snooze, delivered, missReason
        }

        init(
            id: String, rule: String, at: Date, local: LocalDateTime, timeZone: TimeZone, utcOffsetSeconds: Int,
            adjustment: FireAdjustment, floating: Bool, snooze: Bool, delivered: Bool, missReason: MissReason?
        ) {
            self.id = id
            self.rule = rule
            self.at = at
            self.local = local
            self.timeZone = timeZone
            self.utcOffsetSeconds = utcOffsetSeconds
            self.adjustment = adjustment
            self.floating = floating
            self.snooze = snooze
            self.delivered = delivered
            self.missReason = missReason
        }

        /// Decodes the form ``encode(to:)`` writes; `timeZone` must be a known IANA zone name.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            rule = try container.decode(String.self, forKey: .rule)
            at = try container.decode(Date.self, forKey: .at)
            local = try container.decode(LocalDateTime.self, forKey: .local)
            timeZone = try container.decodeZone(forKey: .timeZone)
            utcOffsetSeconds = try container.decode(Int.self, forKey: .utcOffsetSeconds)
            adjustment = try container.decodeIfPresent(FireAdjustment.self, forKey: .adjustment) ?? .none
            floating = try container.decode(Bool.self, forKey: .floating)
            snooze = try container.decode(Bool.self, forKey: .snooze)
            delivered = try container.decode(Bool.self, forKey: .delivered)
            missReason = try container.decodeIfPresent(MissReason.self, forKey: .missReason)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(rule, forKey: .rule)
            try container.encode(at, forKey: .at)
            try container.encode(local, forKey: .local)
            try container.encode(timeZone.ianaName, forKey: .timeZone)
            try container.encode(utcOffsetSeconds, forKey: .utcOffsetSeconds)
            try container.encode(adjustment == .none ? nil : adjustment, forKey: .adjustment)
            try container.encode(floating, forKey: .floating)
            try container.encode(snooze, forKey: .snooze)
            try container.encode(delivered, forKey: .delivered)
            try container.encode(missReason, forKey: .missReason)
        }
    }

    /// One app open and what its refresh did.
    public struct Open: Sendable, Hashable, Codable {
        /// When the app opened and refreshed.
        public let at: Date
        /// The device zone at the open, which floating rules followed; written as its IANA name.
        public let timeZone: TimeZone
        /// How many requests the refresh added (``/RecurringAlarmsScheduling/RefreshReport/added``).
        public let added: Int
        /// How many pending requests it removed as no longer planned.
        public let removed: Int
        /// How many pending requests it removed and added again, registered differently.
        public let replaced: Int
        /// How many pending requests it left as they were.
        public let unchanged: Int
        /// ``/RecurringAlarmsScheduling/RefreshReport/coveredUntil``: every fire required before it was pending after the refresh.
        public let coveredUntil: Date
        /// ``/RecurringAlarmsScheduling/RefreshReport/refillDeadline``: the next open had to come by then to keep the alarms unbroken.
        public let refillDeadline: Date
        /// The end of the refresh's plan window (``/RecurringAlarms/Plan/horizonEnd``).
        public let horizonEnd: Date
        /// Whether the slots ran out before ``horizonEnd``.
        public let truncated: Bool
        /// The slots the refresh could fill (the reminder takes the last, when there is one).
        public let slots: Int
        /// When the refresh reminder was set to ring; `nil` when none was registered (reminder off,
        /// no slot, or no fire after the coverage within a year).
        public let reminderAt: Date?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at)
            try container.encode(timeZone.ianaName, forKey: .timeZone)
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
    ///
    /// The report's record of a ``SimulatedNotificationCenter/Delivery``.
    public struct RangNotification: Sendable, Hashable, Codable {
        /// The request identifier: a fire id or a reminder id.
        public let id: String
        /// When it rang.
        public let at: Date
        /// The device zone when it rang; written as its IANA name.
        public let timeZone: TimeZone

        private enum CodingKeys: String, CodingKey { case id, at, timeZone }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(at, forKey: .at)
            try container.encode(timeZone.ianaName, forKey: .timeZone)
        }
    }

    /// A request the center dropped without ringing it.
    ///
    /// The report's record of a ``SimulatedNotificationCenter/Drop``.
    public struct DroppedRequest: Sendable, Hashable, Codable {
        /// The identifier of the dropped request.
        public let id: String
        /// When the center dropped it: the simulated present at the add, eviction or zone change.
        public let at: Date
        /// Why the center dropped it.
        public let reason: SimulatedNotificationCenter.Drop.Reason
    }

    /// A stretch of time, `from` to `to`.
    public struct Stretch: Sendable, Hashable, Codable {
        /// Where the stretch begins.
        public let from: Date
        /// Where the stretch ends.
        public let to: Date
        /// Its length, `to - from`, in whole seconds.
        public let seconds: Int
    }

    /// A device zone change.
    public struct ZoneChange: Sendable, Hashable, Codable {
        /// When the device changed zone.
        public let at: Date
        /// The zone it moved to; written as its IANA name.
        public let timeZone: TimeZone

        private enum CodingKeys: String, CodingKey { case at, timeZone }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at)
            try container.encode(timeZone.ianaName, forKey: .timeZone)
        }
    }

    /// Totals, for a footer.
    ///
    /// ```swift
    /// report.summary.description
    /// // "21 required, 17 delivered on time, 4 missed (no-open-in-time 4); 1 reminder, 2 opens,
    /// //  peak pending 13, 0 evictions, longest uncovered 2 d 10 h"
    /// ```
    public struct Summary: Sendable, Hashable, Codable, CustomStringConvertible {
        /// How many fires the rules required in the period (the count of ``SimulationReport/fires``).
        public let required: Int
        /// How many of them rang on time.
        public let delivered: Int
        /// How many of them did not: `required - delivered`.
        public let missed: Int
        /// Missed fires by ``MissReason`` raw value; reasons with none are left out.
        public let missedByReason: [String: Int]
        /// How many fires rang when or where no rule required them (``SimulationReport/unexpectedDeliveries``).
        public let unexpectedDeliveries: Int
        /// How many reminder notifications rang.
        public let reminders: Int
        /// How many times the app opened (each open one refresh).
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
            text +=
                "; \(plural(reminders, "reminder")), \(plural(opens, "open")), peak pending \(peakPending), \(plural(evictions, "eviction")), "
            text += "longest uncovered " + (longestUncoveredSeconds == 0 ? "none" : DurationText.describe(seconds: longestUncoveredSeconds))
            return text
        }
    }

    /// The start of the period, to the whole second; fires are required in `(start, end]`.
    public let start: Date
    /// The end of the period: ``DeviceSimulation/end`` to the whole second, kept between `start`
    /// and ``DeviceSimulation/maximumSpan`` after it.
    public let end: Date
    /// Which request the simulated center dropped when over its capacity.
    public let eviction: EvictionModel
    /// The most requests the simulated OS holds at once: the scheduler's cap (64 by default).
    public let capacity: Int
    /// ``/RecurringAlarmsScheduling/SchedulerOptions/budget``.
    public let budget: Int
    /// Whether the scheduler had a refresh reminder (``/RecurringAlarmsScheduling/SchedulerOptions/reminder`` was set).
    public let reminderEnabled: Bool
    /// The device zone at ``start``; written as its IANA name.
    public let initialTimeZone: TimeZone
    /// The device's zone changes in `(start, end]`, in order.
    public let zoneChanges: [ZoneChange]
    /// Every app open in `[start, end]`, in order, with what its refresh did.
    public let opens: [Open]
    /// Every required fire in `(start, end]`, in order of instant.
    public let fires: [RequiredFire]
    /// Fires that rang when or where no rule required them (0 unless a zone change met a gap or overlap).
    public let unexpectedDeliveries: [RangNotification]
    /// Reminder notifications that rang.
    public let reminders: [RangNotification]
    /// Every request the center dropped without ringing it, in order.
    public let drops: [DroppedRequest]
    /// The longest time in the period outside every open's coverage (`[open, coveredUntil)`),
    /// counting from the start; `nil` when there is none.
    public let longestUncovered: Stretch?
    /// The totals over the period.
    public let summary: Summary

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(eviction, forKey: .eviction)
        try container.encode(capacity, forKey: .capacity)
        try container.encode(budget, forKey: .budget)
        try container.encode(reminderEnabled, forKey: .reminderEnabled)
        try container.encode(initialTimeZone.ianaName, forKey: .initialTimeZone)
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

// Decoders for the types whose zones are written as IANA names. In extensions, so that each
// type keeps its memberwise initializer.

extension SimulationReport {
    private enum CodingKeys: String, CodingKey {
        case start, end, eviction, capacity, budget, reminderEnabled, initialTimeZone, zoneChanges, opens, fires,
            unexpectedDeliveries, reminders, drops, longestUncovered, summary
    }

    /// Decodes the form ``encode(to:)`` writes; every zone must be a known IANA zone name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            start: try container.decode(Date.self, forKey: .start),
            end: try container.decode(Date.self, forKey: .end),
            eviction: try container.decode(EvictionModel.self, forKey: .eviction),
            capacity: try container.decode(Int.self, forKey: .capacity),
            budget: try container.decode(Int.self, forKey: .budget),
            reminderEnabled: try container.decode(Bool.self, forKey: .reminderEnabled),
            initialTimeZone: try container.decodeZone(forKey: .initialTimeZone),
            zoneChanges: try container.decode([ZoneChange].self, forKey: .zoneChanges),
            opens: try container.decode([Open].self, forKey: .opens),
            fires: try container.decode([RequiredFire].self, forKey: .fires),
            unexpectedDeliveries: try container.decode([RangNotification].self, forKey: .unexpectedDeliveries),
            reminders: try container.decode([RangNotification].self, forKey: .reminders),
            drops: try container.decode([DroppedRequest].self, forKey: .drops),
            longestUncovered: try container.decodeIfPresent(Stretch.self, forKey: .longestUncovered),
            summary: try container.decode(Summary.self, forKey: .summary))
    }
}

extension SimulationReport.Open {
    private enum CodingKeys: String, CodingKey {
        case at, timeZone, added, removed, replaced, unchanged, coveredUntil, refillDeadline, horizonEnd, truncated, slots, reminderAt
    }

    /// Decodes the form ``encode(to:)`` writes; `timeZone` must be a known IANA zone name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            at: try container.decode(Date.self, forKey: .at),
            timeZone: try container.decodeZone(forKey: .timeZone),
            added: try container.decode(Int.self, forKey: .added),
            removed: try container.decode(Int.self, forKey: .removed),
            replaced: try container.decode(Int.self, forKey: .replaced),
            unchanged: try container.decode(Int.self, forKey: .unchanged),
            coveredUntil: try container.decode(Date.self, forKey: .coveredUntil),
            refillDeadline: try container.decode(Date.self, forKey: .refillDeadline),
            horizonEnd: try container.decode(Date.self, forKey: .horizonEnd),
            truncated: try container.decode(Bool.self, forKey: .truncated),
            slots: try container.decode(Int.self, forKey: .slots),
            reminderAt: try container.decodeIfPresent(Date.self, forKey: .reminderAt))
    }
}

extension SimulationReport.RangNotification {
    /// Decodes the form ``encode(to:)`` writes; `timeZone` must be a known IANA zone name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id), at: try container.decode(Date.self, forKey: .at),
            timeZone: try container.decodeZone(forKey: .timeZone))
    }
}

extension SimulationReport.ZoneChange {
    /// Decodes the form ``encode(to:)`` writes; `timeZone` must be a known IANA zone name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(at: try container.decode(Date.self, forKey: .at), timeZone: try container.decodeZone(forKey: .timeZone))
    }
}

extension KeyedDecodingContainer {
    /// The zone written under `key` as an IANA name (`TimeZone.ianaName`).
    fileprivate func decodeZone(forKey key: Key) throws -> TimeZone {
        let name = try decode(String.self, forKey: key)
        guard let zone = TimeZone(ianaIdentifier: name) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(name)' is not a known IANA time zone")
        }
        return zone
    }
}
