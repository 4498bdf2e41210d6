import RecurringAlarms

/// Something about one rule that an exported iCalendar document cannot say exactly.
///
/// ```swift
/// let document = try ICalendar.document(for: [nightShift], start: .firesAfter(now, deviceTimeZone: zone), generatedAt: now)
/// for warning in document.warnings { print(warning) }
/// // rule 'night': gap policy 'skip' has no RFC 5545 form: calendar apps ring a time …
/// ```
public struct ICalendarExportWarning: Sendable, Hashable, CustomStringConvertible {
    /// What cannot be said.
    public enum Reason: Sendable, Hashable {
        /// The rule's ``/RecurringAlarms/GapPolicy/skip``: RFC 5545 reads a time in a spring-forward gap with the
        /// offset before it, so calendar apps ring it one gap length later. The event carries
        /// `X-RECURRINGALARMS-GAP:SKIP` so an import restores the policy.
        case gapPolicySkip
        /// The rule's ``/RecurringAlarms/OverlapPolicy/last``: RFC 5545 takes the first of a repeated wall time.
        /// The event carries `X-RECURRINGALARMS-OVERLAP:LAST`.
        case overlapPolicyLast
        /// The weekly rule has no occurrence from `from` (its start, or without one, its date
        /// from the export's ``ICalendarExportStart``) through its end `through`: there is no
        /// `DTSTART` to write, so the rule is left out.
        case noOccurrence(from: LocalDate, through: LocalDate)
    }

    /// The rule the warning is about.
    public var ruleID: String
    /// What cannot be said.
    public var reason: Reason

    /// Creates a warning.
    public init(ruleID: String, reason: Reason) {
        self.ruleID = ruleID
        self.reason = reason
    }

    /// One line: the rule id, what is lost, and what a calendar app does instead.
    public var description: String {
        let rule = "rule '\(ruleID)': "
        switch reason {
        case .gapPolicySkip:
            return rule + "gap policy 'skip' has no RFC 5545 form: calendar apps ring a time that falls in a "
                + "spring-forward gap one gap length later (X-RECURRINGALARMS-GAP:SKIP keeps the policy for import)"
        case .overlapPolicyLast:
            return rule + "overlap policy 'last' has no RFC 5545 form: calendar apps ring a repeated wall time at its "
                + "first instant (X-RECURRINGALARMS-OVERLAP:LAST keeps the policy for import)"
        case .noOccurrence(let from, let through) where through < from:
            return rule + "it ended on \(through), before \(from), the first date exported, so there is no DTSTART: not exported"
        case .noOccurrence(let from, let through):
            return rule + "no occurrence from \(from) through its end \(through), so there is no DTSTART: not exported"
        }
    }
}
