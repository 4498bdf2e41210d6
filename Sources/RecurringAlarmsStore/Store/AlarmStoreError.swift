import Foundation
import RecurringAlarms

/// Everything that can go wrong keeping an ``/RecurringAlarms/AlarmBook``: reading, checking
/// and writing stored data, the lock, the system.
///
/// Storage failures only. The book's own operations (snooze, skip-next) throw the engine's
/// ``/RecurringAlarms/AlarmBookError``; called inside ``AlarmStore/update(_:)`` it reaches the
/// caller unchanged, not wrapped in this type, and nothing is written.
///
/// Each case names where the book lives (`path`: the file path for ``JSONFileStore``,
/// `userdefaults:<suite>/<key>` for ``UserDefaultsStore``) and why, and ``description`` says
/// what to do. A stored book that cannot be read is never overwritten: ``isUnreadableBook``
/// tells those cases apart, and the store's `recoverUnreadableBook(now:)` moves it aside.
///
/// ```swift
/// do {
///     book = try store.load()
/// } catch let error where error.isUnreadableBook {
///     log(error.description)     // "'/…/alarms.json' is not valid JSON at line 3, column 14: …"
///     let movedTo = try store.recoverUnreadableBook(now: clock.now)
///     book = AlarmBook()
/// }
/// ```
public enum AlarmStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stored book has no content (zero bytes, or only whitespace).
    case empty(path: String)
    /// The stored JSON ends before the document does: a cut-off copy. `line` and `column` are
    /// 1-based and count bytes.
    case truncated(path: String, line: Int, column: Int, message: String)
    /// The stored bytes are text but not JSON; the position of the first error.
    case malformedJSON(path: String, line: Int, column: Int, message: String)
    /// The stored bytes are not text: a NUL or control byte, or invalid UTF-8, at `offset` (0-based).
    case binary(path: String, offset: Int, byte: UInt8)
    /// The stored book has a format `version` newer than this release reads.
    case newerVersion(path: String, found: Int, supported: Int)
    /// The stored JSON is not a valid alarm book; every problem found.
    case invalid(path: String, problems: [ValidationProblem])
    /// The property-list file that holds a ``UserDefaultsStore``'s suite (`path`) cannot be read
    /// as one: `UserDefaults` would read it as an empty suite and its next write would replace
    /// it. `reason` says what is wrong with it.
    case unreadableDefaultsFile(path: String, reason: String)
    /// A book given to `save` or produced by `update` has problems
    /// (see ``/RecurringAlarms/AlarmBook/validationProblems()``); nothing was written.
    case invalidBook(path: String, problems: [ValidationProblem])
    /// The system refused access (`EACCES`, `EPERM`) while doing `operation` on `path`.
    case permissionDenied(path: String, operation: String)
    /// Any other system error: `code` is the `errno` value, `reason` its text.
    case io(path: String, operation: String, code: Int32, reason: String)
    /// Another process held the lock file at `path` for all of the `seconds` the call was
    /// allowed to wait (``LockWaitPolicy/timeout``); nothing was read or written.
    case lockTimeout(path: String, seconds: Double)

    /// Where the book lives.
    public var path: String {
        switch self {
        case .empty(let path), .truncated(let path, _, _, _), .malformedJSON(let path, _, _, _), .binary(let path, _, _),
            .newerVersion(let path, _, _), .invalid(let path, _), .unreadableDefaultsFile(let path, _), .invalidBook(let path, _),
            .permissionDenied(let path, _), .io(let path, _, _, _), .lockTimeout(let path, _):
            path
        }
    }

    /// Whether the stored book exists but cannot be read as a book of this release: the
    /// cases that the store refuses to overwrite and that `recoverUnreadableBook(now:)` moves aside.
    public var isUnreadableBook: Bool {
        switch self {
        case .empty, .truncated, .malformedJSON, .binary, .newerVersion, .invalid, .unreadableDefaultsFile: true
        case .invalidBook, .permissionDenied, .io, .lockTimeout: false
        }
    }

    private static let untouched =
        "it was left untouched: fix or restore it, or call recoverUnreadableBook(now:) to move it aside and start an empty book"

    public var description: String {
        switch self {
        case .empty(let path):
            return "'\(path)' is empty, so it holds no alarm book; \(Self.untouched)"
        case .truncated(let path, let line, let column, let message):
            return "'\(path)' is truncated: the JSON ends early (line \(line), column \(column): \(message)); \(Self.untouched)"
        case .malformedJSON(let path, let line, let column, let message):
            return "'\(path)' is not valid JSON at line \(line), column \(column): \(message); \(Self.untouched)"
        case .binary(let path, let offset, let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return
                "'\(path)' holds binary data, not JSON text (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset)); \(Self.untouched)"
        case .newerVersion(let path, let found, let supported):
            return "'\(path)' has format version \(found), written by a newer release; this release reads version \(supported). "
                + "It was left untouched: update the app, or call recoverUnreadableBook(now:) to move it aside and start an empty book"
        case .invalid(let path, let problems):
            return "'\(path)' is not a valid alarm book (\(Self.count(problems))); \(Self.untouched):\n" + Self.list(problems)
        case .unreadableDefaultsFile(let path, let reason):
            return "'\(path)', the UserDefaults file that holds the alarm book, \(reason), so UserDefaults would read it as empty "
                + "and the next save would replace it; \(Self.untouched)"
        case .invalidBook(let path, let problems):
            return "cannot save '\(path)': the book has \(Self.count(problems)) and nothing was written; fix them first:\n"
                + Self.list(problems)
        case .permissionDenied(let path, let operation):
            return "cannot \(operation) '\(path)': permission denied; check the owner and mode of the file and of its folder"
        case .io(let path, let operation, let code, let reason):
            return "cannot \(operation) '\(path)': \(reason) (errno \(code))"
        case .lockTimeout(let path, let seconds):
            return "gave up after \(Self.seconds(seconds)) waiting for another process holding the lock on '\(path)'; "
                + "nothing was read or written. Let that process finish (it may be stuck), or wait longer (LockWaitPolicy.timeout)"
        }
    }

    /// `10 s`, `0.25 s`: whole seconds without a fraction.
    package static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return "forever" }
        let rounded = (value * 1000).rounded() / 1000
        return (rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)) + " s"
    }

    private static func count(_ problems: [ValidationProblem]) -> String {
        problems.count == 1 ? "1 problem" : "\(problems.count) problems"
    }

    private static func list(_ problems: [ValidationProblem]) -> String {
        problems.map { "  " + $0.description }.joined(separator: "\n")
    }
}
