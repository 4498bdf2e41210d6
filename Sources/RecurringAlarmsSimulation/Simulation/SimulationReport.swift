import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling

/// What happened in a ``DeviceSimulation``: every fire the rules required, whether it rang on
/// time or why not, every app open, and the longest stretch without coverage.
///
/// Codable in one JSON form, the document `alarms simulate --format json` writes (the same
/// keys and values; see ``encode(to:)``): every field is always written (`null` when absent, as
/// the CLI's plan JSON writes `adjustment`), except ``alarmKit``, written only for an AlarmKit
/// run; instants are RFC 3339 with the offset the device zone had at them. ``jsonDecoder()``
/// also reads the form earlier versions encoded, with instants in UTC (`2026-12-01T00:00:00Z`),
/// so stored reports still read. A table needs only ``fires`` (one row each) and ``summary``
/// (the footer).
///
/// ```swift
/// let report = try await simulation.run()
/// report.summary.missed                        // 0
/// report.fires.filter { !$0.delivered }        // the missed ones, each with a reason
/// try SimulationReport.jsonEncoder().encode(report)   // the document alarms simulate --format json writes
/// ```
public struct SimulationReport: Sendable, Hashable, Codable {
    /// Why a required fire did not ring on time.
    ///
    /// A missed fire gets one reason, the first that applies in the order ``noOpenInTime``,
    /// ``cap``, ``evicted``, ``timeZoneChange``, ``notPending``: a fire whose request the center
    /// evicted after the last open did not ring whatever the zone did, so one that was also
    /// crossed by a device zone change is ``evicted``.
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

    /// One fire the rules required in the period: the engine's ``/RecurringAlarms/Fire`` and
    /// whether it rang.
    ///
    /// The fire's fields read through: `required.instant` is `required.fire.instant`.
    ///
    /// ```swift
    /// for required in report.fires where !required.delivered {
    ///     print(required.id, required.instant, required.missReason!)   // which fire, when, and why it did not ring
    /// }
    /// ```
    ///
    /// Its Codable form is flat, as the report's `fires` holds it: `id`, `rule`, `at` (the
    /// instant, RFC 3339 with the offset of the fire's zone), `local`, `timeZone` (the IANA
    /// name), `adjustment` (`null` for ``/RecurringAlarms/FireAdjustment/none``), `floating`,
    /// `snooze`, `utcOffsetSeconds`, `delivered` and `missReason`, every field always written.
    @dynamicMemberLookup
    public struct RequiredFire: Sendable, Hashable, Codable {
        /// The required fire, as the engine expands the rules for the device zone of its day.
        public let fire: Fire
        /// Whether it rang at its instant.
        public let delivered: Bool
        /// Why not, when it did not.
        public let missReason: MissReason?

        /// A field of ``fire``.
        public subscript<Value>(dynamicMember field: KeyPath<Fire, Value>) -> Value { fire[keyPath: field] }

        private enum CodingKeys: String, CodingKey {
            case id, rule, at, local, timeZone, utcOffsetSeconds, adjustment, floating, snooze, delivered, missReason
        }

        init(fire: Fire, delivered: Bool, missReason: MissReason?) {
            self.fire = fire
            self.delivered = delivered
            self.missReason = missReason
        }

