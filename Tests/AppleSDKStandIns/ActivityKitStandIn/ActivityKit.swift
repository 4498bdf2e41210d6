// A stand-in for the part of Apple's ActivityKit that AlarmKit's API names, so Linux CI
// type-checks AlarmKit code in Swift 6 mode: `ActivityAttributes` (which `AlarmAttributes`
// conforms to) and `AlertConfiguration.AlertSound` (the type of AlarmKit's `sound:` parameter).
// Each declaration copies the signature of Apple's SDK (checked against the linked page); the
// bodies never run. It proves nothing about runtime behaviour. Not confirmed from a page, so
// kept to what AlarmKit code calls: `AlertSound` being a struct with `default` and `named(_:)`
// (confirmed by its use as `sound: .default` in AlarmKit's documentation). `AlertConfiguration`
// and `AlertSound` are `Equatable` only, as Apple declares them: neither `Hashable` nor `Sendable`.
import DarwinFoundationStandIn
@_exported import Foundation

/// [ActivityAttributes](https://developer.apple.com/documentation/activitykit/activityattributes)
@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
public protocol ActivityAttributes: Decodable, Encodable {
    /// [ContentState](https://developer.apple.com/documentation/activitykit/activityattributes/contentstate)
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// [AlertConfiguration](https://developer.apple.com/documentation/activitykit/alertconfiguration)
@available(iOS 16.1, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
public struct AlertConfiguration: Equatable {
    /// [init(title:body:sound:)](https://developer.apple.com/documentation/activitykit/alertconfiguration/init(title:body:sound:))
    public init(title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertConfiguration.AlertSound) {}

    /// [AlertConfiguration.AlertSound](https://developer.apple.com/documentation/activitykit/alertconfiguration/alertsound)
    public struct AlertSound: Equatable {
        private let name: String?
        /// [default](https://developer.apple.com/documentation/activitykit/alertconfiguration/alertsound/default)
        public static var `default`: AlertConfiguration.AlertSound { AlertSound(name: nil) }
        /// [named(_:)](https://developer.apple.com/documentation/activitykit/alertconfiguration/alertsound/named(_:))
        public static func named(_ name: String) -> AlertConfiguration.AlertSound { AlertSound(name: name) }
    }
}
