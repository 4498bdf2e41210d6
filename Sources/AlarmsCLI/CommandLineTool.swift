import Foundation
import RecurringAlarms

/// What one run of `alarms` printed and how it exited.
public struct CommandResult: Sendable, Equatable {
    public var exitCode: Int32
    public var standardOutput: String
    public var standardError: String
}

/// The `alarms` command line as a pure function: arguments, environment and a clock in;
/// output and exit code out. The executable is a three-line wrapper around ``run(_:environment:clock:)``.
///
/// ```swift
/// let result = CommandLineTool.run(["plan", "--rules", "alarms.json", "--now", "2026-12-01T06:00:00Z"],
///                                  environment: ["TZ": "Europe/Berlin"], clock: { fatalError("not used") })
/// result.exitCode   // 0
/// ```
public enum CommandLineTool {
    /// Runs one command line. This is the only place that maps errors to text and exit codes:
    /// help → 0, usage errors → 64, anything else → 1.
    public static func run(_ arguments: [String], environment: [String: String], clock: @escaping () -> Date) -> CommandResult {
        do throws(CLIError) {
            return CommandResult(exitCode: ExitCode.success, standardOutput: try dispatch(arguments, environment: environment, clock: clock), standardError: "")
        } catch {
            switch error {
            case .help(let text):
                return CommandResult(exitCode: ExitCode.success, standardOutput: text, standardError: "")
            case let .usage(message, hint, command):
                var text = "error: \(message)\n"
                if let hint { text += "hint: \(hint)\n" }
                if let command, let usage = usage(of: command) {
                    text += "usage: \(usage)\nSee 'alarms \(command) --help'.\n"
                } else {
                    text += "See 'alarms --help'.\n"
                }
                return CommandResult(exitCode: ExitCode.usage, standardOutput: "", standardError: text)
            case let .reported(output, messages):
                return CommandResult(exitCode: ExitCode.failure, standardOutput: output,
                                     standardError: messages.map { "error: \($0)\n" }.joined())
            case let .failure(messages, hint):
                var text = messages.map { "error: \($0)\n" }.joined()
                if let hint { text += "hint: \(hint)\n" }
                return CommandResult(exitCode: ExitCode.failure, standardOutput: "", standardError: text)
            }
        }
    }

    /// Every subcommand, in the order help lists them.
    static var commands: [any CLICommand.Type] { [PlanCommand.self, ValidateCommand.self, ExplainCommand.self] }

    /// Parses the arguments of `command` and runs it (generic, so the command type is concrete).
    static func invoke<Command: CLICommand>(_ command: Command.Type, _ arguments: [String], environment: [String: String],
                                            clock: @escaping () -> Date) throws(CLIError) -> String {
        let parser = OptionParser(command: Command.name, options: Command.options)
        let helpText = HelpText.command(name: Command.name, summary: Command.summary, usage: Command.usage, options: Command.options)
        let parsed = try parser.parse(arguments, help: { helpText })
        return try Command.run(CommandInvocation(parsed: parsed, parser: parser, environment: environment, clock: clock))
    }

    static func usage(of name: String) -> String? {
        commands.first { $0.name == name }?.usage
    }

    static func dispatch(_ arguments: [String], environment: [String: String], clock: @escaping () -> Date) throws(CLIError) -> String {
        guard let name = arguments.first else {
            throw .usage(message: "missing command", hint: "try 'alarms plan --rules Docs/Examples/alarms.json'", command: nil)
        }
        let rest = Array(arguments.dropFirst())
        switch name {
        case "--version": return HelpText.version + "\n"
        case "-h", "--help": throw .help(HelpText.overview)
        case "help":
            guard let topic = rest.first else { throw .help(HelpText.overview) }
            return try dispatch([topic, "--help"], environment: environment, clock: clock)
        default:
            guard let command = commands.first(where: { $0.name == name }) else {
                let suggestion = Suggestion.closest(to: name, among: commands.map { $0.name } + ["help"])
                throw .usage(message: "unknown command '\(name.truncatedForDisplay)'",
                             hint: suggestion.map { "did you mean '\($0)'?" }, command: nil)
            }
            return try invoke(command, rest, environment: environment, clock: clock)
        }
    }
}
