// A stand-in for the part of Apple's OSLog (`Logger`) that Docs/iOS.md uses, so Linux CI
// type-checks the guide's samples in Swift 6 mode. Each declaration copies the signature,
// conformances and availability of Apple's SDK (checked against the linked page); the bodies
// never run. It proves nothing about runtime behaviour.
//
// What the pages say, and this file with them: `OSLogPrivacy`, `OSLogInterpolation` and
// `OSLogMessage` are `@frozen`; `OSLogPrivacy`'s options are computed (`static var … { get }`).
// `Logger` is `Sendable`, so a `static let` of one is concurrency-safe: its page's "Conforms To"
// could not be read, and this rests on the Foundation team's word (swiftlang/swift-foundation#2121
// replaces an unchecked-Sendable wrapper of `OSLog` with `Logger`, "which is already Sendable").
//
// Not confirmed from a page, so left out (stricter): `OSLogPrivacy` being `Sendable`. Left out
// because the guide does not use it: the `align:` parameter of `appendInterpolation`, which comes
// before `privacy:` in Apple's signature (`(_:align:privacy:)`), and every other interpolation.
// Apple's `Logger` lives in the `os` module, which `OSLog` re-exports; here it is `OSLog`'s own.

/// [OSLogPrivacy](https://developer.apple.com/documentation/os/oslogprivacy)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
@frozen
public struct OSLogPrivacy {
    @usableFromInline let level: Int
    /// [auto](https://developer.apple.com/documentation/os/oslogprivacy/auto)
    public static var auto: OSLogPrivacy { OSLogPrivacy(level: 0) }
    /// [public](https://developer.apple.com/documentation/os/oslogprivacy/public)
    public static var `public`: OSLogPrivacy { OSLogPrivacy(level: 1) }
    /// [private](https://developer.apple.com/documentation/os/oslogprivacy/private)
    public static var `private`: OSLogPrivacy { OSLogPrivacy(level: 2) }
}

/// [OSLogInterpolation](https://developer.apple.com/documentation/os/osloginterpolation)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
@frozen
public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    /// [appendInterpolation(_:align:privacy:)](https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-6tazr)
    /// (string values; the alignment parameter is left out, the guide does not use it).
    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .auto) {}
}

/// [OSLogMessage](https://developer.apple.com/documentation/os/oslogmessage)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
@frozen
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public init(stringInterpolation: OSLogInterpolation) {}
    public init(stringLiteral value: String) {}
}

/// [Logger](https://developer.apple.com/documentation/os/logger)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
public struct Logger: Sendable {
    /// [init(subsystem:category:)](https://developer.apple.com/documentation/os/logger/init(subsystem:category:))
    public init(subsystem: String, category: String) {}
    /// [error(_:)](https://developer.apple.com/documentation/os/logger/error(_:))
    public func error(_ message: OSLogMessage) {}
}
