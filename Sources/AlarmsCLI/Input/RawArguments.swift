import Foundation

extension CommandLineTool {
    /// The environment variables ``run(argumentBytes:environmentBytes:systemTimeZone:standardInput:clock:outputIsTerminal:terminalColumns:notice:)`` reads.
    package static let environmentVariables = [
        "TZ", "TZDIR", "ALARMS_STORE", "ALARMS_LOCK_TIMEOUT", "ALARMS_MAX_INPUT_SIZE", "HOME", "XDG_DATA_HOME", "NO_COLOR", "TERM",
        "COLUMNS"
    ]

    /// The variables that name files: a path that is not UTF-8 cannot be passed on byte for byte.
    static let pathVariables: Set<String> = ["ALARMS_STORE", "HOME", "XDG_DATA_HOME"]

    /// Runs one command line given as the bytes the operating system passed, as the executable
    /// does. Paths reach the file system as Swift strings, which must be valid UTF-8: a path
    /// with other bytes would be read with U+FFFD in their place and name a different file
    /// (`\xFF.json` and `\xFE.json` the same one). So an argument that is not valid UTF-8 is a
    /// usage error (exit 64), and so is such a value of `ALARMS_STORE`, `HOME` or `XDG_DATA_HOME`.
    ///
    /// ```swift
    /// let result = await CommandLineTool.run(argumentBytes: [Array("list".utf8), Array("--store".utf8), [0x2F, 0xFF]],
    ///                                        environmentBytes: [:], systemTimeZone: .machine, clock: { Date() })
    /// result.exitCode   // 64: "argument 3, '/\xFF', is not valid UTF-8"
    /// ```
    /// - Parameters:
    ///   - argumentBytes: the arguments after the program name, as bytes.
    ///   - environmentBytes: the values of ``environmentVariables`` that are set, as bytes.
    ///   - systemTimeZone: the machine's zone (``SystemZone/machine`` in the executable, which
    ///     reads `/etc/localtime` when it is needed), the device zone when neither `--time-zone`
    ///     nor `TZ` gives one. A test passes ``SystemZone/given(_:zoneDirectories:)``, so it can
    ///     run the tool in process with any zone.
    ///   - standardInput: the file descriptor a rule file named `-` is read from. Default: the
    ///     process's standard input.
    ///   - clock: the real time, read only when `--now` is not given.
    ///   - outputIsTerminal: whether standard output is a terminal.
    ///   - terminalColumns: the terminal's width in columns, when it is one and reports it.
    ///   - notice: receives lines for standard error that cannot wait for the result (see
    ///     ``run(_:environment:systemTimeZone:standardInput:clock:outputIsTerminal:terminalColumns:notice:)``).
    package static func run(
        argumentBytes: [[UInt8]], environmentBytes: [String: [UInt8]], systemTimeZone: SystemZone,
        standardInput: Int32 = STDIN_FILENO, clock: @escaping @Sendable () -> Date, outputIsTerminal: Bool = false,
        terminalColumns: Int? = nil, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) async -> CommandResult {
        let output = OutputSink.memory()
        let exitCode = await run(
            argumentBytes: argumentBytes, environmentBytes: environmentBytes, systemTimeZone: systemTimeZone,
            standardInput: standardInput, clock: clock, outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns,
            output: output, notice: notice)
        return CommandResult(
            exitCode: exitCode, standardOutput: output.captured(.standardOutput), standardError: output.captured(.standardError))
    }

    /// ``run(argumentBytes:environmentBytes:systemTimeZone:standardInput:clock:outputIsTerminal:terminalColumns:notice:)``
    /// writing to `output` as the command goes, as the executable runs it: a command whose
    /// output is long (`simulate`) writes it record by record instead of holding it all.
    ///
    /// ```swift
    /// let output = OutputSink.standardStreams()
    /// let status = await CommandLineTool.run(argumentBytes: arguments, environmentBytes: environment,
    ///                                        systemTimeZone: .machine, clock: { Date() }, output: output)
    /// exit(status)   // 1, with "error: cannot write to standard output: …", when the output could not be written
    /// ```
    ///
    /// - Parameters:
    ///   - output: where standard output and standard error go.
    ///   - notice: lines for standard error that cannot wait; by default written to `output`.
    /// - Returns: the exit code.
    package static func run(
        argumentBytes: [[UInt8]], environmentBytes: [String: [UInt8]], systemTimeZone: SystemZone,
        standardInput: Int32 = STDIN_FILENO, clock: @escaping @Sendable () -> Date, outputIsTerminal: Bool = false,
        terminalColumns: Int? = nil, output: OutputSink, notice: (@Sendable (String) -> Void)? = nil
    ) async -> Int32 {
        let notice = notice ?? { line in try? output.write(line, to: .standardError) }
        var arguments: [String] = []
        for (position, bytes) in argumentBytes.enumerated() {
            let (text, valid) = decode(bytes)
            guard valid else {
                let command = arguments.first.flatMap { first in commands.first { $0.name == first }?.name }
                let error = CLIError.usage(
                    message: "argument \(position + 1), '\(text.printable)', is not valid UTF-8",
                    hint:
                        "alarms reads arguments as UTF-8 text, so a path with other bytes would name another file; rename it, or use a path that is UTF-8",
                    command: command)
                return deliver(result(of: error), to: output, commandFinished: false)
            }
            arguments.append(text)
        }
        var environment: [String: String] = [:]
        for (name, bytes) in environmentBytes {
            let (text, valid) = decode(bytes)
            if !valid && pathVariables.contains(name) {
                let error = CLIError.usage(
                    message: "$\(name), '\(text.printable)', is not valid UTF-8",
                    hint: "a path with such bytes would name another file; set it to a path that is UTF-8", command: nil)
                return deliver(result(of: error), to: output, commandFinished: false)
            }
            environment[name] = text
        }
        return await execute(
            arguments, environment: environment, systemTimeZone: systemTimeZone, standardInput: standardInput, clock: clock,
            outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns, output: output, notice: notice)
    }

    /// `bytes` as text, and whether they were valid UTF-8; invalid bytes are shown as `\xFF`.
    static func decode(_ bytes: [UInt8]) -> (text: String, valid: Bool) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var scalars = String.UnicodeScalarView()
        var valid = true
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                valid = false
                for byte in bytes[offset..<offset + length] {
                    let hex = String(byte, radix: 16, uppercase: true)
                    scalars.append(contentsOf: ("\\x" + (hex.count == 1 ? "0" : "") + hex).unicodeScalars)
                }
                offset += length
            case .emptyInput:
                return (String(scalars), valid)
            }
        }
    }
}
