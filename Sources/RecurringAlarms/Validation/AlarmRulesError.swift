/// Everything that can go wrong reading or checking rules.
///
/// ```swift
/// do {
///     let set = try AlarmRuleSet(jsonData: data)
/// } catch .malformedJSON(let message, let line, let column) {
///     print("line \(line), column \(column): \(message)")
/// } catch .invalid(let problems) {
///     problems.forEach { print($0) }   // every problem, not just the first
/// }
/// ```
public enum AlarmRulesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not JSON; `line` and `column` are 1-based and count bytes.
    case malformedJSON(message: String, line: Int, column: Int)
    /// The JSON is well formed but describes invalid rules; every problem found.
    case invalid([ValidationProblem])

    public var description: String {
        switch self {
        case .malformedJSON(let message, let line, let column):
            return "malformed JSON at line \(line), column \(column): \(message)"
        case .invalid(let problems):
            let noun = problems.count == 1 ? "problem" : "problems"
            return "\(problems.count) \(noun):\n" + problems.map { "  " + $0.description }.joined(separator: "\n")
        }
    }
}
