import Foundation

/// Replaces a file's contents so that a crash at any moment leaves either the old file or the
/// new one, as the store saves a book: a temporary file beside it, written, flushed, renamed
/// over it, and the folder flushed. The file keeps its permission bits.
enum AtomicFileWriter {
    static func replace(_ path: String, with data: Data) throws(CLIError) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let name = path.printable
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/." + (target as NSString).lastPathComponent + ".tmp"
        var status = stat()
        let mode = stat(target, &status) == 0 ? status.st_mode & 0o7777 : 0o644
        func failure(_ operation: String) -> CLIError {
            .failure("cannot write '\(name)': \(operation) failed: \(String(cString: strerror(errno)))")
        }
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("creating the temporary file") }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
        guard ok, fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
            let error = failure("writing the temporary file")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else {
            let error = failure("renaming the temporary file")
            unlink(temporary)
            throw error
        }
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
