import Foundation

/// Why an AlarmKit-style center refused a call.
///
/// ```swift
/// do {
///     try await center.schedule(request)
/// } catch .maximumLimitReached(let scheduled) {
///     print("the device holds \(scheduled) alarms and takes no more")
/// } catch {
///     print(error)   // what went wrong and what to do
/// }
/// ```
public enum AlarmCenterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The user has not allowed the app's alarms, or the app cannot ask.
    case notAuthorized
    /// The device holds no more alarms for the app; `scheduled` is how many it holds.
    case maximumLimitReached(scheduled: Int)
    /// The center failed for another reason, given as text.
    case failed(String)

    /// What went wrong and what to do about it, lowercase as the package's other messages.
    ///
    /// ```swift
    /// AlarmCenterError.maximumLimitReached(scheduled: 30).description
    /// // "alarm center: the device holds 30 alarms for this app and accepts no more; cancel one or schedule fewer"
    /// ```
    public var description: String {
        switch self {
        case .notAuthorized:
            "alarm center: alarms are not allowed for this app; allow them in Settings › Apps › this app › Alarms, "
                + "and make sure the app's Info.plist sets NSAlarmKitUsageDescription to a non-empty reason"
        case .maximumLimitReached(let scheduled):
            "alarm center: the device holds \(scheduled) alarms for this app and accepts no more; "
                + "cancel one or schedule fewer"
        case .failed(let reason):
            "alarm center: \(reason)"
        }
    }
}

/// The message apps show: `localizedDescription` reads ``description``.
///
/// ```swift
/// AlarmCenterError.notAuthorized.localizedDescription   // "alarm center: alarms are not allowed for this app; …"
/// ```
extension AlarmCenterError: LocalizedError {
    /// ``description``.
    public var errorDescription: String? { description }

    /// What the user or the developer can do.
    public var recoverySuggestion: String? {
        switch self {
        case .notAuthorized:
            "Allow alarms for this app in Settings; developers: set NSAlarmKitUsageDescription in Info.plist."
        case .maximumLimitReached:
            "Cancel an alarm the app holds, or schedule fewer."
        case .failed:
            nil
        }
    }
}
