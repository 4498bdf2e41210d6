#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Takes the `flock` on a store's `.lock` file, waiting as a ``LockWaitPolicy`` allows.
///
/// The lock file is opened with `O_NOFOLLOW`: a symbolic link planted at its name is refused,
/// never followed, so the store creates and locks no file outside the book's folder.
struct FileLock {
    let path: String
    let policy: LockWaitPolicy
    let system: SystemCall

    /// Opens (creating it, mode 0600) and locks the lock file exclusively, for a writer.
    /// - Returns: the descriptor; closing it releases the lock.
    func exclusive() throws(AlarmStoreError) -> Int32 {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try system.open(path, O_RDWR | O_CREAT | O_NOFOLLOW, operation: "create the lock file")
        } catch  where error.code == ENOENT {
            throw SystemCallError(error.operation, error.path, code: ENOENT, reason: "its folder does not exist; create the folder first")
                .storeError
        } catch {
            throw Self.explained(error).storeError
        }
        do throws(AlarmStoreError) {
            try wait(descriptor, exclusive: true)
        } catch {
            system.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// A shared lock for reading, without creating the lock file: when it does not exist no
    /// writer holds it, and when it cannot be opened (a read-only folder, or a symbolic link
    /// in its place) the atomic rename still keeps readers from seeing half a file.
    /// - Returns: the descriptor, or `nil` when reading goes ahead without a lock.
    /// - Throws: ``AlarmStoreError/lockTimeout(path:seconds:)`` when a writer holds the lock too long.
    func sharedIfPossible() throws(AlarmStoreError) -> Int32? {
        guard let descriptor = try? system.open(path, O_RDONLY | O_NOFOLLOW, operation: "open the lock file") else { return nil }
        do throws(AlarmStoreError) {
            try wait(descriptor, exclusive: false)
        } catch {
            system.close(descriptor)
            if case .lockTimeout = error { throw error }
            return nil
        }
        return descriptor
    }

    /// Polls for the lock until it is taken or the policy's timeout passes.
    private func wait(_ descriptor: Int32, exclusive: Bool) throws(AlarmStoreError) {
        let limit = LockWaitPolicy.nanoseconds(policy.timeout)
        let notice = LockWaitPolicy.nanoseconds(policy.noticeAfter)
        let start = SystemCall.monotonicNanoseconds()
        var pause: UInt64 = 1_000_000
        var told = false
        while true {
            do throws(SystemCallError) {
                if try system.tryLock(descriptor, exclusive: exclusive, path: path) { return }
            } catch {
                throw error.storeError
            }
            let waited = SystemCall.monotonicNanoseconds() &- start
            if let limit, waited >= limit { throw .lockTimeout(path: path, seconds: policy.timeout > 0 ? policy.timeout : 0) }
            if !told, let onWait = policy.onWait, waited >= (notice ?? .max) {
                told = true
                onWait(path)
            }
            var next = pause
            if let limit { next = min(next, limit - waited) }
            if !told, policy.onWait != nil, let notice, notice > waited { next = min(next, notice - waited) }
            SystemCall.sleep(nanoseconds: max(next, 100_000))
            pause = min(pause * 2, 50_000_000)
        }
    }

    /// A failure to open the lock file, with what to do when a symbolic link is in its place.
    private static func explained(_ error: SystemCallError) -> SystemCallError {
        // O_NOFOLLOW on a link: ELOOP on Linux and Apple systems, EMLINK on some BSDs.
        guard error.code == ELOOP || error.code == EMLINK else { return error }
        return SystemCallError(
            error.operation, error.path, code: error.code,
            reason: "it is a symbolic link, which the store does not follow; remove it and the store creates its own lock file")
    }
}
