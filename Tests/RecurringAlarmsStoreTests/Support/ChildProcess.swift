import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, so a test can kill it with any signal at a
/// moment of its choosing and read how it ended, with no run loop involved.
struct ChildProcess {
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "posix_spawn failed: errno \(code)" }
    }

    let pid: pid_t

    /// Starts `executable` with `arguments`; its standard output goes to `outputPath` when given.
    /// It inherits this process's environment, or gets exactly `environment` when given.
    static func spawn(_ executable: String, _ arguments: [String], outputPath: String? = nil,
                      environment: [String: String]? = nil) throws -> ChildProcess {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let outputPath {
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let given: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { given?.forEach { free($0) } }
        #if canImport(Darwin)
        let inherited = _NSGetEnviron().pointee
        #else
        let inherited = environ
        #endif
        var pid: pid_t = 0
        let result = given.map { posix_spawn(&pid, executable, &actions, nil, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, nil, argv, inherited)
        guard result == 0 else { throw SpawnError(code: result) }
        return ChildProcess(pid: pid)
    }

    func send(_ signal: Int32) {
        #if canImport(Glibc)
        _ = Glibc.kill(pid, signal)
        #else
        _ = Darwin.kill(pid, signal)
        #endif
    }

    /// Waits for the process to end.
    func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .exited(-1) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    /// Starts `executable` and waits for it.
    static func run(_ executable: String, _ arguments: [String], outputPath: String? = nil,
                    environment: [String: String]? = nil) throws -> Ending {
        try spawn(executable, arguments, outputPath: outputPath, environment: environment).wait()
    }
}

/// The built `store-stress` helper, found next to the test products.
///
/// SwiftPM puts executables beside the test bundle: `.build/<triple>/<configuration>/` on
/// Linux, where the test runner is the bundle itself, and beside `<name>.xctest` on Apple
/// systems. `STORE_STRESS_HELPER` overrides the search; the package's own `.build/debug` is
/// the last resort.
enum StressHelper {
    static let path: String? = {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["STORE_STRESS_HELPER"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appending(path: "store-stress"))
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appending(path: "store-stress"))
        }
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appending(path: "store-stress"))
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appending(path: ".build/debug/store-stress"))
        candidates.append(packageRoot.appending(path: ".build/release/store-stress"))
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let notFound: Comment = "the store-stress helper was not found next to the test products; build with `swift build --build-tests` or set STORE_STRESS_HELPER"
}
