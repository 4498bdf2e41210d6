// A stand-in for the part of Apple's UserNotifications that `UserNotificationCenterAdapter` and
// Docs/iOS.md use, so Linux CI type-checks that code in Swift 6 mode. Each declaration copies
// the signature, conformances, availability and actor isolation of Apple's SDK (checked against
// the linked page); the bodies never run. It proves nothing about runtime behaviour.
//
// Sources checked: Apple's documentation pages (developer.apple.com/documentation/usernotifications/…),
// one per declaration, linked on it; for what the pages leave out (their "Conforms To" lists are
// not in the part of a class page that could be read), the Objective-C headers of the Xcode 26.5
// SDK as objc2's header-translator renders them (github.com/madsmtm/objc2-generated,
// UserNotifications/): no UserNotifications class is `NS_SWIFT_SENDABLE`, and none of the
// delegate protocol is main-actor isolated; every completion handler is `NS_SWIFT_SENDABLE`.
//
// What follows from them:
// - No class here is `Sendable`, as in Apple's SDK: `UNNotificationRequest`, `UNNotificationResponse`
//   and the rest cannot cross an isolation boundary, so code that sends one fails here as there.
// - The option sets are `OptionSet` and `Sendable` (as every `NS_OPTIONS` type imports), not
//   `Hashable`; `UNNotificationInterruptionLevel` is an `NS_ENUM`, which imports non-frozen: this
//   module is resilient, so a `switch` over it needs `@unknown default`, as against Apple's.
// - tvOS shows badges only: the content's title, body, sound, category, thread and user info,
//   `UNNotificationSound`, the responses, actions and categories are unavailable there (their
//   pages list no tvOS); the request, the triggers, the center, `interruptionLevel` (tvOS 15) and
//   `UNNotificationSoundName` are available. `UNNotificationSound(named:)` is unavailable on
//   watchOS too.
// - `UNUserNotificationCenter.init()` is unavailable (`NS_UNAVAILABLE`): only `current()` gives one.
// - The methods that take a completion handler in Objective-C are declared in the `async` form
//   Swift imports them as (each page gives that form in its discussion); the handlers' own forms,
//   `@Sendable` on every page, are left out.
//
// Not confirmed from a page: the option-set members' availability (no member page was found; they
// share their type's, as `NS_OPTIONS` constants without their own annotation do).
//
// One deliberate difference: the two delegate methods are `optional` Objective-C requirements
// in Apple's SDK; here they are required, so a wrong label or type fails the build instead of
// silently becoming a method iOS never calls.
@_exported import Foundation

/// [UNAuthorizationOptions](https://developer.apple.com/documentation/usernotifications/unauthorizationoptions)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// [badge](https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/badge)
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    /// [sound](https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/sound)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    /// [alert](https://developer.apple.com/documentation/usernotifications/unauthorizationoptions/alert)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
}

/// [UNNotificationPresentationOptions](https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// [badge](https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/badge)
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    /// [sound](https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/sound)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    /// [list](https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/list)
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    /// [banner](https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/banner)
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// [UNNotificationActionOptions](https://developer.apple.com/documentation/usernotifications/unnotificationactionoptions)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public struct UNNotificationActionOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
}

/// [UNNotificationCategoryOptions](https://developer.apple.com/documentation/usernotifications/unnotificationcategoryoptions)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public struct UNNotificationCategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// [customDismissAction](https://developer.apple.com/documentation/usernotifications/unnotificationcategoryoptions/customdismissaction)
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
}

/// [UNNotificationInterruptionLevel](https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel):
/// an `NS_ENUM`, so not frozen.
@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
public enum UNNotificationInterruptionLevel: UInt, Sendable {
    /// [passive](https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel/passive)
    case passive = 0
    /// [active](https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel/active)
    case active = 1
    /// [timeSensitive](https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel/timesensitive)
    case timeSensitive = 2
    /// [critical](https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel/critical)
    case critical = 3
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// [UNNotificationDefaultActionIdentifier](https://developer.apple.com/documentation/usernotifications/unnotificationdefaultactionidentifier)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// [UNNotificationDismissActionIdentifier](https://developer.apple.com/documentation/usernotifications/unnotificationdismissactionidentifier)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"

/// [UNNotificationSoundName](https://developer.apple.com/documentation/usernotifications/unnotificationsoundname)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// [init(rawValue:)](https://developer.apple.com/documentation/usernotifications/unnotificationsoundname/init(rawvalue:))
    public init(rawValue: String) { self.rawValue = rawValue }
    /// [init(_:)](https://developer.apple.com/documentation/usernotifications/unnotificationsoundname/init(_:))
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// [UNNotificationSound](https://developer.apple.com/documentation/usernotifications/unnotificationsound)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationSound: NSObject {
    /// [default](https://developer.apple.com/documentation/usernotifications/unnotificationsound/default)
    open class var `default`: UNNotificationSound { UNNotificationSound() }
    /// [init(named:)](https://developer.apple.com/documentation/usernotifications/unnotificationsound/init(named:))
    @available(watchOS, unavailable)
    public convenience init(named name: UNNotificationSoundName) { self.init() }
}

