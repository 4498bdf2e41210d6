import Foundation
import RecurringAlarms

/// `alarms validate FILE`: every problem at once, plus warnings about clock changes in the
/// next 12 months and about more fires per horizon than the cap.
enum ValidateCommand: CLICommand {
    static let name = "validate"
    static let summary = "Check a rule file: problems, DST and cap warnings."
    static let usage = "alarms validate FILE [--now TIME] [--time-zone IANA] [--cap N] [--format table|json]"
    static let options: [OptionSpec] = [
        CommonOptions.now, CommonOptions.timeZone,
        .value("cap", "N", "Cap to check the pressure against, 0...10000. Default: 64."),
        CommonOptions.format,
    ]

    /// How far ahead clock changes are looked for.
    static let lookAhead: TimeInterval = 365 * 86_400

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        guard let path = try invocation.positionals(max: 1).first else {
            throw invocation.usageError("missing FILE", hint: "try 'alarms validate Docs/Examples/alarms.json'")
        }
        let cap = try invocation.integer("cap", range: 0...10_000, default: PlanOptions.defaultCap)
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let report = ValidationReport(path: path, result: try RuleFileLoader.read(path), context: context, cap: cap)
        let output = format == .json ? report.json.prettyText : report.text
        guard report.problems.isEmpty else {
            // The report is the command's output; the exit status says it found problems.
            throw .reported(output: output, messages: ["\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") in \(path.truncatedForDisplay)"])
        }
        return output
    }
}

/// What `validate` found: problems (errors) and warnings.
struct ValidationReport {
    let path: String
    let ruleCount: Int
    let problems: [String]
    let problemValues: [JSONValue]
    let clockChanges: [ClockChangeWarning]
    let capPressure: CapPressure?

    init(path: String, result: Result<AlarmRuleSet, AlarmRulesError>, context: TimeContext, cap: Int) {
        self.path = path
        switch result {
        case .success(let ruleSet):
            ruleCount = ruleSet.rules.count
            problems = []
            problemValues = []
            let schedule = AlarmSchedule(rules: ruleSet.rules)
            clockChanges = schedule.clockChangeWarnings(after: context.now, through: context.now.addingTimeInterval(ValidateCommand.lookAhead),
                                                        deviceTimeZone: context.timeZone)
            capPressure = schedule.capPressure(now: context.now, options: PlanOptions(deviceTimeZone: context.timeZone, cap: cap))
        case .failure(let error):
            ruleCount = 0
            problems = RuleFileLoader.messages(for: error, path: path)
            switch error {
            case let .malformedJSON(message, line, column):
                problemValues = [.object([("line", .number(String(line))), ("column", .number(String(column))), ("message", .string(message))])]
            case .invalid(let list):
                problemValues = list.map { problem in
                    .object([("rule", problem.ruleID.map(JSONValue.string) ?? .null),
                             ("ruleNumber", problem.ruleNumber.map { .number(String($0)) } ?? .null),
                             ("field", .string(problem.field)), ("value", problem.value.map(JSONValue.string) ?? .null),
                             ("message", .string(problem.message))])
                }
            }
            clockChanges = []
            capPressure = nil
        }
    }

    var text: String {
        var text = problems.map { "error: \($0)\n" }.joined()
        text += clockChanges.map { "warning: \($0)\n" }.joined()
        if let capPressure { text += "warning: \(capPressure)\n" }
        let warnings = clockChanges.count + (capPressure == nil ? 0 : 1)
        if problems.isEmpty {
            text += "\(path.truncatedForDisplay): \(ruleCount) rule\(ruleCount == 1 ? "" : "s"), valid"
            text += warnings == 0 ? ", no warnings.\n" : ", \(warnings) warning\(warnings == 1 ? "" : "s").\n"
        } else {
            text += "\(path.truncatedForDisplay): \(problems.count) problem\(problems.count == 1 ? "" : "s").\n"
        }
        return text
    }

    var json: JSONValue {
        var warnings: [JSONValue] = clockChanges.map { warning in
            .object([("kind", .string(warning.kind.rawValue)), ("rule", .string(warning.ruleID)),
                     ("local", .string(warning.local.description)), ("timeZone", .string(warning.timeZone.identifier)),
                     ("at", warning.instant.map { .string(RFC3339.format($0, utcOffsetSeconds: warning.utcOffsetSeconds)) } ?? .null),
                     ("adjustment", warning.adjustment.map { .string($0.rawValue) } ?? .null),
                     ("message", .string(warning.description))])
        }
        if let capPressure {
            warnings.append(.object([("kind", .string("cap")), ("firesInHorizon", .number(String(capPressure.firesInHorizon))),
                                     ("cap", .number(String(capPressure.cap))),
                                     ("coverageSeconds", .number(String(Int(capPressure.coverage)))),
                                     ("message", .string(capPressure.description))]))
        }
        return .object([("file", .string(path)), ("valid", .bool(problems.isEmpty)), ("rules", .number(String(ruleCount))),
                         ("problems", .array(problemValues)), ("warnings", .array(warnings))])
    }
}
