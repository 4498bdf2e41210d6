// A stand-in for the part of Apple's SwiftUI that Docs/iOS.md uses, so Linux CI type-checks the
// guide's samples in Swift 6 mode. Each declaration copies the signature, conformances,
// availability and actor isolation of Apple's SDK (checked against the linked page); the bodies
// never run. It proves nothing about runtime behaviour. Availability is recorded but only an
// Apple build checks it: the guide names the OS each sample needs.
//
// What the pages say, and this file with them:
// - `View`, `Scene` and `App` are `@MainActor @preconcurrency` protocols; their `body` and
//   `App.init()` are main-actor isolated. The modifiers the samples call (`onChange(of:perform:)`,
//   `backgroundTask(_:action:)`) and `WindowGroup.init(content:)` are `nonisolated`, and the
//   background task's action is `@Sendable`. `UIApplicationDelegateAdaptor` is a main-actor type.
// - `EmptyView`, `Color` and `Environment` are `@frozen`; `EmptyView`, `Color`, `ScenePhase` and
//   `BackgroundTask` are `Sendable` (for `ScenePhase` and `BackgroundTask`, whose pages' "Conforms
//   To" could not be read, as SwiftUI's generated interface declares them). `ScenePhase` is a
//   non-frozen enum: a `switch` over it needs `@unknown default`.
// - `EnvironmentValues.scenePhase` is `{ get set }`; `Scene.onChange(of:perform:)` is deprecated
//   from iOS 17, macOS 14, tvOS 17, watchOS 10 and visionOS 1.
//
// Where the pages describe a later SDK than the one this package supports (Xcode 16, Swift 6.0),
// the earlier declaration is kept and the difference noted: the pages show `View.body` and
// `WindowGroup.init(content:)` with `@ContentBuilder`, and `init(content:)` deprecated from
// iOS 18, macOS 15, tvOS 18, watchOS 11 and visionOS 2 in favour of `init(makeContent:)`; Xcode
// 16's SDK has `@ViewBuilder` and no `init(makeContent:)`. The deprecation is recorded here; it
// warns only an app whose deployment target is at or past those versions.
//
// Not declared, though Apple's types have them (the samples use none): `Color`'s `ShapeStyle`
// and `Transferable` conformances, `EnvironmentValues`' other members.
@_exported import Foundation
import UIKitStandIn

