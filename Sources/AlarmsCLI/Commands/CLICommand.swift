import Foundation
import RecurringAlarms

/// One `alarms` subcommand: its name, help, options and behaviour.
protocol CLICommand {
    static var name: String { get }
    /// One line for the command list, at most 54 characters.
    static var summary: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    /// Paragraphs shown after the options in `--help`; empty for none.
    static var discussion: String { get }
    static func run(_ invocation: CommandInvocation) async throws(CLIError) -> String
}

extension CLICommand {
    static var discussion: String { "" }
}

/// Everything a command runs with: its parsed arguments, the environment, the clock and the palette.
struct CommandInvocation {
    let parsed: ParsedArguments
    let parser: OptionParser
    let context: RunContext

    var environment: [String: String] { context.environment }
    var palette: Palette { context.palette }
    /// The widest a table line may be (see ``RunContext/outputWidth``).
    var outputWidth: Int { context.outputWidth }
    /// Whether standard output is a terminal (see ``RunContext/outputIsTerminal``).
    var outputIsTerminal: Bool { context.outputIsTerminal }

    func usageError(_ message: String, hint: String? = nil) -> CLIError { parser.usage(message, hint: hint) }

    /// Writes part of the command's standard output now, for output too long to hold whole
    /// (`simulate`'s records); what the command returns follows it.
    ///
    /// - Throws: ``CLIError/output(_:)`` when standard output cannot be written.
    func emit(_ text: String) throws(CLIError) {
        do throws(OutputSink.WriteError) {
            try context.output.write(text, to: .standardOutput)
        } catch {
            throw .output(error)
        }
    }

    /// `--now` and the device zone: `--time-zone`, else `TZ`, else the system zone the tool was given.
    /// A note about `--now`'s offset goes to standard error once the command succeeds.
    func timeContext() throws(CLIError) -> TimeContext {
        let time = try TimeContext.resolve(
            parsed, zoneOption: parsed.value("time-zone"), environment: environment, systemZone: context.systemTimeZone,
            clock: context.clock, parser: parser)
        if let note = time.nowNote { context.messages.withLock { $0.append(note) } }
        return time
    }

    /// `--format table|json`.
    func format() throws(CLIError) -> OutputFormat {
        try OutputFormat.parse(parsed.value("format"), parser: parser)
    }

    /// A whole-number option within `range`, written in digits (``ValueParsers/isDigits(_:)``).
    func integer(_ name: String, range: ClosedRange<Int>, default value: Int) throws(CLIError) -> Int {
        guard let text = parsed.value(name) else { return value }
        guard ValueParsers.isDigits(text), let number = Int(text), range.contains(number) else {
            let unsigned = text.dropFirst()
            let signless = text.hasPrefix("+") && ValueParsers.isDigits(unsigned) && Int(unsigned).map(range.contains) == true
            throw usageError(
                "invalid value for '--\(name)': '\(text.truncatedForDisplay)'",
                hint: signless
                    ? "write the number without a sign: '--\(name) \(unsigned)'"
                    : "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
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

    /// The one positional argument `name` (such as `ID`), which must be given.
    func requiredPositional(_ name: String, example: String) throws(CLIError) -> String {
        guard let value = try positionals(max: 1).first else {
            throw usageError("missing \(name)", hint: "try '\(example)'")
        }
        return value
    }
}

/// Options several commands share, spelled the same everywhere.
enum CommonOptions {
    static let now = OptionSpec.value(
        "now", "TIME",
        "The current moment: RFC 3339 (2026-12-01T07:00:00Z), or local time read in the device zone. Default: the real clock.")
    static let timeZone = OptionSpec.value(
        "time-zone", "IANA", "Device time zone, followed by floating rules. Default: $TZ, else the system zone.")
    static let format = OptionSpec.value("format", "FORMAT", "table (default) or json.")
    static let rules = OptionSpec.value(
        "rules", "FILE",
        "Read the rules from this rule file (JSON, see Docs/Formats.md), or standard input for '-', instead of the alarm book.")
    static let store = OptionSpec.value(
        "store", "PATH", "The alarm book file. Default: $ALARMS_STORE, else the per-user path that 'alarms help' prints.")
    /// Added by ``CommandLineTool`` to every command that has `--store`.
    static let lockTimeout = OptionSpec.value(
        "lock-timeout", "SECONDS",
        "Give up after this long when another process holds the alarm book's lock. Default: $ALARMS_LOCK_TIMEOUT, else 10.")

    /// `--store`, `--now` and `--time-zone`, for the commands that edit the book without rule
    /// options and show a time afterwards (the next fire, or today on a floating rule's clock),
    /// which the device zone decides.
    static let editTime: [OptionSpec] = [store, now, timeZone]
    /// `--store` and `--now`, for `remove` and `disable`, which show no time: a device zone
    /// would change nothing they do, so they do not take one.
    static let editWithoutTime: [OptionSpec] = [store, now]
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
