/// A "skip the next one" request, resolved when it was made to the local date it skips.
///
/// At plan time it acts exactly like a date in the rule's `skip` list: the rule does not fire
/// on that local date (all of its times that day). Resolving at request time keeps the
/// meaning fixed: skipping on Monday evening "the next wake-up" means Tuesday's, even if the
/// app next plans on Wednesday. See ``AlarmBook/skipNext(ruleID:now:deviceTimeZone:)``.
///
/// ```swift
/// SkippedOccurrence(ruleID: "wake", date: LocalDate(parsing: "2026-12-02")!)
/// ```
public struct SkippedOccurrence: Sendable, Hashable {
    /// The rule whose occurrence is skipped.
    public let ruleID: String
    /// The rule's local date (on its own clock) on which it does not fire.
    public let date: LocalDate

    /// Creates a skip of `date`. Nothing is checked here: ``AlarmBook/validationProblems()``
    /// reports an invalid rule id, or a date its rule already skips this way.
    public init(ruleID: String, date: LocalDate) {
        self.ruleID = ruleID
        self.date = date
    }
}
