import Foundation

/// The peak resident memory of one child process, measured by a small wrapper process.
///
/// `getrusage(RUSAGE_CHILDREN)` and even `wait4`'s own usage cannot give it here: on Linux a
/// process started with `posix_spawn` (or `fork`) from this one is charged, at its `exec`, the
/// peak of the address space it leaves, which is this process's, hundreds of megabytes after a
/// case has generated a million rules. So this process starts a copy of itself in wrapper mode
/// (`--measure-peak FILE PROGRAM ARGUMENTS…`), small when it starts the program; the wrapper
/// waits for the program with `wait4`, whose peak then counts from the wrapper's own few
/// megabytes, writes it to `FILE` and exits with the program's status. The program's standard
/// output is the wrapper's, so the caller reads it as if it had started the program itself.
enum PeakMemory {
    static let wrapperOption = "--measure-peak"

    /// Runs `executable` with `arguments` through the wrapper: its output, and its peak resident
    /// memory in bytes (including the wrapper's, a few megabytes, when that is larger).
    static func run(_ executable: URL, _ arguments: [String]) throws -> (output: ChildProcess.Output, peakBytes: Int) {
        let report = try Scratch.file("peak-\(UInt64.random(in: 0...UInt64.max)).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        let output = try ChildProcess.run(ChildProcess.ownExecutable, [wrapperOption, report.path, executable.path] + arguments)
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        return (output, Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
    }

    /// Wrapper mode: `arguments` are `FILE PROGRAM ARGUMENTS…`. Never returns.
    static func runWrapper(_ arguments: [String]) -> Never {
        guard arguments.count >= 2 else { fail("\(wrapperOption) needs a report file and a program") }
        let report = arguments[0]
        let argv = arguments.dropFirst().map { strdup($0) } + [nil]
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[1], nil, nil, argv, environ)
        guard spawned == 0 else { fail("cannot run \(arguments[1]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        #if os(Linux)
            let peak = usage.ru_maxrss * 1024   // kilobytes on Linux
        #else
            let peak = usage.ru_maxrss   // bytes on Darwin
        #endif
        _ = FileManager.default.createFile(atPath: report, contents: Data("\(peak)\n".utf8))
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        exit((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
    }
}
