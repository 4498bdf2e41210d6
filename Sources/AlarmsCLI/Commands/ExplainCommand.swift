import Foundation
import RecurringAlarms

/// `alarms explain FIRE_ID` or `alarms explain RULE_ID --date DATE`: how a fire's instant
/// was derived, and why a date was or was not eligible.
enum ExplainCommand: CLICommand {
    static let name = "explain"
    static let summary = "Show how a fire was derived, or why a date has none."
    static let usage = "alarms explain (FIRE_ID | RULE_ID --date DATE) --rules FILE [--time-zone IANA] [--format table|json]"
    static let options: [OptionSpec] = [
        CommonOptions.rules,
        .value("date", "DATE", "Local date YYYY-MM-DD to explain, with a RULE_ID."),
        CommonOptions.now, CommonOptions.timeZone, CommonOptions.format,
    ]

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        guard let target = try invocation.positionals(max: 1).first else {
            throw invocation.usageError("missing FIRE_ID or RULE_ID", hint: "try 'alarms explain wake@2026-12-01T07:30:00 --rules FILE'")
        }
        guard let path = invocation.parsed.value("rules") else {
            throw invocation.usageError("missing '--rules FILE'")
        }
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let request = try ExplainRequest(target: target, dateOption: invocation.parsed.value("date"), invocation: invocation)
        let ruleSet = try RuleFileLoader.load(path)
        guard let rule = ruleSet.rules.first(where: { $0.id == request.ruleID }) else {
            let suggestion = Suggestion.closest(to: request.ruleID, among: ruleSet.rules.map(\.id))
            throw .failure("no rule '\(request.ruleID.truncatedForDisplay)' in \(path.truncatedForDisplay)",
                           hint: suggestion.map { "did you mean '\($0)'?" })
        }
        if let time = request.time, !rule.times.contains(time) {
            throw .failure("rule '\(rule.id)' has no time \(time.shortDescription); its times are \(rule.times.sorted().map(\.shortDescription).joined(separator: ", "))")
        }
        let explanation = FireExplanation(rule: rule, date: request.date, deviceTimeZone: context.timeZone)
        let times = explanation.times.filter { request.time == nil || $0.local.time == request.time }
        switch format {
        case .json: return json(explanation, times: times).prettyText
        case .table: return text(explanation, times: times, label: rule.label)
        }
    }

    static func text(_ explanation: FireExplanation, times: [FireExplanation.TimeResolution], label: String?) -> String {
        let zoneNote = explanation.isFloating ? "floating: the device zone \(explanation.timeZone.identifier)" : explanation.timeZone.identifier
        let weekday = explanation.date.weekday.name.prefix(1).uppercased() + explanation.date.weekday.name.dropFirst()
        var text = "Rule '\(explanation.ruleID)'\(label.map { " (\($0))" } ?? "") on \(weekday) \(explanation.date), \(zoneNote)\n\n"
        for check in explanation.checks {
            text += "  \(check.passed ? "yes" : "NO ")  \(check.name.padding(toLength: 10, withPad: " ", startingAt: 0))  \(check.detail)\n"
        }
        text += "\n" + (explanation.isEligible ? "The date is eligible.\n" : "The date is not eligible: no fire.\n")
        for time in times {
            text += "\n\(time.local.time.shortDescription): \(time.summary)\n"
            if explanation.isEligible {
                if let fire = time.fire {
                    text += "  fire \(fire.id) at \(fire.rfc3339)\(fire.adjustment == .none ? "" : " (\(fire.adjustment.rawValue))")\n"
                } else {
                    text += "  no fire at this time that day\n"
                }
            }
        }
        return text
    }

    static func json(_ explanation: FireExplanation, times: [FireExplanation.TimeResolution]) -> JSONValue {
        .object([
            ("rule", .string(explanation.ruleID)), ("date", .string(explanation.date.description)),
            ("timeZone", .string(explanation.timeZone.identifier)), ("floating", .bool(explanation.isFloating)),
            ("eligible", .bool(explanation.isEligible)),
            ("checks", .array(explanation.checks.map { .object([("name", .string($0.name)), ("passed", .bool($0.passed)), ("detail", .string($0.detail))]) })),
            ("times", .array(times.map { time in
                let kind: String
                switch time.resolution {
                case .unique: kind = "unique"
                case .gap: kind = "gap"
                case .overlap: kind = "overlap"
                }
                let fire: JSONValue = explanation.isEligible ? (time.fire?.json ?? .null) : .null
                return .object([("local", .string(time.local.description)), ("resolution", .string(kind)),
                                ("fire", fire), ("summary", .string(time.summary))])
            })),
        ])
    }
}

/// What to explain: a fire id names a rule, a date and a time; a rule id needs `--date`.
struct ExplainRequest {
    let ruleID: String
    let date: LocalDate
    let time: TimeOfDay?

    init(target: String, dateOption: String?, invocation: CommandInvocation) throws(CLIError) {
        if let at = target.firstIndex(of: "@") {
            var localText = String(target[target.index(after: at)...])
            if localText.hasSuffix(Fire.snoozeSuffix) { localText.removeLast(Fire.snoozeSuffix.count) }
            guard let local = LocalDateTime(parsing: localText) else {
                throw invocation.usageError("invalid fire id '\(target.truncatedForDisplay)'", hint: "expected RULE@YYYY-MM-DDTHH:MM:SS, as 'alarms plan' prints")
            }
            if dateOption != nil { throw invocation.usageError("'--date' goes with a RULE_ID, not a fire id") }
            ruleID = String(target[..<at])
            date = local.date
            time = local.time
        } else {
            guard let dateOption else {
                throw invocation.usageError("missing '--date DATE' for rule '\(target.truncatedForDisplay)'", hint: "or pass a fire id such as \(target.truncatedForDisplay)@2026-12-01T07:30:00")
            }
            guard let parsed = LocalDate(parsing: dateOption) else {
                throw invocation.usageError("invalid value for '--date': '\(dateOption.truncatedForDisplay)'", hint: "expected YYYY-MM-DD")
            }
            ruleID = target
            date = parsed
            time = nil
        }
    }
}
