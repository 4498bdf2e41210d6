// A stand-in for the part of Apple's UIKit that Docs/iOS.md uses, so Linux CI type-checks the
// guide's samples in Swift 6 mode. Each declaration copies the signature, availability and
// actor isolation of Apple's SDK (checked against the linked page); the bodies never run. It
// proves nothing about runtime behaviour. `application(_:didFinishLaunchingWithOptions:)` is an
// optional requirement in Apple's SDK and a required one here, so a typo fails the build.
@_exported import Foundation

/// [UIBackgroundTaskIdentifier](https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier)
@available(iOS 4.0, *)
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// [invalid](https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier/invalid)
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// [UIApplication](https://developer.apple.com/documentation/uikit/uiapplication)
@available(iOS 2.0, *)
@MainActor
open class UIApplication {
    /// [UIApplication.LaunchOptionsKey](https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey)
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// [shared](https://developer.apple.com/documentation/uikit/uiapplication/shared)
    open class var shared: UIApplication { fatalError("stand-in: never runs") }

    /// [significantTimeChangeNotification](https://developer.apple.com/documentation/uikit/uiapplication/significanttimechangenotification)
    public nonisolated static let significantTimeChangeNotification = NSNotification.Name("UIApplicationSignificantTimeChangeNotification")

    /// [beginBackgroundTask(withName:expirationHandler:)](https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:))
    @available(iOS 7.0, *)
    public nonisolated func beginBackgroundTask(
        withName taskName: String?,
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        .invalid
    }

    /// [endBackgroundTask(_:)](https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:))
    @available(iOS 4.0, *)
    public nonisolated func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
}

/// [UIApplicationDelegate](https://developer.apple.com/documentation/uikit/uiapplicationdelegate):
/// main-actor isolated, so an app delegate class is too.
@available(iOS 2.0, *)
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// [application(_:didFinishLaunchingWithOptions:)](https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:))
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool
}
