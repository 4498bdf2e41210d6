import Foundation
import RecurringAlarms
import RecurringAlarmsStore

extension AlarmStoreError {
    /// The error as ``cliError``, naming the book as `location` was given (`--store
    /// alarms.json`, not the absolute path the store works with), as every other command names
    /// its files. A path the store reached by following a symbolic link is named as it is.
    func cliError(shownFor location: StoreLocation) -> CLIError {
        replacingPath { location.shown($0) }.cliError
    }

    /// The same error with `transform` applied to the path it names.
    func replacingPath(_ transform: (String) -> String) -> AlarmStoreError {
        switch self {
        case .empty(let path): .empty(path: transform(path))
        case .truncated(let path, let line, let column, let message):
            .truncated(path: transform(path), line: line, column: column, message: message)
        case .malformedJSON(let path, let line, let column, let message):
            .malformedJSON(path: transform(path), line: line, column: column, message: message)
        case .binary(let path, let offset, let byte): .binary(path: transform(path), offset: offset, byte: byte)
        case .newerVersion(let path, let found, let supported): .newerVersion(path: transform(path), found: found, supported: supported)
        case .invalid(let path, let problems): .invalid(path: transform(path), problems: problems)
        case .unreadableDefaultsFile(let path, let reason): .unreadableDefaultsFile(path: transform(path), reason: reason)
        case .invalidBook(let path, let problems): .invalidBook(path: transform(path), problems: problems)
        case .permissionDenied(let path, let operation): .permissionDenied(path: transform(path), operation: operation)
        case .io(let path, let operation, let code, let reason):
            .io(path: transform(path), operation: operation, code: code, reason: reason)
        case .lockTimeout(let path, let seconds): .lockTimeout(path: transform(path), seconds: seconds)
        }
    }

    /// The error as `error:` lines and a hint for people at a terminal. The library's own
    /// ``description`` speaks to app developers (it names `recoverUnreadableBook(now:)`).
    var cliError: CLIError {
        let untouched = "the file was left untouched; fix or restore it, or move it aside to start an empty book"
        switch self {
        case .empty(let path):
            return .failure("'\(path.printable)' is empty, so it holds no alarm book", hint: untouched)
        case .truncated(let path, let line, let column, let message):
            return .failure(
                "'\(path.printable)' is truncated: the JSON ends early (line \(line), column \(column): \(message))", hint: untouched)
        case .malformedJSON(let path, let line, let column, let message):
            return .failure("'\(path.printable)' is not valid JSON at line \(line), column \(column): \(message)", hint: untouched)
        case .binary(let path, let offset, let byte):
            return .failure(
                "'\(path.printable)' holds binary data, not JSON text (byte \(Self.hex(byte)) at offset \(offset))", hint: untouched)
        case .newerVersion(let path, let found, let supported):
            return .failure(
                "'\(path.printable)' has format version \(found), written by a newer release; this one reads version \(supported)",
                hint: "the file was left untouched; use a newer 'alarms'")
        case .invalid(let path, let problems):
            return .failure(
                messages: problems.map { "\(path.printable): \($0.terminalText)" },
                hint: "the file was left untouched; fix it (see Docs/Formats.md), or move it aside to start an empty book")
        case .unreadableDefaultsFile(let path, let reason):
            return .failure("'\(path.printable)' \(reason.printable), so UserDefaults cannot read the alarm book in it", hint: untouched)
        case .invalidBook(let path, let problems):
            return .failure(messages: problems.map(\.terminalText), hint: "nothing was written to '\(path.printable)'")
        case .permissionDenied(let path, let operation):
            return .failure(
                "cannot \(operation) '\(path.printable)': permission denied", hint: "check the owner and mode of the file and of its folder"
            )
        case .io(let path, "read", EISDIR, _):
            return .failure("cannot read '\(path.printable)': \(FileKind.directoryReason)")
        case .io(let path, let operation, let code, let reason):
            let hint = code == ENOENT ? "create the folder first, or pass another '--store PATH'" : nil
            return .failure("cannot \(operation) '\(path.printable)': \(reason) (errno \(code))", hint: hint)
        case .lockTimeout(let path, let seconds):
            return .failure(
                "gave up after \(Self.seconds(seconds)) waiting for another process holding the lock on '\(path.printable)'",
                hint: "nothing was read or written; let the other process finish (it may be stuck), "
                    + "or wait longer with '--lock-timeout SECONDS' or ALARMS_LOCK_TIMEOUT")
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
