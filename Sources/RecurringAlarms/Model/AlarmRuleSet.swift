import Foundation

/// Rules that are valid together: every rule passes ``AlarmRule/validationProblems(number:)``
/// and no two share an id. The JSON form is a rule file (`Docs/Formats.md`).
///
/// Valid by construction: every way to make one checks everything and reports every problem
/// at once, and ``rules`` cannot be changed in place, so a rule set always plans fires with
/// distinct, well-formed ids. Planning takes a rule set (``AlarmSchedule/init(_:)``,
/// ``plan(_:now:options:including:)-(AlarmRuleSet,_,_,_)``); change rules by building a new set.
///
/// ```swift
/// let json = #"{"version": 1, "rules": [{"id": "wake", "days": ["mon"], "times": ["07:30"]}]}"#
/// let set = try AlarmRuleSet(jsonData: Data(json.utf8))
/// set.rules[0].times   // [07:30:00]
///
/// var rules = set.rules
/// rules.append(rules[0])                 // "wake" twice
/// try AlarmRuleSet(rules: rules)          // throws .invalid: rule #2's id is already used by rule #1
/// ```
public struct AlarmRuleSet: Sendable, Hashable {
    /// The only file format version this library reads and writes.
    public static let currentVersion = 1

    /// The rules, in file order. Read-only, so the set stays valid: to change a rule, build a
    /// new set with ``init(rules:)``.
    public private(set) var rules: [AlarmRule]

    /// Creates a rule set, checking every rule and the uniqueness of ids.
    /// - Throws: ``AlarmRulesError/invalid(_:)`` listing every problem.
    /// - Complexity: O(n) in the total size of the rules.
    public init(rules: [AlarmRule]) throws(AlarmRulesError) {
        let problems = AlarmRuleSet.validationProblems(of: rules)
        guard problems.isEmpty else { throw .invalid(problems) }
        self.rules = rules
    }

    /// Rules already checked, all of them and their ids together, by a reader.
    init(checkedRules: [AlarmRule]) { rules = checkedRules }
}
