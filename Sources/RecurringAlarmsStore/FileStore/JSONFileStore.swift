import Foundation
import RecurringAlarms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the book in one JSON file (the format of `Docs/Formats.md`), safe against crashes
/// and shared safely between processes such as an app and its extensions.
///
/// - **Atomic replace.** A save writes `<file>.tmp` in the same folder, flushes it to disk,
///   renames it over the file and flushes the folder, so a crash or power loss at any moment
///   leaves either the old book or the new one, never a mix. The file has mode 0600.
/// - **Locking.** `save`, `update` and recovery hold an exclusive `flock` on `<file>.lock`;
///   `load` holds a shared one. `update` holds its lock from the read to the write, so two
///   processes updating at once each see the other's change. A lock held by another process
///   is waited for up to a ``LockWaitPolicy``'s timeout (10 s by default), then the call throws
///   ``AlarmStoreError/lockTimeout(path:seconds:)``.
/// - **Never overwritten when unreadable.** A file that is empty, cut off, not JSON, binary,
///   invalid or from a newer release is reported with its path and reason, and `save` and
///   `update` refuse to replace it. ``recoverUnreadableBook(now:)`` moves it aside.
/// - **Symbolic links are written through.** When the path is a symbolic link, the file it
///   points to is read and replaced (its `.tmp` and `.lock` sit beside it), so the link stays.
///   A link to a missing file is an empty book, and the first save creates the file it names.
/// - A missing file is an empty book; the folder must exist before the first save.
///
/// ```swift
/// let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.alarms")!
/// let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
/// try store.update { book in
///     try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: now.addingTimeInterval(9 * 60))
/// }
/// ```
///
/// Locks are advisory: they coordinate users of this store, not other programs writing the file.
public final class JSONFileStore: AlarmStore {
    /// The book file, as given (a symbolic link is followed on every call).
    public let url: URL
    /// The book file's path, as given.
    public let path: String
    /// How long a call waits for another process's lock.
    public let lockWait: LockWaitPolicy
    /// The seam to the system; tests and the stress helper observe it.
    let system: SystemCall
    /// The file this store last read or wrote successfully, so a save need not re-read it
    /// to know it may be replaced.
    private let knownGood = Locked<FileIdentity?>(nil)

    /// A store for the file at `url`. Nothing is touched until the first call.
    ///
    /// - Parameters:
    ///   - url: a file URL. With a URL of another scheme every call throws
    ///     ``AlarmStoreError/io(path:operation:code:reason:)`` (`EINVAL`) instead of trapping.
    ///   - lockWait: how long to wait for a lock another process holds, and whom to tell.
    public convenience init(url: URL, lockWait: LockWaitPolicy = LockWaitPolicy()) {
        self.init(url: url, lockWait: lockWait, systemCallObserver: nil)
    }

    /// A store for the file at `path` (relative paths are resolved against the current folder).
    public convenience init(path: String, lockWait: LockWaitPolicy = LockWaitPolicy()) {
        self.init(url: URL(fileURLWithPath: path), lockWait: lockWait)
    }

    /// A store whose system calls are reported to `systemCallObserver` just before they are
    /// made: for the package's durability tests and the `store-stress` helper only.
    package init(
        url: URL, lockWait: LockWaitPolicy = LockWaitPolicy(),
        systemCallObserver: (@Sendable (SystemCallEvent) -> Void)?
    ) {
        self.url = url
        self.path = url.path(percentEncoded: false)
        self.lockWait = lockWait
        self.system = SystemCall(observer: systemCallObserver)
    }

    /// The stored book, or an empty book when the file does not exist.
    ///
    /// Takes a shared lock, so it waits for a save or update in progress. It creates nothing:
    /// when the lock file does not exist yet or cannot be opened (a read-only folder), it
    /// reads without a lock, which is safe because a rename is atomic.
    ///
    /// - Throws: an unreadable-book case (see ``AlarmStoreError/isUnreadableBook``),
    ///   ``AlarmStoreError/lockTimeout(path:seconds:)``,
    ///   ``AlarmStoreError/permissionDenied(path:operation:)`` or ``AlarmStoreError/io(path:operation:code:reason:)``.
    /// - Complexity: O(n) in the size of the file.
    public func load() throws(AlarmStoreError) -> AlarmBook {
        let (files, lock) = try lockedFiles(exclusive: false)
        defer { if let lock { system.unlockAndClose(lock) } }
        return try readBook(files)
    }

