/// Where an app keeps its ``AlarmBook``: load it, save it, or change it atomically.
///
/// Three implementations: ``JSONFileStore`` (the default: one JSON file, crash-safe, shared
/// safely between processes), ``UserDefaultsStore`` and ``InMemoryStore`` (for tests and
/// previews). Write code against the protocol so tests can swap the store.
///
/// ```swift
/// let store: any AlarmStore = JSONFileStore(url: containerURL.appending(path: "alarms.json"))
/// let skipped = try store.update { book in
///     try book.skipNext(ruleID: "wake", now: clock.now, deviceTimeZone: .current)
/// }
/// ```
///
/// Every store refuses to save a book with problems (``AlarmStoreError/invalidBook(path:problems:)``)
/// and never overwrites stored data it cannot read (``AlarmStoreError/isUnreadableBook``).
public protocol AlarmStore: Sendable {
    /// The stored book; an empty book when nothing is stored yet.
    /// - Throws: ``AlarmStoreError`` naming where the book lives and what is wrong.
    func load() throws(AlarmStoreError) -> AlarmBook

    /// Replaces the stored book with `book`. The last writer wins: use ``update(_:)`` to
    /// change a book that another process or thread may change too.
    /// - Throws: ``AlarmStoreError/invalidBook(path:problems:)`` when `book` has problems; the
    ///   reading error when the stored data cannot be read (it is then left untouched); a
    ///   system error otherwise.
    func save(_ book: AlarmBook) throws(AlarmStoreError)

    /// Reads the book, lets `body` change it, and writes it back, with no other `update` or
    /// `save` of the same book in between, so no concurrent change is lost.
    ///
    /// Nothing is written when `body` throws or leaves the book unchanged. `body` must not
    /// use the store itself (that would wait for itself forever).
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or an ``AlarmStoreError`` as for ``load()`` and ``save(_:)``.
    @discardableResult
    func update<Result>(_ body: (inout AlarmBook) throws -> Result) throws -> Result
}
