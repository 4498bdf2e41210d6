#if canImport(UserNotifications) && !os(tvOS)
    import Foundation
    import RecurringAlarms
    import UserNotifications

    extension UserNotificationCenterAdapter {
        /// Registers `category`'s Snooze and Stop actions with `UNUserNotificationCenter`, keeping
        /// the app's other categories (one of the same identifier is replaced).
        ///
        /// `setNotificationCategories` replaces every category the app registered, so this reads
        /// them first; an app that calls `setNotificationCategories` itself afterwards must
        /// include ``makeCategory(_:)``'s. Call it at launch, before the first notification can
        /// be delivered.
        ///
        /// ```swift
        /// await UserNotificationCenterAdapter().register(AlarmNotificationCategory())
        /// ```
        /// - Complexity: one query and one registration call, O(c) in the app's c categories.
        public func register(_ category: AlarmNotificationCategory) async {
            let center = UNUserNotificationCenter.current()
            var categories = await center.notificationCategories()
            categories = categories.filter { $0.identifier != category.identifier }
            categories.insert(Self.makeCategory(category))
            center.setNotificationCategories(categories)
        }

        /// The `UNNotificationCategory` for `category`: a Snooze and a Stop action, in that order,
        /// both handled in the background (no `.foreground` option, so the app is not opened), and
        /// the `.customDismissAction` option, so a dismissal reaches the delegate and
        /// ``AlarmScheduler/handle(_:)`` can refresh.
        ///
        /// ```swift
        /// let alarm = UserNotificationCenterAdapter.makeCategory(AlarmNotificationCategory())
        /// alarm.identifier   // "recurring-alarms.alarm"
        /// ```
        public static func makeCategory(_ category: AlarmNotificationCategory) -> UNNotificationCategory {
            let snooze = UNNotificationAction(identifier: category.snoozeActionIdentifier, title: category.snoozeTitle, options: [])
            let stop = UNNotificationAction(identifier: category.stopActionIdentifier, title: category.stopTitle, options: [])
            return UNNotificationCategory(
                identifier: category.identifier, actions: [snooze, stop], intentIdentifiers: [], options: [.customDismissAction])
        }
    }

    extension NotificationActionResponse {
        /// The response to one of the scheduler's notifications as `UNUserNotificationCenter`'s
        /// delegate receives it: the request's identifier, the action's, the fire id from the
        /// content's `userInfo`, and the delivery date.
        ///
        /// Make it in the delegate method, before any `Task`: `UNNotificationResponse` is not
        /// `Sendable`, this is.
        ///
        /// ```swift
        /// let action = NotificationActionResponse(response)
        /// Task { try await scheduler.handle(action) }
        /// ```
        public init(_ response: UNNotificationResponse) {
            let notification = response.notification
            self.init(
                requestIdentifier: notification.request.identifier, actionIdentifier: response.actionIdentifier,
                fireID: notification.request.content.userInfo[NotificationContent.fireIDKey] as? String,
                deliveredAt: notification.date)
        }
    }

    extension UNNotificationInterruptionLevel {
        /// The level for `level`, case for case.
        init(_ level: NotificationContent.InterruptionLevel) {
            switch level {
            case .passive: self = .passive
            case .active: self = .active
            case .timeSensitive: self = .timeSensitive
            case .critical: self = .critical
            }
        }
    }
#endif
