import Foundation

/// The message apps show: `localizedDescription` reads ``description`` (which names the book's
/// location and what to do) instead of "The operation could not be completed".
///
/// ```swift
/// do {
///     book = try store.load()
/// } catch {
///     error.localizedDescription   // "'/…/alarms.json' is not valid JSON at line 3, column 14: …"
///     error.recoverySuggestion     // "call recoverUnreadableBook(now:) to move the stored book aside …"
/// }
/// ```
extension AlarmStoreError: LocalizedError {
    /// ``description``, in full: every case already ends with what to do about it.
    public var errorDescription: String? { description }

    /// For a stored book this release cannot read (``isUnreadableBook``), the one step that
    /// lets the app go on; `nil` for the other cases, whose ``description`` says what to fix.
    public var recoverySuggestion: String? {
        isUnreadableBook
            ? "call recoverUnreadableBook(now:) to move the stored book aside and start an empty one; the old file is kept for inspection"
            : nil
    }
}
