/// One thing wrong with a rule or a rule file, with enough detail to fix it.
///
/// ```swift
/// problem.description
/// // "rule 'wake' (#1): times: \"25:00\" is not a valid time; expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59"
/// ```
public struct ValidationProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The rule's id when it has a usable one, else `nil`.
    public var ruleID: String?
    /// The rule's 1-based position in the file, or `nil` for a problem with the file itself.
    public var ruleNumber: Int?
    /// The field at fault (`"times"`, `"days[2]"`, `"version"` …).
    public var field: String
    /// The offending value as written (JSON text), or `nil` when the field is missing.
    public var value: String?
    /// What is wrong and what is allowed instead.
    public var message: String

    /// Creates a problem from its parts as given; ``description`` joins them.
    public init(ruleID: String?, ruleNumber: Int?, field: String, value: String?, message: String) {
        self.ruleID = ruleID
        self.ruleNumber = ruleNumber
        self.field = field
        self.value = value
        self.message = message
    }

    /// `rule 'wake' (#1): times[0]: "25:00" is not …`
    public var description: String { text(part: { $0 }, message: { $0 }) }

    /// The problem of rule number `number`, whose id `id` rule number `earlier` already holds
    /// (``RuleIDOrder/repeats(sorting:id:)`` finds them).
    static func repeatedID(_ id: String, number: Int, earlier: Int) -> ValidationProblem {
        ValidationProblem(
            ruleID: id, ruleNumber: number, field: "id", value: "\"\(id)\"",
            message: "is already used by rule #\(earlier); ids must be unique")
    }
}

// The parts that come from a file are the rule id, the field and the value (JSON text, shown
// as it is); the CLI escapes them for a terminal.
extension ValidationProblem: ProblemText {
    package func problemPlace(part: (String) -> String) -> String? {
        switch (ruleID, ruleNumber) {
        case (let id?, let number?): "rule '\(part(id))' (#\(number))"
        case (let id?, nil): "rule '\(part(id))'"
        case (nil, let number?): "rule #\(number)"
        case (nil, nil): nil
        }
    }

    package var problemSubject: String? { field }

    package static let quotesValue = false
}
