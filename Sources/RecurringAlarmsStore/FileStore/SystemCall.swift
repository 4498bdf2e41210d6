import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call: what was being done, to which path, and `errno`.
struct SystemCallError: Error {
    let operation: String
    let path: String
    let code: Int32
    /// Replaces the `strerror` text when the store knows better what went wrong.
    let reason: String?

    /// Captures the current `errno` unless `code` is given.
    init(_ operation: String, _ path: String, code: Int32 = errno, reason: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.reason = reason
    }

    /// The store's error: permission problems get their own case, everything else keeps its
    /// errno, and so does an error with the store's own `reason` (it says what to do).
    var storeError: AlarmStoreError {
        if code == EACCES || code == EPERM, reason == nil { return .permissionDenied(path: path, operation: operation) }
        return .io(path: path, operation: operation, code: code, reason: reason ?? SystemCallError.reason(code))
    }

    /// `strerror` text with a lowercase first letter, like the Swift toolchain's messages.
    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let reason = String(cString: text)
        return reason.prefix(1).lowercased() + reason.dropFirst()
    }
}

/// One call the file store is about to make that changes or pins something on disk, as the
/// seam reports it to an observer: the durability tests assert the sequence itself, and the
/// crash tests stop a process at a chosen one.
///
/// Reads, `stat`s and `close`s are not reported: they change nothing a crash could leave behind.
package enum SystemCallEvent: Sendable, Hashable, CustomStringConvertible {
    /// `open(path, flags)`; `O_CLOEXEC` is always added and not shown.
    case open(path: String, flags: Int32)
    /// One non-blocking `flock` attempt on the file open at `path` (a wait is a series of them).
    case lock(path: String, exclusive: Bool)
    /// `fchmod` of the file open at `path`.
    case setMode(path: String, mode: mode_t)
    /// `write` of `count` bytes (all of them, in as many calls as the system needs).
    case write(path: String, count: Int)
    /// A flush to stable storage: `F_FULLFSYNC` when `full` (Apple systems), else `fsync`.
    case sync(path: String, full: Bool)
    /// `rename(from, to)`.
    case rename(from: String, to: String)
    /// `unlink(path)`.
    case remove(path: String)

    package var description: String {
        switch self {
        case .open(let path, let flags): "open \(path) \(SystemCallEvent.flagNames(flags))"
        case .lock(let path, let exclusive): "lock \(path) \(exclusive ? "exclusive" : "shared")"
        case .setMode(let path, let mode): "chmod \(path) \(String(mode, radix: 8))"
        case .write(let path, let count): "write \(path) \(count) bytes"
        case .sync(let path, let full): "\(full ? "F_FULLFSYNC" : "fsync") \(path)"
        case .rename(let from, let to): "rename \(from) -> \(to)"
        case .remove(let path): "unlink \(path)"
        }
    }

    private static func flagNames(_ flags: Int32) -> String {
        var names = [flags & O_ACCMODE == O_RDWR ? "O_RDWR" : flags & O_ACCMODE == O_WRONLY ? "O_WRONLY" : "O_RDONLY"]
        let known: [(Int32, String)] = [
            (O_CREAT, "O_CREAT"), (O_EXCL, "O_EXCL"), (O_TRUNC, "O_TRUNC"), (O_NOFOLLOW, "O_NOFOLLOW"),
            (O_NONBLOCK, "O_NONBLOCK"), (O_DIRECTORY, "O_DIRECTORY")
        ]
        for (flag, name) in known where flags & flag != 0 { names.append(name) }
        return names.joined(separator: "|")
    }
}

/// Thin wrappers over the POSIX calls the file store needs, retrying on `EINTR`.
///
/// This is the store's one seam to the system. An `observer`, given only by code inside the
/// package (`package` access: the tests and the `store-stress` helper), is told of every
/// ``SystemCallEvent`` just before the call is made; a store made with the public initializers
/// has none.
struct SystemCall: Sendable {
    static let fileMode: mode_t = 0o600

    let observer: (@Sendable (SystemCallEvent) -> Void)?

    init(observer: (@Sendable (SystemCallEvent) -> Void)? = nil) {
        self.observer = observer
    }

    private func report(_ event: @autoclosure () -> SystemCallEvent) {
        if let observer { observer(event()) }
    }

