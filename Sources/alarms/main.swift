import AlarmsCLI
import Foundation

// The only place that reads the real clock and writes to the terminal.
let result = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, clock: { Date() })
FileHandle.standardOutput.write(Data(result.standardOutput.utf8))
FileHandle.standardError.write(Data(result.standardError.utf8))
exit(result.exitCode)
