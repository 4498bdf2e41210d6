import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The crash-safe replacement of one file, the package's one implementation of the sequence:
/// a temporary file beside it, created afresh, written, flushed, renamed over the file, and the
/// folder flushed. A crash or power loss at any moment leaves the old file or the new one,
/// never a mix, and a failure before the rename leaves the old file as it was.
///
/// The store's saves use it under the book's lock; ``AtomicFile`` offers it to the command
/// line for the files it rewrites itself.
struct FileReplacement {
    let system: SystemCall

    /// Writes `data` to `files.temporary` with exactly `mode`, flushes it, renames it over
    /// `files.book` (telling `renamed` the new file's identity) and flushes the folder.
    func replace(
        _ files: BookFiles, with data: Data, mode: mode_t, renamed: (FileIdentity) -> Void = { _ in }
    ) throws(SystemCallError) {
        let temporaryPath = files.temporary
        let descriptor = try createTemporaryFile(temporaryPath)
        let identity: FileIdentity
        do throws(SystemCallError) {
            defer { system.close(descriptor) }
            // The mode given to open is reduced by the umask; set it exactly.
            try system.setMode(descriptor, mode, path: temporaryPath)
            var failure: SystemCallError?
            data.withUnsafeBytes { buffer in
                do throws(SystemCallError) {
                    try system.writeAll(descriptor, buffer, path: temporaryPath)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            try system.sync(descriptor, path: temporaryPath)
            identity = FileIdentity(try system.status(descriptor, path: temporaryPath))
            try system.rename(temporaryPath, to: files.book)
        } catch {
            try? system.removeFile(temporaryPath)
            throw error
        }
        renamed(identity)
        try system.syncDirectory(files.folder)
    }

    /// Creates the temporary file afresh (`O_EXCL`, `O_NOFOLLOW`), so its content and mode are
    /// the writer's own and no link planted at its name is followed.
    ///
    /// The writer owns the file (the store's writers hold the book's exclusive lock; the
    /// command line rewrites only files it was given), so whatever is already at that name is
    /// left from an interrupted write (or was put there): it is removed (a link itself, never
    /// its target) and the file created again. What cannot be removed is named in the error.
    private func createTemporaryFile(_ temporaryPath: String) throws(SystemCallError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
        do throws(SystemCallError) {
            return try system.open(temporaryPath, flags, operation: "create the temporary file")
        } catch  where error.code == EEXIST {
            // Left from an interrupted save: remove it below.
        }
        do throws(SystemCallError) {
            try system.removeFile(temporaryPath)
        } catch {
            throw SystemCallError(
                "remove the stale temporary file", temporaryPath, code: error.code,
                reason: SystemCallError.reason(error.code) + "; it is left from an interrupted save: remove it by hand")
        }
        do throws(SystemCallError) {
            return try system.open(temporaryPath, flags, operation: "create the temporary file")
        } catch  where error.code == EEXIST {
            throw SystemCallError(
                error.operation, temporaryPath, code: EEXIST,
                reason: "it reappeared after the store removed it, so another program writes it; stop that program or remove the file")
        }
    }
}

/// A file replaced as the store replaces a book, for the files the `alarms` command line
/// rewrites itself (a case file it records expected fires into).
package enum AtomicFile {
    /// Replaces the file at `path` (following symbolic links, so a link stays a link) with
    /// `data`, through `<file>.tmp` beside it. The new file keeps the old one's permission
    /// bits (`0644` for a new file). No lock is taken: the caller owns the file.
    ///
    /// - Throws: the store's ``AlarmStoreError/io(path:operation:code:reason:)`` or
    ///   ``AlarmStoreError/permissionDenied(path:operation:)``, naming the step that failed.
    package static func replace(_ path: String, with data: Data) throws(AlarmStoreError) {
        let system = SystemCall()
        do throws(SystemCallError) {
            let files = try BookFiles.resolve(path, system: system)
            let mode = try system.status(path: files.book).map { $0.st_mode & 0o7777 } ?? 0o644
            try FileReplacement(system: system).replace(files, with: data, mode: mode)
        } catch {
            throw error.storeError
        }
    }
}