    /// The plan of the stored book: what `try store.load().plan(now: now, options: options)`
    /// gives, for code that only shows what rings next, such as a widget or an extension that
    /// reads the book of its app group. A valid book file is compiled straight from its bytes,
    /// skip-next requests and snoozes applied, without building an ``/RecurringAlarms/AlarmRule``
    /// for each rule; any other file is read as ``load()`` reads it.
    ///
    /// ```swift
    /// let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
    /// let london = TimeZone(identifier: "Europe/London")!
    /// let now = Date(timeIntervalSince1970: 1_796_112_000)   // Tue 2026-12-01T08:00:00Z
    /// let next = try store.plan(now: now, options: PlanOptions(deviceTimeZone: london, cap: 3)).fires
    /// next.first?.id   // "wake@2026-12-02T07:30:00": wake rings on weekdays at 07:30, floating
    /// ```
    ///
    /// The lock is held while the file is read, not while the book is planned.
    ///
    /// - Throws: exactly what ``load()`` throws for the same file.
    /// - Complexity: O(n) in the size of the file (a large one on all cores), then as
    ///   ``/RecurringAlarms/AlarmSchedule/plan(now:options:including:)``.
    public func plan(now: Date, options: PlanOptions) throws(AlarmStoreError) -> Plan {
        switch try loadForPlanning() {
        case .compiled(let compiled):
            return compiled.plan(now: now, options: options)
        case .book(let book):
            do throws(AlarmRulesError) {
                return try book.plan(now: now, options: options)
            } catch {
                // A book read from the file is valid, so its rules always compile.
                guard case .invalid(let problems) = error else { throw .invalid(path: path, problems: []) }
                throw .invalid(path: path, problems: problems)
            }
        }
    }

    /// The stored book for code that only plans it: compiled straight from the file's bytes
    /// when they are a valid book file that compiles this way, else the book read in full (an
    /// empty book when there is no file). Read under the same lock, with the same errors, as
    /// ``load()``.
    ///
    /// - Throws: exactly what ``load()`` throws for the same file.
    /// - Complexity: O(n) in the size of the file.
    package func loadForPlanning() throws(AlarmStoreError) -> BookForPlanning {
        let (files, lock) = try lockedFiles(exclusive: false)
        defer { if let lock { system.unlockAndClose(lock) } }
        return try readStored(files, missing: .book(AlarmBook())) { (bytes) throws(AlarmStoreError) in
            try BookCoding.decodeForPlanning(bytes, path: path)
        }
    }

    /// Replaces the file with `book`, atomically.
    ///
    /// The existing file is checked first and left untouched when it cannot be read as a
    /// book; when it is the one this store last read or wrote, unchanged, it is not read again.
    ///
    /// - Throws: ``AlarmStoreError/invalidBook(path:problems:)`` before touching anything when
    ///   `book` has problems, the reading error of an unreadable existing file,
    ///   ``AlarmStoreError/lockTimeout(path:seconds:)``, or a system error.
    /// - Complexity: O(n) in the size of the book, plus reading the existing file when it
    ///   changed since this store last saw it.
    public func save(_ book: AlarmBook) throws(AlarmStoreError) {
        let data = try BookCoding.encode(book, path: path)
        let (files, lock) = try lockedFiles(exclusive: true)
        defer { if let lock { system.unlockAndClose(lock) } }
        try checkReplaceable(files)
        try replaceFile(files, with: data)
    }

