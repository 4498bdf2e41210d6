import Foundation

/// A case file: rules (a rule file) or a whole alarm book (a book file), then a top-level
/// `"cases"` array of ``PlanCase`` values, as Docs/Formats.md describes. What `alarms check`
/// reads, plans a case at a time and records into; package API, as the case file is the way to
/// regression-test rules without Swift (Swift tests use `RecurringAlarmsTesting`'s goldens).
///
/// ```swift
/// let file = try PlanCaseFile(jsonData: Data(contentsOf: url))
/// for planCase in file.cases {
///     let result = PlanCaseResult(planCase: planCase, actual: try planCase.plan(file.book))
///     if !result.passed { print(planCase.name, result.diffLines.map(\.text)) }
/// }
/// ```
package struct PlanCaseFile: Sendable {
    /// The rules and runtime state every case plans from.
    package let book: AlarmBook
    /// The cases, in file order.
    package let cases: [PlanCase]
    /// The file as parsed, kept to write recorded cases back (``recording(planned:)``).
    let json: JSONValue

    /// The fields of a case, in the order the format lists them.
    static let caseFields = ["name", "now", "timeZone", "strategy", "cap", "horizonDays", "maxDays", "expected"]

    /// Reads a case file (UTF-8 JSON), reporting every problem of its rules and its cases.
    ///
    /// - Throws: ``PlanCaseFileError/malformedJSON(message:line:column:)`` when the bytes are
    ///   not JSON, ``PlanCaseFileError/invalid(rules:cases:)`` with every problem otherwise.
    /// - Complexity: O(n) in the size of the file.
    package init(jsonData bytes: some Collection<UInt8>) throws(PlanCaseFileError) {
        let json: JSONValue
        do throws(JSONSyntaxError) {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw .malformedJSON(message: error.message, line: error.line, column: error.column)
        }
        guard case .object(let members) = json else {
            throw .invalid(
                rules: [],
                cases: [
                    PlanCaseProblem(
                        caseName: nil, caseNumber: nil, field: "(top level)", value: json.jsonText.truncatedForMessage,
                        message: "is not an object; expected {\"version\": 1, \"rules\": [...], \"cases\": [...]}")
                ])
        }
        var ruleProblems: [ValidationProblem] = []
        var book: AlarmBook?
        do throws(AlarmRulesError) {
            book = try AlarmBook(json: .object(members.filter { $0.key != "cases" }))
        } catch {
            if case .invalid(let problems) = error { ruleProblems = problems }
        }
        var reader = PlanCaseReader()
        let cases = reader.readCases(JSONValue.member("cases", in: members))
        guard let book, ruleProblems.isEmpty, reader.problems.isEmpty else {
            throw .invalid(rules: ruleProblems, cases: reader.problems)
        }
        self.book = book
        self.cases = cases
        self.json = json
    }

    /// Which cases `alarms check --record` writes the planned requests of.
    package enum RecordMode: String, Sendable, Hashable, CaseIterable {
        /// Only the cases without `"expected"`.
        case missing
        /// Every case.
        case all

        /// Whether this mode writes the planned requests of `planCase`.
        package func records(_ planCase: PlanCase) -> Bool { self == .all || planCase.expected == nil }
    }

    /// The file with `planned` (requests by the position of their case in ``cases``) written as
    /// the `"expected"` of those cases: for a caller that has planned the cases already, one at
    /// a time, so nothing is planned twice.
    ///
    /// Everything else is kept as read: key order, rules, unknown keys, numbers as written.
    /// The text is written again in the package's pretty form (two-space indent, arrays of
    /// scalars on one line, a trailing newline), so whitespace and string escapes of the rest
    /// of the file are normalized. An `"expected"` already present is replaced where it is;
    /// a new one is added as the case's last member.
    ///
    /// - Complexity: O(n) in the size of the file and of the requests.
    package func recording(planned: [Int: PlanCase.Requests]) -> Data {
        guard case .object(let members) = json, case .array(let elements)? = json["cases"] else { return json.prettyData }
        var newElements = elements
        for (index, requests) in planned where elements.indices.contains(index) {
            guard case .object(var caseMembers) = elements[index] else { continue }
            let expected = Self.json(of: requests, strategy: cases[index].strategy)
            if let position = caseMembers.firstIndex(where: { $0.key == "expected" }) {
                caseMembers[position].value = expected
            } else {
                caseMembers.append(("expected", expected))
            }
            newElements[index] = .object(caseMembers)
        }
        let newMembers = members.map { member in member.key == "cases" ? (member.key, JSONValue.array(newElements)) : member }
        return JSONValue.object(newMembers).prettyData
    }

    /// `{"repeating": [...], "fires": [{"id", "at"}]}`, `repeating` only for a hybrid case.
    static func json(of requests: PlanCase.Requests, strategy: PlanCase.Strategy) -> JSONValue {
        let fires = JSONValue.array(
            requests.fires.map {
                .object([("id", .string($0.id)), ("at", .string(RFC3339.format($0.instant, utcOffsetSeconds: $0.utcOffsetSeconds)))])
            })
        guard strategy == .hybrid else { return .object([("fires", fires)]) }
        return .object([("repeating", .array(requests.repeating.map(JSONValue.string))), ("fires", fires)])
    }
}

