// A stand-in for the part of Apple's OSLog (`Logger`) that Docs/iOS.md uses, so Linux CI
// type-checks the guide's samples in Swift 6 mode. Each declaration copies the signature and
// availability of Apple's SDK (checked against the linked page); the bodies never run. It
// proves nothing about runtime behaviour.

/// [OSLogPrivacy](https://developer.apple.com/documentation/os/oslogprivacy)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
public struct OSLogPrivacy: Sendable {
    private let level: Int
    public static let auto = OSLogPrivacy(level: 0)
    public static let `public` = OSLogPrivacy(level: 1)
    public static let `private` = OSLogPrivacy(level: 2)
}

/// [OSLogInterpolation](https://developer.apple.com/documentation/os/osloginterpolation)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    /// [appendInterpolation(_:align:privacy:)](https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-4dx88)
    /// (string values; the alignment parameter is left out, the guide does not use it).
    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .auto) {}
}

/// [OSLogMessage](https://developer.apple.com/documentation/os/oslogmessage)
@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
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
