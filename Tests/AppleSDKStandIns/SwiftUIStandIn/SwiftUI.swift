// A stand-in for the part of Apple's SwiftUI that Docs/iOS.md uses, so Linux CI type-checks the
// guide's samples in Swift 6 mode. Each declaration copies the signature, availability and
// actor isolation of Apple's SDK (checked against the linked page); the bodies never run. It
// proves nothing about runtime behaviour. Availability is recorded but only an Apple build
// checks it: the guide names the OS each sample needs.
@_exported import Foundation
import UIKitStandIn

/// [View](https://developer.apple.com/documentation/swiftui/view)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

/// [Scene](https://developer.apple.com/documentation/swiftui/scene)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

/// [App](https://developer.apple.com/documentation/swiftui/app)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
extension App {
    /// [main()](https://developer.apple.com/documentation/swiftui/app/main())
    @MainActor @preconcurrency public static func main() {}
}

extension Never: View {
    public var body: Never { fatalError("stand-in: never runs") }
}

/// [ViewBuilder](https://developer.apple.com/documentation/swiftui/viewbuilder)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// [SceneBuilder](https://developer.apple.com/documentation/swiftui/scenebuilder)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// [EmptyView](https://developer.apple.com/documentation/swiftui/emptyview)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
public struct EmptyView: View {
    public nonisolated init() {}
    public var body: Never { fatalError("stand-in: never runs") }
}

/// [WindowGroup](https://developer.apple.com/documentation/swiftui/windowgroup)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
public struct WindowGroup<Content: View>: Scene {
    /// [init(content:)](https://developer.apple.com/documentation/swiftui/windowgroup/init(content:))
    public nonisolated init(@ViewBuilder content: () -> Content) {}
    /// A primitive scene in SwiftUI; here it names itself, as the stand-in never runs.
    public var body: Self { self }
}

/// [Color](https://developer.apple.com/documentation/swiftui/color): only the named colours
/// AlarmKit's `tintColor` and `textColor` samples use.
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
public struct Color: Hashable, Sendable {
    private let name: String
    /// [blue](https://developer.apple.com/documentation/swiftui/color/blue)
    public static let blue = Color(name: "blue")
    /// [orange](https://developer.apple.com/documentation/swiftui/color/orange)
    public static let orange = Color(name: "orange")
    /// [white](https://developer.apple.com/documentation/swiftui/color/white)
    public static let white = Color(name: "white")
}

/// [DynamicProperty](https://developer.apple.com/documentation/swiftui/dynamicproperty)
public protocol DynamicProperty {}

/// [ScenePhase](https://developer.apple.com/documentation/swiftui/scenephase)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

/// [EnvironmentValues](https://developer.apple.com/documentation/swiftui/environmentvalues)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
public struct EnvironmentValues {
    /// [scenePhase](https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase)
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
    public var scenePhase: ScenePhase { .active }
}

/// [Environment](https://developer.apple.com/documentation/swiftui/environment)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    /// [init(_:)](https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    /// [wrappedValue](https://developer.apple.com/documentation/swiftui/environment/wrappedvalue)
    public var wrappedValue: Value { fatalError("stand-in: never runs") }
}

/// [UIApplicationDelegateAdaptor](https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor)
@available(iOS 14.0, tvOS 14.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency
@propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject & UIApplicationDelegate>: DynamicProperty {
    /// [init(_:)](https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor/init(_:)-59sfu)
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}
    /// [wrappedValue](https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor/wrappedvalue)
    public var wrappedValue: DelegateType { fatalError("stand-in: never runs") }
}

/// [BackgroundTask](https://developer.apple.com/documentation/swiftui/backgroundtask)
@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
public struct BackgroundTask<Request, Response>: Sendable {}

@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
extension BackgroundTask {
    /// [appRefresh(_:)](https://developer.apple.com/documentation/swiftui/backgroundtask/apprefresh(_:))
    @available(macOS, unavailable)
    public static func appRefresh(_ identifier: String) -> BackgroundTask<Void, Void> { BackgroundTask<Void, Void>() }
}

@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
extension Scene {
    /// [onChange(of:perform:)](https://developer.apple.com/documentation/swiftui/scene/onchange(of:perform:)):
    /// the iOS 14–16 form, deprecated from iOS 17, where `onChange(of:initial:_:)` replaces it.
    @available(iOS, introduced: 14.0, deprecated: 17.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    @available(macOS, introduced: 11.0, deprecated: 14.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    public nonisolated func onChange<V>(of value: V, perform action: @escaping (V) -> Void) -> some Scene where V: Equatable { self }

    /// [backgroundTask(_:action:)](https://developer.apple.com/documentation/swiftui/scene/backgroundtask(_:action:))
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
    public nonisolated func backgroundTask<D, R>(_ task: BackgroundTask<D, R>, action: @escaping @Sendable (D) async -> R) -> some Scene
    where D: Sendable, R: Sendable { self }
}