/// [UNNotificationContent](https://developer.apple.com/documentation/usernotifications/unnotificationcontent)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNNotificationContent: NSObject {
    /// [title](https://developer.apple.com/documentation/usernotifications/unnotificationcontent/title)
    @available(tvOS, unavailable)
    open var title: String { "" }
    /// [body](https://developer.apple.com/documentation/usernotifications/unnotificationcontent/body)
    @available(tvOS, unavailable)
    open var body: String { "" }
    /// [sound](https://developer.apple.com/documentation/usernotifications/unnotificationcontent/sound)
    @available(tvOS, unavailable)
    open var sound: UNNotificationSound? { nil }
    /// [categoryIdentifier](https://developer.apple.com/documentation/usernotifications/unnotificationcontent/categoryidentifier)
    @available(tvOS, unavailable)
    open var categoryIdentifier: String { "" }
    /// [threadIdentifier](https://developer.apple.com/documentation/usernotifications/unnotificationcontent/threadidentifier)
    @available(tvOS, unavailable)
    open var threadIdentifier: String { "" }
    /// [userInfo](https://developer.apple.com/documentation/usernotifications/unnotificationcontent/userinfo)
    @available(tvOS, unavailable)
    open var userInfo: [AnyHashable: Any] { [:] }
    /// [interruptionLevel](https://developer.apple.com/documentation/usernotifications/unnotificationcontent/interruptionlevel)
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open var interruptionLevel: UNNotificationInterruptionLevel { .active }
}

/// [UNMutableNotificationContent](https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNMutableNotificationContent: UNNotificationContent {
    private var values: [String: Any] = [:]
    /// [title](https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/title)
    @available(tvOS, unavailable)
    override open var title: String {
        get { "" }
        set { values["title"] = newValue }
    }
    /// [body](https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/body)
    @available(tvOS, unavailable)
    override open var body: String {
        get { "" }
        set { values["body"] = newValue }
    }
    /// [sound](https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/sound)
    @available(tvOS, unavailable)
    override open var sound: UNNotificationSound? {
        get { nil }
        set { values["sound"] = newValue }
    }
    /// [categoryIdentifier](https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/categoryidentifier)
    @available(tvOS, unavailable)
    override open var categoryIdentifier: String {
        get { "" }
        set { values["categoryIdentifier"] = newValue }
    }
    /// [threadIdentifier](https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/threadidentifier)
    @available(tvOS, unavailable)
    override open var threadIdentifier: String {
        get { "" }
        set { values["threadIdentifier"] = newValue }
    }
    /// [userInfo](https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/userinfo)
    @available(tvOS, unavailable)
    override open var userInfo: [AnyHashable: Any] {
        get { [:] }
        set { values["userInfo"] = newValue }
    }
    /// [interruptionLevel](https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/interruptionlevel)
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    override open var interruptionLevel: UNNotificationInterruptionLevel {
        get { .active }
        set { values["interruptionLevel"] = newValue }
    }
}

/// [UNNotificationTrigger](https://developer.apple.com/documentation/usernotifications/unnotificationtrigger)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNNotificationTrigger: NSObject {
    /// [repeats](https://developer.apple.com/documentation/usernotifications/unnotificationtrigger/repeats)
    open var repeats: Bool { false }
}

/// [UNCalendarNotificationTrigger](https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger):
/// made only with `init(dateMatching:repeats:)` (its `init()` is unavailable).
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNCalendarNotificationTrigger: UNNotificationTrigger {
    private let components: DateComponents

    private init(components: DateComponents) {
        self.components = components
    }

    /// [init(dateMatching:repeats:)](https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger/init(datematching:repeats:))
    public convenience init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.init(components: dateComponents)
    }

    /// [dateComponents](https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger/datecomponents)
    open var dateComponents: DateComponents { components }

    /// [nextTriggerDate()](https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger/nexttriggerdate())
    open func nextTriggerDate() -> Date? { nil }
}

