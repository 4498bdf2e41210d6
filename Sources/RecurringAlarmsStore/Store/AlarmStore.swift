import RecurringAlarms

/// Where an app keeps its ``/RecurringAlarms/AlarmBook``: load it, save it, or change it atomically.
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
    /// Two kinds of failure come out of one call, so it is untyped: `body`'s own error,
    /// rethrown as it was thrown (the book's ``/RecurringAlarms/AlarmBookError``, or any error
    /// of the app's), and the store's ``AlarmStoreError``. The store never wraps `body`'s error
    /// in its own, so a caller catches each by its type:
    ///
    /// ```swift
    /// do {
    ///     try store.update { book in try book.skipNext(ruleID: "wake", now: now, deviceTimeZone: zone) }
    /// } catch let error as AlarmBookError {
    ///     show(error.localizedDescription)   // "no rule has id 'wake'"; nothing was written
    /// } catch let error as AlarmStoreError {
    ///     log(error.description)             // the file, the lock or the system failed
    /// }
    /// ```
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, unchanged, or an ``AlarmStoreError`` as for ``load()`` and ``save(_:)``.
    @discardableResult
    func update<Result>(_ body: (inout AlarmBook) throws -> Result) throws -> Result
}
