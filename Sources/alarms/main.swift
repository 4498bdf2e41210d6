import AlarmsCLI
import Foundation

/// The bytes of a C string, exactly as the operating system passed them.
func bytes(of string: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: string, count: strlen(string)))
}

// First, before anything opens a file: a closed standard descriptor is taken by a placeholder,
// so no file can get its number (see OutputSink.standardStreams()).
let output = OutputSink.standardStreams()
// The only place that reads the real clock and names the system's time zone (/etc/localtime,
// read when a command needs the device zone and TZ is unset), asks whether the output
// is a terminal and how wide, and names the process's streams.
// Arguments and the environment are read as raw bytes (CommandLine.arguments and ProcessInfo
// would replace invalid UTF-8 with U+FFFD), so a path that is not UTF-8 is refused, not altered.
let argumentBytes = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { bytes(of: $0) } }
var environmentBytes: [String: [UInt8]] = [:]
for name in CommandLineTool.environmentVariables {
    if let value = getenv(name) { environmentBytes[name] = bytes(of: value) }
}
// The terminal's width, for cutting table lines; COLUMNS, when set, wins inside the tool.
var windowSize = winsize()
let terminalColumns: Int? =
    ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &windowSize) == 0 && windowSize.ws_col > 0 ? Int(windowSize.ws_col) : nil
let status = await CommandLineTool.run(
    argumentBytes: argumentBytes, environmentBytes: environmentBytes,
    systemTimeZone: .machine, clock: { Date() }, outputIsTerminal: isatty(STDOUT_FILENO) != 0,
    terminalColumns: terminalColumns, output: output)
exit(status)