        /// Decodes the flat form; `timeZone` must be a known IANA zone name. The fire's id is
        /// made again from `rule`, `local` and `snooze`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            fire = Fire(
                ruleID: try container.decode(String.self, forKey: .rule), instant: try container.decode(Date.self, forKey: .at),
                local: try container.decode(LocalDateTime.self, forKey: .local),
                timeZone: try container.decode(IANAZone.self, forKey: .timeZone).wrappedValue,
                utcOffsetSeconds: try container.decode(Int.self, forKey: .utcOffsetSeconds),
                adjustment: try container.decodeIfPresent(FireAdjustment.self, forKey: .adjustment) ?? .none,
                isSnooze: try container.decode(Bool.self, forKey: .snooze), isFloating: try container.decode(Bool.self, forKey: .floating))
            delivered = try container.decode(Bool.self, forKey: .delivered)
            missReason = try container.decodeIfPresent(MissReason.self, forKey: .missReason)
        }

        /// Encodes the flat form, the object the report's `fires` holds.
        public func encode(to encoder: any Encoder) throws {
            try json.encode(to: encoder)
        }
    }

    /// One app open and what its refresh did.
    public struct Open: Sendable, Hashable, Codable {
        /// When the app opened and refreshed.
        public let at: Date
        /// The device zone at the open, which floating rules followed; written as its IANA name.
        @IANAZone public private(set) var timeZone: TimeZone
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
        @NullWhenAbsent public private(set) var reminderAt: Date?
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
        @IANAZone public private(set) var timeZone: TimeZone
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
        @IANAZone public private(set) var timeZone: TimeZone
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

    /// What an AlarmKit run's device did with the alarms: its limit, what the book learned of
    /// it, and how often it refused one.
    ///
    /// ```swift
    /// simulation.backend = .alarmKit(limit: 30)
    /// let run = try await simulation.run().alarmKit!
    /// run.deviceLimit    // 30
    /// run.learnedLimit   // 30: the first refresh asked for more, and the device refused the 31st
    /// run.refusals       // 1: every later refresh planned within 30
    /// ```
    ///
    /// Its Codable form has `deviceLimit`, `budget`, `learnedLimit` and `refusals`, every field
    /// always written (`null` for no limit).
    public struct AlarmKitRun: Sendable, Hashable, Codable {
        /// The most alarms the simulated device held at once (``DeviceSimulation/Backend/alarmKit(limit:)``);
        /// `nil` for no limit.
        @NullWhenAbsent public private(set) var deviceLimit: Int?
        /// The scheduler's AlarmKit budget, ``/RecurringAlarmsScheduling/AlarmKitOptions/budget``
        /// (the report's ``SimulationReport/capacity`` too).
        public let budget: Int
        /// The alarm limit the book had learned by the last open
        /// (``/RecurringAlarmsScheduling/RefreshReport/alarmLimit``); `nil` when the device never refused.
        @NullWhenAbsent public private(set) var learnedLimit: Int?
        /// How many times the device refused an alarm (`maximumLimitReached`) over the period.
        public let refusals: Int
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
    @IANAZone public private(set) var initialTimeZone: TimeZone
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
    @NullWhenAbsent public private(set) var longestUncovered: Stretch?
    /// The totals over the period.
    public let summary: Summary
    /// What the AlarmKit device did, for a run on ``DeviceSimulation/Backend/alarmKit(limit:)``;
    /// `nil` for a notification run, whose Codable form leaves the key out (so it reads as it
    /// always has). In an AlarmKit run ``capacity`` is the AlarmKit budget, ``Summary/peakPending``
    /// the most alarms held, and there are no evictions or drops.
    public let alarmKit: AlarmKitRun?

    /// Which backend the simulation scheduled with.
    ///
    /// ```swift
    /// report.backend   // .notifications, or .alarmKit(limit: 30)
    /// ```
    public var backend: DeviceSimulation.Backend {
        alarmKit.map { .alarmKit(limit: $0.deviceLimit) } ?? .notifications
    }

    /// A JSON encoder for the report's one form: sorted keys, pretty-printed. The report writes
    /// its instants itself (``encode(to:)``); the date strategy, RFC 3339 in UTC, is for its
    /// parts encoded alone.
    public static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The matching decoder: reads instants in RFC 3339 at any offset, so it reads both the
    /// report's form (the device zone's offsets) and the form earlier versions wrote (UTC).
    ///
    /// ```swift
    /// let report = try SimulationReport.jsonDecoder().decode(SimulationReport.self, from: data)
    /// ```
    public static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let parsed = RFC3339.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an RFC 3339 instant, such as 2026-12-01T07:30:00+01:00")
            }
            return parsed.instant
        }
        return decoder
    }
}

/// A zone in the report's Codable form: written as its IANA name (`TimeZone.ianaName`), read
/// back only from a known one, so the property keeps its `TimeZone` type and the report its
/// synthesized Codable.
///
/// ```swift
/// @IANAZone public private(set) var timeZone: TimeZone   // encodes as "Europe/Berlin"
/// ```
@propertyWrapper
public struct IANAZone: Sendable, Hashable, Codable {
    /// The zone.
    public var wrappedValue: TimeZone

    /// Wraps `wrappedValue`.
    public init(wrappedValue: TimeZone) { self.wrappedValue = wrappedValue }
}

// Read from an IANA zone name (any other text is a `DecodingError.dataCorrupted`), written as
// the zone's IANA name.
extension IANAZone: StringCodable {
    package init?(parsing text: String) {
        guard let zone = TimeZone(ianaIdentifier: text) else { return nil }
        wrappedValue = zone
    }

    package var codedText: String { wrappedValue.ianaName }

    package static let expectedForm = "a known IANA time zone"
}

/// An optional in the report's Codable form: written as `null` when absent, where a synthesized
/// encoder would leave the key out, so that every field is always written; read as absent when
/// `null` or missing.
///
/// ```swift
/// @NullWhenAbsent public private(set) var reminderAt: Date?   // encodes nil as "reminderAt": null
/// ```
@propertyWrapper
public struct NullWhenAbsent<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// The value, `nil` when absent.
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    /// Reads `null` as absent, anything else as a `Value`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    /// Writes the value, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key reads as absent, as `null` does.
    func decode<Value>(_ type: NullWhenAbsent<Value>.Type, forKey key: Key) throws -> NullWhenAbsent<Value> {
        try decodeIfPresent(type, forKey: key) ?? NullWhenAbsent(wrappedValue: nil)
    }
}
