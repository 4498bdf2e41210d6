// The helpers every test target shares (zones, literals, temporary folders, child processes)
// are in AlarmsTestSupport; re-exported here so no test file needs its own import.
@_exported import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// 2026-12-01T00:00:00Z, a Tuesday: 00:00 in London, 09:00 in Tokyo, 19:00 the day before in New York.
let december1 = Date(timeIntervalSince1970: 1_796_083_200)

/// A rule with the common defaults: weekly on `days`, floating unless `zone` is given.
func rule(_ id: String, days: WeekdaySet = .weekdays, at times: String..., zone: TimeZone? = nil, enabled: Bool = true) -> AlarmRule {
    AlarmRule(
        id: id, isEnabled: enabled, repeats: .weekly(days: days), times: times.map { TimeOfDay(parsing: $0)! },
        timeZone: zone.map(ZoneChoice.fixed) ?? .floating)
}

/// A one-shot rule.
func oneShot(_ id: String, on date: String, at time: String, zone: TimeZone? = nil) -> AlarmRule {
    AlarmRule(
        id: id, repeats: .once(LocalDate(parsing: date)!), times: [TimeOfDay(parsing: time)!],
        timeZone: zone.map(ZoneChoice.fixed) ?? .floating)
}

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
