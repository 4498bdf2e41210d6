import AlarmsCLI
import Foundation

// The only place that reads the real clock, asks whether the output is a terminal, and writes to it.
let result = await CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                                       clock: { Date() }, outputIsTerminal: isatty(STDOUT_FILENO) != 0,
                                       notice: { FileHandle.standardError.write(Data($0.utf8)) })
FileHandle.standardOutput.write(Data(result.standardOutput.utf8))
FileHandle.standardError.write(Data(result.standardError.utf8))
exit(result.exitCode)
