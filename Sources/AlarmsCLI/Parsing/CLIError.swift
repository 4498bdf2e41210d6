/// Everything the command line can end with other than success. ``CommandLineTool`` turns
/// each case into text and an exit code in one place.
enum CLIError: Error, Equatable {
    /// Help was asked for: printed to standard output, exit 0.
    case help(String)
    /// Bad flag or value: exit 64 (`EX_USAGE`), with a hint and the command's usage line.
    case usage(message: String, hint: String?, command: String?)
    /// Anything else (unreadable file, invalid rules): exit 1, one `error:` line per message.
    case failure(messages: [String], hint: String?)
    /// The command produced its report on standard output but failed (`validate` found
    /// problems): exit 1, with `messages` as `error:` lines on standard error.
    case reported(output: String, messages: [String])
    /// The command produced its report and it holds a finding the caller asked to fail on
    /// (`simulate --fail-on-miss` with missed fires): exit ``ExitCode/missedAlarms`` (2), with
    /// `message` as a `note:` line on standard error.
    case finding(output: String, message: String)
    /// Output the command was writing as it went could not be written: exit 1, with
    /// `error: cannot write to standard output: …` on standard error.
    case output(OutputSink.WriteError)

    static func failure(_ message: String, hint: String? = nil) -> CLIError { .failure(messages: [message], hint: hint) }
}

/// Exit codes as tools built on swift-argument-parser use them.
package enum ExitCode {
    /// The command did what was asked, or printed help.
    package static let success: Int32 = 0
    /// Any failure other than a usage error: an unreadable file, invalid rules, problems
    /// `validate` found.
    package static let failure: Int32 = 1
    /// `EX_USAGE` from sysexits.h.
    package static let usage: Int32 = 64
    /// `alarms simulate --fail-on-miss` missed at least one required fire: the run worked and
    /// its report is on standard output, but the book does not keep ringing. Neither 1 (failure)
    /// nor 64 (usage), so a script or CI job can tell a finding from a broken run.
    package static let missedAlarms: Int32 = 2
}
