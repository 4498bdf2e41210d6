// The helpers every test target shares (temporary folders, child processes, locks) are in
// AlarmsTestSupport; re-exported here so no test file needs its own import.
@_exported import AlarmsTestSupport
import Foundation
import Testing

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

    /// - Parameter hangGuard: for tests of inputs that used to block: the child is killed after
    ///   this many seconds, so a regression fails the test (the exit is then a signal's) instead
    ///   of hanging the suite. Not a timing assertion: the limit is far above any real run.
    static func run(_ arguments: [String], timeZone: String = "UTC", extraEnvironment: [String: String] = [:],
                    standardInput: Data? = nil, hangGuard: TimeInterval? = nil) throws -> Output {
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
        if let hangGuard {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + hangGuard) { if process.isRunning { kill(pid, SIGKILL) } }
        }
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

/// An alarm book in a fresh temporary folder, for tests that edit it through the real binary.
/// The folder is removed when the value goes away.
final class TemporaryStore {
    let folder: URL
    let path: String

    /// A store holding `json` (a rule or book file), or no file at all when `json` is `nil`.
    init(_ json: String? = nil) throws {
        folder = try AlarmsProcess.temporaryDirectory()
        path = folder.appendingPathComponent("alarms.json").path
        if let json { try Data(json.utf8).write(to: URL(fileURLWithPath: path)) }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Runs `alarms` with `ALARMS_STORE` naming this store.
    func run(_ arguments: [String], timeZone: String = "Europe/Berlin", extraEnvironment: [String: String] = [:]) throws -> AlarmsProcess.Output {
        var environment = ["ALARMS_STORE": path]
        environment.merge(extraEnvironment) { _, new in new }
        return try AlarmsProcess.run(arguments, timeZone: timeZone, extraEnvironment: environment)
    }

    /// The book file's bytes, or `nil` when there is no file.
    var bytes: Data? { FileManager.default.contents(atPath: path) }

    var text: String { bytes.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The book file parsed with `JSONSerialization`.
    func json() throws -> [String: Any] {
        let data = try #require(bytes)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The names in the folder, sorted.
    var folderContents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }
}

extension AlarmsProcess {
    /// Runs `alarms` through `/bin/sh` (or another `shell`, such as `/bin/bash` for process
    /// substitution), so arguments can be raw bytes (invalid UTF-8) that `Process` cannot pass:
    /// `script` is a shell fragment where `"$A"` is the binary.
    static func runShell(_ script: String, timeZone: String = "UTC", shell: String = "/bin/sh") throws -> Output {
        try run(["-c", script], timeZone: timeZone, shell: shell)
    }

    private static func run(_ arguments: [String], timeZone: String, shell: String) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = ["TZ": timeZone, "LANG": "C", "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "A": executable.path]
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(exitCode: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
    }
}

/// Parses standard output as a JSON object, failing the test when it is not one.
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// Checks that `object` has exactly `keys`, each value of the expected kind.
func expectSchema(_ object: [String: Any], _ keys: [String: JSONKind], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(Set(object.keys) == Set(keys.keys), "keys", sourceLocation: sourceLocation)
    for (key, kind) in keys {
        #expect(kind.matches(object[key]), "\(key) should be \(kind)", sourceLocation: sourceLocation)
    }
}

/// JSON value kinds for schema checks; `.optional` allows `null` as well.
indirect enum JSONKind: CustomStringConvertible {
    case string, number, bool, array, object
    case optional(JSONKind)

    func matches(_ value: Any?) -> Bool {
        guard let value else { return false }
        switch self {
        case .optional(let kind): return value is NSNull || kind.matches(value)
        case .string: return value is String
        case .number: return value is NSNumber && !Self.isBoolean(value)
        case .bool: return Self.isBoolean(value)
        case .array: return value is [Any]
        case .object: return value is [String: Any]
        }
    }

    /// `true` and `false` come back as `__NSCFBoolean`, which also bridges to `Int`; numbers bridge to `Bool`.
    private static func isBoolean(_ value: Any) -> Bool {
        String(describing: type(of: value)) == "__NSCFBoolean"
    }

    var description: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .array: "array"
        case .object: "object"
        case .optional(let kind): "\(kind) or null"
        }
    }
}
