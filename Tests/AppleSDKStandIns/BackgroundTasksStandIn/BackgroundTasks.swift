// A stand-in for the part of Apple's BackgroundTasks that Docs/iOS.md uses, so Linux CI
// type-checks the guide's samples in Swift 6 mode. Each declaration copies the signature,
// conformances and availability of Apple's SDK (checked against the linked page); the bodies
// never run. It proves nothing about runtime behaviour.
//
// What the pages say, and this file with them: the framework is on iOS, iPadOS, Mac Catalyst,
// tvOS and visionOS, not macOS or watchOS. No class here is `Sendable` or actor-isolated (the
// Xcode 26.5 headers, as objc2's header-translator renders them, mark none `NS_SWIFT_SENDABLE`
// or `NS_SWIFT_UI_ACTOR`). `init()` is unavailable on `BGTaskScheduler` (`shared` is the way to
// it) and on the requests (each is made with its `init(identifier:)`). `submit(_:)` is deprecated
// from iOS, tvOS and visionOS 27 in favour of `submitTaskRequest(_:completionHandler:)`, which
// earlier SDKs lack.
@_exported import Foundation

/// [BGTaskRequest](https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest): abstract.
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
open class BGTaskRequest: NSObject {
    @available(*, unavailable)
    override public init() { fatalError("stand-in: never runs") }

    /// What a concrete request's `init(identifier:)` calls; not Apple API.
    init(standInIdentifier identifier: String) { super.init() }

    /// [identifier](https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest/identifier)
    open var identifier: String { "" }
    /// [earliestBeginDate](https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest/earliestbegindate)
    open var earliestBeginDate: Date? {
        get { nil }
        set { _ = newValue }   // the stand-in stores nothing
    }
}

/// [BGAppRefreshTaskRequest](https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtaskrequest)
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
open class BGAppRefreshTaskRequest: BGTaskRequest {
    /// [init(identifier:)](https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtaskrequest/init(identifier:))
    public init(identifier: String) { super.init(standInIdentifier: identifier) }
}

/// [BGTaskScheduler](https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler)
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
open class BGTaskScheduler: NSObject {
    @available(*, unavailable)
    override public init() { fatalError("stand-in: never runs") }

    /// [shared](https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/shared)
    open class var shared: BGTaskScheduler { fatalError("stand-in: never runs") }

    /// [submit(_:)](https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/submit(_:)):
    /// throws `BGTaskScheduler.Error` (`.notPermitted` without the Info.plist keys). Deprecated
    /// from iOS 27 in favour of `submitTaskRequest(_:completionHandler:)`, which iOS 16 lacks.
    @available(iOS, introduced: 13.0, deprecated: 27.0)
    @available(tvOS, introduced: 13.0, deprecated: 27.0)
    @available(visionOS, introduced: 1.0, deprecated: 27.0)
    open func submit(_ taskRequest: BGTaskRequest) throws {}
}
