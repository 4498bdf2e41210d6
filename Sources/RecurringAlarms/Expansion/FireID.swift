import Foundation

/// The identity of one fire: its rule, the nominal wall time it rings for, and whether it is a
/// snooze. Its text is the fire's ``Fire/id`` and the notification identifier an app registers.
///
/// The text is `<rule id>@YYYY-MM-DDTHH:MM:SS`, with `+snooze` appended for a snooze. The
/// wall time is the *nominal* one, so a gap-shifted 02:30 keeps `T02:30:00`, and the same
/// occurrence has the same id in every plan.
///
/// ```swift
/// let id = FireID(parsing: "wake@2026-12-01T07:39:00+snooze")!
/// id.ruleID                // "wake"
/// id.local.description     // "2026-12-01T07:39:00"
/// id.isSnooze              // true
/// id.description           // "wake@2026-12-01T07:39:00+snooze"
/// FireID(parsing: "wake@2026-02-30T07:30:00")   // nil: there is no February 30
/// ```
///
/// It encodes as that text, a single JSON string.
public struct FireID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The rule the fire belongs to.
    public var ruleID: String
    /// The nominal wall time of the fire; for a snooze, the wall time at its instant.
    public var local: LocalDateTime
    /// Whether the fire is a one-off snooze rather than an occurrence of the rule's schedule.
    public var isSnooze: Bool

    /// Appended to the id of a snooze fire.
    package static let snoozeSuffix = "+snooze"

    /// Creates the id of a fire of `ruleID` at nominal wall time `local`. Nothing is checked:
    /// the text reads back through ``init(parsing:)`` when `ruleID` is a valid rule id (1 to 64
    /// characters of `A-Z a-z 0-9 . _ -`), as every rule of a checked rule set has.
    public init(ruleID: String, local: LocalDateTime, isSnooze: Bool = false) {
        self.ruleID = ruleID
        self.local = local
        self.isSnooze = isSnooze
    }

    /// Parses a fire id: a valid rule id (1 to 64 characters of `A-Z a-z 0-9 . _ -`), `@`, a wall
    /// time `YYYY-MM-DDTHH:MM:SS` that exists (years 0001 to 9999), and optionally `+snooze`.
    /// `nil` for anything else: no `@`, an empty or invalid rule id, a short or spaced time,
    /// a date such as February 30, trailing text, or `+snooze` more than once.
    ///
    /// ```swift
    /// FireID(parsing: "wake@2026-12-01T07:30:00")?.ruleID   // "wake"
    /// FireID(parsing: "wake@2026-12-01T07:30")              // nil: seconds are required
    /// ```
    /// - Complexity: O(n) in the length of `text`.
    public init?(parsing text: String) {
        let utf8 = text.utf8
        guard let at = utf8.firstIndex(of: UInt8(ascii: "@")) else { return nil }
        let ruleID = String(text[..<at])
        guard AlarmRule.isValidID(ruleID) else { return nil }
        var rest = Substring(text[utf8.index(after: at)...])
        let isSnooze = rest.hasSuffix(FireID.snoozeSuffix)
        if isSnooze { rest = rest.dropLast(FireID.snoozeSuffix.count) }
        // Exactly the 19-character form with a `T` that `description` writes, so each fire has one id.
        let bytes = Array(rest.utf8)
        guard bytes.count == 19, bytes[10] == UInt8(ascii: "T"), let local = LocalDateTime(parsing: String(rest)) else { return nil }
        self.init(ruleID: ruleID, local: local, isSnooze: isSnooze)
    }

    /// `<rule id>@YYYY-MM-DDTHH:MM:SS`, with `+snooze` appended for a snooze.
    public var description: String {
        ruleID + "@" + local.description + (isSnooze ? FireID.snoozeSuffix : "")
    }
}

extension FireID: StringCodable {
    /// Encoded as ``description``.
    package var codedText: String { description }

    package static let expectedForm = "a fire id; expected RULE@YYYY-MM-DDTHH:MM:SS, optionally followed by +snooze"
}
