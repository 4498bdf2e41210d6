import Foundation
import RecurringAlarms

/// One `alarms` subcommand: its name, help, options and behaviour.
protocol CLICommand {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String
}

/// Everything a command runs with: its parsed arguments, the environment and the clock.
struct CommandInvocation {
    let parsed: ParsedArguments
    let parser: OptionParser
    let environment: [String: String]
    let clock: () -> Date

    func usageError(_ message: String, hint: String? = nil) -> CLIError { parser.usage(message, hint: hint) }

    /// `--now` and `--time-zone` (else `TZ`, else the system zone).
    func timeContext() throws(CLIError) -> TimeContext {
        try TimeContext.resolve(parsed, environment: environment, clock: clock, parser: parser)
    }

    /// `--format table|json`.
    func format() throws(CLIError) -> OutputFormat {
        try OutputFormat.parse(parsed.value("format"), parser: parser)
    }

    /// A whole-number option within `range`.
    func integer(_ name: String, range: ClosedRange<Int>, default value: Int) throws(CLIError) -> Int {
        guard let text = parsed.value(name) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw usageError("invalid value for '--\(name)': '\(text.truncatedForDisplay)'",
                             hint: "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// Fails on positional arguments beyond the first `allowed`.
    func positionals(max allowed: Int, hint: String? = nil) throws(CLIError) -> [String] {
        if parsed.positionals.count > allowed {
            throw usageError("unexpected argument '\(parsed.positionals[allowed].truncatedForDisplay)'", hint: hint)
        }
        return parsed.positionals
    }
}

/// Options several commands share, spelled the same everywhere.
enum CommonOptions {
    static let now = OptionSpec.value("now", "TIME", "The current moment: RFC 3339 (2026-12-01T07:00:00Z), or local time read in --time-zone. Default: the real clock.")
    static let timeZone = OptionSpec.value("time-zone", "IANA", "Device time zone, followed by floating rules. Default: $TZ, else the system zone.")
    static let format = OptionSpec.value("format", "FORMAT", "table (default) or json.")
    static let rules = OptionSpec.value("rules", "FILE", "Rule file (JSON, see Docs/Formats.md).")
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
