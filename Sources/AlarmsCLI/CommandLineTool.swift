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
    public static func run(_ arguments: [String], environment: [String: String], clock: () -> Date) -> CommandResult {
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
            case let .failure(messages, hint):
                var text = messages.map { "error: \($0)\n" }.joined()
                if let hint { text += "hint: \(hint)\n" }
                return CommandResult(exitCode: ExitCode.failure, standardOutput: "", standardError: text)
            }
        }
    }

    static let commands = ["plan", "help"]

    static func usage(of command: String) -> String? {
        switch command {
        case PlanCommand.name: PlanCommand.usage
        default: nil
        }
    }

    static func dispatch(_ arguments: [String], environment: [String: String], clock: () -> Date) throws(CLIError) -> String {
        guard let command = arguments.first else {
            throw .usage(message: "missing command", hint: "try 'alarms plan --rules Docs/Examples/alarms.json'", command: nil)
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "plan": return try PlanCommand.run(rest, environment: environment, clock: clock)
        case "--version": return HelpText.version + "\n"
        case "-h", "--help": throw .help(HelpText.overview)
        case "help":
            guard let topic = rest.first else { throw .help(HelpText.overview) }
            return try dispatch([topic, "--help"], environment: environment, clock: clock)
        default:
            let suggestion = Suggestion.closest(to: command, among: commands)
            throw .usage(message: "unknown command '\(command.truncatedForDisplay)'",
                         hint: suggestion.map { "did you mean '\($0)'?" }, command: nil)
        }
    }
}