/// Why a case file could not be read.
///
/// ```swift
/// do throws(PlanCaseFileError) {
///     _ = try PlanCaseFile(jsonData: Array(#"{"version": 1, "rules": []}"#.utf8))
/// } catch .invalid(_, let cases) {
///     cases.first?.description   // "cases: is missing; expected an array of cases"
/// } catch {}
/// ```
package enum PlanCaseFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not JSON; `line` and `column` are 1-based and count bytes.
    case malformedJSON(message: String, line: Int, column: Int)
    /// The JSON is well formed but its rules or cases are not valid: every problem found.
    case invalid(rules: [ValidationProblem], cases: [PlanCaseProblem])

    /// `malformed JSON at line L, column C: …`, or the count then one problem per line.
    package var description: String {
        switch self {
        case .malformedJSON(let message, let line, let column):
            return "malformed JSON at line \(line), column \(column): \(message)"
        case .invalid(let rules, let cases):
            let lines = rules.map(\.description) + cases.map(\.description)
            return "\(lines.count) problem\(lines.count == 1 ? "" : "s"):\n" + lines.map { "  " + $0 }.joined(separator: "\n")
        }
    }
}

/// One thing wrong with a case of a case file: the case, the field, the value as written
/// (JSON text) and what is allowed.
///
/// ```swift
/// problem.description
/// // "case 'berlin' (#2): timeZone: \"Europe/Berln\" is not a known IANA time zone; expected …"
/// ```
package struct PlanCaseProblem: Sendable, Hashable, CustomStringConvertible {
    /// The case's name when it has a usable one.
    package var caseName: String?
    /// The case's 1-based position in `"cases"`, or `nil` for a problem with the file itself.
    package var caseNumber: Int?
    /// The field at fault (`now`, `expected.fires[2].at`, `cases` …).
    package var field: String
    /// The offending value as written (JSON text), or `nil` when the field is missing.
    package var value: String?
    /// What is wrong and what is allowed instead.
    package var message: String

    /// Creates a problem from its parts as given.
    package init(caseName: String?, caseNumber: Int?, field: String, value: String?, message: String) {
        self.caseName = caseName
        self.caseNumber = caseNumber
        self.field = field
        self.value = value
        self.message = message
    }

    /// `case 'berlin' (#2): now: "tomorrow" is not …`
    package var description: String { text(part: { $0 }, message: { $0 }) }
}

extension PlanCaseProblem: ProblemText {
    package func problemPlace(part: (String) -> String) -> String? {
        switch (caseName, caseNumber) {
        case (let name?, let number?): "case '\(part(name))' (#\(number))"
        case (let name?, nil): "case '\(part(name))'"
        case (nil, let number?): "case #\(number)"
        case (nil, nil): nil
        }
    }

    package var problemSubject: String? { field }

    package static let quotesValue = false
}
