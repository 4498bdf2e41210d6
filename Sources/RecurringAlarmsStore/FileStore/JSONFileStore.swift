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
///   processes updating at once each see the other's change.
/// - **Never overwritten when unreadable.** A file that is empty, cut off, not JSON, binary,
///   invalid or from a newer release is reported with its path and reason, and `save` and
///   `update` refuse to replace it. ``recoverUnreadableBook(now:)`` moves it aside.
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
/// Locks are advisory: they coordinate users of this store, not other programs writing the
/// file. The path should be a regular file, not a symbolic link (a save replaces the link).
public final class JSONFileStore: AlarmStore {
    /// The book file.
    public let url: URL
    /// The book file's path, as error messages show it.
    public let path: String
    /// `<file>.lock`: the sidecar file that is locked. It is created on first use and never
    /// removed (removing a lock file would let two processes lock different files).
    var lockPath: String { path + ".lock" }
    /// `<file>.tmp`: the next version while it is written. A leftover from a crash is
    /// ignored and overwritten by the next save.
    var temporaryPath: String { path + ".tmp" }
    /// The folder holding the file, flushed after each rename.
    let folderPath: String
    /// The file this store last read or wrote successfully, so a save need not re-read it
    /// to know it may be replaced.
    private let knownGood = Locked<FileIdentity?>(nil)

    /// A store for the file at `url`, which must be a file URL. Nothing is touched until the
    /// first call.
    public init(url: URL) {
        precondition(url.isFileURL, "JSONFileStore needs a file URL, got \(url)")
        self.url = url
        let path = url.path(percentEncoded: false)
        self.path = path
        if let slash = path.lastIndex(of: "/") {
            folderPath = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folderPath = "."
        }
    }

    /// A store for the file at `path` (relative paths are resolved against the current folder).
    public convenience init(path: String) {
        self.init(url: URL(fileURLWithPath: path))
    }

    /// The stored book, or an empty book when the file does not exist.
    ///
    /// Takes a shared lock, so it waits for a save or update in progress. It creates nothing:
    /// when the lock file does not exist yet or cannot be opened (a read-only folder), it
    /// reads without a lock, which is safe because a rename is atomic.
    ///
    /// - Throws: an unreadable-book case (see ``AlarmStoreError/isUnreadableBook``),
    ///   ``AlarmStoreError/permissionDenied(path:operation:)`` or ``AlarmStoreError/io(path:operation:code:reason:)``.
    /// - Complexity: O(n) in the size of the file.
    public func load() throws(AlarmStoreError) -> AlarmBook {
        let lock = sharedLockIfPossible()
        defer { if let lock { SystemCall.close(lock) } }
        return try readBook()
    }

