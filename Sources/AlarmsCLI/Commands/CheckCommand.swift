import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms check CASES.json`: plans every case of a case file and compares it with the fires
/// it expects; a line diff per failing case, exit 1 on any mismatch.
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
        (a temporary file, flushed, renamed over it) and the recorded cases count as passing.
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let path = try invocation.requiredPositional("CASES", example: "alarms check Docs/Examples/alarms.cases.json")
        let format = try invocation.format()
        let mode: PlanCaseFile.RecordMode? =
            invocation.parsed.flags.contains("record") ? (invocation.parsed.value("record") == "all" ? .all : .missing) : nil
        if mode != nil, path == BoundedFileReader.standardInput {
            throw invocation.usageError("'--record' cannot write standard input", hint: "give the case file's path")
        }
        let name = BoundedFileReader.name(of: path)
        let data = try invocation.readInput(path)
        let file: PlanCaseFile
        do throws(PlanCaseFileError) {
            file = try PlanCaseFile(jsonData: data)
        } catch {
            throw .failure(messages: messages(for: error, path: name), hint: nil)
        }
        let results: [PlanCaseResult]
        var recording: (data: Data, recorded: [String])?
        do throws(AlarmRulesError) {
            results = try file.check()
            if let mode { recording = try file.recording(mode) }
        } catch {
            throw .failure(messages: RuleFileLoader.messages(for: error, path: name), hint: nil)
        }
        let recorded = Set(recording?.recorded ?? [])
        if let recording, !recording.recorded.isEmpty {
            do throws(AlarmStoreError) {
                try AtomicFile.replace(path, with: recording.data)
            } catch {
                throw error.cliError
            }
        }
        let report = CheckReport(path: name, results: results, recorded: recorded)
        let output = format == .json ? report.document.terminalText : report.text
        guard report.failed == 0 else {
            throw .reported(
                output: output,
                messages: ["\(report.failed) of \(results.count) case\(results.count == 1 ? "" : "s") failed in \(name.printable)"])
        }
        return output
    }

    /// One `error:` line per problem: `PATH:LINE:COLUMN: malformed JSON: …` or `PATH: PROBLEM`.
    static func messages(for error: PlanCaseFileError, path: String) -> [String] {
        switch error {
        case .malformedJSON(let message, let line, let column):
            return ["\(path.printable):\(line):\(column): malformed JSON: \(message)"]
        case .invalid(let rules, let cases):
            return rules.map { "\(path.printable): \($0.terminalText)" }
                + cases.map { "\(path.printable): \($0.text(part: \.printable, message: { TerminalText.escape($0) }))" }
        }
    }
}

/// What `alarms check` found, as text or as its JSON document.
struct CheckReport {
    let path: String
    let results: [PlanCaseResult]
    let recorded: Set<String>

    enum Outcome: String {
        case pass, fail, unrecorded, recorded
    }

    func outcome(_ result: PlanCaseResult) -> Outcome {
        if recorded.contains(result.planCase.name) { return .recorded }
        if result.passed { return .pass }
        return result.isUnrecorded ? .unrecorded : .fail
    }

    var failed: Int { results.filter { [.fail, .unrecorded].contains(outcome($0)) }.count }

    /// `N fires`, or `N repeating, M fires` for a hybrid case.
    static func counts(_ requests: PlanCase.Requests, strategy: PlanCase.Strategy) -> String {
        let fires = "\(requests.fires.count) fire\(requests.fires.count == 1 ? "" : "s")"
        return strategy == .hybrid ? "\(requests.repeating.count) repeating, " + fires : fires
    }

    var text: String {
        var lines: [String] = []
        for result in results {
            let name = result.planCase.name.printable
            let planned = Self.counts(result.actual, strategy: result.planCase.strategy)
            switch outcome(result) {
            case .pass:
                lines.append("pass \(name): \(planned)")
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
                lines.append("recorded \(name): \(planned) (\(change))")
            case .unrecorded:
                lines.append("FAIL \(name): no expected fires; planned \(planned) (record them with '--record')")
                lines += result.diffLines.map { "    " + TerminalText.escape($0.text) }
            case .fail:
                let counts = result.changeCounts
                lines.append("FAIL \(name): \(counts.removed) removed, \(counts.added) added (- expected, + planned)")
                lines += result.diffLines.map { "    " + TerminalText.escape($0.text) }
            }
        }
        let passed = results.filter { outcome($0) == .pass }.count
        var summary = "\(results.count) case\(results.count == 1 ? "" : "s"): \(passed) passed, \(failed) failed"
        if !recorded.isEmpty { summary += ", \(recorded.count) recorded in \(path.printable)" }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    var document: JSONValue {
        let cases = results.map { result -> JSONValue in
            var members: [(key: String, value: JSONValue)] = [
                ("name", .string(result.planCase.name)), ("result", .string(outcome(result).rawValue)),
                ("strategy", .string(result.planCase.strategy.rawValue))
            ]
            if result.planCase.strategy == .hybrid { members.append(("repeating", .integer(result.actual.repeating.count))) }
            members.append(("fires", .integer(result.actual.fires.count)))
            let diff = outcome(result) == .recorded ? [] : result.diffLines
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
        return .object([
            ("file", .string(path)), ("passed", .integer(results.filter { outcome($0) == .pass }.count)),
            ("failed", .integer(failed)), ("recorded", .integer(recorded.count)), ("cases", .array(cases))
        ])
    }
}
