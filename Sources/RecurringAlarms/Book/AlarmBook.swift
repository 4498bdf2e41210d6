import Foundation

/// Everything an app keeps about its alarms across launches: the rules, plus the runtime
/// state the planner honours and a record of what was last handed to the OS.
///
/// A plain value with no notion of "now": every operation that needs the time takes it as
/// an argument. Keep it in a store (`RecurringAlarmsStore`'s `AlarmStore`); plan it with ``plan(now:options:)``, which
/// applies skip-next requests and adds live snoozes to the same capped, ordered plan.
///
/// ```swift
/// let tokyo = TimeZone(identifier: "Asia/Tokyo")!
/// let now = Date(timeIntervalSince1970: 1_796_083_200)   // 2026-12-01T00:00:00Z = 09:00 JST
/// var book = AlarmBook(rules: [wake])                     // wake: weekdays 07:30, floating
/// try book.skipNext(ruleID: "wake", now: now, deviceTimeZone: tokyo)
/// // skips 2026-12-02: today's 07:30 JST has already passed
/// let plan = try book.plan(now: now, options: PlanOptions(deviceTimeZone: tokyo))
/// plan.fires.first?.id                                    // "wake@2026-12-03T07:30:00"
/// ```
///
/// The JSON form (``jsonData``, ``init(jsonData:)``) is the rule file with optional extra top-level keys, described
/// in `Docs/Formats.md`, so any rule reader (`alarms plan --rules`) reads a book file too.
/// Fields are plain properties; ``validationProblems()`` lists what a store would refuse to save.
public struct AlarmBook: Sendable, Hashable {
    /// The rules, in file order; ids unique.
    public var rules: [AlarmRule]
    /// One-off extra fires, at most one per rule (``snooze(fireID:until:)`` replaces a rule's
    /// snooze; ``validationProblems()`` reports a second).
    public var snoozes: [Snooze]
    /// "Skip the next one" requests, each resolved to the local date it skips; a date is listed
    /// once for its rule (``validationProblems()`` reports a repeat).
    public var skippedOccurrences: [SkippedOccurrence]
    /// What was last handed to the OS, or `nil` before the first time.
    public var applied: AppliedPlan?
    /// Top-level members of a book file that this release does not know, kept so that a save
    /// does not drop what another tool or a newer release added. Always an object.
    var otherMembers: JSONValue

    /// Creates a book. Nothing is checked here; see ``validationProblems()``.
    public init(
        rules: [AlarmRule] = [], snoozes: [Snooze] = [], skippedOccurrences: [SkippedOccurrence] = [],
        applied: AppliedPlan? = nil
    ) {
        self.rules = rules
        self.snoozes = snoozes
        self.skippedOccurrences = skippedOccurrences
        self.applied = applied
        otherMembers = .object([])
    }

    /// Every problem that would stop a store from saving this book: the rules' problems (as
    /// ``AlarmRuleSet/validationProblems(of:)`` reports them) and runtime state the book file
    /// cannot hold or the library never makes: a malformed entry, an instant outside the book's
    /// years, a second snooze of a rule, a skip-next date listed twice, an applied plan whose
    /// zone is not an IANA id or whose `coveredUntil` is before its `appliedAt`.
    /// Snoozes and skips that name a rule not in the book are not problems; planning ignores
    /// them and ``pruneExpired(now:)`` drops them.
    ///
    /// ```swift
    /// AlarmBook(rules: [wake, wake]).validationProblems().first?.description
    /// // "rule 'wake' (#2): id: \"wake\" is already used by rule #1; ids must be unique"
    /// ```
    /// - Complexity: O(n) in the total size of the book.
    public func validationProblems() -> [ValidationProblem] {
        validationProblems(split: .one)
    }
}
