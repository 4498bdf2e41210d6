import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms validate [FILE]`: every problem at once, plus warnings about clock changes in the
/// next 12 months and about more fires per horizon than the cap.
enum ValidateCommand: CLICommand {
    static let name = "validate"
    static let summary = "Check a rule file or the book: problems, DST, cap."
    static let usage = "alarms validate [FILE | --store PATH] [--now TIME] [--time-zone IANA] [--cap N] [--format table|json]"
    static let options: [OptionSpec] = [
        CommonOptions.store, CommonOptions.now, CommonOptions.timeZone,
        .value("cap", "N", "Cap to check the pressure against, 0...10000. Default: 64."),
        CommonOptions.format
    ]
    static let discussion = """
        FILE is a rule file or an alarm book file, '-' for standard input; without it the alarm book is checked. Problems (exit 1) are listed \
        all at once. Warnings do not fail: rule times that a clock change removes or repeats in the next 12 months \
        (with the date and what will happen), and more fires in one 7-day horizon than the cap, so a plan covers less \
        and the app must refresh sooner.
        """

    /// How far ahead clock changes are looked for.
    static let lookAhead: TimeInterval = 365 * 86_400

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let file = try invocation.positionals(max: 1, hint: "validate checks one file at a time").first
        let cap = try invocation.integer("cap", range: 0...10_000, default: PlanOptions.defaultCap)
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let report: ValidationReport
        if let file {
            if invocation.parsed.value("store") != nil {
                throw invocation.usageError(
                    "FILE and '--store' cannot be combined", hint: "give the file to check, or '--store PATH' for an alarm book")
            }
            let name = BoundedFileReader.name(of: file)
            let data = try invocation.readInput(file)
            // A valid file compiles straight from its bytes, its state applied; anything else is
            // read in full, which finds every problem.
            report = ValidationReport(path: name, outcome: ValidationReport.read(file: data, path: name), context: context, cap: cap)
        } else {
            let location = try invocation.storeLocation(alternative: "FILE")
            report = ValidationReport(
                path: location.path, outcome: try ValidationReport.read(store: location), context: context, cap: cap,
                note: location.missingNote)
        }
        let output = format == .json ? ValidateDocument(report: report).terminalText : report.text(palette: invocation.palette)
        guard report.problems.isEmpty else {
            // The report is the command's output; the exit status says it found problems.
            let count = report.problems.count
            throw .reported(output: output, messages: ["\(count) problem\(count == 1 ? "" : "s") in \(report.path.printable)"])
        }
        return output
    }
}
