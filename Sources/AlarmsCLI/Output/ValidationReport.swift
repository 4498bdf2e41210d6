import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// What `validate` found: problems (errors) and warnings, as text (JSON: ``ValidateDocument``).
struct ValidationReport {
    /// One problem: a line for people, and its parts for `--format json`.
    struct Problem {
        var text: String
        var rule: String? = nil
        var ruleNumber: Int? = nil
        var field: String? = nil
        var value: String? = nil
        var line: Int? = nil
        var column: Int? = nil
        var message: String
    }

    let path: String
    let ruleCount: Int
    let problems: [Problem]
    let clockChanges: [ClockChangeWarning]
    let capPressure: CapPressure?
    /// Said after the path in the last line, such as "the file does not exist yet".
    let note: String?

    init(path: String, outcome: Result<BookForPlanning, ProblemList>, context: TimeContext, cap: Int, note: String? = nil) {
        switch outcome {
        case .success(.compiled(let compiled)):
            self.init(
                path: path, ruleCount: compiled.ruleCount, schedule: compiled.schedule, problems: [], context: context, cap: cap,
                note: note)
        case .success(.book(let book)):
            // The book was checked as it was read, so its rules always compile.
            let schedule = (try? CompiledBook(book))?.schedule
            self.init(path: path, ruleCount: book.rules.count, schedule: schedule, problems: [], context: context, cap: cap, note: note)
        case .failure(let list):
            self.init(path: path, ruleCount: 0, schedule: nil, problems: list.problems, context: context, cap: cap, note: note)
        }
    }

    private init(
        path: String, ruleCount: Int, schedule: AlarmSchedule?, problems: [Problem], context: TimeContext, cap: Int, note: String?
    ) {
        self.path = path
        self.note = note
        self.ruleCount = ruleCount
        self.problems = problems
        clockChanges =
            schedule?.clockChangeWarnings(
                after: context.now, through: context.now.addingTimeInterval(ValidateCommand.lookAhead),
                deviceTimeZone: context.timeZone) ?? []
        capPressure = schedule?.capPressure(now: context.now, options: PlanOptions(deviceTimeZone: context.timeZone, cap: cap))
    }

    struct ProblemList: Error { let problems: [Problem] }

    /// A rule or book file's bytes, checked as an alarm book (a rule file is a book without
    /// state): a valid one compiled straight from its bytes, its state applied.
    static func read(file data: Data, path: String) -> Result<BookForPlanning, ProblemList> {
        do throws(BookFileError) {
            return .success(try BookForPlanning(bookFile: data))
        } catch {
            let shown = path.printable
            switch AlarmRulesError(error) {
            case .malformedJSON(let message, let line, let column):
                return .failure(
                    ProblemList(problems: [
                        Problem(
                            text: MalformedJSON.line(shown, line: line, column: column, message: message),
                            line: line, column: column, message: MalformedJSON.problem(message))
                    ]))
            case .invalid(let list):
                return .failure(ProblemList(problems: list.map { problem(shown, $0) }))
            }
        }
    }

    /// The store's book; an unreadable book gives its problems, other failures (permission,
    /// I/O) are errors of the command.
    static func read(store location: StoreLocation) throws(CLIError) -> Result<BookForPlanning, ProblemList> {
        do throws(AlarmStoreError) {
            return .success(.book(try location.store.load()))
        } catch {
            let shown = location.displayPath
            func one(_ message: String, line: Int? = nil, column: Int? = nil) -> Result<BookForPlanning, ProblemList> {
                let position = line.map { ":\($0):\(column ?? 0)" } ?? ""
                return .failure(
                    ProblemList(problems: [Problem(text: "\(shown)\(position): \(message)", line: line, column: column, message: message)]))
            }
            switch error {
            case .empty: return one("the file is empty, so it holds no alarm book")
            case .truncated(_, let line, let column, let message):
                return one("truncated: the JSON ends early: \(message)", line: line, column: column)
            case .malformedJSON(_, let line, let column, let message):
                return one(MalformedJSON.problem(message), line: line, column: column)
            case .binary(_, let offset, let byte):
                let hex = String(byte, radix: 16, uppercase: true)
                return one("binary data, not JSON text (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset))")
            case .newerVersion(_, let found, let supported):
                return one("format version \(found), written by a newer release; this one reads version \(supported)")
            case .invalid(_, let list): return .failure(ProblemList(problems: list.map { problem(shown, $0) }))
            default: throw error.cliError(shownFor: location)
            }
        }
    }

    private static func problem(_ path: String, _ problem: ValidationProblem) -> Problem {
        Problem(
            text: "\(path): \(problem.terminalText)", rule: problem.ruleID, ruleNumber: problem.ruleNumber, field: problem.field,
            value: problem.value, message: problem.message)
    }

    func text(palette: Palette) -> String {
        var text = ""
        for problem in problems { text += Self.line(TerminalText.escape(problem.text), kind: "error:", style: palette.red) }
        for warning in clockChanges { text += Self.line(warning.description, kind: "warning:", style: palette.yellow) }
        if let capPressure { text += Self.line(capPressure.description, kind: "warning:", style: palette.yellow) }
        let warnings = clockChanges.count + (capPressure == nil ? 0 : 1)
        let shown = path.printable + (note.map { " (\($0))" } ?? "")
        if problems.isEmpty {
            text += "\(shown): \(ruleCount) rule\(ruleCount == 1 ? "" : "s"), valid"
            text += warnings == 0 ? ", no warnings.\n" : ", \(warnings) warning\(warnings == 1 ? "" : "s").\n"
        } else {
            text += "\(shown): \(problems.count) problem\(problems.count == 1 ? "" : "s").\n"
        }
        return text
    }

    /// `kind message`, wrapped at 80 columns with continuation lines indented by 2.
    private static func line(_ message: String, kind: String, style: (String) -> String) -> String {
        var lines = TextWrap.lines(message, prefix: kind + " ", indent: 2)
        lines[0] = style(kind) + lines[0].dropFirst(kind.count)
        return lines.joined(separator: "\n") + "\n"
    }
}
