// A stand-in for the part of Apple's AppIntents that an AlarmKit alarm's stop and secondary
// intents use, so Linux CI type-checks that code in Swift 6 mode. Each declaration copies the
// signature of Apple's SDK (checked against the linked page); the bodies never run. It proves
// nothing about runtime behaviour.
//
// Simplified on purpose: `AppIntent` keeps only `title`, `init()` and `perform()` (Apple's also
// has `description`, `parameterSummary`, `openAppWhenRun` …, all with defaults), and
// `IntentResult` only the plain `.result()`.
//
// `LocalizedStringResource` is Foundation's on Apple platforms (iOS 16); swift-corelibs-foundation
// lacks it, so this module declares the part AlarmKit's titles use.
@_exported import Foundation

/// [LocalizedStringResource](https://developer.apple.com/documentation/foundation/localizedstringresource):
/// on Apple platforms a Foundation type; here only its string-literal and `init(_:)` forms.
@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Hashable, Sendable, Codable {
    /// [key](https://developer.apple.com/documentation/foundation/localizedstringresource/key)
    public var key: String
    /// [init(stringLiteral:)](https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringliteral:))
    public init(stringLiteral value: String) { key = value }
    /// [init(_:)](https://developer.apple.com/documentation/foundation/localizedstringresource/init(_:table:locale:bundle:comment:)):
    /// the stand-in keeps only the key.
    public init(_ key: String) { self.key = key }
}

/// [IntentResult](https://developer.apple.com/documentation/appintents/intentresult)
@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
public protocol IntentResult: Sendable {}

/// [IntentResultContainer](https://developer.apple.com/documentation/appintents/intentresultcontainer)
@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
public struct IntentResultContainer<Value, OpensIntent, Content, Dialog>: IntentResult {}

@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
extension IntentResult where Self == IntentResultContainer<Never, Never, Never, Never> {
    /// [result()](https://developer.apple.com/documentation/appintents/intentresult/result())
    public static func result() -> Self { IntentResultContainer() }
}

/// [AppIntent](https://developer.apple.com/documentation/appintents/appintent)
@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    /// [title](https://developer.apple.com/documentation/appintents/appintent/title)
    static var title: LocalizedStringResource { get }
    /// [init()](https://developer.apple.com/documentation/appintents/appintent/init())
    init()
    /// [perform()](https://developer.apple.com/documentation/appintents/appintent/perform())
    func perform() async throws -> Self.PerformResult
}

/// [LiveActivityIntent](https://developer.apple.com/documentation/appintents/liveactivityintent):
/// the intent type of AlarmKit's `stopIntent` and `secondaryIntent`.
@available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
@available(tvOS, unavailable)
public protocol LiveActivityIntent: AppIntent {}