    /// Reads the book, lets `body` change it and writes it back, all under the exclusive lock,
    /// so concurrent updates from any number of threads and processes are applied one after
    /// the other and none is lost.
    ///
    /// ```swift
    /// let fire = try store.update { book in
    ///     try book.skipNext(ruleID: "wake", now: now, deviceTimeZone: zone)
    /// }
    /// ```
    /// Nothing is written when `body` throws or leaves the book as it was. `body` runs with
    /// the lock held: keep it short, and do not use the store from inside it.
    ///
    /// - Throws: what `body` throws, or an ``AlarmStoreError`` as for ``load()`` and ``save(_:)``.
    /// - Complexity: O(n) to read and, when changed, O(n) to write.
    @discardableResult
    public func update<Result>(_ body: (inout AlarmBook) throws -> Result) throws -> Result {
        let (files, lock) = try lockedFiles(exclusive: true)
        defer { if let lock { system.unlockAndClose(lock) } }
        let original = try readBook(files)
        var book = original
        let result = try body(&book)
        if book != original {
            try replaceFile(files, with: try BookCoding.encode(book, path: path))
        }
        return result
    }

    /// Moves a file that cannot be read as a book aside, to `<file>.corrupt-<UTC timestamp>`,
    /// so the store starts from an empty book. A readable or missing file is left alone.
    ///
    /// ```swift
    /// let now = Date(timeIntervalSince1970: 1_796_110_200)   // 2026-12-01T07:30:00Z
    /// try store.recoverUnreadableBook(now: now)?.lastPathComponent
    /// // "alarms.json.corrupt-20261201T073000Z"  (then "-2", "-3", … if that name is taken)
    /// ```
    /// When the path is a symbolic link, the file it points to is moved (beside itself) and the
    /// link is left, dangling until the next save creates a new book through it.
    ///
    /// - Parameter now: the time for the new name.
    /// - Returns: where the file went, or `nil` when nothing needed to move.
    /// - Throws: ``AlarmStoreError/lockTimeout(path:seconds:)``,
    ///   ``AlarmStoreError/permissionDenied(path:operation:)`` or
    ///   ``AlarmStoreError/io(path:operation:code:reason:)`` when the file cannot be read or moved.
    /// - Complexity: O(n) to read the file; the move itself is one rename.
    @discardableResult
    public func recoverUnreadableBook(now: Date) throws(AlarmStoreError) -> URL? {
        let (files, lock) = try lockedFiles(exclusive: true)
        defer { if let lock { system.unlockAndClose(lock) } }
        do throws(AlarmStoreError) {
            _ = try readBook(files)
            return nil
        } catch  where error.isUnreadableBook {
            // Move it aside, below.
        }
        let destination = try asideName(files.book, now: now)
        do throws(SystemCallError) {
            try system.rename(files.book, to: destination)
            try system.syncDirectory(files.folder)
        } catch {
            throw error.storeError
        }
        knownGood.withLock { $0 = nil }
        return URL(fileURLWithPath: destination)
    }

    // MARK: - Locking

    /// The book's files with their lock taken: exclusive (creating the lock file), or shared
    /// when possible (`nil` when reading goes ahead without a lock; see ``load()``).
    ///
    /// Where the lock lives depends on where the link points, so after locking the link is
    /// followed again; if it was re-pointed in between, the lock is dropped and taken afresh.
    private func lockedFiles(exclusive: Bool) throws(AlarmStoreError) -> (BookFiles, Int32?) {
        var files = try resolvedFiles()
        for _ in 0..<8 {
            let lock = FileLock(path: files.lock, policy: lockWait, system: system)
            let descriptor = exclusive ? try lock.exclusive() : try lock.sharedIfPossible()
            let again: BookFiles
            do throws(AlarmStoreError) {
                again = try resolvedFiles()
            } catch {
                if let descriptor { system.close(descriptor) }
                throw error
            }
            if again == files { return (files, descriptor) }
            if let descriptor { system.close(descriptor) }
            files = again
        }
        throw .io(path: path, operation: "lock", code: EAGAIN, reason: "the symbolic link keeps changing where it points")
    }

