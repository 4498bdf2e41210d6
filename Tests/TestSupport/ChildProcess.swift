import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the tests start another program: `posix_spawn` and `waitpid`, with no run loop,
/// so a test can kill a child with any signal at a moment of its choosing and read how it ended
/// (``spawn(_:_:outputPath:environment:)``), or run one to its end with its output captured
/// (``capture(_:_:environment:currentDirectory:standardInput:hangGuard:)``).
package struct ChildProcess: Sendable {
    /// How a child ended.
    package enum Ending: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        package var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }

        /// The status a shell would report: the exit status, or 128 + the signal.
        package var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signaled(let signal): 128 + signal
            }
        }
    }

    /// What a captured run wrote and how it ended.
    package struct Output: Sendable {
        package var ending: Ending
        package var standardOutput: Data
        package var standardError: Data
    }

    package struct SpawnError: Error, CustomStringConvertible {
        package let executable: String
        package let code: Int32
        package var description: String { "cannot start \(executable): \(String(cString: strerror(code))) (errno \(code))" }
    }

    package let pid: pid_t

    /// Starts `executable` with `arguments`; its standard output goes to `outputPath` when given
    /// (standard input and error are this process's). It inherits this process's environment,
    /// or gets exactly `environment` when given.
    package static func spawn(
        _ executable: String, _ arguments: [String], outputPath: String? = nil,
        environment: [String: String]? = nil
    ) throws -> ChildProcess {
        try spawn(executable, arguments, environment: environment) { actions in
            if let outputPath {
                posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
    }

    /// Starts `executable` and waits for it.
    package static func run(
        _ executable: String, _ arguments: [String], outputPath: String? = nil,
        environment: [String: String]? = nil
    ) throws -> Ending {
        try spawn(executable, arguments, outputPath: outputPath, environment: environment).wait()
    }

    /// Runs `executable` to its end in `currentDirectory` (default: this process's) with exactly
    /// `environment`, writes `standardInput` to it (then end of file; with `nil`, end of file at
    /// once) and collects its standard output and error.
    ///
    /// - Parameter hangGuard: for inputs that used to block: the child is killed after this many
    ///   seconds, so a regression fails the test (the ending is then a signal) instead of hanging
    ///   the suite. Not a timing assertion: the limit is far above any real run.
    package static func capture(
        _ executable: String, _ arguments: [String], environment: [String: String],
        currentDirectory: String? = nil, standardInput: Data? = nil,
        hangGuard: TimeInterval? = nil
    ) throws -> Output {
        let input = try PipeEnds.make()
        let output = try PipeEnds.make()
        let errors = try PipeEnds.make()
        let child: ChildProcess
        do {
            child = try spawn(executable, arguments, environment: environment) { actions in
                if let currentDirectory { _ = addChangeDirectory(&actions, currentDirectory) }
                posix_spawn_file_actions_adddup2(&actions, input.read, 0)
                posix_spawn_file_actions_adddup2(&actions, output.write, 1)
                posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
            }
        } catch {
            for descriptor in [input.read, input.write, output.read, output.write, errors.read, errors.write] { close(descriptor) }
            throw error
        }
        for descriptor in [input.read, output.write, errors.write] { close(descriptor) }
        let (standardOutput, standardError) = exchange(
            input: input.write, data: standardInput ?? Data(),
            output: output.read, error: errors.read, child: child,
            deadline: hangGuard.map { Date().addingTimeInterval($0) })
        return Output(ending: child.wait(), standardOutput: standardOutput, standardError: standardError)
    }

    /// Sends `signal` to the child.
    package func send(_ signal: Int32) {
        _ = kill(pid, signal)
    }

    /// Waits for the process to end.
    package func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .exited(-1) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    // MARK: - Internals

    #if canImport(Darwin)
        typealias FileActions = posix_spawn_file_actions_t?
    #else
        typealias FileActions = posix_spawn_file_actions_t
    #endif

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String]?,
        actions configure: (inout FileActions) -> Void
    ) throws -> ChildProcess {
        #if canImport(Darwin)
            var actions: FileActions = nil
        #else
            var actions = FileActions()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let given: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in given ?? [] { free(pointer) } }
        #if canImport(Darwin)
            let inherited = _NSGetEnviron().pointee
        #else
            let inherited = environ
        #endif
        var pid: pid_t = 0
        let result =
            given.map { posix_spawn(&pid, executable, &actions, nil, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, nil, argv, inherited)
        guard result == 0 else { throw SpawnError(executable: executable, code: result) }
        return ChildProcess(pid: pid)
    }

    /// `posix_spawn_file_actions_addchdir_np`. On Linux it is looked up at run time: glibc
    /// declares it only for `_GNU_SOURCE`, which Swift's Glibc module does not set.
    private static func addChangeDirectory(_ actions: inout FileActions, _ path: String) -> Int32 {
        #if canImport(Darwin)
            return posix_spawn_file_actions_addchdir_np(&actions, path)
        #else
            typealias AddChdir = @convention(c) (UnsafeMutablePointer<FileActions>, UnsafePointer<CChar>) -> Int32
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
                fatalError("posix_spawn_file_actions_addchdir_np is missing (glibc 2.29 or later has it)")
            }
            return path.withCString { unsafeBitCast(symbol, to: AddChdir.self)(&actions, $0) }
        #endif
    }

    /// Writes `data` to `input` and reads `output` and `error` to their ends, all at once with
    /// `poll`, so neither side can fill a pipe and wait for the other. Past `deadline`, kills
    /// the child and keeps reading until the pipes close.
    private static func exchange(
        input: Int32, data: Data, output: Int32, error: Int32, child: ChildProcess,
        deadline: Date?
    ) -> (Data, Data) {
        _ = ignoreBrokenPipes
        var collected = [Data(), Data()]
        var open: [Int32] = [output, error]
        var writer: Int32? = input
        var written = 0
        var killed = false
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        if data.isEmpty {
            close(input)
            writer = nil
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty || writer != nil {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if let writer { descriptors.append(pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)) }
            var timeout: Int32 = -1
            if let deadline, !killed { timeout = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, 60_000))) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0, let deadline, !killed, Date() >= deadline {
                child.send(SIGKILL)
                killed = true
                continue
            }
            for entry in descriptors where entry.revents != 0 {
                if entry.fd == writer {
                    let count = data.withUnsafeBytes { Foundation.write(entry.fd, $0.baseAddress! + written, $0.count - written) }
                    if count > 0 { written += count }
                    if (count < 0 && errno != EAGAIN && errno != EINTR) || written == data.count {
                        close(entry.fd)
                        writer = nil
                    }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { Foundation.read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[entry.fd == output ? 0 : 1].append(contentsOf: buffer[0..<count])
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        return (collected[0], collected[1])
    }
}
