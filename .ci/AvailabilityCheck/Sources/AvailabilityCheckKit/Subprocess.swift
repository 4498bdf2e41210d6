import Foundation
import Synchronization

/// A failure the check cannot work around: a tool that failed, a file that is missing, a build
/// that has not run. It stops the check (and CI) with its message.
public struct CheckError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Runs one tool to completion. Its standard output goes to a file (the demangler's and the
/// package description's can be large), standard error is kept for the error message.
enum Subprocess {
    /// Runs `executable` with `arguments`, feeding it `input` when given; returns its standard
    /// output, and throws with its standard error when it exits with a failure.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String], input: Data? = nil) throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("availability-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let paths = ["in", "out", "err"].map { scratch.appendingPathComponent($0) }
        try (input ?? Data()).write(to: paths[0])
        for path in paths.dropFirst() { try Data().write(to: path) }
        let handles = try (FileHandle(forReadingFrom: paths[0]), FileHandle(forWritingTo: paths[1]), FileHandle(forWritingTo: paths[2]))
        defer { for handle in [handles.0, handles.1, handles.2] { try? handle.close() } }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = handles.0
        process.standardOutput = handles.1
        process.standardError = handles.2
        do {
            try process.run()
        } catch {
            throw CheckError("cannot run \(executable.path): \(error)")
        }
        process.waitUntilExit()
        let output = try Data(contentsOf: paths[1])
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let errors = String(decoding: try Data(contentsOf: paths[2]), as: UTF8.self)
            let command = ([executable.lastPathComponent] + arguments.prefix(12)).joined(separator: " ")
            throw CheckError("\(command)\(arguments.count > 12 ? " …" : "") failed (status \(process.terminationStatus)):\n\(errors)")
        }
        return output
    }
}

/// Runs independent jobs at most `width` at a time (the machine's cores) and returns their
/// results in order; the first error wins.
func runConcurrently<Result: Sendable>(width: Int = ProcessInfo.processInfo.activeProcessorCount, _ jobs: [@Sendable () throws -> Result])
    throws
    -> [Result]
{
    let results = Mutex<[Int: Swift.Result<Result, any Error>]>([:])
    let next = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: min(max(width, 1), jobs.count)) { _ in
        while true {
            let index = next.withLock { value -> Int in
                defer { value += 1 }
                return value
            }
            guard index < jobs.count else { return }
            let result = Swift.Result { try jobs[index]() }
            results.withLock { $0[index] = result }
        }
    }
    return try results.withLock { results in try (0..<jobs.count).map { try results[$0]!.get() } }
}
