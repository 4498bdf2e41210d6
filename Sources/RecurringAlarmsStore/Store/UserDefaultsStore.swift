import Foundation
import RecurringAlarms

/// Keeps the book in `UserDefaults`, as the bytes of the book file, under one key.
///
/// Good for small books in a single process. Updates are atomic between threads of one
/// process (a process-wide lock), but `UserDefaults` has no way to lock across processes:
/// when an app and its extensions change the book, use a ``JSONFileStore`` in the shared
/// container instead. Stored data that cannot be read is never overwritten, as with the file.
///
/// ```swift
/// let store = UserDefaultsStore(suiteName: "group.com.example.alarms")!
/// try store.update { book in book.rules.append(wake) }
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

    /// A store in the given suite (an app group, say), or in `UserDefaults.standard` when
    /// `suiteName` is `nil`; `nil` when `UserDefaults(suiteName:)` refuses the name.
    public init?(suiteName: String? = nil, key: String = UserDefaultsStore.defaultKey) {
        if let suiteName, UserDefaults(suiteName: suiteName) == nil { return nil }
        self.suiteName = suiteName
        self.key = key
    }

    /// `userdefaults:<suite or "standard">/<key>`: how error messages name the location.
    public var path: String { "userdefaults:\(suiteName ?? "standard")/\(key)" }

    /// `UserDefaults` is not `Sendable` on every platform, so each call opens the suite
    /// (cheap: instances share their storage).
    private var defaults: UserDefaults {
        suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
    }

    /// The stored book, or an empty book when nothing is stored under ``key``.
    ///
    /// - Throws: an unreadable-book case (see ``AlarmStoreError/isUnreadableBook``).
    /// - Complexity: O(n) in the size of the stored data.
    public func load() throws(AlarmStoreError) -> AlarmBook {
        try readBook(defaults)
    }

    /// - Throws: ``AlarmStoreError/invalidBook(path:problems:)``, or the reading error when the
    ///   stored value is not a book this release can read (it is left untouched).
    /// - Complexity: O(n) to check the stored value and to encode the book.
    public func save(_ book: AlarmBook) throws(AlarmStoreError) {
        let data = try BookCoding.encode(book, path: path)
        let defaults = defaults
        try UserDefaultsStore.lock.withLock { (_: inout Void) throws(AlarmStoreError) in
            _ = try readBook(defaults)
            defaults.set(data, forKey: key)
        }
    }

    /// Reads, changes and writes the book under a process-wide lock. `body` must not use the store.
    ///
    /// - Complexity: O(n) to read and, when changed, O(n) to write.
    @discardableResult
    public func update<Result>(_ body: (inout AlarmBook) throws -> Result) throws -> Result {
        let defaults = defaults
        return try UserDefaultsStore.lock.withLock { (_: inout Void) throws -> Result in
            let original = try readBook(defaults)
            var book = original
            let result = try body(&book)
            if book != original {
                defaults.set(try BookCoding.encode(book, path: path), forKey: key)
            }
            return result
        }
    }

    /// Moves a stored value that cannot be read as a book to the key
    /// `<key>.corrupt-<UTC timestamp>`, so the store starts from an empty book.
    ///
    /// - Returns: the key it went to (`-2`, `-3`, … appended when taken), or `nil` when the
    ///   value was readable or missing.
    @discardableResult
    public func recoverUnreadableBook(now: Date) throws(AlarmStoreError) -> String? {
        let defaults = defaults
        return try UserDefaultsStore.lock.withLock { (_: inout Void) throws(AlarmStoreError) -> String? in
            do throws(AlarmStoreError) {
                _ = try readBook(defaults)
                return nil
            } catch where error.isUnreadableBook {
                // Move it aside, below.
            }
            let stamp = LocalDateTime(instant: now, utcOffsetSeconds: 0).description.filter { $0 != "-" && $0 != ":" } + "Z"
            for attempt in 1...1_000 {
                let aside = key + ".corrupt-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
                guard defaults.object(forKey: aside) == nil else { continue }
                defaults.set(defaults.object(forKey: key), forKey: aside)
                defaults.removeObject(forKey: key)
                return aside
            }
            throw .io(path: path, operation: "move aside", code: EEXIST, reason: "1000 keys named \(key).corrupt-\(stamp) already exist")
        }
    }

    private func readBook(_ defaults: UserDefaults) throws(AlarmStoreError) -> AlarmBook {
        guard let value = defaults.object(forKey: key) else { return AlarmBook() }
        guard let data = value as? Data else {
            throw .invalid(path: path, problems: [ValidationProblem(ruleID: nil, ruleNumber: nil, field: "(stored value)",
                                                                    value: String(describing: type(of: value)),
                                                                    message: "is not data; expected the bytes of a book file")])
        }
        return try BookCoding.decode([UInt8](data), path: path)
    }
}
