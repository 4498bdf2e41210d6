import Foundation

/// The message apps show: `localizedDescription` reads ``description`` instead of "The
/// operation could not be completed", and the hint is the failing store's or center's own.
///
/// ```swift
/// do {
///     try await scheduler.refresh()
/// } catch {
///     error.localizedDescription   // "refresh: the store could not load the alarm book: …"
/// }
/// ```
extension SchedulingError: LocalizedError {
    /// ``description``: the step that failed and the underlying reason.
    public var errorDescription: String? { description }

    /// The underlying error's recovery suggestion, when it has one; none for a cancelled refresh.
    public var recoverySuggestion: String? {
        switch self {
        case .store(_, let underlying): underlying.recoverySuggestion
        case .center(_, let underlying): (underlying as? any LocalizedError)?.recoverySuggestion
        case .invalidRules(let underlying): underlying.recoverySuggestion
        case .cancelled: nil
        case .notAuthorized: AlarmCenterError.notAuthorized.recoverySuggestion
        }
    }
}
