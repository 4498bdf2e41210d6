import Foundation

/// Everything that can go wrong changing an ``AlarmBook``: the request names no rule of the
/// book, no fire, or nothing left to skip.
///
/// These are domain failures, thrown by the book's own operations whether or not a store
/// holds it; a store's failures (the file, the lock, unreadable data) are the store's own
/// error. Inside a store's `update`, the body's `AlarmBookError` reaches the caller unchanged
/// and nothing is written.
///
/// ```swift
/// do {
///     try book.skipNext(ruleID: "wkae", now: now, deviceTimeZone: london)
/// } catch .unknownRule(let id, let suggestion) {
///     print("no rule '\(id)'", suggestion.map { "; did you mean '\($0)'?" } ?? "")   // did you mean 'wake'?
/// } catch {
///     print(error)   // "rule 'flight' has no occurrence after … to skip; …"
/// }
/// ```
public enum AlarmBookError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No rule of the book has this id; `suggestion` is a close id when there is one.
    case unknownRule(id: String, suggestion: String?)
    /// The rule has no occurrence in `(after, through]` to skip: it is disabled, has ended, or
    /// its one date has passed. `through` is `after` plus ``AlarmBook/skipSearchLimit``.
    case nothingToSkip(ruleID: String, after: Date, through: Date)
    /// The text given as a fire id is not one (see ``FireID/init(parsing:)``).
    case invalidFireID(String)
    /// The rule the operation needs is not valid (a book changed in memory since it was
    /// loaded can hold one); every problem, as ``AlarmBook/validationProblems()`` reports it.
    case invalidRule([ValidationProblem])

    public var description: String {
        switch self {
        case .unknownRule(let id, let suggestion):
            return "no rule has id '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .nothingToSkip(let ruleID, let after, let through):
            return "rule '\(ruleID)' has no occurrence after \(RFC3339.format(after, utcOffsetSeconds: 0)) "
                + "through \(RFC3339.format(through, utcOffsetSeconds: 0)) to skip; it is disabled, has ended, or its one date has passed"
        case .invalidFireID(let text):
            return "'\(text.truncatedForStoreMessage)' is not a fire id; expected the id of a planned fire, "
                + "RULE@YYYY-MM-DDTHH:MM:SS with an optional +snooze, such as 'wake@2026-12-01T07:30:00'"
        case .invalidRule(let problems):
            let noun = problems.count == 1 ? "problem" : "problems"
            return "the rule is not valid (\(problems.count) \(noun)); fix it first:\n"
                + problems.map { "  " + $0.description }.joined(separator: "\n")
        }
    }
}
