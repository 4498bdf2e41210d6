#if canImport(UserNotifications) && !os(tvOS)
import Foundation
import UserNotifications

/// ``NotificationCenterAdapter`` over `UNUserNotificationCenter.current()`.
///
/// Every request becomes a one-shot `UNCalendarNotificationTrigger` from full date components
/// (``NotificationTrigger/dateComponents(in:)``): no time zone for a floating fire, so iOS
/// rings it when the device clock shows that time wherever the device is; the zone for a
/// fixed-zone fire. Asking for permission is the app's job (see `Docs/iOS.md`). Not on tvOS,
/// where notifications cannot show text or play sounds.
///
/// ```swift
/// let scheduler = AlarmScheduler(store: store, center: UserNotificationCenterAdapter())
/// ```
public struct UserNotificationCenterAdapter: NotificationCenterAdapter {
    /// Creates an adapter; every call goes to `UNUserNotificationCenter.current()`.
    public init() {}

    /// The identifiers of all the app's pending requests, this package's or not.
    public func pendingIdentifiers() async throws -> [String] {
        await UNUserNotificationCenter.current().pendingNotificationRequests().map(\.identifier)
    }

    /// Adds each request as ``makeRequest(_:)`` builds it, one by one in order.
    ///
    /// - Throws: the first error `UNUserNotificationCenter` reports; requests before it stay added,
    ///   the rest are not added.
    public func add(_ requests: [NotificationRequest]) async throws {
        let center = UNUserNotificationCenter.current()
        for request in requests {
            try await center.add(Self.makeRequest(request))
        }
    }

    /// Removes the pending requests with these identifiers; unknown identifiers are ignored.
    /// Never throws: `UNUserNotificationCenter` reports no error for this.
    public func removePendingRequests(withIdentifiers identifiers: [String]) async throws {
        UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    /// The `UNNotificationRequest` for `request`.
    public static func makeRequest(_ request: NotificationRequest) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = request.content.title
        content.body = request.content.body
        switch request.content.sound {
        case .default: content.sound = .default
        case .named(let name):
            #if os(watchOS)
            content.sound = .default   // watchOS plays only the default sound
            #else
            content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
            #endif
        case .silent: content.sound = nil
        }
        if let category = request.content.categoryIdentifier { content.categoryIdentifier = category }
        if let thread = request.content.threadIdentifier { content.threadIdentifier = thread }
        content.userInfo = request.content.userInfo
        let trigger = UNCalendarNotificationTrigger(dateMatching: request.trigger.dateComponents(in: Calendar.current),
                                                    repeats: false)
        return UNNotificationRequest(identifier: request.identifier, content: content, trigger: trigger)
    }
}
#endif
