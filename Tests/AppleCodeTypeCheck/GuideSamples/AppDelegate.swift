// snippet:begin app-delegate
import RecurringAlarmsScheduling
import UIKit
import UserNotifications

final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    private var observers: [any NSObjectProtocol] = []

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        Task {
            await UserNotificationCenterAdapter().register(Alarms.actions)   // before an alarm can be delivered
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

    // The user chose Snooze or Stop, tapped or dismissed one, perhaps with the app in the
    // background. One call records it through the store and refreshes; background time keeps
    // the app running until it is done, and the answer goes at once, on the main actor.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let action = NotificationActionResponse(response)   // Sendable, unlike the response
        Task { @MainActor in
            Alarms.shared.withBackgroundTime("Alarm action") {
                _ = try? await Alarms.shared.scheduler.handle(action)
            }
            completionHandler()
        }
    }
}
// snippet:end
