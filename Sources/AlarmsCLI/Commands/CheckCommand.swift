import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms check CASES.json`: plans every case of a case file and compares it with the fires
/// it expects; a line diff per failing case, exit 1 on any mismatch.
///
/// Cases are planned one at a time and each is printed as soon as it is planned, so no case's
/// fires are held once its lines are written (``CheckLimits`` bounds the run as a whole).
enum CheckCommand: CLICommand {
    static let name = "check"
    static let summary = "Check a case file: expected fires of each case."
    static let usage = "alarms check CASES [--record | --record=all] [--format table|json]"
    static let options: [OptionSpec] = [
        .flag(
            "record", inlineValues: ["all"],
            "Write the planned fires into the file as the expected fires of the cases that have none; with --record=all, of every case."
        ),
        CommonOptions.format
    ]
    static let discussion = """
        CASES is a case file (see Docs/Formats.md): a rule file or an alarm book file with a top-level "cases" array, \
        each case a moment, a device zone, planning options and the fires it expects. Each case is planned as \
        'alarms plan' (rolling, fill-cap) or as the hybrid strategy plans it. A passing case prints one line; a \
        failing one prints a line diff, '-' expected and '+' planned, with runs of agreeing lines collapsed. \
        Exit status 1 when any case fails or has no expected fires. With --record the file is written again \
        (a temporary file, flushed, renamed over it) and the recorded cases count as passing; it must be a regular \
        file you can write. A run plans at most \(CheckLimits.maximumPlannedRequests) requests (the sum of the cases' \
        caps) and \(CheckLimits.maximumRulePlans) rules (cases x rules).
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let path = try invocation.requiredPositional("CASES", example: "alarms check Docs/Examples/alarms.cases.json")
        let format = try invocation.format()
        let mode: PlanCaseFile.RecordMode? =
            invocation.parsed.flags.contains("record") ? (invocation.parsed.value("record") == "all" ? .all : .missing) : nil
        if mode != nil { try checkRecordable(path, invocation: invocation) }
        let name = BoundedFileReader.name(of: path)
        let data = try invocation.readInput(path)
        let file: PlanCaseFile
        do throws(PlanCaseFileError) {
            file = try PlanCaseFile(jsonData: data)
        } catch {
            throw .failure(messages: messages(for: error, path: name), hint: nil)
        }
        try CheckLimits.checkSize(file, name: name)
        var run = CheckRun(file: file, name: name, mode: mode)
        switch format {
        case .table: try run.writeTable(recordingInto: path, write: invocation.emit)
        case .json: try run.writeDocument(recordingInto: path, write: invocation.emit)
        }
        return try run.finish()
    }

    /// Refuses, before anything is read or planned, a `--record` target the command could not
    /// write back: anything but a regular file (a named pipe, a process substitution such as
    /// `<(…)`, a device, a folder) as a usage error, as `-` is; a file the user cannot write,
    /// or one whose permission bits give no one write access (`0444`, which even root should
    /// not silently replace), as a failure. A path that does not exist is left to the read.
    static func checkRecordable(_ path: String, invocation: CommandInvocation) throws(CLIError) {
        if path == BoundedFileReader.standardInput {
            throw invocation.usageError("'--record' cannot write standard input", hint: "give the case file's path")
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        if let kind = FileKind.nonRegular(mode: status.st_mode) {
            throw invocation.usageError(
                "'--record' cannot write '\(path.printable)': it is \(kind), and '--record' writes only a regular file",
                hint: "save the cases to a file and record into that, or drop '--record'")
        }
        if access(path, W_OK) != 0 || status.st_mode & 0o222 == 0 {
            throw .failure(
                "cannot record into '\(path.printable)': permission denied (the file is read-only)",
                hint: "nothing was read or written; make the file writable (chmod u+w), or check without '--record'")
        }
    }

    /// One `error:` line per problem: `PATH:LINE:COLUMN: malformed JSON: …` or `PATH: PROBLEM`.
    static func messages(for error: PlanCaseFileError, path: String) -> [String] {
        switch error {
        case .malformedJSON(let message, let line, let column):
            return [MalformedJSON.line(path.printable, line: line, column: column, message: message)]
        case .invalid(let rules, let cases):
            return rules.map { "\(path.printable): \($0.terminalText)" }
                + cases.map { "\(path.printable): \($0.text(part: \.printable, message: { TerminalText.escape($0) }))" }
        }
    }
}

/// One run of `alarms check`: each case planned when it is examined, what became of it kept
/// as a word (``Outcome``), and only the requests of the cases it records kept until they are
/// written.
struct CheckRun {
    let file: PlanCaseFile
    let name: String
    let mode: PlanCaseFile.RecordMode?
    /// What became of each case examined so far, in file order.
    private(set) var outcomes: [Outcome] = []
    /// The requests of the cases to record, by their position in the file.
    private var recorded: [Int: PlanCase.Requests] = [:]

    init(file: PlanCaseFile, name: String, mode: PlanCaseFile.RecordMode?) {
        self.file = file
        self.name = name
        self.mode = mode
    }

    enum Outcome: String {
        case pass, fail, unrecorded, recorded
    }

    /// The text report through `write`, a case at a time as each is planned, then the
    /// recorded cases written into `path`, then the summary line.
    mutating func writeTable(recordingInto path: String, write: (String) throws(CLIError) -> Void) throws(CLIError) {
        for index in file.cases.indices {
            let (result, outcome) = try examine(index)
            try write(Self.lines(result, outcome).joined(separator: "\n") + "\n")
        }
        try writeRecorded(to: path)
        try write(summary)
    }

    /// The JSON report through `write`. Its counts come before its cases, so the cases are
    /// planned once to count them (and to record them into `path`), then again as each is
    /// written.
    mutating func writeDocument(recordingInto path: String, write: (String) throws(CLIError) -> Void) throws(CLIError) {
        for index in file.cases.indices { _ = try examine(index) }
        try writeRecorded(to: path)
        let counts = counts
        let examined = self
        // Planned once already, so planning again cannot fail; were it to, the run still
        // fails, after the document.
        var failure: CLIError?
        try JSONStream.writeObject(
            [
                .value("file", .string(name)), .value("passed", .integer(counts.passed)),
                .value("failed", .integer(counts.failed)), .value("recorded", .integer(counts.recorded)),
                .elements("cases", count: file.cases.count) { index in
                    do throws(CLIError) {
                        let (result, outcome) = try examined.result(index)
                        return Self.document(result, outcome)
                    } catch {
                        failure = error
                        return .object([])
                    }
                }
            ],
            write: write)
        if let failure { throw failure }
    }

    /// Plans case `index`, keeps its outcome, and its requests when it is recorded.
    mutating func examine(_ index: Int) throws(CLIError) -> (PlanCaseResult, Outcome) {
        let (result, outcome) = try self.result(index)
        outcomes.append(outcome)
        if outcome == .recorded { recorded[index] = result.actual }
        return (result, outcome)
    }

    /// Plans case `index` and tells what became of it, keeping nothing.
    func result(_ index: Int) throws(CLIError) -> (PlanCaseResult, Outcome) {
        let planCase = file.cases[index]
        let result: PlanCaseResult
        do throws(AlarmRulesError) {
            result = PlanCaseResult(planCase: planCase, actual: try planCase.plan(file.book))
        } catch {
            throw .failure(messages: RuleFileLoader.messages(for: error, path: name), hint: nil)
        }
        if let mode, mode.records(planCase) { return (result, .recorded) }
        if result.passed { return (result, .pass) }
        return (result, result.isUnrecorded ? .unrecorded : .fail)
    }

    var counts: (passed: Int, failed: Int, recorded: Int) {
        outcomes.reduce(into: (0, 0, 0)) { counts, outcome in
            switch outcome {
            case .pass: counts.0 += 1
            case .fail, .unrecorded: counts.1 += 1
            case .recorded: counts.2 += 1
            }
        }
    }

    /// Writes the recorded cases into the file, when there are any; a file with nothing to
    /// record is left byte for byte as it was.
    func writeRecorded(to path: String) throws(CLIError) {
        guard !recorded.isEmpty else { return }
        do throws(AlarmStoreError) {
            try AtomicFile.replace(path, with: file.recording(planned: recorded))
        } catch {
            guard case .failure(let messages, _) = error.cliError else { throw error.cliError }
            throw .failure(
                messages: messages,
                hint: "nothing was recorded: '\(name.printable)' is as it was; the results above were not written into it")
        }
    }

    /// `N cases: P passed, F failed[, R recorded in PATH]`.
    var summary: String {
        let total = outcomes.count
        let counts = counts
        var line = "\(total) case\(total == 1 ? "" : "s"): \(counts.passed) passed, \(counts.failed) failed"
        if counts.recorded > 0 { line += ", \(counts.recorded) recorded in \(name.printable)" }
        return line + "\n"
    }

    /// Nothing more to print once the report is written, or the count of failures as an error.
    func finish() throws(CLIError) -> String {
        let failed = counts.failed
        guard failed == 0 else {
            let total = outcomes.count
            throw .reported(output: "", messages: ["\(failed) of \(total) case\(total == 1 ? "" : "s") failed in \(name.printable)"])
        }
        return ""
    }

    /// `N fires`, or `N repeating, M fires` for a hybrid case.
    static func counts(_ requests: PlanCase.Requests, strategy: PlanCase.Strategy) -> String {
        let fires = "\(requests.fires.count) fire\(requests.fires.count == 1 ? "" : "s")"
        return strategy == .hybrid ? "\(requests.repeating.count) repeating, " + fires : fires
    }

    /// A case's lines in the text report: its outcome, then its diff when it failed.
    static func lines(_ result: PlanCaseResult, _ outcome: Outcome) -> [String] {
        let name = result.planCase.name.printable
        let planned = counts(result.actual, strategy: result.planCase.strategy)
        switch outcome {
        case .pass:
            return ["pass \(name): \(planned)"]
        case .recorded:
            let change: String
            if result.isUnrecorded {
                change = "new"
            } else if result.passed {
                change = "unchanged"
            } else {
                let counts = result.changeCounts
                change = "\(counts.removed) removed, \(counts.added) added"
            }
            return ["recorded \(name): \(planned) (\(change))"]
        case .unrecorded:
            return ["FAIL \(name): no expected fires; planned \(planned) (record them with '--record')"]
                + result.diffLines.map { "    " + TerminalText.escape($0.text) }
        case .fail:
            let counts = result.changeCounts
            return ["FAIL \(name): \(counts.removed) removed, \(counts.added) added (- expected, + planned)"]
                + result.diffLines.map { "    " + TerminalText.escape($0.text) }
        }
    }

    /// A case's object in the JSON report.
    static func document(_ result: PlanCaseResult, _ outcome: Outcome) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string(result.planCase.name)), ("result", .string(outcome.rawValue)),
            ("strategy", .string(result.planCase.strategy.rawValue))
        ]
        if result.planCase.strategy == .hybrid { members.append(("repeating", .integer(result.actual.repeating.count))) }
        members.append(("fires", .integer(result.actual.fires.count)))
        let diff = outcome == .recorded ? [] : result.diffLines
        members.append(
            (
                "diff",
                .array(
                    diff.map { line in
                        switch line {
                        case .removed(let text): .object([("removed", .string(text))])
                        case .added(let text): .object([("added", .string(text))])
                        case .unchanged(let count): .object([("unchanged", .integer(count))])
                        }
                    })
            ))
        return .object(members)
    }
}
