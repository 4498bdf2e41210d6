import Dispatch
import Foundation

@testable import AlarmsCLI

// Shared by the fuzz targets that link AlarmsCLI (Tests/Fuzz/run.sh adds this folder for them).

/// Runs `arguments` in process through `CommandLineTool.run`, with `environment` and the clock
/// at ``fuzzNow``, and waits for its end: libFuzzer calls a target synchronously.
func runCommandLine(_ arguments: [String], environment: [String: String]) -> CommandResult {
    let box = ResultBox()
    let finished = DispatchSemaphore(value: 0)
    Task {
        box.result = await CommandLineTool.run(arguments, environment: environment, clock: { fuzzNow })
        finished.signal()
    }
    finished.wait()
    guard let result = box.result else { fail("no result") }
    return result
}

/// Written once by the task before it signals, read once after the wait.
private final class ResultBox: @unchecked Sendable {
    var result: CommandResult?
}

/// Checks the exit status against what the command wrote: 0 with nothing on standard error
/// but what `successStandardError` allows, 64 with an `error:` line, a `--help` pointer and no
/// output, 1 with `error:` lines (and no output when `failureOutput` is false); any other
/// status fails the run. `shown` names the command line in the messages.
func checkExitStatus(
    _ result: CommandResult, shown: String, successStandardError: (String) -> Bool, successProblem: String,
    failureOutput: Bool
) {
    switch result.exitCode {
    case ExitCode.success:
        require(successStandardError(result.standardError), "exit 0 with \(successProblem) for \(shown): \(result.standardError)")
    case ExitCode.usage:
        require(
            result.standardError.hasPrefix("error: ") && result.standardError.contains("--help'."),
            "exit 64 without an error and a help pointer for \(shown): \(result.standardError)")
        require(result.standardOutput.isEmpty, "exit 64 with output for \(shown)")
    case ExitCode.failure:
        require(result.standardError.hasPrefix("error: "), "exit 1 without an error line for \(shown): \(result.standardError)")
        if !failureOutput { require(result.standardOutput.isEmpty, "exit 1 with output for \(shown)") }
    default:
        fail("exit status \(result.exitCode) for \(shown)")
    }
}
