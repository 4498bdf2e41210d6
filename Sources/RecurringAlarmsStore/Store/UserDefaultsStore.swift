import Foundation
import RecurringAlarms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the book in `UserDefaults`, as the bytes of the book file, under one key.
///
/// **For one process.** Use it in an app without extensions, widgets or other processes that
/// change the book. Updates are atomic between threads of that process (a process-wide lock),
/// but `UserDefaults` offers no lock or compare-and-swap across processes, and each process
/// reads the suite once and keeps its own copy: two processes updating one suite lose each
/// other's changes, whole runs of them. An app whose extensions or widgets change alarms keeps
/// the book in a ``JSONFileStore`` in the shared app-group container instead.
///
/// Every `save` and `update` is on disk when it returns (on Linux the store calls
/// `synchronize()`; on Apple systems `cfprefsd` has the value when `set` returns). Stored data
/// that cannot be read is reported and never overwritten, as with the file store; on Linux this
/// includes a suite file that is not a property list (see
/// ``AlarmStoreError/unreadableDefaultsFile(path:reason:)``), which Apple systems' `cfprefsd`
/// reads as an empty suite without telling the app.
///
/// ```swift
/// guard let store = UserDefaultsStore(suiteName: "com.example.alarms") else { fatalError("bad suite name") }
/// try store.update { book in book.rules.append(wake) }
/// let book = try store.load()
/// ```
public struct UserDefaultsStore: AlarmStore {
    /// The key used when none is given.
    public static let defaultKey = "RecurringAlarms.book"
    /// Serializes `update` between threads; `UserDefaults` itself is thread-safe.
    private static let lock = Locked(())

    /// The suite, or `nil` for `UserDefaults.standard`.
    public let suiteName: String?
    /// The key the book's bytes are stored under.
    public let key: String
    /// The name the suite is opened under: ``suiteName``, or a path in the tests' folder (see
    /// `placeSuiteFiles(in:)`); `nil` for `UserDefaults.standard`.
    private let domain: String?
    /// The suite's property-list file, where the store can check it before `UserDefaults`
    /// reads or replaces it; `nil` on Apple systems, where `cfprefsd` owns the file.
    private let filePath: String?

    /// A store in the given suite, or in `UserDefaults.standard` when `suiteName` is `nil`.
    ///
    /// A suite name is the name of a file in the user's preferences folder (on Linux
    /// `$XDG_CONFIG_HOME/<suite>.plist`, by default `$HOME/.config/<suite>.plist`), so any
    /// non-empty name is accepted except those that would leave that folder or name a shared
    /// domain: one containing `/`, `..` or a NUL character, and `NSGlobalDomain`. A reverse-DNS
    /// name such as `com.example.alarms` is the usual choice.
    ///
    /// ```swift
    /// UserDefaultsStore(suiteName: "com.example.alarms")   // a store
    /// UserDefaultsStore(suiteName: "../escape")            // nil
    /// ```
    /// - Returns: `nil` when the name is refused, here or by `UserDefaults(suiteName:)` (which
    ///   on Apple systems refuses the app's own bundle identifier).
    public init?(suiteName: String? = nil, key: String = UserDefaultsStore.defaultKey) {
        if let suiteName, !Self.acceptsSuiteName(suiteName) { return nil }
        let domain = DefaultsFile.domain(forSuite: suiteName)
        if let domain, UserDefaults(suiteName: domain) == nil { return nil }
        self.suiteName = suiteName
        self.key = key
        self.domain = domain
        filePath = DefaultsFile.path(forDomain: domain)
    }

