import Foundation

/// Runs a program to completion and collects its standard output.
///
/// Uses `posix_spawn` and `waitpid` directly: Foundation's `Process.waitUntilExit()` polls a
/// run loop and can add tens of milliseconds to a short process, which the `cli` case would
/// otherwise measure.
enum ChildProcess {
    struct Output {
        var status: Int32
        var standardOutput: Data
    }

    struct SpawnError: Error, CustomStringConvertible {
        let path: String
        let code: Int32
        var description: String { "cannot run \(path): \(String(cString: strerror(code)))" }
    }

    /// This executable, for running cases in child processes.
    static var ownExecutable: URL {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return URL(fileURLWithPath: path)
            }
        #endif
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// Runs `executable` with `arguments` and the current environment; its standard error goes to ours.
    static func run(_ executable: URL, _ arguments: [String]) throws -> Output {
        #if os(Linux)
            try spawn(executable, arguments)
        #else
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Output(status: process.terminationStatus, standardOutput: data)
        #endif
    }

    #if os(Linux)
        private static func spawn(_ executable: URL, _ arguments: [String]) throws -> Output {
            var pipe: [Int32] = [0, 0]
            guard Foundation.pipe(&pipe) == 0 else { throw SpawnError(path: executable.path, code: errno) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
            posix_spawn_file_actions_addclose(&actions, pipe[1])

            let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
            close(pipe[1])
            guard spawned == 0 else {
                close(pipe[0])
                throw SpawnError(path: executable.path, code: spawned)
            }
            var output = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count > 0 {
                    output.append(buffer, count: count)
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(pipe[0])
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            // WIFEXITED / WEXITSTATUS are macros Swift does not import.
            let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            return Output(status: exitStatus, standardOutput: output)
        }
    #endif
}
