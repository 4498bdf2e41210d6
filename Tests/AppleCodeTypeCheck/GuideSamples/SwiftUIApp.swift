// swift-format-ignore-file: OrderedImports
// The guide shows the sample from its own import on, so the file keeps two import blocks.
import SwiftUI

/// The app's own first screen, which the guide leaves out.
struct ContentView: View {
    var body: some View { EmptyView() }
}

// snippet:begin swift-ui-app
import SwiftUI

@main
struct AlarmsApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup { ContentView() }
            // The iOS 16 form; with a deployment target of iOS 17 or later write `{ _, phase in … }`.
            .onChange(of: scenePhase) { phase in
                if phase == .active { Alarms.shared.refreshSoon() }   // launch and every return to the foreground
            }
            .backgroundTask(.appRefresh(Alarms.refreshTaskID)) {
                await Alarms.shared.refresh()
            }
    }
}
// snippet:end