    /// Whether `name` names a file in the preferences folder and no shared domain.
    static func acceptsSuiteName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("..") && !name.contains("\0") && name != UserDefaults.globalDomain
    }

    /// `userdefaults:<suite or "standard">/<key>`: how error messages name the location.
    public var path: String { "userdefaults:\(suiteName ?? "standard")/\(key)" }

    /// `UserDefaults` is not `Sendable` on every platform, so each call opens the suite
    /// (cheap: instances share their storage).
    private var defaults: UserDefaults {
        domain.flatMap(UserDefaults.init(suiteName:)) ?? .standard
    }

    /// The stored book, or an empty book when nothing is stored under ``key``.
    ///
    /// - Throws: an unreadable-book case (see ``AlarmStoreError/isUnreadableBook``), or
    ///   ``AlarmStoreError/permissionDenied(path:operation:)`` or
    ///   ``AlarmStoreError/io(path:operation:code:reason:)`` when the suite's file cannot be checked.
    /// - Complexity: O(n) in the size of the stored data.
    public func load() throws(AlarmStoreError) -> AlarmBook {
        try readBook(defaults).book
    }

    /// Stores `book`; it is on disk when the call returns.
    ///
    /// - Throws: ``AlarmStoreError/invalidBook(path:problems:)``; the reading error when the
    ///   stored value or the suite's file cannot be read (both are left untouched); or, when the
    ///   suite's file cannot be written, ``AlarmStoreError/permissionDenied(path:operation:)`` or
    ///   ``AlarmStoreError/io(path:operation:code:reason:)`` with the previous book still stored.
    /// - Complexity: O(n) to check the stored value and to encode the book, and `UserDefaults`
    ///   rewrites the whole suite file.
    public func save(_ book: AlarmBook) throws(AlarmStoreError) {
        let data = try BookCoding.encode(book, path: path)
        let defaults = defaults
        try UserDefaultsStore.lock.withLock { (_: inout Void) throws(AlarmStoreError) in
            let stored = try readBook(defaults).stored
            try write([key: data], replacing: [key: stored], in: defaults)
        }
    }

    /// Reads, changes and writes the book under a process-wide lock. `body` must not use the
    /// store. A changed book is on disk when the call returns.
    ///
    /// - Throws: what ``load()`` and ``save(_:)`` throw, or what `body` throws (nothing is written).
    /// - Complexity: O(n) to read and, when changed, O(n) to write: each update decodes and
    ///   re-encodes the whole book.
    @discardableResult
    public func update<Result>(_ body: (inout AlarmBook) throws -> Result) throws -> Result {
        let defaults = defaults
        return try UserDefaultsStore.lock.withLock { (_: inout Void) throws -> Result in
            let (original, stored) = try readBook(defaults)
            var book = original
            let result = try body(&book)
            if book != original {
                try write([key: try BookCoding.encode(book, path: path)], replacing: [key: stored], in: defaults)
            }
            return result
        }
    }

    /// Moves unreadable stored data aside, so the store starts from an empty book: a value that
    /// cannot be read as a book goes to the key `<key>.corrupt-<UTC timestamp>`; on Linux, a
    /// suite file that is not a property list goes to `<file>.corrupt-<UTC timestamp>`.
    ///
    /// ```swift
    /// let now = Date(timeIntervalSince1970: 1_796_110_200)   // 2026-12-01T07:30:00Z
    /// try store.recoverUnreadableBook(now: now)   // "RecurringAlarms.book.corrupt-20261201T073000Z"
    /// ```
    /// - Returns: the key, or the file's new path, the data went to (`-2`, `-3`, … appended
    ///   when taken), or `nil` when the stored book was readable or missing.
    /// - Throws: ``AlarmStoreError/permissionDenied(path:operation:)`` or
    ///   ``AlarmStoreError/io(path:operation:code:reason:)`` when the data cannot be moved.
    @discardableResult
    public func recoverUnreadableBook(now: Date) throws(AlarmStoreError) -> String? {
        let defaults = defaults
        return try UserDefaultsStore.lock.withLock { (_: inout Void) throws(AlarmStoreError) -> String? in
            do throws(AlarmStoreError) {
                _ = try readBook(defaults)
                return nil
            } catch  where error.isUnreadableBook {
                // Move it aside, below.
            }
            let stamp = AsideName.stamp(now)
            if let filePath, let movedTo = try DefaultsFile.moveAsideIfUnreadable(filePath, stamp: stamp) {
                // Drop the suite `UserDefaults` read from the old file, so it reads the folder afresh.
                _ = defaults.synchronize()
                return movedTo
            }
            if let aside = AsideName.firstFree(for: key, stamp: stamp, isTaken: { defaults.object(forKey: $0) != nil }) {
                let value = defaults.object(forKey: key)
                try write([aside: value, key: nil], replacing: [aside: nil, key: value], in: defaults)
                return aside
            }
            throw .io(path: path, operation: "move aside", code: EEXIST, reason: "1000 keys named \(key).corrupt-\(stamp) already exist")
        }
    }

    /// Sets `values` (`nil` removes a key) and makes them durable. When the suite's file cannot
    /// be written, puts `previous` back, so this process goes on seeing what is on disk.
    private func write(_ values: [String: Any?], replacing previous: [String: Any?], in defaults: UserDefaults) throws(AlarmStoreError) {
        for (key, value) in values { defaults.set(value, forKey: key) }
        #if !canImport(Darwin)
            // swift-corelibs-foundation keeps changes in memory until `synchronize()`: nothing writes
            // them later, not even at exit, so without this call a process that saves and exits
            // leaves no trace and the next launch loads an empty book. (On Apple systems `set`
            // hands the value to `cfprefsd`, which persists it even if the app then dies, and
            // `synchronize()` is documented as unneeded.)
            errno = 0
            let synchronized = defaults.synchronize()
            // `UserDefaults` says only that a write failed; the errno of its last failed call says why.
            let failure = errno
            // `synchronize()` writes every suite the process has changed and reports failure if any
            // one fails, so on failure the store looks at its own file before giving up.
            guard synchronized || filePath.map({ DefaultsFile.holds(values, at: $0) }) == true else {
                let code = failure == 0 ? EIO : failure
                for (key, value) in previous { defaults.set(value, forKey: key) }
                throw SystemCallError("write", filePath ?? path, code: code).storeError
            }
            if let filePath { DefaultsFile.remember(filePath) }
        #endif
    }

    /// The stored book, and the stored value as read (to restore when a write fails).
    private func readBook(_ defaults: UserDefaults) throws(AlarmStoreError) -> (book: AlarmBook, stored: Any?) {
        if let filePath { try DefaultsFile.check(filePath) }
        guard let value = defaults.object(forKey: key) else { return (AlarmBook(), nil) }
        guard let data = value as? Data else {
            throw .invalid(
                path: path,
                problems: [
                    ValidationProblem(
                        ruleID: nil, ruleNumber: nil, field: "(stored value)",
                        value: DefaultsFile.kind(of: value),
                        message: "is not data; expected the bytes of a book file, as save(_:) stores them")
                ])
        }
        return (try BookCoding.decode([UInt8](data), path: path), value)
    }
}