    /// Replaces the file with `book`, atomically.
    ///
    /// The existing file is checked first and left untouched when it cannot be read as a
    /// book; when it is the one this store last read or wrote, unchanged, it is not read again.
    ///
    /// - Throws: ``AlarmStoreError/invalidBook(path:problems:)`` before touching anything when
    ///   `book` has problems, the reading error of an unreadable existing file, or a system error.
    /// - Complexity: O(n) in the size of the book, plus reading the existing file when it
    ///   changed since this store last saw it.
    public func save(_ book: AlarmBook) throws(AlarmStoreError) {
        let data = try BookCoding.encode(book, path: path)
        let lock = try exclusiveLock()
        defer { SystemCall.close(lock) }
        try checkReplaceable()
        try replaceFile(with: data)
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
        let lock = try exclusiveLock()
        defer { SystemCall.close(lock) }
        let original = try readBook()
        var book = original
        let result = try body(&book)
        if book != original {
            try replaceFile(with: try BookCoding.encode(book, path: path))
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
    /// - Parameter now: the time for the new name.
    /// - Returns: where the file went, or `nil` when nothing needed to move.
    /// - Throws: ``AlarmStoreError/permissionDenied(path:operation:)`` or
    ///   ``AlarmStoreError/io(path:operation:code:reason:)`` when the file cannot be read or moved.
    /// - Complexity: O(n) to read the file; the move itself is one rename.
    @discardableResult
    public func recoverUnreadableBook(now: Date) throws(AlarmStoreError) -> URL? {
        let lock = try exclusiveLock()
        defer { SystemCall.close(lock) }
        do throws(AlarmStoreError) {
            _ = try readBook()
            return nil
        } catch where error.isUnreadableBook {
            // Move it aside, below.
        }
        let destination = try asideName(now: now)
        do throws(SystemCallError) {
            try SystemCall.rename(path, to: destination)
            try SystemCall.syncDirectory(folderPath)
        } catch {
            throw error.storeError
        }
        knownGood.withLock { $0 = nil }
        return URL(fileURLWithPath: destination)
    }

    // MARK: - Locking

    private func exclusiveLock() throws(AlarmStoreError) -> Int32 {
        do throws(SystemCallError) {
            let descriptor: Int32
            do throws(SystemCallError) {
                descriptor = try SystemCall.open(lockPath, O_RDWR | O_CREAT, operation: "create the lock file")
            } catch where error.code == ENOENT {
                throw SystemCallError(error.operation, error.path, code: ENOENT, reason: "its folder does not exist; create the folder first")
            }
            do throws(SystemCallError) {
                try SystemCall.lock(descriptor, exclusive: true, path: lockPath)
            } catch {
                SystemCall.close(descriptor)
                throw error
            }
            return descriptor
        } catch {
            throw error.storeError
        }
    }

    /// A shared lock for reading, without creating the lock file: when it does not exist no
    /// writer holds it, and when it cannot be opened (a read-only folder) the atomic rename
    /// still keeps readers from seeing half a file.
    private func sharedLockIfPossible() -> Int32? {
        guard let descriptor = try? SystemCall.open(lockPath, O_RDONLY, operation: "open the lock file") else { return nil }
        guard (try? SystemCall.lock(descriptor, exclusive: false, path: lockPath)) != nil else {
            SystemCall.close(descriptor)
            return nil
        }
        return descriptor
    }

    // MARK: - Reading and writing

    /// The stored book (empty when there is no file), remembering the file as known good.
    private func readBook() throws(AlarmStoreError) -> AlarmBook {
        let stored: (bytes: [UInt8], identity: FileIdentity)?
        do throws(SystemCallError) {
            stored = try readFile()
        } catch {
            throw error.storeError
        }
        guard let stored else { return AlarmBook() }
        let book = try BookCoding.decode(stored.bytes, path: path)
        knownGood.withLock { $0 = stored.identity }
        return book
    }

    /// The file's bytes and identity, or `nil` when it (or its folder) does not exist.
    private func readFile() throws(SystemCallError) -> (bytes: [UInt8], identity: FileIdentity)? {
        let descriptor: Int32
        do throws(SystemCallError) {
            // Non-blocking, so a FIFO put in its place cannot hang the open.
            descriptor = try SystemCall.open(path, O_RDONLY | O_NONBLOCK, operation: "read")
        } catch where error.code == ENOENT {
            return nil
        }
        defer { SystemCall.close(descriptor) }
        let info = try SystemCall.status(descriptor, path: path)
        if SystemCall.isDirectory(info) { throw SystemCallError("read", path, code: EISDIR) }
        guard SystemCall.isRegularFile(info) else {
            throw SystemCallError("read", path, code: EINVAL, reason: "it is not a regular file (a device, FIFO or socket)")
        }
        let bytes = try SystemCall.readAll(descriptor, sizeHint: Int(info.st_size), path: path)
        return (bytes, FileIdentity(info))
    }

    /// Throws unless the file is missing, or is a book this release can read.
    private func checkReplaceable() throws(AlarmStoreError) {
        let info: stat?
        do throws(SystemCallError) {
            info = try SystemCall.status(path: path)
        } catch {
            throw error.storeError
        }
        guard let info else { return }
        if SystemCall.isRegularFile(info), knownGood.withLock({ $0 }) == FileIdentity(info) { return }
        _ = try readBook()
    }

    /// Writes `data` to the temporary file, flushes it, renames it over the file and
    /// flushes the folder. The caller holds the exclusive lock.
    private func replaceFile(with data: Data) throws(AlarmStoreError) {
        let temporaryPath = temporaryPath
        do throws(SystemCallError) {
            let descriptor = try SystemCall.open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW,
                                                 operation: "create the temporary file")
            let identity: FileIdentity
            do throws(SystemCallError) {
                defer { SystemCall.close(descriptor) }
                // The mode given to open is reduced by the umask; make it exactly 0600.
                guard fchmod(descriptor, SystemCall.fileMode) == 0 else { throw SystemCallError("set the mode of", temporaryPath) }
                var failure: SystemCallError?
                data.withUnsafeBytes { buffer in
                    do throws(SystemCallError) {
                        try SystemCall.writeAll(descriptor, buffer, path: temporaryPath)
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw failure }
                try SystemCall.sync(descriptor, path: temporaryPath)
                identity = FileIdentity(try SystemCall.status(descriptor, path: temporaryPath))
                try SystemCall.rename(temporaryPath, to: path)
            } catch {
                SystemCall.removeFile(temporaryPath)
                throw error
            }
            knownGood.withLock { $0 = identity }
            try SystemCall.syncDirectory(folderPath)
        } catch {
            throw error.storeError
        }
    }

    /// `<file>.corrupt-20261201T073000Z`, or with `-2`, `-3`, … when taken.
    private func asideName(now: Date) throws(AlarmStoreError) -> String {
        let stamp = LocalDateTime(instant: now, utcOffsetSeconds: 0).description.filter { $0 != "-" && $0 != ":" } + "Z"
        let base = path + ".corrupt-" + stamp
        for attempt in 1...1_000 {
            let candidate = attempt == 1 ? base : base + "-\(attempt)"
            do throws(SystemCallError) {
                if try SystemCall.status(path: candidate) == nil { return candidate }
            } catch {
                throw error.storeError
            }
        }
        throw .io(path: base, operation: "choose a free name like", code: EEXIST, reason: "1000 files with that name already exist")
    }
}
