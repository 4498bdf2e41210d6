// A stand-in for the part of Apple's UIKit that Docs/iOS.md uses, so Linux CI type-checks the
// guide's samples in Swift 6 mode. Each declaration copies the signature, conformances,
// availability and actor isolation of Apple's SDK (checked against the linked page); the bodies
// never run. It proves nothing about runtime behaviour.
//
// What the pages say, and this file with them:
// - `UIApplication` is a main-actor class (`UIResponder`, so `NSObject`); the background-task
//   calls and `significantTimeChangeNotification` are `nonisolated`, and the expiration handler
//   is `@MainActor @Sendable`. `UIApplicationDelegate` is a main-actor protocol.
// - UIKit's pages list iOS, iPadOS, Mac Catalyst, tvOS and visionOS: macOS and watchOS are marked
//   unavailable here. `UIApplication.shared` is unavailable in app extensions: its page does not
//   show it, the header's `NS_EXTENSION_UNAVAILABLE_IOS` does.
// - `UIBackgroundTaskIdentifier` is `RawRepresentable`, `Hashable` and `Sendable` (its page's
//   "Conforms To"), with `init(rawValue:)` only, as an `NS_TYPED_ENUM` imports.
//
// Not confirmed from a page: `beginBackgroundTask(withName:expirationHandler:)` (its page was not
// found; written as its sibling `beginBackgroundTask(expirationHandler:)` is declared, introduced
// in iOS 7.0 as bindings generated from the header record it); the conformances of
// `UIApplication.LaunchOptionsKey` (written as an `NS_TYPED_ENUM` of strings imports: `Hashable`,
// `Sendable`, `init(rawValue:)`).
//
// One deliberate difference: `application(_:didFinishLaunchingWithOptions:)` is an optional
// requirement in Apple's SDK and a required one here, so a typo fails the build.
@_exported import Foundation

/// [UIBackgroundTaskIdentifier](https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier)
@available(macOS, unavailable)
@available(watchOS, unavailable)
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    /// [init(rawValue:)](https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier/init(rawvalue:))
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// [invalid](https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier/invalid)
    @available(iOS 4.0, *)
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// [UIResponder](https://developer.apple.com/documentation/uikit/uiresponder): only as
/// `UIApplication`'s superclass.
@available(iOS 2.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor
open class UIResponder: NSObject {}

/// [UIApplication](https://developer.apple.com/documentation/uikit/uiapplication)
@available(iOS 2.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor
open class UIApplication: UIResponder {
    /// [UIApplication.LaunchOptionsKey](https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey)
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// [shared](https://developer.apple.com/documentation/uikit/uiapplication/shared)
    @available(iOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
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
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// [application(_:didFinishLaunchingWithOptions:)](https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:))
    @available(iOS 3.0, *)
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool
}
