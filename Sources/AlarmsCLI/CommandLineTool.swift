import Foundation
import RecurringAlarms

/// What one run of `alarms` printed and how it exited.
package struct CommandResult: Sendable, Equatable {
    /// ``ExitCode/success`` (0) after success or help, ``ExitCode/usage`` (64) after a usage
    /// error, ``ExitCode/missedAlarms`` (2) after `simulate --fail-on-miss` missed a fire,
    /// ``ExitCode/failure`` (1) after any other failure.
    package var exitCode: Int32
    /// The command's output or the help text; empty after an error, except that `validate`
    /// keeps its report when it finds problems.
    package var standardOutput: String
    /// One `error: …` line per message, then any `hint: …` line and, after a usage error, the
    /// command's usage line (when a command was recognised) and `See 'alarms … --help'.`;
    /// on success, only the `warning: …` lines of a command that warns (`export`).
    package var standardError: String
}

/// The `alarms` command line as a pure function: arguments, environment, the system's zone and
/// a clock in; output and exit code out. The executable is a small wrapper around
/// ``run(argumentBytes:environmentBytes:systemTimeZone:standardInput:clock:outputIsTerminal:terminalColumns:output:notice:)``
/// with ``OutputSink/standardStreams()``; it is
/// the only place that reads the real clock and asks for the system's zone.
///
/// ```swift
/// let result = await CommandLineTool.run(["plan", "--rules", "alarms.json", "--now", "2026-12-01T06:00:00Z"],
///                                        environment: ["TZ": "Europe/Berlin"], clock: { fatalError("not used") })
/// result.exitCode   // 0
/// ```
package enum CommandLineTool {
    /// Runs one command line. This is the only place that maps errors to text and exit codes:
    /// help → 0, usage errors → 64, missed alarms under `simulate --fail-on-miss` → 2,
    /// anything else → 1.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: `TZ`, `TZDIR`, `ALARMS_STORE`, `ALARMS_LOCK_TIMEOUT`, `ALARMS_MAX_INPUT_SIZE`, `HOME`, `XDG_DATA_HOME`, `NO_COLOR`, `TERM` and `COLUMNS` are read.
    ///   - systemTimeZone: the machine's zone, the device zone when neither `--time-zone` nor
    ///     `TZ` gives one, and the directories where a `TZ` path is looked up (the executable
    ///     passes ``SystemZone/machine``, which reads `/etc/localtime`). Default: GMT, so a caller
    ///     that passes neither gets the same output on every machine.
    ///   - standardInput: the file descriptor a rule file named `-` is read from. Default: the
    ///     process's standard input.
    ///   - clock: the real time, read only when `--now` is not given.
    ///   - outputIsTerminal: whether standard output is a terminal; colour is used only then,
    ///     and only when `NO_COLOR` is unset or empty and `TERM` is not `dumb`; tables are cut
    ///     to the terminal's width only then, and never when the output goes to a file or pipe.
    ///   - terminalColumns: the terminal's width in columns, as it reports it (the executable
    ///     asks with `ioctl(TIOCGWINSZ)`); `COLUMNS`, when set to a positive number, wins, and
    ///     80 is used when neither gives one. Ignored when `outputIsTerminal` is false.
    ///   - notice: receives lines for standard error that cannot wait for the result, such as
    ///     `note: waiting for another process holding the lock on '…'` while a store command
    ///     waits for a lock; each ends with a newline. Default: dropped.
    package static func run(
        _ arguments: [String], environment: [String: String], systemTimeZone: SystemZone = .given(.gmt),
        standardInput: Int32 = STDIN_FILENO, clock: @escaping @Sendable () -> Date, outputIsTerminal: Bool = false,
        terminalColumns: Int? = nil, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) async -> CommandResult {
        let output = OutputSink.memory()
        let exitCode = await execute(
            arguments, environment: environment, systemTimeZone: systemTimeZone, standardInput: standardInput, clock: clock,
            outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns, output: output, notice: notice)
        return CommandResult(
            exitCode: exitCode, standardOutput: output.captured(.standardOutput), standardError: output.captured(.standardError))
    }

    /// Runs one command line, writing its output and messages to `output` as it goes, and
    /// returns the exit code. Everything else is as in
    /// ``run(_:environment:systemTimeZone:standardInput:clock:outputIsTerminal:terminalColumns:notice:)``.
    static func execute(
        _ arguments: [String], environment: [String: String], systemTimeZone: SystemZone, standardInput: Int32,
        clock: @escaping @Sendable () -> Date, outputIsTerminal: Bool, terminalColumns: Int?, output: OutputSink,
        notice: @escaping @Sendable (String) -> Void
    ) async -> Int32 {
        let palette = Palette(enabled: outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb")
        let context = RunContext(
            environment: environment, systemTimeZone: systemTimeZone, standardInput: standardInput, clock: clock,
            palette: palette, outputIsTerminal: outputIsTerminal,
            outputWidth: TerminalText.outputWidth(
                outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns, environment: environment),
            output: output, notice: notice)
        do throws(CLIError) {
            let text = try await dispatch(arguments, context: context)
            let messages = context.messages.withLock { $0 }.map { "\($0)\n" }.joined()
            let result = CommandResult(
                exitCode: ExitCode.success, standardOutput: text,
                standardError: TerminalText.escape(messages, keepingNewlines: true))
            return deliver(result, to: output, commandFinished: true)
        } catch {
            var failed = result(of: error)
            if case .finding = error {
                // A finding is a run that finished: the warnings it left come before its note.
                let messages = context.messages.withLock { $0 }.map { "\($0)\n" }.joined()
                failed.standardError = TerminalText.escape(messages, keepingNewlines: true) + failed.standardError
            }
            return deliver(failed, to: output, commandFinished: false)
        }
    }

    /// Writes `result` to `output` and returns its exit code, or 1 when a stream cannot be
    /// written: then `error: cannot write to standard output: …` goes to standard error if it
    /// still can (nothing can be said when standard error itself fails).
    ///
    /// - Parameter commandFinished: whether the command did all it was asked before its output
    ///   was lost, so a script learns that an edit was saved although the exit is 1.
    static func deliver(_ result: CommandResult, to output: OutputSink, commandFinished: Bool) -> Int32 {
        do throws(OutputSink.WriteError) {
            try output.write(result.standardOutput, to: .standardOutput)
            try output.flush()
            try output.write(result.standardError, to: .standardError)
            return result.exitCode
        } catch  where error.stream == .standardOutput {
            var text = result.exitCode == ExitCode.success ? "" : result.standardError
            text += "error: \(error.message)\n"
            if commandFinished { text += "hint: the command itself succeeded, so any change it made is saved; only its output was lost\n" }
            try? output.write(TerminalText.escape(text, keepingNewlines: true), to: .standardError)
            return ExitCode.failure
        } catch {
            return ExitCode.failure
        }
    }

    /// The text and exit code of `error`. Standard error passes through
    /// ``TerminalText/escape(_:limit:keepingNewlines:)`` as a whole, so no message, however it
    /// was built, writes a control character of the user's to the terminal.
    static func result(of error: CLIError) -> CommandResult {
        switch error {
        case .help(let text):
            return CommandResult(exitCode: ExitCode.success, standardOutput: text, standardError: "")
        case .usage(let message, let hint, let command):
            var text = "error: \(message)\n"
            if let hint { text += "hint: \(hint)\n" }
            if let command, let usage = usage(of: command) {
                text +=
                    "usage: \(HelpText.wrapUsage(usage, width: 80 - 7).joined(separator: "\n       "))\nSee 'alarms \(command) --help'.\n"
            } else {
                text += "See 'alarms --help'.\n"
            }
            return CommandResult(
                exitCode: ExitCode.usage, standardOutput: "", standardError: TerminalText.escape(text, keepingNewlines: true))
        case .reported(let output, let messages):
            return CommandResult(
                exitCode: ExitCode.failure, standardOutput: output,
                standardError: TerminalText.escape(messages.map { "error: \($0)\n" }.joined(), keepingNewlines: true))
        case .finding(let output, let message):
            return CommandResult(
                exitCode: ExitCode.missedAlarms, standardOutput: output,
                standardError: TerminalText.escape("note: \(message)\n", keepingNewlines: true))
        case .failure(let messages, let hint):
            var text = messages.map { "error: \($0)\n" }.joined()
            if let hint { text += "hint: \(hint)\n" }
            return CommandResult(
                exitCode: ExitCode.failure, standardOutput: "", standardError: TerminalText.escape(text, keepingNewlines: true))
        case .output(let failure):
            return CommandResult(exitCode: ExitCode.failure, standardOutput: "", standardError: "error: \(failure.message)\n")
        }
    }

    /// Every subcommand, in the order help lists them.
    static var commands: [any CLICommand.Type] {
        [
            PlanCommand.self, WeekCommand.self, NextCommand.self, ListCommand.self,
            AddCommand.self, EditCommand.self, RemoveCommand.self, EnableCommand.self, DisableCommand.self,
            SkipCommand.self, UnskipCommand.self, SkipNextCommand.self, SnoozeCommand.self,
            ImportCommand.self, ExportCommand.self,
            ValidateCommand.self, CheckCommand.self, ExplainCommand.self, SimulateCommand.self, CompletionsCommand.self
        ]
    }

    /// Parses the arguments of `command` and runs it (generic, so the command type is concrete).
    static func invoke<Command: CLICommand>(_ command: Command.Type, _ arguments: [String], context: RunContext) async throws(CLIError)
        -> String
    {
        let options = options(of: Command.self)
        let parser = OptionParser(command: Command.name, options: options)
        let helpText = HelpText.command(
            name: Command.name, summary: Command.summary, usage: Command.usage,
            options: options, discussion: Command.discussion)
        let parsed = try parser.parse(arguments, help: { helpText })
        return try await Command.run(CommandInvocation(parsed: parsed, parser: parser, context: context))
    }

    /// The options `command` takes: its own, `--lock-timeout` when it opens the store, and
    /// `--max-input-size` when it reads a file (`--rules FILE`, or a file argument).
    static func options(of command: any CLICommand.Type) -> [OptionSpec] {
        let readsFiles = command.options.contains { $0.name == "rules" } || commandsReadingFiles.contains(command.name)
        return command.options + (command.options.contains { $0.name == "store" } ? [CommonOptions.lockTimeout] : [])
            + (readsFiles ? [CommonOptions.maxInputSize] : [])
    }

    /// The commands whose argument is a file to read, besides those that take `--rules`.
    static let commandsReadingFiles: Set<String> = ["validate", "check", "import"]

    static func usage(of name: String) -> String? {
        commands.first { $0.name == name }?.usage
    }

    static func dispatch(_ arguments: [String], context: RunContext) async throws(CLIError) -> String {
        // As a swift-argument-parser command group without a default subcommand: the overview, exit 0.
        guard let name = arguments.first else { throw .help(HelpText.overview(environment: context.environment)) }
        let rest = Array(arguments.dropFirst())
        switch name {
        case "--version": return PackageVersion.current + "\n"
        case "-h", "--help": throw .help(HelpText.overview(environment: context.environment))
        case "help":
            guard let topic = rest.first else { throw .help(HelpText.overview(environment: context.environment)) }
            return try await dispatch([topic, "--help"], context: context)
        default:
            guard let command = commands.first(where: { $0.name == name }) else {
                let suggestion = name.count <= 64 ? Suggestion.closest(to: name, among: commands.map { $0.name } + ["help"]) : nil
                let hint =
                    name.hasPrefix("-")
                    ? "options go after the command, as in 'alarms plan --help'" : suggestion.map { "did you mean '\($0)'?" }
                throw .usage(message: "unknown command '\(name.truncatedForDisplay)'", hint: hint, command: nil)
            }
            return try await invoke(command, rest, context: context)
        }
    }
}

/// What every command runs with besides its arguments.
struct RunContext {
    let environment: [String: String]
    /// The device zone when neither `--time-zone` nor `TZ` gives one, and where `TZ` paths are looked up.
    let systemTimeZone: SystemZone
    /// What a rule file named `-` is read from.
    let standardInput: Int32
    let clock: @Sendable () -> Date
    let palette: Palette
    /// Whether standard output is a terminal: text that must reach a file byte for byte (an
    /// iCalendar export) is escaped only then.
    let outputIsTerminal: Bool
    /// The widest a table line may be: the terminal's columns, or `Int.max` off a terminal.
    let outputWidth: Int
    /// Where a command that streams its output writes it as it goes (see ``CommandInvocation/emit(_:)``).
    let output: OutputSink
    /// Writes a line to standard error at once (see `notice` of ``CommandLineTool/run(_:environment:systemTimeZone:standardInput:clock:outputIsTerminal:terminalColumns:notice:)``).
    let notice: @Sendable (String) -> Void
    /// Lines a successful command leaves for standard error (`warning: …`, `note: …`), printed
    /// after it finishes.
    let messages = Locked<[String]>([])
}
