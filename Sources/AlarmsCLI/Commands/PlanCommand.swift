import Foundation
import RecurringAlarms

/// `alarms plan`: which fires to register now, as a table or JSON.
enum PlanCommand {
    static let name = "plan"
    static let summary = "List the fires to register now, soonest first."

    static let options: [OptionSpec] = [
        .value("rules", "FILE", "Rule file (JSON, see Docs/Formats.md)."),
        .value("now", "TIME", "Plan from this moment: RFC 3339 (2026-12-01T07:00:00Z), or local time read in --time-zone. Default: the real clock."),
        .value("time-zone", "IANA", "Device time zone, followed by floating rules. Default: $TZ, else the system zone."),
        .value("cap", "N", "Most fires to plan, 0...10000. Default: 64 (the iOS limit)."),
        .value("horizon-days", "N", "Window length in days of 24 h, 0...366. Default: 7."),
        .value("format", "FORMAT", "table (default) or json."),
    ]

    static let usage = "alarms plan --rules FILE [--now TIME] [--time-zone IANA] [--cap N] [--horizon-days N] [--format table|json]"

    static func run(_ arguments: [String], environment: [String: String], clock: () -> Date) throws(CLIError) -> String {
        let parser = OptionParser(command: name, options: options)
        let parsed = try parser.parse(arguments, help: { HelpText.command(name: name, summary: summary, usage: usage, options: options) })
        if let extra = parsed.positionals.first {
            throw parser.usage("unexpected argument '\(extra.truncatedForDisplay)'", hint: "the rule file is given with '--rules FILE'")
        }
        guard let path = parsed.value("rules") else {
            throw parser.usage("missing '--rules FILE'", hint: "try 'alarms plan --rules Docs/Examples/alarms.json'")
        }
        let cap = try integer(parsed, "cap", range: 0...10_000, default: PlanOptions.defaultCap, parser: parser)
        let days = try integer(parsed, "horizon-days", range: 0...366, default: 7, parser: parser)
        let format = try OutputFormat.parse(parsed.value("format"), parser: parser)
        let context = try TimeContext.resolve(parsed, environment: environment, clock: clock, parser: parser)
        let ruleSet = try RuleFileLoader.load(path)

        let planOptions = PlanOptions(deviceTimeZone: context.timeZone, cap: cap, horizon: TimeInterval(days) * 86_400)
        let result = RecurringAlarms.plan(ruleSet.rules, now: context.now, options: planOptions)
        switch format {
        case .json: return result.json.prettyText
        case .table:
            var labels: [String: String] = [:]
            for rule in ruleSet.rules { labels[rule.id] = rule.label }
            return PlanTable.render(result, labels: labels)
        }
    }

    static func integer(_ parsed: ParsedArguments, _ name: String, range: ClosedRange<Int>, default value: Int,
                        parser: OptionParser) throws(CLIError) -> Int {
        guard let text = parsed.value(name) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw parser.usage("invalid value for '--\(name)': '\(text.truncatedForDisplay)'",
                               hint: "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}

/// `--format table|json`.
enum OutputFormat: String, CaseIterable {
    case table, json

    static func parse(_ text: String?, parser: OptionParser) throws(CLIError) -> OutputFormat {
        guard let text else { return .table }
        guard let format = OutputFormat(rawValue: text) else {
            throw parser.usage("invalid value for '--format': '\(text.truncatedForDisplay)'", hint: "expected 'table' or 'json'")
        }
        return format
    }
}
