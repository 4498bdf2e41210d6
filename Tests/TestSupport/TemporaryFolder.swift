import Foundation

/// A fresh folder under the system's temporary directory, named `prefix-<UUID>`; the caller
/// removes it.
package func makeTemporaryFolder(prefix: String = "RecurringAlarmsTests") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "\(prefix)-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Runs `body` with a fresh folder under the system's temporary directory and removes it
/// afterwards, whatever `body` did to its permissions.
package func withTemporaryFolder<Result>(prefix: String = "RecurringAlarmsTests", _ body: (URL) throws -> Result) throws -> Result {
    let folder = try makeTemporaryFolder(prefix: prefix)
    defer { removeTemporaryFolder(folder) }
    return try body(folder)
}

/// ``withTemporaryFolder(prefix:_:)`` for a `body` that awaits.
package func withTemporaryFolder<Result>(prefix: String = "RecurringAlarmsTests", _ body: (URL) async throws -> Result)
    async throws -> Result
{
    let folder = try makeTemporaryFolder(prefix: prefix)
    defer { removeTemporaryFolder(folder) }
    return try await body(folder)
}

/// Removes `folder`, whatever was done to the permissions of what it holds.
private func removeTemporaryFolder(_ folder: URL) {
    if let items = FileManager.default.enumerator(atPath: folder.path) {
        for case let item as String in items {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.appending(path: item).path)
        }
    }
    try? FileManager.default.removeItem(at: folder)
}
