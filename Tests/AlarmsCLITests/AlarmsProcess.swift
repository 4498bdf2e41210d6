// The helpers every test target shares (temporary folders, child processes, locks) are in
// AlarmsTestSupport; re-exported here so no test file needs its own import.
@_exported import AlarmsTestSupport
import Foundation
import Testing

@testable import AlarmsCLI

/// The one way the tests run `alarms` in this process: through the tool's entry point
/// ``CommandLineTool/run(argumentBytes:environmentBytes:systemTimeZone:standardInput:clock:outputIsTerminal:terminalColumns:notice:)``,
/// awaited, as the binary would run with an environment of only `TZ`, `NO_COLOR` and
/// `extraEnvironment`: the arguments as bytes, the system zone the one `TZ` names, standard
/// input a pipe of the run's own, and the clock fixed at ``Fixtures/now``. No global state is
/// read or changed (no `chdir`, no real environment or standard input), so runs are safe under
/// Swift Testing's parallelism. ``TemporaryStore/run(_:timeZone:extraEnvironment:standardInput:outputIsTerminal:terminalColumns:)``
/// is the same run with `ALARMS_STORE` naming a store.
///
/// The few tests that need a real process (exit status, standard input, `TZ` read by the
/// binary, bytes that are not UTF-8 in `argv`, named pipes, locks between processes) use
/// ``AlarmsBinary``, which returns the same ``CommandResult``, and live in `EndToEnd/`.
enum AlarmsProcess {
    /// The package root, where the binary ran and relative paths such as
    /// `Docs/Examples/alarms.json` are read from.
    static let packageRoot: URL = BuiltProducts.packageRoot

    /// Runs `arguments` in process and returns the exit code and what went to standard output
    /// and standard error.
    ///
    /// - Parameters:
    ///   - timeZone: `TZ`, and the system zone.
    ///   - extraEnvironment: more variables, or other values for `TZ` and `NO_COLOR`; only those
    ///     the tool reads (``CommandLineTool/environmentVariables``) are passed.
    ///   - standardInput: what `-` reads; with `nil`, an empty input (as the binary got). An
    ///     input that blocks would block the test: tests of such inputs run the binary.
    ///   - outputIsTerminal: whether standard output is a terminal (colour, tables cut to width).
    ///   - terminalColumns: the width the terminal reports, when it is one.
    static func run(
        _ arguments: [String], timeZone: String = "UTC", extraEnvironment: [String: String] = [:],
        standardInput: Data? = nil, outputIsTerminal: Bool = false, terminalColumns: Int? = nil
    ) async throws -> CommandResult {
        var environment = ["TZ": timeZone, "NO_COLOR": "1"]
        environment.merge(extraEnvironment) { _, new in new }
        let environmentBytes = environment.filter { CommandLineTool.environmentVariables.contains($0.key) }.mapValues { Array($0.utf8) }
        let argumentBytes = arguments.map { Array(packageRelative($0).utf8) }
        let systemTimeZone = SystemZone.given(TimeZone(identifier: timeZone) ?? .gmt)
        let now = Fixtures.nowInstant
        return try await withInputPipe(standardInput ?? Data()) { input in
            await CommandLineTool.run(
                argumentBytes: argumentBytes, environmentBytes: environmentBytes, systemTimeZone: systemTimeZone,
                standardInput: input, clock: { now }, outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns)
        }
    }

    /// A relative path to a file in the package, such as `Docs/Examples/alarms.json`, made
    /// absolute: the binary ran in the package root, and a test must not change this process's
    /// directory. Anything else is passed as it is.
    static func packageRelative(_ argument: String) -> String {
        guard !argument.hasPrefix("/"), argument.contains("/"), !argument.hasPrefix("."),
            FileManager.default.fileExists(atPath: packageRoot.appending(path: argument).path)
        else { return argument }
        return packageRoot.appending(path: argument).path
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        try makeTemporaryFolder(prefix: "alarms-cli-tests")
    }
}

/// Runs the built `alarms` executable as a child process, in the package root, with an
/// explicit environment so no test depends on the machine's `TZ` or locale, and returns the
/// same ``CommandResult`` as ``AlarmsProcess/run(_:timeZone:extraEnvironment:standardInput:outputIsTerminal:terminalColumns:)``.
/// For the tests in `EndToEnd/` only: everything else runs in process.
enum AlarmsBinary {
    /// The `alarms` binary next to the test products (SwiftPM builds it, as the test target depends on it).
    static let executable: String =
        BuiltProducts.executable("alarms") ?? BuiltProducts.packageRoot.appending(path: ".build/debug/alarms").path

    /// - Parameter hangGuard: for tests of inputs that used to block: the child is killed after
    ///   this many seconds, so a regression fails the test (the exit is then 128 + the signal)
    ///   instead of hanging the suite. Not a timing assertion: the limit is far above any real run.
    static func run(
        _ arguments: [String], timeZone: String = "UTC", extraEnvironment: [String: String] = [:],
        standardInput: Data? = nil, hangGuard: TimeInterval? = nil
    ) throws -> CommandResult {
        var environment = ["TZ": timeZone, "LANG": "C", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        environment.merge(extraEnvironment) { _, new in new }
        return try result(
            of: ChildProcess.capture(
                executable, arguments, environment: environment, currentDirectory: AlarmsProcess.packageRoot.path,
                standardInput: standardInput, hangGuard: hangGuard))
    }

    /// Runs `alarms` through `/bin/sh` (or another `shell`, such as `/bin/bash` for process
    /// substitution), so arguments can be raw bytes (invalid UTF-8): `script` is a shell
    /// fragment where `"$A"` is the binary. With `store`, `"$R"` names its file and `"$D"` its
    /// folder.
    static func runShell(
        _ script: String, timeZone: String = "UTC", shell: String = "/bin/sh", store: TemporaryStore? = nil
    ) throws -> CommandResult {
        var environment = ["TZ": timeZone, "LANG": "C", "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "A": executable]
        if let store { environment.merge(["R": store.path, "D": store.folder.path]) { _, new in new } }
        return try result(
            of: ChildProcess.capture(shell, ["-c", script], environment: environment, currentDirectory: AlarmsProcess.packageRoot.path))
    }

    private static func result(of run: ChildProcess.Output) -> CommandResult {
        CommandResult(
            exitCode: run.ending.status, standardOutput: String(decoding: run.standardOutput, as: UTF8.self),
            standardError: String(decoding: run.standardError, as: UTF8.self))
    }
}

/// An alarm book in a fresh temporary folder, for tests that edit it through `alarms`.
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

    /// Writes `text` to a file named `name` next to the book, such as a rule file or a calendar
    /// to import, and returns its path.
    func write(_ text: String, named name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `alarms` in process with `ALARMS_STORE` naming this store: the one runner,
    /// ``AlarmsProcess/run(_:timeZone:extraEnvironment:standardInput:outputIsTerminal:terminalColumns:)``,
    /// in Europe/Berlin unless told otherwise.
    func run(
        _ arguments: [String], timeZone: String = "Europe/Berlin", extraEnvironment: [String: String] = [:],
        standardInput: Data? = nil, outputIsTerminal: Bool = false, terminalColumns: Int? = nil
    ) async throws -> CommandResult {
        var environment = ["ALARMS_STORE": path]
        environment.merge(extraEnvironment) { _, new in new }
        return try await AlarmsProcess.run(
            arguments, timeZone: timeZone, extraEnvironment: environment, standardInput: standardInput,
            outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns)
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
