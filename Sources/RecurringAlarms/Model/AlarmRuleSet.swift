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

    /// Reads a rule file. Top-level keys other than `version` and `rules` are left to other
    /// readers (the store keeps its state there) and ignored here.
    ///
    /// - Throws: ``AlarmRulesError/malformedJSON(message:line:column:)`` when the bytes are not
    ///   JSON, ``AlarmRulesError/invalid(_:)`` with every problem otherwise.
    /// - Complexity: O(n) in the size of the file.
    public init(jsonData: some Collection<UInt8>) throws(AlarmRulesError) {
        if let contents = DirectRuleReader.read(jsonData) {
            self.init(checkedRules: contents.rules)
        } else {
            let json: JSONValue
            do throws(JSONSyntaxError) {
                json = try JSONValue(parsing: jsonData)
            } catch {
                throw AlarmRulesError(error)
            }
            try self.init(json: json)
        }
    }

    /// Rules already checked, all of them and their ids together, by a reader.
    private init(checkedRules: [AlarmRule]) { rules = checkedRules }

    /// Reads a rule file that is already parsed (see ``init(jsonData:)``).
    package init(json: JSONValue) throws(AlarmRulesError) {
        var reader = RuleReader()
        let rules = reader.readFile(json)
        guard reader.problems.isEmpty else { throw .invalid(reader.problems) }
        self.init(checkedRules: rules)
    }

    /// The file's JSON: `{"version": 1, "rules": [...]}`.
    package var json: JSONValue {
        .object([("version", .number(String(AlarmRuleSet.currentVersion))), ("rules", .array(rules.map(\.json)))])
    }

    /// Pretty-printed UTF-8 JSON with a trailing newline, ready to write to a file.
    public var jsonData: Data { RuleFileWriter.data(rules: rules, then: []) }
}
