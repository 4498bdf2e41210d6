import Foundation
import RecurringAlarms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where everything `alarms` prints goes: the one way to standard output and standard error.
///
/// The executable writes to the process's file descriptors (``standardStreams()``); a test
/// that calls the tool in process captures the text in memory (``memory()``). A write that
/// fails (a full disk, `> /dev/full`, a closed descriptor, `>&-`) throws ``WriteError`` instead
/// of trapping, so the tool can say so on standard error and exit 1. A write to a pipe whose
/// reader has gone raises `SIGPIPE`, which ends the process as it ends any command-line tool
/// (`alarms plan | head -1`); the signal is left as the system set it.
///
/// ```swift
/// let output = OutputSink.standardStreams()
/// try output.write("Fires: 3 (cap 64).\n", to: .standardOutput)
/// try output.flush()
/// ```
///
/// Standard output is buffered (``bufferSize``) so a long stream of records costs one system
/// call per buffer, not per record; standard error is written at once, after what standard
/// output holds, so the two read in order on a terminal.
package final class OutputSink: Sendable {
    /// One of the two streams a command writes.
    package enum Stream: Sendable, Equatable {
        case standardOutput, standardError

        /// `standard output`, for messages.
        var name: String {
            switch self {
            case .standardOutput: "standard output"
            case .standardError: "standard error"
            }
        }
    }

    /// A write that did not reach its stream, with the system's error number.
    package struct WriteError: Error, Equatable, Sendable {
        /// The stream that could not be written.
        package let stream: Stream
        /// The `errno` of the failed `write(2)`, such as `ENOSPC` or `EBADF`.
        package let code: Int32

        /// `cannot write to standard output: No space left on device`.
        var message: String { "cannot write to \(stream.name): \(String(cString: strerror(code)))" }
    }

    /// Bytes of standard output held before they are written.
    static let bufferSize = 64 * 1024

    private enum Destination {
        case descriptors(output: Int32, error: Int32)
        case memory
    }

    private struct State {
        var buffered: [UInt8] = []
        /// The first failure of each stream: later writes to it fail the same way at once.
        var failures: [Stream: WriteError] = [:]
        var captured: [Stream: String] = [:]
    }

    private let destination: Destination
    private let state = Locked(State())

    private init(_ destination: Destination) { self.destination = destination }

    /// The process's standard output and standard error.
    ///
    /// A standard descriptor that is closed when the tool starts (`alarms list >&-`) is first
    /// taken by `/dev/null`, opened for the other direction: writes to it then fail with
    /// `EBADF`, and no file the tool opens later (the book, its lock) can get that number and
    /// receive the output meant for the terminal.
    package static func standardStreams() -> OutputSink {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let placeholder = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if placeholder >= 0 && placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
        return OutputSink(.descriptors(output: STDOUT_FILENO, error: STDERR_FILENO))
    }

    /// A sink that keeps the text in memory, for running the tool in process; read it with
    /// ``captured(_:)``.
    package static func memory() -> OutputSink { OutputSink(.memory) }

    /// Everything written to `stream` so far, for a ``memory()`` sink; empty for the others.
    package func captured(_ stream: Stream) -> String { state.withLock { $0.captured[stream] ?? "" } }

    /// Writes `text` to `stream`. Standard output is buffered; standard error is written at
    /// once, after whatever standard output holds.
    ///
    /// - Throws: ``WriteError`` when the stream cannot be written; nothing is written to it after.
    /// - Complexity: O(n) in the length of `text`.
    package func write(_ text: String, to stream: Stream) throws(WriteError) {
        guard !text.isEmpty else { return }
        try state.withLock { state throws(WriteError) in
            guard case .descriptors(let output, let error) = destination else {
                state.captured[stream, default: ""] += text
                return
            }
            if let failure = state.failures[stream] { throw failure }
            switch stream {
            case .standardOutput:
                state.buffered.append(contentsOf: text.utf8)
                if state.buffered.count >= Self.bufferSize { try Self.drain(&state, to: output) }
            case .standardError:
                // Standard output first, so a terminal shows the two in the order they were written;
                // its failure is its own and does not stop the message.
                try? Self.drain(&state, to: output)
                var bytes = Array(text.utf8)
                if let code = Self.writeAll(&bytes, to: error) {
                    state.failures[.standardError] = WriteError(stream: .standardError, code: code)
                    throw WriteError(stream: .standardError, code: code)
                }
            }
        }
    }

    /// Writes what standard output holds.
    ///
    /// - Throws: ``WriteError`` when it cannot be written.
    package func flush() throws(WriteError) {
        try state.withLock { state throws(WriteError) in
            guard case .descriptors(let output, _) = destination else { return }
            try Self.drain(&state, to: output)
        }
    }

    private static func drain(_ state: inout State, to descriptor: Int32) throws(WriteError) {
        guard !state.buffered.isEmpty else { return }
        if let failure = state.failures[.standardOutput] { throw failure }
        let code = writeAll(&state.buffered, to: descriptor)
        state.buffered.removeAll(keepingCapacity: true)
        if let code {
            state.failures[.standardOutput] = WriteError(stream: .standardOutput, code: code)
            throw WriteError(stream: .standardOutput, code: code)
        }
    }

    /// Writes all of `bytes`, retrying after signals and short writes; the `errno` of a failure.
    private static func writeAll(_ bytes: inout [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                #else
                    let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                // A descriptor that takes nothing would be retried forever.
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }
}