/// [View](https://developer.apple.com/documentation/swiftui/view)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
@MainActor @preconcurrency
public protocol View {
    /// [Body](https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype)
    associatedtype Body: View
    /// [body](https://developer.apple.com/documentation/swiftui/view/body-8kl5o)
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

/// [Scene](https://developer.apple.com/documentation/swiftui/scene)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
@MainActor @preconcurrency
public protocol Scene {
    /// [Body](https://developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype)
    associatedtype Body: Scene
    /// [body](https://developer.apple.com/documentation/swiftui/scene/body-swift.property)
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

/// [App](https://developer.apple.com/documentation/swiftui/app)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
@MainActor @preconcurrency
public protocol App {
    /// [Body](https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype)
    associatedtype Body: Scene
    /// [body](https://developer.apple.com/documentation/swiftui/app/body-swift.property)
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    /// [init()](https://developer.apple.com/documentation/swiftui/app/init())
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
extension App {
    /// [main()](https://developer.apple.com/documentation/swiftui/app/main())
    @MainActor @preconcurrency public static func main() {}
}

/// [Never](https://developer.apple.com/documentation/swift/never): the `Body` of a primitive view.
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
extension Never: View {
    public var body: Never { fatalError("stand-in: never runs") }
}

/// [ViewBuilder](https://developer.apple.com/documentation/swiftui/viewbuilder)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
@resultBuilder
public struct ViewBuilder {
    /// [buildBlock()](https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock())
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// [buildBlock(_:)](https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:))
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// [SceneBuilder](https://developer.apple.com/documentation/swiftui/scenebuilder)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
@resultBuilder
public struct SceneBuilder {
    /// [buildBlock(_:)](https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:))
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// [EmptyView](https://developer.apple.com/documentation/swiftui/emptyview)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
@frozen
public struct EmptyView: View {
    /// [init()](https://developer.apple.com/documentation/swiftui/emptyview/init())
    @inlinable public nonisolated init() {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in: never runs") }
}

@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
extension EmptyView: Sendable {}

/// [WindowGroup](https://developer.apple.com/documentation/swiftui/windowgroup)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
public struct WindowGroup<Content: View>: Scene {
    /// [init(content:)](https://developer.apple.com/documentation/swiftui/windowgroup/init(content:))
    @available(iOS, introduced: 14.0, deprecated: 18.0)
    @available(macOS, introduced: 11.0, deprecated: 15.0)
    @available(tvOS, introduced: 14.0, deprecated: 18.0)
    @available(watchOS, introduced: 7.0, deprecated: 11.0)
    @available(visionOS, introduced: 1.0, deprecated: 2.0)
    public nonisolated init(@ViewBuilder content: () -> Content) {}
    /// A primitive scene in SwiftUI; here it names itself, as the stand-in never runs.
    public var body: Self { self }
}

/// [Color](https://developer.apple.com/documentation/swiftui/color): only the named colours
/// AlarmKit's `tintColor` and `textColor` samples use.
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
@frozen
public struct Color: Hashable, CustomStringConvertible, Sendable {
    @usableFromInline let name: String
    /// [blue](https://developer.apple.com/documentation/swiftui/color/blue)
    public static let blue = Color(name: "blue")
    /// [orange](https://developer.apple.com/documentation/swiftui/color/orange)
    public static let orange = Color(name: "orange")
    /// [white](https://developer.apple.com/documentation/swiftui/color/white)
    public static let white = Color(name: "white")
    /// [description](https://developer.apple.com/documentation/swiftui/color/description)
    public var description: String { name }
}

@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
extension Color: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in: never runs") }
}

/// [DynamicProperty](https://developer.apple.com/documentation/swiftui/dynamicproperty)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
public protocol DynamicProperty {
    /// [update()](https://developer.apple.com/documentation/swiftui/dynamicproperty/update())
    mutating func update()
}

@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
extension DynamicProperty {
    public mutating func update() {}
}

/// [ScenePhase](https://developer.apple.com/documentation/swiftui/scenephase): not frozen.
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// [background](https://developer.apple.com/documentation/swiftui/scenephase/background)
    case background
    /// [inactive](https://developer.apple.com/documentation/swiftui/scenephase/inactive)
    case inactive
    /// [active](https://developer.apple.com/documentation/swiftui/scenephase/active)
    case active
}

/// [EnvironmentValues](https://developer.apple.com/documentation/swiftui/environmentvalues)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
public struct EnvironmentValues {
    /// [scenePhase](https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase)
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
    public var scenePhase: ScenePhase {
        get { .active }
        set { _ = newValue }   // the stand-in stores nothing
    }
}

/// [Environment](https://developer.apple.com/documentation/swiftui/environment)
@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, *)
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    /// [init(_:)](https://developer.apple.com/documentation/swiftui/environment/init(_:))
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
    @available(tvOS, introduced: 14.0, deprecated: 17.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    @available(watchOS, introduced: 7.0, deprecated: 10.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    @available(visionOS, introduced: 1.0, deprecated: 1.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    public nonisolated func onChange<V>(of value: V, perform action: @escaping (V) -> Void) -> some Scene where V: Equatable { self }

    /// [backgroundTask(_:action:)](https://developer.apple.com/documentation/swiftui/scene/backgroundtask(_:action:))
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
    public nonisolated func backgroundTask<D, R>(_ task: BackgroundTask<D, R>, action: @escaping @Sendable (D) async -> R) -> some Scene
    where D: Sendable, R: Sendable { self }
}
