import RecurringAlarms
import RecurringAlarmsStore

/// Everything that can stop a refresh: the store or the notification center failed, the
/// book held rules that cannot be planned together, or the task was cancelled before the
/// refresh started.
///
/// A store failure keeps the store's own `AlarmStoreError` so a caller can tell its cases
/// apart (for instance `isUnreadableBook`); a center's errors come from the app's
/// ``NotificationCenterAdapter`` and are any error.
///
/// ```swift
/// do {
///     try await scheduler.refresh()
/// } catch {
///     log(error.description)   // "refresh: the notification center could not add requests: …"
/// }
/// ```
/// A refresh that fails leaves the store's record of the applied plan as it was; the next
/// refresh compares with what the center reports pending, so it repairs whatever was half done.
public enum SchedulingError: Error, CustomStringConvertible {
    /// The store could not `operation` (`load the alarm book`, `record the applied plan`).
    case store(operation: String, underlying: AlarmStoreError)
    /// The center could not `operation` (`list pending requests`, `remove requests`, `add requests`).
    case center(operation: String, underlying: any Error)
    /// The book's rules cannot be planned together (a repeated or malformed id). A store checks
    /// every book it loads, so this happens only with a store that hands out unchecked books.
    case invalidRules(AlarmRulesError)
    /// The calling task was cancelled before the refresh started (while it waited for an
    /// earlier refresh, or before the call): nothing was read or changed. It is the typed
    /// form of `CancellationError`; a refresh that has started is not cancelled.
    case cancelled
    /// The user has not allowed the app's alarms (AlarmKit's authorization is denied, or the
    /// app's Info.plist lacks `NSAlarmKitUsageDescription`): nothing was scheduled or changed.
    case notAuthorized

    public var description: String {
        switch self {
        case .store(let operation, let underlying): "refresh: the store could not \(operation): \(underlying)"
        case .center(let operation, let underlying): "refresh: the notification center could not \(operation): \(underlying)"
        case .invalidRules(let underlying): "refresh: the alarm book's rules cannot be planned: \(underlying)"
        case .cancelled: "refresh: cancelled before it started; nothing was read or changed"
        case .notAuthorized:
            "refresh: alarms are not allowed for this app, so nothing was scheduled; allow them in Settings › Apps › "
                + "this app › Alarms (developers: set NSAlarmKitUsageDescription in Info.plist)"
        }
    }
}
