import UserNotifications

/// The guide's one-line permission request, inside a function so that it compiles.
func askForPermission() async throws -> Bool {
    // snippet:begin permission
    let granted = try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge])
    // snippet:end
    return granted
}
