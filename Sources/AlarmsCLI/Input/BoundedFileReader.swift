import Foundation
import RecurringAlarms

/// Reads a whole rule file, or standard input for `-`, so that no input can exhaust memory or
/// hang the tool:
///
/// - more than the ``InputLimit`` (512 MiB unless `--max-input-size` or `ALARMS_MAX_INPUT_SIZE`
///   says otherwise: `--rules /dev/zero`, a multi-gigabyte file) is an error, for a regular
///   file before anything is read;
/// - a named pipe is opened without waiting for a writer, and one that has no writer when it is
///   opened is an error at once (a FIFO with a writer, such as `--rules <(cat f)`, is read);
/// - a pipe, device or standard input that sends nothing for ``idleTimeout`` is an error,
///   except standard input from a terminal, where a person is typing.
///
/// A regular file is read into one buffer of its size (`fstat`); other inputs grow as they arrive.
enum BoundedFileReader {
    /// How long a pipe may stay silent, in milliseconds, before reading gives up.
    static let idleTimeout: Int32 = 10_000

    /// The argument that names standard input.
    static let standardInput = "-"

    /// What to call the input `path` in output: `<stdin>` for `-`, else the path itself.
    static func name(of path: String) -> String {
        path == standardInput ? "<stdin>" : path
    }

    /// Reads `path`; `-` reads the descriptor `standardInput` (the process's standard input in
    /// the executable, a pipe of a test's own in process).
    static func read(_ path: String, standardInput descriptor: Int32, limit: InputLimit) throws(CLIError) -> Data {
        let name = name(of: path).printable
        if path == standardInput {
            return try readAll(descriptor, name: name, limit: limit, idleTimeout: isatty(descriptor) != 0 ? -1 : idleTimeout)
        }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw .failure("cannot read '\(name)': no such file")
            case EACCES, EPERM: throw .failure("cannot read '\(name)': permission denied")
            default: throw .failure("cannot read '\(name)': \(String(cString: strerror(code))) (errno \(code))")
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .failure("cannot read '\(name)': \(String(cString: strerror(errno)))") }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw .failure("cannot read '\(name)': \(FileKind.directoryReason)")
        case S_IFIFO:
            // With no writer, a read of a FIFO opened without blocking ends at once with 0 bytes;
            // with a writer that has sent nothing yet it fails with EAGAIN.
            var byte: UInt8 = 0
            let count = Foundation.read(descriptor, &byte, 1)
            if count == 0 {
                throw .failure(
                    "cannot read '\(name)': it is a named pipe and nothing is writing to it",
                    hint: "start the writer first (as '--rules <(cat FILE)' does), or pass a regular file or '-' for standard input")
            }
            var data = Data()
            if count == 1 { data.append(byte) }
            return try readAll(descriptor, name: name, limit: limit, idleTimeout: idleTimeout, startingWith: data)
        case S_IFREG where status.st_size > 0:
            return try readRegular(descriptor, size: Int(status.st_size), name: name, limit: limit)
        default:
            return try readAll(descriptor, name: name, limit: limit, idleTimeout: idleTimeout)
        }
    }

    /// Reads a regular file of `size` bytes (as `fstat` said) into one buffer of that size,
    /// then on to its end in case it grew meanwhile. A file over the limit is refused unread.
    private static func readRegular(_ descriptor: Int32, size: Int, name: String, limit: InputLimit) throws(CLIError) -> Data {
        guard size <= limit.bytes else { throw limit.tooLarge(name) }
        var data = Data(count: size)
        var filled = 0
        while filled < size {
            let count = data.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + filled, size - filled) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .failure("cannot read '\(name)': \(String(cString: strerror(errno)))")
            }
            filled += count
        }
        // Shorter than it was (truncated meanwhile): what is there is the file.
        guard filled == size else { return data.prefix(filled) }
        return try readAll(descriptor, name: name, limit: limit, idleTimeout: idleTimeout, startingWith: data)
    }

    /// Reads `descriptor` to its end, waiting at most `idleTimeout` ms (-1: forever) for each chunk.
    private static func readAll(
        _ descriptor: Int32, name: String, limit: InputLimit, idleTimeout: Int32, startingWith start: Data = Data()
    ) throws(CLIError) -> Data {
        var data = start
        var buffer = [UInt8](repeating: 0, count: min(1 << 20, limit.bytes + 1))
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, idleTimeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .failure("cannot read '\(name)': \(String(cString: strerror(errno)))")
            }
            if ready == 0 {
                throw .failure(
                    "cannot read '\(name)': nothing arrived for \(DurationText.describe(seconds: Int(idleTimeout) / 1000))",
                    hint: "the process writing to it has stalled; rules are read from a file, a pipe or '-' that ends")
            }
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw .failure("cannot read '\(name)': \(String(cString: strerror(errno)))")
            }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit.bytes { throw limit.tooLarge(name) }
        }
    }
}
