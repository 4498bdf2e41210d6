import Foundation

/// Runs `body` with a fresh folder under the system's temporary directory and removes it
/// afterwards, whatever `body` did to its permissions.
func withTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
        .appending(path: "RecurringAlarmsStoreTests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer {
        if let items = FileManager.default.enumerator(atPath: folder.path) {
            for case let item as String in items {
                try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.appending(path: item).path)
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }
    return try body(folder)
}

/// Runs `body` with a `UserDefaults` suite name used by no other test, and removes the suite
/// afterwards.
func withDefaultsSuite<Result>(_ body: (String) throws -> Result) throws -> Result {
    let suiteName = "RecurringAlarmsStoreTests.\(UUID().uuidString)"
    defer {
        if let defaults = UserDefaults(suiteName: suiteName) {
            defaults.removePersistentDomain(forName: suiteName)
        }
    }
    return try body(suiteName)
}
