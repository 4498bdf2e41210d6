extension NotificationContent {
    /// How far a notification may interrupt: the platform-neutral form of
    /// `UNNotificationInterruptionLevel` (iOS 15, macOS 12, watchOS 8), which
    /// `UserNotificationCenterAdapter` sets on every request.
    ///
    /// ```swift
    /// var content = NotificationContent(title: "Wake up", body: "07:30")
    /// content.interruptionLevel = .timeSensitive   // needs the Time Sensitive capability
    /// ```
    ///
    /// For an alarm, ``timeSensitive`` is the level to ask for; ``critical`` only with Apple's
    /// approval. No level plays a sound longer than 30 seconds: an alarm that must ring like the
    /// Clock app's needs AlarmKit (iOS 26).
    public enum InterruptionLevel: String, Sendable, Hashable, Codable, CaseIterable {
        /// Added to the notification list without lighting the screen or playing a sound.
        case passive
        /// The default: shown at once, lights the screen and plays its sound, unless a Focus or
        /// the scheduled summary holds it back.
        case active
        /// Shown at once and allowed through a Focus and the scheduled summary (not through the
        /// ring/silent switch). The app needs the Time Sensitive Notifications capability (the
        /// `com.apple.developer.usernotifications.time-sensitive` entitlement), else iOS
        /// delivers it as ``active``; the user can turn Time Sensitive off for the app in
        /// Settings at any time.
        case timeSensitive
        /// Plays its sound even with the device muted or in a Focus. Needs the critical-alerts
        /// entitlement, which Apple grants only on request (for health, safety and security
        /// apps), and the user's separate permission (`UNAuthorizationOptions.criticalAlert`).
        case critical
    }
}
