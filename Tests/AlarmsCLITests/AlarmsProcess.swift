import Foundation

/// Runs the built `alarms` executable as a child process, with an explicit environment so
/// no test depends on the machine's `TZ` or locale.
struct AlarmsProcess {
    struct Output {
        var exitCode: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `alarms` binary next to the test bundle (SwiftPM builds it, as the test target depends on it).
    static let executable: URL = {
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        var directory = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("alarms")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/alarms")
    }()

    static func run(_ arguments: [String], timeZone: String = "UTC", extraEnvironment: [String: String] = [:],
                    standardInput: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        var environment = ["TZ": timeZone, "LANG": "C", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        environment.merge(extraEnvironment) { _, new in new }
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let standardInput { stdin.fileHandleForWriting.write(standardInput) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot fill a pipe and deadlock.
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(exitCode: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("alarms-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
