import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// An alarm book read for a command that only looks: from `--rules FILE` or from the store.
struct LoadedBook {
    /// The book; empty when the rules were compiled straight from the file's bytes (``compiled``).
    let book: AlarmBook
    /// The file it came from, for messages.
    let path: String
    /// The store, or `nil` when the rules came from `--rules`.
    let store: StoreLocation?
    /// A valid rule file or book file compiled from its bytes, and those bytes (its labels are
    /// decoded from them when shown), for the commands that only plan
    /// (``CommandInvocation/loadBook(forPlanning:)``).
    var compiled: (schedule: BookFileSchedule, bytes: any Collection<UInt8>)? = nil

    /// How many rules the book or file has, disabled ones too.
    var ruleCount: Int { compiled?.schedule.ruleCount ?? book.rules.count }

    /// What `list` and `next` say when there are no rules, saying whether the book file
    /// exists: `No rules in PATH (the file does not exist yet).` and how to add one; `nil`
    /// when there are rules.
    var noRulesText: String? {
        guard ruleCount == 0 else { return nil }
        let note = store?.missingNote.map { " (\($0))" } ?? ""
        return "No rules in \(path.printable)\(note).\n" + "Add one with 'alarms add wake --days weekdays --at 07:30'.\n"
    }

    /// The labels of the rules, by id: of every rule of a book, of the rules of `plan`'s fires
    /// when the rules were compiled from the bytes.
    func labels(for plan: Plan) -> [String: String] {
        if let compiled { return compiled.schedule.labels(ofRules: plan.fires.map(\.ruleID), in: compiled.bytes) }
        var labels: [String: String] = [:]
        for rule in book.rules { labels[rule.id] = rule.label }
        return labels
    }

    /// ``AlarmBook/plan(now:options:)``, its rule problems (impossible for a book that was
    /// read and checked) as an error naming the file.
    func plan(now: Date, options: PlanOptions) throws(CLIError) -> Plan {
        // A book compiled from its bytes applies its snoozes and skip-next requests as the book
        // would; a rule file has none.
        if let compiled { return compiled.schedule.plan(now: now, options: options) }
        do throws(AlarmRulesError) {
            return try book.plan(now: now, options: options)
        } catch {
            throw .failure(messages: RuleFileLoader.messages(for: error, path: path), hint: RuleFileLoader.hint(for: error))
        }
    }
}

extension CommandInvocation {
    /// The store location from `--store`, `$ALARMS_STORE` or the per-user default.
    /// - Parameter alternative: an option that would have made the store unnecessary, named
    ///   when there is no default (`--rules FILE`).
    func storeLocation(alternative: String? = nil) throws(CLIError) -> StoreLocation {
        var location = try StoreLocation.resolve(
            option: parsed.value("store"), environment: environment, parser: parser, alternative: alternative)
        let notice = context.notice
        location.lockWait = LockWaitPolicy(timeout: try lockTimeout()) { lockPath in
            notice("note: waiting for another process holding the lock on '\(lockPath.printable)'\n")
        }
        return location
    }

    /// Seconds to wait for the book's lock: `--lock-timeout`, else `$ALARMS_LOCK_TIMEOUT`, else 10.
    /// A number from 0 (try once) to 86400, fractions allowed.
    private func lockTimeout() throws(CLIError) -> TimeInterval {
        let limit: TimeInterval = 86_400
        let given: (text: String, source: String)
        if let option = parsed.value("lock-timeout") {
            given = (option, "'--lock-timeout'")
        } else if let variable = environment["ALARMS_LOCK_TIMEOUT"], !variable.isEmpty {
            given = (variable, "ALARMS_LOCK_TIMEOUT")
        } else {
            return LockWaitPolicy.defaultTimeout
        }
        let plain = !given.text.isEmpty && given.text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard plain, let seconds = TimeInterval(given.text), seconds <= limit else {
            throw usageError(
                "invalid value for \(given.source): '\(given.text.truncatedForDisplay)'",
                hint: "expected seconds to wait for the alarm book's lock, from 0 to 86400, such as 2.5")
        }
        return seconds
    }

    /// The book to read: the rules of `--rules FILE` (no runtime state), else the store's book.
    ///
    /// - Parameter forPlanning: whether the command only plans the book and shows labels, so
    ///   that a valid rule file, or a valid book file in the store, is compiled straight from
    ///   its bytes, no ``AlarmRule`` built (``LoadedBook/compiled``); any other file is read in
    ///   full, which reports its problems.
    func loadBook(forPlanning: Bool = false) throws(CLIError) -> LoadedBook {
        if let rules = parsed.value("rules") {
            if parsed.value("store") != nil {
                throw usageError(
                    "'--rules' and '--store' cannot be combined",
                    hint: "'--rules FILE' reads a rule file; '--store PATH' names the alarm book")
            }
            let path = BoundedFileReader.name(of: rules)
            let data = try readInput(rules)
            if forPlanning, let compiled = RuleFileSchedule(compiling: data) {
                return LoadedBook(book: AlarmBook(), path: path, store: nil, compiled: (BookFileSchedule(ignoringState: compiled), data))
            }
            let ruleSet = try RuleFileLoader.load(data, path: rules)
            return LoadedBook(book: AlarmBook(rules: ruleSet.rules), path: path, store: nil)
        }
        let takesRules = parser.options.contains { $0.name == "rules" }
        let location = try storeLocation(alternative: takesRules ? "--rules FILE" : nil)
        do throws(AlarmStoreError) {
            guard forPlanning else { return LoadedBook(book: try location.store.load(), path: location.path, store: location) }
            switch try location.store.loadForPlanning() {
            case .compiled(let compiled, let bytes):
                return LoadedBook(book: AlarmBook(), path: location.path, store: location, compiled: (compiled, bytes))
            case .book(let book):
                return LoadedBook(book: book, path: location.path, store: location)
            }
        } catch {
            throw error.cliError(shownFor: location)
        }
    }

    /// Changes the store's book with `body` inside the store's atomic `update`: read, change and
    /// write happen under one lock, and when `body` throws or leaves the book invalid nothing
    /// is written.
    ///
    /// When the book file does not exist yet, `body` first runs on an empty book, so an edit
    /// that fails or changes nothing touches no file. The per-user default folder is created
    /// for the first real change; a folder named by `--store` or `ALARMS_STORE` must exist.
    func updateBook<Result>(_ body: (inout AlarmBook) throws -> Result) throws(CLIError) -> Result {
        let location = try storeLocation()
        if !location.fileExists {
            var empty = AlarmBook()
            let result = try Self.mapErrors(location) { try body(&empty) }
            if empty == AlarmBook() { return result }
            if location.source == .platformDefault { try Self.createFolder(location.folder) }
        }
        let store = location.store
        return try Self.mapErrors(location) { try store.update(body) }
    }

    private static func mapErrors<Result>(_ location: StoreLocation, _ body: () throws -> Result) throws(CLIError) -> Result {
        do {
            return try body()
        } catch let error as CLIError {
            throw error
        } catch let error as AlarmStoreError {
            throw error.cliError(shownFor: location)
        } catch let error as AlarmBookError {
            throw error.cliError
        } catch {
            throw .failure("cannot update '\(location.displayPath)': \(error)")
        }
    }

    private static func createFolder(_ folder: String) throws(CLIError) {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failure(
                "cannot create the folder '\(folder.printable)' for the alarm book: \(error.localizedDescription)",
                hint: "pass '--store PATH' or set ALARMS_STORE to a file in a folder you can write")
        }
    }
}
