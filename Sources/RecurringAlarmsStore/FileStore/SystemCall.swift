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

    /// The store's error: permission problems get their own case, everything else keeps its errno.
    var storeError: AlarmStoreError {
        if code == EACCES || code == EPERM { return .permissionDenied(path: path, operation: operation) }
        return .io(path: path, operation: operation, code: code, reason: reason ?? SystemCallError.reason(code))
    }

    /// `strerror` text with a lowercase first letter, like the Swift toolchain's messages.
    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let reason = String(cString: text)
        return reason.prefix(1).lowercased() + reason.dropFirst()
    }
}

/// Thin wrappers over the POSIX calls the file store needs, retrying on `EINTR`.
enum SystemCall {
    static let fileMode: mode_t = 0o600

    /// Opens `path`, retrying when interrupted; `O_CLOEXEC` is always added so no child
    /// process inherits a descriptor (and with it a lock).
    static func open(_ path: String, _ flags: Int32, operation: String) throws(SystemCallError) -> Int32 {
        while true {
            #if canImport(Glibc)
            let descriptor = Glibc.open(path, flags | O_CLOEXEC, fileMode)
            #else
            let descriptor = Darwin.open(path, flags | O_CLOEXEC, fileMode)
            #endif
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw SystemCallError(operation, path) }
        }
    }

    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    /// `flock`, waiting for the lock.
    static func lock(_ descriptor: Int32, exclusive: Bool, path: String) throws(SystemCallError) {
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            if errno != EINTR { throw SystemCallError("lock", path) }
        }
    }

    static func status(_ descriptor: Int32, path: String) throws(SystemCallError) -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemCallError("inspect", path) }
        return info
    }

    /// `stat` of `path`, or `nil` when nothing is there.
    static func status(path: String) throws(SystemCallError) -> stat? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw SystemCallError("inspect", path)
        }
        return info
    }

    static func isRegularFile(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }
    static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }

    /// Reads the whole file open at `descriptor`, whose size is `sizeHint`.
    static func readAll(_ descriptor: Int32, sizeHint: Int, path: String) throws(SystemCallError) -> [UInt8] {
        var failure: Int32 = 0
        // One byte more than expected, so a file that grew is noticed and read on.
        let capacity = sizeHint + 1
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            while count < capacity {
                let result = read(descriptor, buffer.baseAddress! + count, capacity - count)
                if result > 0 { count += result } else if result == 0 { return } else if errno != EINTR { failure = errno; return }
            }
        }
        guard failure == 0 else { throw SystemCallError("read", path, code: failure) }
        guard bytes.count == capacity else { return bytes }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let result = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if result > 0 { bytes += chunk[..<result] } else if result == 0 { return bytes } else if errno != EINTR { throw SystemCallError("read", path) }
        }
    }

    /// Writes all of `bytes`.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(SystemCallError) {
        var offset = 0
        while offset < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if result >= 0 { offset += result } else if errno != EINTR { throw SystemCallError("write", path) }
        }
    }

    /// Flushes the file to stable storage: `F_FULLFSYNC` on Apple systems, where `fsync` only
    /// reaches the drive's cache, else `fsync`.
    static func sync(_ descriptor: Int32, path: String, operation: String = "sync") throws(SystemCallError) {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        while fsync(descriptor) != 0 {
            if errno != EINTR { throw SystemCallError(operation, path) }
        }
    }

    /// Flushes the folder's entries, so a rename inside it survives a power loss. File
    /// systems that cannot sync a folder (`EINVAL`, `ENOTSUP`) are left as they are.
    static func syncDirectory(_ path: String) throws(SystemCallError) {
        let descriptor = try open(path, O_RDONLY | O_DIRECTORY, operation: "open the folder")
        defer { close(descriptor) }
        do throws(SystemCallError) {
            try sync(descriptor, path: path, operation: "sync the folder")
        } catch where error.code == EINVAL || error.code == ENOTSUP {
            return
        }
    }

    static func rename(_ source: String, to destination: String) throws(SystemCallError) {
        #if canImport(Glibc)
        let result = Glibc.rename(source, destination)
        #else
        let result = Darwin.rename(source, destination)
        #endif
        guard result == 0 else { throw SystemCallError("replace", destination) }
    }

    static func removeFile(_ path: String) {
        _ = unlink(path)
    }
}
