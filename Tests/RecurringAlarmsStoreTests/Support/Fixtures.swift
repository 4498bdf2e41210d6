// The helpers every test target shares (zones, literals, temporary folders, child processes)
// are in AlarmsTestSupport; re-exported here so no test file needs its own import.
@_exported import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// Writes `data` to `path`, replacing what is there, optionally with the given mode.
func writeFile(_ path: String, _ data: Data, permissions: Int? = nil) throws {
    try data.write(to: URL(fileURLWithPath: path))
    if let permissions { try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path) }
}

/// The bytes of a file, or `nil` when it cannot be read.
func contents(of path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

/// Which case an error is, so tables can name the expected one.
func caseName(_ error: AlarmStoreError) -> String {
    switch error {
    case .empty: "empty"
    case .truncated: "truncated"
    case .malformedJSON: "malformedJSON"
    case .binary: "binary"
    case .newerVersion: "newerVersion"
    case .invalid: "invalid"
    case .unreadableDefaultsFile: "unreadableDefaultsFile"
    case .invalidBook: "invalidBook"
    case .permissionDenied: "permissionDenied"
    case .io: "io"
    case .lockTimeout: "lockTimeout"
    }
}

/// Runs `body` and returns the ``AlarmStoreError`` it throws, or `nil` when it throws none.
func storeError(_ body: () throws -> Void) -> AlarmStoreError? {
    do {
        try body()
        return nil
    } catch let error as AlarmStoreError {
        return error
    } catch {
        return nil
    }
}
