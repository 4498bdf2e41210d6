/// One repeating weekly trigger: a rule's time on one weekday, or on every day.
///
/// An OS can hold a calendar trigger that repeats without the app (on iOS a
/// `UNCalendarNotificationTrigger` with `repeats: true`). A rule a ``HybridPlan`` hands to such
/// triggers needs one slot per weekday and time, or one per time when it fires on all seven
/// days (then the trigger matches the time alone).
///
/// Its ``id`` is `<rule id>#weekly-<day>-HH:MM:SS`, or `<rule id>#daily-HH:MM:SS` for every
/// day. Rule ids never hold `#` and fire ids always hold `@`, so a slot id is never a fire id,
/// and the same slot has the same id in every plan.
///
/// ```swift
/// let slot = RepeatingSlot(ruleID: "wake", weekday: .monday, time: TimeOfDay(hour: 7, minute: 30)!)
/// slot.id                                        // "wake#weekly-mon-07:30:00"
/// RepeatingSlot(parsing: "gym#daily-18:00:00")?.weekday   // nil: every day
/// RepeatingSlot(parsing: "wake@2026-12-01T07:30:00")      // nil: a fire id
/// ```
public struct RepeatingSlot: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, Identifiable {
    /// The rule the slot rings for.
    public let ruleID: String
    /// The weekday it rings on, or `nil` for every day.
    public let weekday: Weekday?
    /// The wall time it rings at, on the device clock.
    public let time: TimeOfDay

    /// Creates a slot. Nothing is checked: the id reads back through ``init(parsing:)`` when
    /// `ruleID` is a valid rule id (see ``AlarmRule/id``).
    public init(ruleID: String, weekday: Weekday?, time: TimeOfDay) {
        self.ruleID = ruleID
        self.weekday = weekday
        self.time = time
    }

    /// Separates the rule id from the rest of a slot id; no rule id holds it.
    static let separator = "#"

    /// `<rule id>#weekly-<day>-HH:MM:SS` or `<rule id>#daily-HH:MM:SS`: the notification
    /// identifier of the repeating request.
    public var id: String {
        ruleID + Self.separator + (weekday.map { "weekly-\($0.name)-" } ?? "daily-") + time.fullDescription
    }

    /// ``id``.
    public var description: String { id }

    /// Parses a slot id as ``id`` writes it; `nil` for anything else (a fire id, an invalid
    /// rule id, an unknown day, a time without seconds).
    ///
    /// ```swift
    /// RepeatingSlot(parsing: "wake#weekly-mon-07:30:00")?.weekday   // .monday
    /// RepeatingSlot(parsing: "wake#weekly-mon-07:30")              // nil: seconds are required
    /// ```
    /// - Complexity: O(n) in the length of `text`.
    public init?(parsing text: String) {
        guard let hash = text.firstIndex(of: "#") else { return nil }
        let ruleID = String(text[..<hash])
        guard AlarmRule.isValidID(ruleID) else { return nil }
        var rest = text[text.index(after: hash)...]
        var weekday: Weekday?
        if rest.hasPrefix("daily-") {
            rest = rest.dropFirst("daily-".count)
        } else if rest.hasPrefix("weekly-"), rest.count > 11, let day = Weekday(name: String(rest.dropFirst(7).prefix(3))),
            rest.dropFirst(10).first == "-"
        {
            weekday = day
            rest = rest.dropFirst(11)
        } else {
            return nil
        }
        guard rest.utf8.count == 8, let time = TimeOfDay(parsing: String(rest)), time.fullDescription == rest else { return nil }
        self.init(ruleID: ruleID, weekday: weekday, time: time)
    }

    /// By rule id (Unicode code points), then weekday (every day first, then Monday … Sunday), then time.
    public static func < (lhs: RepeatingSlot, rhs: RepeatingSlot) -> Bool {
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID.unicodeScalars.lexicographicallyPrecedes(rhs.ruleID.unicodeScalars) }
        if lhs.weekday != rhs.weekday { return (lhs.weekday?.isoNumber ?? 0) < (rhs.weekday?.isoNumber ?? 0) }
        return lhs.time < rhs.time
    }
}

extension RepeatingSlot: StringCodable {
    /// Encoded as ``id``.
    package var codedText: String { id }

    package static let expectedForm = "a repeating slot id; expected RULE#weekly-DAY-HH:MM:SS or RULE#daily-HH:MM:SS"
}
