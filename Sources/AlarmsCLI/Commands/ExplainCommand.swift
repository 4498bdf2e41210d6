import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms explain FIRE_ID` or `alarms explain RULE_ID --date DATE`: how a fire's instant
/// was derived, and why a date was or was not eligible.
enum ExplainCommand: CLICommand {
    static let name = "explain"
    static let summary = "Show how a fire was derived, or why a date has none."
    static let usage =
        "alarms explain (FIRE_ID | RULE_ID --date DATE) [--rules FILE | --store PATH] [--time-zone IANA] [--now TIME] [--format table|json]"
    static let options: [OptionSpec] = [
        .value("date", "DATE", "Local date YYYY-MM-DD to explain, with a RULE_ID."),
        CommonOptions.rules, CommonOptions.store, CommonOptions.now, CommonOptions.timeZone, CommonOptions.format
    ]
    static let discussion = """
        Shows each check the date must pass (enabled, weekday or date, start, end, every-N-weeks phase, skip) and, \
        for each time of the rule, the zone, the UTC offset and how a clock change resolves it. Floating rules are \
        read in the device zone (--time-zone). Skip-next dates of the alarm book count as skipped.
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        guard let target = try invocation.positionals(max: 1).first else {
            throw invocation.usageError("missing FIRE_ID or RULE_ID", hint: "try 'alarms explain wake@2026-12-01T07:30:00'")
        }
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let request = try ExplainRequest(target: target, dateOption: invocation.parsed.value("date"), invocation: invocation)
        let loaded = try invocation.loadBook()
        let rule = try request.rule(in: loaded.book, target: target)
        let explanation: FireExplanation
        do throws(AlarmRulesError) {
            explanation = try FireExplanation(rule: rule, date: request.date, deviceTimeZone: context.timeZone)
        } catch {
            throw .failure(messages: RuleFileLoader.messages(for: error, path: loaded.path), hint: nil)
        }
        let times = explanation.times.filter { request.time == nil || $0.local.time == request.time }
        let skipNext = loaded.book.skippedOccurrences.contains { $0.ruleID == rule.id && $0.date == request.date }
        switch format {
        case .json: return ExplainDocument(explanation: explanation, times: times, skipNext: skipNext).terminalText
        case .table: return text(explanation, times: times, label: rule.label, skipNext: skipNext)
        }
    }

    static func text(_ explanation: FireExplanation, times: [FireExplanation.TimeResolution], label: String?, skipNext: Bool) -> String {
        let zoneNote = explanation.isFloating ? "floating: the device zone \(explanation.timeZone.ianaName)" : explanation.timeZone.ianaName
        var text =
            TextWrap.paragraph(
                "Rule '\(explanation.ruleID)'\(label.map { " (\($0.printable))" } ?? "") on "
                    + "\(WallClock.date(explanation.date)), \(zoneNote)", indent: 2) + "\n"
        for check in explanation.checks {
            let prefix = "  \(check.passed ? "yes" : "NO ")  \(check.name.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))  "
            text += TextWrap.paragraph(check.detail, prefix: prefix, indent: prefix.count)
        }
        if skipNext { text += "  (\(explanation.date) was skipped with 'alarms skip-next')\n" }
        text += "\n" + (explanation.isEligible ? "The date is eligible.\n" : "The date is not eligible: no fire.\n")
        for time in times {
            text += "\n" + TextWrap.paragraph(time.summary, prefix: "\(time.local.time.shortDescription): ", indent: 2)
            if explanation.isEligible {
                if let fire = time.fire {
                    text += TextWrap.paragraph(
                        "fire \(fire.id) at \(fire.rfc3339)\(fire.adjustment == .none ? "" : " (\(fire.adjustment.rawValue))")",
                        prefix: "  ", indent: 4)
                } else if let kept = time.ringingInstead {
                    text += TextWrap.paragraph(
                        "no fire at this time that day: the rule already rings at \(kept.rfc3339) "
                            + "(fire \(kept.id))", prefix: "  ", indent: 4)
                } else {
                    text += "  no fire at this time that day\n"
                }
            }
        }
        return text
    }
}

/// What to explain: a fire id names a rule, a date and a time; a rule id needs `--date`.
struct ExplainRequest {
    let ruleID: String
    let date: LocalDate
    let time: TimeOfDay?
    /// Whether the fire id ends in `+snooze`.
    var isSnooze = false

    /// The fire `fireID` names: its rule, date and time.
    init(fireID: FireID) {
        ruleID = fireID.ruleID
        date = fireID.local.date
        time = fireID.local.time
        isSnooze = fireID.isSnooze
    }

    init(target: String, dateOption: String?, invocation: CommandInvocation) throws(CLIError) {
        // A rule id never holds `@`, so a target with one is meant as a fire id.
        if target.contains("@") {
            guard let fireID = FireID(parsing: target) else {
                throw invocation.usageError(
                    "invalid fire id '\(target.truncatedForDisplay)'", hint: "expected RULE@YYYY-MM-DDTHH:MM:SS, as 'alarms plan' prints")
            }
            if dateOption != nil { throw invocation.usageError("'--date' goes with a RULE_ID, not a fire id") }
            self = ExplainRequest(fireID: fireID)
        } else {
            guard let dateOption else {
                throw invocation.usageError(
                    "missing '--date DATE' for rule '\(target.truncatedForDisplay)'",
                    hint: "or pass a fire id such as \(target.truncatedForDisplay)@2026-12-01T07:30:00")
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

extension ExplainRequest {
    /// The rule the request names, as it is planned (skip-next dates count as skipped),
    /// checked the way `explain` and `snooze` both need: the rule exists, the id is not a
    /// snooze's, and the time is one of the rule's.
    /// - Throws: a failure naming the rule and what it has instead.
    func rule(in book: AlarmBook, target: String) throws(CLIError) -> AlarmRule {
        guard let rule = book.rulesForPlanning.first(where: { $0.id == ruleID }) else {
            throw book.unknownRuleError(ruleID).cliError
        }
        if isSnooze {
            let original = book.snoozes.first { $0.ruleID == rule.id }?.fireID
            throw .failure(
                "'\(target.truncatedForDisplay)' is a snooze, not an occurrence of rule '\(rule.id)'",
                hint: "explain the fire that was snoozed" + (original.map { ", \($0)" } ?? ""))
        }
        if let time, !rule.times.contains(time) {
            throw .failure(
                "rule '\(rule.id)' has no time \(time.shortDescription); its times are \(rule.times.sorted().map(\.shortDescription).joined(separator: ", "))"
            )
        }
        return rule
    }
}
