import Foundation

/// One alarm going off: a rule, the wall time it asked for, and the instant that means.
///
/// Its ``id`` is stable (`"<ruleID>@<nominal local YYYY-MM-DDTHH:MM:SS>"`), so a re-plan
/// produces the same id for the same occurrence and a reconcile only touches the difference.
///
/// ```swift
/// fire.id                  // "wake@2026-03-08T02:30:00"
/// fire.local.description   // "2026-03-08T02:30:00"  (nominal, as the rule says)
/// fire.instant             // 2026-03-08T07:30:00Z   (03:30 EDT: gap-shifted)
/// fire.adjustment          // .gapShifted
/// fire.utcOffsetSeconds    // -14400, the offset in force at the instant
/// ```
public struct Fire: Sendable, Hashable, Identifiable {
    /// The rule this fire belongs to.
    public let ruleID: String
    /// When the alarm goes off.
    public let instant: Date
    /// The nominal wall time from the rule, which differs from the clock at ``instant`` only
    /// when ``adjustment`` is ``FireAdjustment/gapShifted``.
    public let local: LocalDateTime
    /// The zone whose wall clock the rule follows: its fixed zone, or the device zone for floating rules.
    public let timeZone: TimeZone
    /// The UTC offset of ``timeZone`` at ``instant``.
    public let utcOffsetSeconds: Int
    /// How a gap or overlap was resolved, if one was involved.
    public let adjustment: FireAdjustment
    /// Whether this is a one-off snooze rather than an occurrence of the rule's schedule.
    /// A snooze's ``local`` is the wall time at its instant.
    public let isSnooze: Bool
    /// Whether the rule is floating, so ``timeZone`` is the device zone at plan time. An app
    /// registers such a fire as a wall-clock time without a zone, so it follows the device.
    public let isFloating: Bool

    /// A fire with every field given, as the planner makes them; apps use it for snoozes and
    /// tests for expected values. Nothing is checked: `local`, `timeZone` and
    /// `utcOffsetSeconds` are taken to describe `instant`.
    ///
    /// ```swift
    /// let snooze = Fire(ruleID: "wake", instant: Date(timeIntervalSince1970: 1_796_110_140),  // 07:29Z
    ///                   local: LocalDateTime(parsing: "2026-12-01T07:29:00")!,
    ///                   timeZone: TimeZone(ianaIdentifier: "Europe/London")!, utcOffsetSeconds: 0,
    ///                   adjustment: .none, isSnooze: true)
    /// snooze.id   // "wake@2026-12-01T07:29:00+snooze"
    /// ```
    public init(
        ruleID: String, instant: Date, local: LocalDateTime, timeZone: TimeZone, utcOffsetSeconds: Int,
        adjustment: FireAdjustment, isSnooze: Bool = false, isFloating: Bool = false
    ) {
        self.ruleID = ruleID
        self.instant = instant
        self.local = local
        self.timeZone = timeZone
        self.utcOffsetSeconds = utcOffsetSeconds
        self.adjustment = adjustment
        self.isSnooze = isSnooze
        self.isFloating = isFloating
    }

    /// `"<ruleID>@<nominal local YYYY-MM-DDTHH:MM:SS>"`, with `+snooze` appended for a snooze:
    /// the text of ``fireID``.
    public var id: String { fireID.description }

    /// The rule, nominal wall time and snooze flag that identify this fire.
    public var fireID: FireID { FireID(ruleID: ruleID, local: local, isSnooze: isSnooze) }

    /// The id of a fire of `ruleID` at nominal wall time `local`: the text of ``FireID``.
    public static func id(ruleID: String, local: LocalDateTime, isSnooze: Bool = false) -> String {
        FireID(ruleID: ruleID, local: local, isSnooze: isSnooze).description
    }

