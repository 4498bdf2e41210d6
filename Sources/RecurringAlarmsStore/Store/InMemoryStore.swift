import RecurringAlarms

/// Keeps the book in memory, for tests and previews. Thread-safe.
///
/// It checks books as the other stores do, so a test that saves an invalid book fails here
/// just as the app would fail on disk.
///
/// ```swift
/// let store = InMemoryStore(AlarmBook(rules: [wake]))
/// try store.update { book in
///     try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: Date(timeIntervalSince1970: 1_796_110_740))
/// }
/// try store.load().snoozes.count   // 1
/// ```
public final class InMemoryStore: AlarmStore {
    /// What error messages name as the book's location.
    public static let path = "memory"

    private let book: Locked<AlarmBook>

    /// Creates a store holding `book` (an empty book by default).
    ///
    /// `book` is not checked here; the first ``save(_:)`` or changing ``update(_:)`` checks what it stores.
    public init(_ book: AlarmBook = AlarmBook()) {
        self.book = Locked(book)
    }

    /// The book; O(1), since books share their storage until changed.
    public func load() throws(AlarmStoreError) -> AlarmBook {
        book.withLock { $0 }
    }

    /// - Throws: ``AlarmStoreError/invalidBook(path:problems:)`` when `book` has problems.
    /// - Complexity: O(n) to check the book.
    public func save(_ book: AlarmBook) throws(AlarmStoreError) {
        try InMemoryStore.check(book)
        self.book.withLock { $0 = book }
    }

    /// Runs `body` on the book under the store's lock. `body` must not use the store.
    ///
    /// - Complexity: O(n) to compare and, when changed, check the book, plus `body`.
    @discardableResult
    public func update<Result>(_ body: (inout AlarmBook) throws -> Result) throws -> Result {
        try book.withLock { (stored: inout AlarmBook) throws -> Result in
            var book = stored
            let result = try body(&book)
            if book != stored {
                try InMemoryStore.check(book)
                stored = book
            }
            return result
        }
    }

    private static func check(_ book: AlarmBook) throws(AlarmStoreError) {
        let problems = book.validationProblems()
        guard problems.isEmpty else { throw .invalidBook(path: path, problems: problems) }
    }
}
