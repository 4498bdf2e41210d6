import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two ends of a pipe, both closed in every child on exec: other tests spawn children at
/// the same time, and a write end leaked into one of them would keep this pipe open.
package struct PipeEnds: Sendable {
    package let read: Int32
    package let write: Int32

    package static func make() throws -> PipeEnds {
        var ends: [Int32] = [0, 0]
        #if canImport(Darwin)
            // No pipe2 here: a child spawned between the two calls may inherit an end (its output
            // then ends when that child does, a delay, not a hang).
            guard pipe(&ends) == 0 else { throw ChildProcess.SpawnError(executable: "pipe", code: errno) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #else
            // glibc declares pipe2 only for _GNU_SOURCE, which Swift's Glibc module does not set.
            typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
            guard let symbol = dlsym(nil, "pipe2") else { fatalError("glibc has no pipe2") }
            guard unsafeBitCast(symbol, to: Pipe2.self)(&ends, Int32(O_CLOEXEC)) == 0 else {
                throw ChildProcess.SpawnError(executable: "pipe", code: errno)
            }
        #endif
        return PipeEnds(read: ends[0], write: ends[1])
    }
}

/// Runs `body` with the read end of a pipe that gives `data`, then end of file: standard
/// input for code that reads a file descriptor, without touching this process's own. The
/// pipe is closed when `body` returns, read to the end or not; the writer is then awaited,
/// not waited for, so no thread of the cooperative pool blocks here.
package func withInputPipe<Result>(_ data: Data, _ body: (Int32) async throws -> Result) async throws -> Result {
    let pipe = try PipeEnds.make()
    let written = DispatchGroup()
    if data.isEmpty {
        close(pipe.write)
    } else {
        _ = ignoreBrokenPipes
        written.enter()
        // A writer of its own, so data larger than the pipe's buffer cannot block this task.
        DispatchQueue.global().async {
            var offset = 0
            while offset < data.count {
                let count = data.withUnsafeBytes { Foundation.write(pipe.write, $0.baseAddress! + offset, $0.count - offset) }
                if count > 0 { offset += count } else if errno != EINTR { break }
            }
            close(pipe.write)
            written.leave()
        }
    }
    let result: Swift.Result<Result, any Error>
    do { result = .success(try await body(pipe.read)) } catch { result = .failure(error) }
    // Closing the read end first ends a writer still blocked on a reader that stopped.
    close(pipe.read)
    await withCheckedContinuation { finished in written.notify(queue: .global()) { finished.resume() } }
    return try result.get()
}

/// A reader that stops early must not kill the test run with SIGPIPE; the write fails with
/// EPIPE instead, which the writers here handle.
package let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