    /// The plan order: instant, then rule id by Unicode code point, then nominal local time,
    /// then scheduled fires before snoozes.
    public static func precedesInPlan(_ a: Fire, _ b: Fire) -> Bool {
        if a.instant != b.instant { return a.instant < b.instant }
        if a.ruleID != b.ruleID { return a.ruleID.unicodeScalars.lexicographicallyPrecedes(b.ruleID.unicodeScalars) }
        if a.local != b.local { return a.local < b.local }
        return !a.isSnooze && b.isSnooze
    }

    /// ``instant`` in RFC 3339 with the zone's offset, e.g. `2026-03-08T03:30:00-04:00`.
    public var rfc3339: String { RFC3339.format(instant, utcOffsetSeconds: utcOffsetSeconds) }
}

extension Fire: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, rule, at, local, timeZone, adjustment, floating
    }

    /// Decodes the documented fire object (`id`, `rule`, `at`, `local`, `timeZone`, `adjustment`,
    /// and `floating`, present only when true). The `id`, when present, must be a ``FireID``;
    /// its `+snooze` says whether the fire is a snooze.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ruleID = try container.decode(String.self, forKey: .rule)
        isSnooze = try container.decodeIfPresent(FireID.self, forKey: .id)?.isSnooze ?? false
        let at = try container.decode(String.self, forKey: .at)
        guard let parsed = RFC3339.parse(at) else {
            throw DecodingError.dataCorruptedError(forKey: .at, in: container, debugDescription: "'\(at)' is not an RFC 3339 timestamp")
        }
        instant = parsed.instant
        utcOffsetSeconds = parsed.utcOffsetSeconds
        local = try container.decode(LocalDateTime.self, forKey: .local)
        let zoneID = try container.decode(String.self, forKey: .timeZone)
        guard let zone = TimeZone(ianaIdentifier: zoneID) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeZone, in: container, debugDescription: "'\(zoneID)' is not a known IANA time zone")
        }
        timeZone = zone
        adjustment = try container.decodeIfPresent(FireAdjustment.self, forKey: .adjustment) ?? .none
        isFloating = try container.decodeIfPresent(Bool.self, forKey: .floating) ?? false
    }

    /// Encodes the documented fire object, the one every JSON of the package writes a fire as
    /// (`id`, `rule`, `at`, `local`, `timeZone`, `adjustment`), with `floating: true` after it
    /// for a floating fire; `adjustment` is `null` when ``FireAdjustment/none``.
    public func encode(to encoder: any Encoder) throws {
        try jsonObject(adding: isFloating ? [(CodingKeys.floating.rawValue, .bool(true))] : []).encode(to: encoder)
    }

    /// The one JSON object of a fire, as every JSON of the package writes it (the CLI's "one
    /// fire object", Docs/CLI.md): `id`, `rule`, `at` (RFC 3339 with the offset of the fire's
    /// zone), `local` (nominal), `timeZone`, `adjustment` (`null` for ``FireAdjustment/none``),
    /// in that order, then `fields`, which a command adds after them.
    ///
    /// ```swift
    /// fire.jsonObject().jsonText
    /// // {"id": "night@2026-03-08T02:30:00", "rule": "night", "at": "2026-03-08T03:30:00-04:00",
    /// //  "local": "2026-03-08T02:30:00", "timeZone": "America/New_York", "adjustment": "gap-shifted"}
    /// ```
    package func jsonObject(adding fields: [(key: String, value: JSONValue)] = []) -> JSONValue {
        .object(
            [
                (CodingKeys.id.rawValue, .string(id)), (CodingKeys.rule.rawValue, .string(ruleID)),
                (CodingKeys.at.rawValue, .string(rfc3339)), (CodingKeys.local.rawValue, .string(local.description)),
                (CodingKeys.timeZone.rawValue, .string(timeZone.ianaName)),
                (CodingKeys.adjustment.rawValue, adjustment == .none ? .null : .string(adjustment.rawValue))
            ] + fields)
    }
}
