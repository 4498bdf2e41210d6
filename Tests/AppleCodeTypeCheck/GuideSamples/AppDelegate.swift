// snippet:begin app-delegate
import UIKit
import UserNotifications

final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    private var observers: [any NSObjectProtocol] = []

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let center = UNUserNotificationCenter.current()
        center.delegate = self
        let snooze = UNNotificationAction(identifier: "SNOOZE", title: "Snooze 9 min")
        center.setNotificationCategories([UNNotificationCategory(identifier: "ALARM", actions: [snooze], intentIdentifiers: [])])
        Task {
            _ = try? await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge])
            await Alarms.shared.refresh()
        }
        // A new zone, clock or calendar moves or misreads pending requests until the next refresh.
        let changes = [
            UIApplication.significantTimeChangeNotification, .NSSystemTimeZoneDidChange,
            NSLocale.currentLocaleDidChangeNotification
        ]
        observers = changes.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in Alarms.shared.refreshSoon() }
        }
        return true
    }

    // One of our notifications went off while the app is in front: a slot just freed up.
    // Start a refresh, and answer at once, on the main actor.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        Alarms.shared.refreshSoon()
        Task { @MainActor in completionHandler([.banner, .sound]) }
    }

    // The user tapped one, or chose an action, perhaps with the app in the background. Record a
    // snooze and refresh with background time, and answer at once, on the main actor.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let fireID = response.notification.request.identifier   // the fire id, e.g. "wake@2026-12-01T07:30:00"
        let snoozed = response.actionIdentifier == "SNOOZE"
        Task { @MainActor in
            Alarms.shared.withBackgroundTime("Snooze") {
                if snoozed {
                    _ = try? Alarms.shared.store.update { book in
                        try book.snooze(fireID: fireID, until: Date().addingTimeInterval(9 * 60))
                    }
                }
                await Alarms.shared.refresh()
            }
            completionHandler()
        }
    }
}
// snippet:end