/// [UNNotificationRequest](https://developer.apple.com/documentation/usernotifications/unnotificationrequest):
/// not `Sendable`, so it cannot leave the isolation that made it.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNNotificationRequest: NSObject {
    private let parts: (identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?)

    private init(parts: (identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?)) {
        self.parts = parts
    }

    /// [init(identifier:content:trigger:)](https://developer.apple.com/documentation/usernotifications/unnotificationrequest/init(identifier:content:trigger:))
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.init(parts: (identifier, content, trigger))
    }

    /// [identifier](https://developer.apple.com/documentation/usernotifications/unnotificationrequest/identifier)
    open var identifier: String { parts.identifier }
    /// [content](https://developer.apple.com/documentation/usernotifications/unnotificationrequest/content)
    open var content: UNNotificationContent { parts.content }
    /// [trigger](https://developer.apple.com/documentation/usernotifications/unnotificationrequest/trigger)
    open var trigger: UNNotificationTrigger? { parts.trigger }
}

/// [UNNotification](https://developer.apple.com/documentation/usernotifications/unnotification)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNNotification: NSObject {
    /// [request](https://developer.apple.com/documentation/usernotifications/unnotification/request)
    open var request: UNNotificationRequest { fatalError("stand-in: never runs") }
    /// [date](https://developer.apple.com/documentation/usernotifications/unnotification/date)
    open var date: Date { fatalError("stand-in: never runs") }
}

/// [UNNotificationResponse](https://developer.apple.com/documentation/usernotifications/unnotificationresponse):
/// not `Sendable`.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationResponse: NSObject {
    /// [notification](https://developer.apple.com/documentation/usernotifications/unnotificationresponse/notification)
    open var notification: UNNotification { fatalError("stand-in: never runs") }
    /// [actionIdentifier](https://developer.apple.com/documentation/usernotifications/unnotificationresponse/actionidentifier)
    open var actionIdentifier: String { fatalError("stand-in: never runs") }
}

/// [UNNotificationAction](https://developer.apple.com/documentation/usernotifications/unnotificationaction)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationAction: NSObject {
    /// [init(identifier:title:options:)](https://developer.apple.com/documentation/usernotifications/unnotificationaction/init(identifier:title:options:))
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) { self.init() }
}

/// [UNNotificationCategory](https://developer.apple.com/documentation/usernotifications/unnotificationcategory)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationCategory: NSObject {
    /// [init(identifier:actions:intentIdentifiers:options:)](https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:options:))
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) { self.init() }

    /// [identifier](https://developer.apple.com/documentation/usernotifications/unnotificationcategory/identifier)
    open var identifier: String { fatalError("stand-in: never runs") }
}

/// [UNUserNotificationCenterDelegate](https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate):
/// not isolated to an actor, so a main-actor app delegate implements these `nonisolated`.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// [userNotificationCenter(_:willPresent:withCompletionHandler:)](https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:))
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

    /// [userNotificationCenter(_:didReceive:withCompletionHandler:)](https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:))
    @available(tvOS, unavailable)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
}

/// [UNUserNotificationCenter](https://developer.apple.com/documentation/usernotifications/unusernotificationcenter):
/// not `Sendable`; `current()` is the only way to one.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNUserNotificationCenter: NSObject {
    @available(*, unavailable)
    override public init() { fatalError("stand-in: never runs") }

    /// [current()](https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current())
    open class func current() -> UNUserNotificationCenter { fatalError("stand-in: never runs") }

    /// [delegate](https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate)
    open weak var delegate: (any UNUserNotificationCenterDelegate)?

    /// [requestAuthorization(options:completionHandler:)](https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)), imported as `async throws`
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { fatalError("stand-in: never runs") }

    /// [setNotificationCategories(_:)](https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/setnotificationcategories(_:))
    @available(tvOS, unavailable)
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {}

    /// [getNotificationCategories(completionHandler:)](https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationcategories(completionhandler:)), imported as `async`
    @available(tvOS, unavailable)
    open func notificationCategories() async -> Set<UNNotificationCategory> { [] }

    /// [getPendingNotificationRequests(completionHandler:)](https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getpendingnotificationrequests(completionhandler:)), imported as `async`
    open func pendingNotificationRequests() async -> [UNNotificationRequest] { [] }

    /// [add(_:withCompletionHandler:)](https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)), imported as `async throws`
    open func add(_ request: UNNotificationRequest) async throws {}

    /// [removePendingNotificationRequests(withIdentifiers:)](https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removependingnotificationrequests(withidentifiers:))
    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {}
}
