// A stand-in for the part of Apple's BackgroundTasks that Docs/iOS.md uses, so Linux CI
// type-checks the guide's samples in Swift 6 mode. Each declaration copies the signature and
// availability of Apple's SDK (checked against the linked page); the bodies never run. It
// proves nothing about runtime behaviour.
@_exported import Foundation

/// [BGTaskRequest](https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest)
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
open class BGTaskRequest: NSObject {
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
    public init(identifier: String) { super.init() }
}

/// [BGTaskScheduler](https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler)
@available(iOS 13.0, tvOS 13.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
open class BGTaskScheduler: NSObject {
    /// [shared](https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/shared)
    open class var shared: BGTaskScheduler { fatalError("stand-in: never runs") }

    /// [submit(_:)](https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/submit(_:)):
    /// throws `BGTaskScheduler.Error` (`.notPermitted` without the Info.plist keys). Deprecated
    /// from iOS 27 in favour of `submitTaskRequest(_:completionHandler:)`, which iOS 16 lacks.
    @available(iOS, introduced: 13.0, deprecated: 27.0)
    open func submit(_ taskRequest: BGTaskRequest) throws {}
}
