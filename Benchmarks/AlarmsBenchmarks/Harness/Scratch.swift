import Foundation

/// The temporary folder a case process writes its files to (rule files, store books),
/// removed when the case is done.
enum Scratch {
    static let directory = FileManager.default.temporaryDirectory.appendingPathComponent("alarms-benchmarks-\(getpid())")

    /// `directory/name`, creating the folder first.
    static func file(_ name: String) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name)
    }

    static func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