    private func resolvedFiles() throws(AlarmStoreError) -> BookFiles {
        guard url.isFileURL else {
            throw .io(
                path: url.absoluteString, operation: "open", code: EINVAL,
                reason: "not a file URL; give a file URL such as URL(fileURLWithPath:)")
        }
        do throws(SystemCallError) {
            return try BookFiles.resolve(path, system: system)
        } catch {
            throw error.storeError
        }
    }

    // MARK: - Reading and writing

    /// The stored book (empty when there is no file), remembering the file as known good.
    private func readBook(_ files: BookFiles) throws(AlarmStoreError) -> AlarmBook {
        try readStored(files, missing: AlarmBook()) { (bytes) throws(AlarmStoreError) in try BookCoding.decode(bytes, path: path) }
    }

    /// The file's bytes as `decode` reads them (`missing` when there is no file), remembering
    /// the file as known good when they decode.
    private func readStored<Value>(
        _ files: BookFiles, missing: Value, _ decode: ([UInt8]) throws(AlarmStoreError) -> Value
    ) throws(AlarmStoreError) -> Value {
        let stored: (bytes: [UInt8], identity: FileIdentity)?
        do throws(SystemCallError) {
            stored = try readFile(files.book)
        } catch {
            throw error.storeError
        }
        guard let stored else { return missing }
        let value = try decode(stored.bytes)
        knownGood.withLock { $0 = stored.identity }
        return value
    }

    /// The file's bytes and identity, or `nil` when it (or its folder) does not exist.
    private func readFile(_ path: String) throws(SystemCallError) -> (bytes: [UInt8], identity: FileIdentity)? {
        let descriptor: Int32
        do throws(SystemCallError) {
            // Non-blocking, so a FIFO put in its place cannot hang the open.
            descriptor = try system.open(path, O_RDONLY | O_NONBLOCK, operation: "read")
        } catch  where error.code == ENOENT {
            return nil
        }
        defer { system.close(descriptor) }
        let info = try system.status(descriptor, path: path)
        if SystemCall.isDirectory(info) { throw SystemCallError("read", path, code: EISDIR) }
        guard SystemCall.isRegularFile(info) else {
            throw SystemCallError("read", path, code: EINVAL, reason: "it is not a regular file (a device, FIFO or socket)")
        }
        let bytes = try system.readAll(descriptor, sizeHint: Int(info.st_size), path: path)
        return (bytes, FileIdentity(info))
    }

    /// Throws unless the file is missing, or is a book this release can read.
    private func checkReplaceable(_ files: BookFiles) throws(AlarmStoreError) {
        let info: stat?
        do throws(SystemCallError) {
            info = try system.status(path: files.book)
        } catch {
            throw error.storeError
        }
        guard let info else { return }
        if SystemCall.isRegularFile(info), knownGood.withLock({ $0 }) == FileIdentity(info) { return }
        _ = try readBook(files)
    }

    /// Writes `data` to the temporary file, flushes it, renames it over the file and
    /// flushes the folder. The caller holds the exclusive lock.
    private func replaceFile(_ files: BookFiles, with data: Data) throws(AlarmStoreError) {
        do throws(SystemCallError) {
            try FileReplacement(system: system).replace(files, with: data, mode: SystemCall.fileMode) { identity in
                knownGood.withLock { $0 = identity }
            }
        } catch {
            throw error.storeError
        }
    }

    /// `<file>.corrupt-20261201T073000Z`, or with `-2`, `-3`, … when taken.
    private func asideName(_ book: String, now: Date) throws(AlarmStoreError) -> String {
        let stamp = AsideName.stamp(now)
        do throws(SystemCallError) {
            if let name = try AsideName.firstFree(
                for: book, stamp: stamp,
                isTaken: { (candidate) throws(SystemCallError) in
                    try system.linkStatus(path: candidate) != nil
                })
            {
                return name
            }
        } catch {
            throw error.storeError
        }
        throw .io(
            path: book + ".corrupt-" + stamp, operation: "choose a free name like", code: EEXIST,
            reason: "1000 files with that name already exist")
    }
}