    /// Opens `path`, retrying when interrupted; `O_CLOEXEC` is always added so no child
    /// process inherits a descriptor (and with it a lock).
    func open(_ path: String, _ flags: Int32, operation: String) throws(SystemCallError) -> Int32 {
        report(.open(path: path, flags: flags))
        while true {
            #if canImport(Glibc)
                let descriptor = Glibc.open(path, flags | O_CLOEXEC, SystemCall.fileMode)
            #else
                let descriptor = Darwin.open(path, flags | O_CLOEXEC, SystemCall.fileMode)
            #endif
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw SystemCallError(operation, path) }
        }
    }

    func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    /// Releases the lock held through `descriptor`, then closes it. Closing alone is not enough:
    /// a child that another thread is forking at that moment shares the open file, and with it
    /// the lock, until it calls `exec` (`O_CLOEXEC` acts only then); an explicit unlock ends the
    /// lock for every sharer at once, so the next caller never finds a lock nobody holds.
    func unlockAndClose(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// One `flock` attempt that does not wait: `true` when the lock was taken, `false` when
    /// another open file holds a conflicting lock.
    func tryLock(_ descriptor: Int32, exclusive: Bool, path: String) throws(SystemCallError) -> Bool {
        report(.lock(path: path, exclusive: exclusive))
        while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return false }
            if errno != EINTR { throw SystemCallError("lock", path) }
        }
        return true
    }

    func setMode(_ descriptor: Int32, _ mode: mode_t, path: String) throws(SystemCallError) {
        report(.setMode(path: path, mode: mode))
        guard fchmod(descriptor, mode) == 0 else { throw SystemCallError("set the mode of", path) }
    }

    func status(_ descriptor: Int32, path: String) throws(SystemCallError) -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemCallError("inspect", path) }
        return info
    }

    /// `stat` of `path`, or `nil` when nothing is there.
    func status(path: String) throws(SystemCallError) -> stat? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw SystemCallError("inspect", path)
        }
        return info
    }

    /// `lstat` of `path` (a symbolic link itself, not what it points to), or `nil` when nothing is there.
    func linkStatus(path: String) throws(SystemCallError) -> stat? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw SystemCallError("inspect", path)
        }
        return info
    }

    /// The text of the symbolic link at `path`.
    func linkTarget(path: String) throws(SystemCallError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw SystemCallError("read the symbolic link", path) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func isRegularFile(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }
    static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }
    static func isSymbolicLink(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFLNK }

    /// Reads the whole file open at `descriptor`, whose size is `sizeHint`.
    func readAll(_ descriptor: Int32, sizeHint: Int, path: String) throws(SystemCallError) -> [UInt8] {
        var failure: Int32 = 0
        // One byte more than expected, so a file that grew is noticed and read on.
        let capacity = sizeHint + 1
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            while count < capacity {
                let result = read(descriptor, buffer.baseAddress! + count, capacity - count)
                if result > 0 {
                    count += result
                } else if result == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        guard failure == 0 else { throw SystemCallError("read", path, code: failure) }
        guard bytes.count == capacity else { return bytes }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let result = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if result > 0 {
                bytes += chunk[..<result]
            } else if result == 0 {
                return bytes
            } else if errno != EINTR {
                throw SystemCallError("read", path)
            }
        }
    }

    /// Writes all of `bytes`.
    func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(SystemCallError) {
        report(.write(path: path, count: bytes.count))
        var offset = 0
        while offset < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if result >= 0 { offset += result } else if errno != EINTR { throw SystemCallError("write", path) }
        }
    }

    /// Flushes the file to stable storage: `F_FULLFSYNC` on Apple systems, where `fsync` only
    /// reaches the drive's cache, else `fsync`.
    func sync(_ descriptor: Int32, path: String, operation: String = "sync") throws(SystemCallError) {
        #if canImport(Darwin)
            report(.sync(path: path, full: true))
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        // File systems without F_FULLFSYNC (some network and FAT volumes) get plain fsync.
        #else
            report(.sync(path: path, full: false))
        #endif
        while fsync(descriptor) != 0 {
            if errno != EINTR { throw SystemCallError(operation, path) }
        }
    }

    /// Flushes the folder's entries, so a rename inside it survives a power loss. File
    /// systems that cannot sync a folder (`EINVAL`, `ENOTSUP`) are left as they are.
    func syncDirectory(_ path: String) throws(SystemCallError) {
        let descriptor = try open(path, O_RDONLY | O_DIRECTORY, operation: "open the folder")
        defer { close(descriptor) }
        do throws(SystemCallError) {
            try sync(descriptor, path: path, operation: "sync the folder")
        } catch  where error.code == EINVAL || error.code == ENOTSUP {
            return
        }
    }

    func rename(_ source: String, to destination: String) throws(SystemCallError) {
        report(.rename(from: source, to: destination))
        #if canImport(Glibc)
            let result = Glibc.rename(source, destination)
        #else
            let result = Darwin.rename(source, destination)
        #endif
        guard result == 0 else { throw SystemCallError("replace", destination) }
    }

    /// Removes the directory entry at `path` (a symbolic link itself, never what it points to).
    func removeFile(_ path: String) throws(SystemCallError) {
        report(.remove(path: path))
        guard unlink(path) == 0 || errno == ENOENT else { throw SystemCallError("remove", path) }
    }

    /// Nanoseconds on a clock that only moves forward, for bounding waits; never a date.
    static func monotonicNanoseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    static func sleep(nanoseconds: UInt64) {
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
