import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// Where a command's book was read from: the file `--rules` names, or the store.
struct BookSource {
    /// The file, for messages.
    let path: String
    /// The store, or `nil` when the rules came from `--rules`.
    let store: StoreLocation?

    /// What `list` and `next` say when there are no rules, saying whether the book file
    /// exists: `No rules in PATH (the file does not exist yet).` and how to add one; `nil`
    /// when there are rules.
    func noRulesText(ruleCount: Int) -> String? {
        guard ruleCount == 0 else { return nil }
        let note = store?.missingNote.map { " (\($0))" } ?? ""
        return "No rules in \(path.printable)\(note).\n" + "Add one with 'alarms add wake --days weekdays --at 07:30'.\n"
    }

    /// What a command that plans the store's book (`plan`, `week`, `simulate`) says in place of
    /// an empty plan when the book file does not exist: ``noRulesText(ruleCount:)``'s words, as
    /// `list` and `next` say them; `nil` when the file exists or the rules came from `--rules`.
    /// An empty plan alone would hide that there is no book to plan.
    var missingBookText: String? {
        guard store?.missingNote != nil else { return nil }
        return noRulesText(ruleCount: 0)
    }
}

/// An alarm book read in full, for a command that looks at its rules: from `--rules FILE` (no
/// runtime state) or from the store.
struct FullBook {
    let book: AlarmBook
    let source: BookSource

    var path: String { source.path }
    var store: StoreLocation? { source.store }
    var noRulesText: String? { source.noRulesText(ruleCount: book.rules.count) }
}

/// An alarm book read for a command that only plans it and shows the labels of what it plans
/// (``CommandInvocation/loadBookForPlanning()``), as ``/RecurringAlarms/BookForPlanning``
/// reads it.
enum LoadedBook {
    /// A valid rule file or book file compiled straight from its bytes, no ``AlarmRule`` built;
    /// it keeps the bytes and decodes only the labels shown.
    case compiled(CompiledBook, BookSource)
    /// The book read in full: a file the direct reader left, or rules given as options.
    case book(AlarmBook, BookSource)

    var source: BookSource {
        switch self {
        case .compiled(_, let source), .book(_, let source): source
        }
    }

    /// The file it came from, for messages.
    var path: String { source.path }

    /// How many rules the book or file has, disabled ones too.
    var ruleCount: Int {
        switch self {
        case .compiled(let compiled, _): compiled.ruleCount
        case .book(let book, _): book.rules.count
        }
    }

    /// What `next` says when there are no rules (``BookSource/noRulesText(ruleCount:)``).
    var noRulesText: String? { source.noRulesText(ruleCount: ruleCount) }

    /// The labels of the rules, by id: of every rule of a book, of the rules of `plan`'s fires
    /// when the rules were compiled from the bytes.
    func labels(for plan: Plan) -> [String: String] {
        switch self {
        case .compiled(let compiled, _):
            return compiled.labels(ofRules: plan.fires.map(\.ruleID))
        case .book(let book, _):
            var labels: [String: String] = [:]
            for rule in book.rules { labels[rule.id] = rule.label }
            return labels
        }
    }

    /// The book planned, its snoozes and skip-next requests applied (a rule file has none); a
    /// book's rule problems (impossible for a book that was read and checked) are an error
    /// naming the file.
    func plan(now: Date, options: PlanOptions) throws(CLIError) -> Plan {
        switch self {
        case .compiled(let compiled, _):
            return compiled.plan(now: now, options: options)
        case .book(let book, let source):
            do throws(AlarmRulesError) {
                return try book.plan(now: now, options: options)
            } catch {
                throw .failure(messages: RuleFileLoader.messages(for: error, path: source.path), hint: RuleFileLoader.hint(for: error))
            }
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
    func loadBook() throws(CLIError) -> FullBook {
        if let rules = try rulesOption() {
            let data = try readInput(rules)
            let ruleSet = try RuleFileLoader.load(data, path: rules)
            return FullBook(book: AlarmBook(rules: ruleSet.rules), source: BookSource(path: BoundedFileReader.name(of: rules), store: nil))
        }
        let location = try storeLocation(alternative: takesRules ? "--rules FILE" : nil)
        do throws(AlarmStoreError) {
            return FullBook(book: try location.store.load(), source: BookSource(path: location.path, store: location))
        } catch {
            throw error.cliError(shownFor: location)
        }
    }

    /// The book to plan, as ``loadBook()`` reads it but for a command that only plans the book
    /// and shows labels: a valid rule file, or a valid book file in the store, is compiled
    /// straight from its bytes, no ``AlarmRule`` built (``LoadedBook/compiled(_:_:)``); any
    /// other file is read in full, which reports its problems.
    func loadBookForPlanning() throws(CLIError) -> LoadedBook {
        if let rules = try rulesOption() {
            let data = try readInput(rules)
            let source = BookSource(path: BoundedFileReader.name(of: rules), store: nil)
            do throws(BookFileError) {
                switch try BookForPlanning(bookFile: data, readingState: false) {
                case .compiled(let compiled): return .compiled(compiled, source)
                case .book(let book): return .book(book, source)
                }
            } catch {
                let error = AlarmRulesError(error)
                throw .failure(messages: RuleFileLoader.messages(for: error, path: source.path), hint: RuleFileLoader.hint(for: error))
            }
        }
        let location = try storeLocation(alternative: takesRules ? "--rules FILE" : nil)
        let source = BookSource(path: location.path, store: location)
        do throws(AlarmStoreError) {
            switch try location.store.loadForPlanning() {
            case .compiled(let compiled): return .compiled(compiled, source)
            case .book(let book): return .book(book, source)
            }
        } catch {
            throw error.cliError(shownFor: location)
        }
    }

    /// The file `--rules` names, when given; `--rules` beside `--store` is a usage error.
    private func rulesOption() throws(CLIError) -> String? {
        guard let rules = parsed.value("rules") else { return nil }
        if parsed.value("store") != nil {
            throw usageError(
                "'--rules' and '--store' cannot be combined",
                hint: "'--rules FILE' reads a rule file; '--store PATH' names the alarm book")
        }
        return rules
    }

    /// Whether the command has a `--rules` option, to name when there is no store.
    private var takesRules: Bool { parser.options.contains { $0.name == "rules" } }

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
