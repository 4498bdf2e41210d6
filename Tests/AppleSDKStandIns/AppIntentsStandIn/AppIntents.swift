// A stand-in for the part of Apple's AppIntents that an AlarmKit alarm's stop and secondary
// intents use, so Linux CI type-checks that code in Swift 6 mode. Each declaration copies the
// signature of Apple's SDK (checked against the linked page); the bodies never run. It proves
// nothing about runtime behaviour.
//
// Simplified on purpose: `AppIntent` keeps only `title`, `init()` and `perform()` (Apple's also
// has `description`, `parameterSummary`, `openAppWhenRun` …, all with defaults), and
// `IntentResult` only the plain `.result()`.
//
// `LocalizedStringResource` is Foundation's on Apple platforms; here it comes from
// DarwinFoundationStandIn, which AppleCodeTypeCheck imports into every file as it would Foundation.
import DarwinFoundationStandIn

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

/// [SystemIntent](https://developer.apple.com/documentation/appintents/systemintent): the
/// intent types App Intents provides.
@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
public protocol SystemIntent: AppIntent {}

/// [LiveActivityIntent](https://developer.apple.com/documentation/appintents/liveactivityintent):
/// the intent type of AlarmKit's `stopIntent` and `secondaryIntent`; iOS and iPadOS only.
@available(iOS 17.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@available(tvOS, unavailable)
public protocol LiveActivityIntent: SystemIntent {}
