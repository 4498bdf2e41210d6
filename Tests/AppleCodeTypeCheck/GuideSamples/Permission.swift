import UserNotifications

/// The guide's one-line permission request, inside a function so that it compiles.
func askForPermission() async throws -> Bool {
    // guide:begin
    let granted = try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge])
    // guide:end
    return granted
}
