// Foundation API that Apple platforms have and swift-corelibs-foundation lacks, declared as in
// Apple's Foundation (checked against the linked pages); the bodies never run. On Apple
// platforms these names come from `import Foundation`; Package.swift makes this module an
// implicit import of AppleCodeTypeCheck's every file, so the code there sees them as it would
// see Foundation's, without an import of its own.
//
// `LocalizedStringResource` is not `Sendable`: Apple's Foundation declares the conformance
// unavailable, so a `Sendable` type cannot store one, and a `static let` of it is not
// concurrency-safe in Swift 6 (a computed `static var` is). Simplified on purpose:
// `String.LocalizationValue.StringInterpolation` keeps only the interpolation of a `String`,
// the one the adapter and the samples use.
@_exported import Foundation

extension URL {
    /// [applicationSupportDirectory](https://developer.apple.com/documentation/foundation/url/applicationsupportdirectory)
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
    public static var applicationSupportDirectory: URL { fatalError("stand-in: never runs") }
}

extension String {
    /// [String.LocalizationValue](https://developer.apple.com/documentation/swift/string/localizationvalue):
    /// a localization key, which is also the text in the development language.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    public struct LocalizationValue: Equatable, Codable, ExpressibleByStringInterpolation {
        private let key: String

        /// [init(_:)](https://developer.apple.com/documentation/swift/string/localizationvalue/init(_:))
        public init(_ value: String) { key = value }
        /// [init(stringLiteral:)](https://developer.apple.com/documentation/swift/string/localizationvalue/init(stringliteral:))
        public init(stringLiteral value: String) { key = value }
        /// [init(stringInterpolation:)](https://developer.apple.com/documentation/swift/string/localizationvalue/init(stringinterpolation:))
        public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.key }

        /// [String.LocalizationValue.StringInterpolation](https://developer.apple.com/documentation/swift/string/localizationvalue/stringinterpolation)
        public struct StringInterpolation: StringInterpolationProtocol {
            fileprivate var key = ""
            public init(literalCapacity: Int, interpolationCount: Int) {}
            /// [appendLiteral(_:)](https://developer.apple.com/documentation/swift/string/localizationvalue/stringinterpolation/appendliteral(_:))
            public mutating func appendLiteral(_ literal: String) { key += literal }
            /// [appendInterpolation(_:)](https://developer.apple.com/documentation/swift/string/localizationvalue/stringinterpolation/appendinterpolation(_:)-6x9lp):
            /// the key holds `%@` in its place.
            public mutating func appendInterpolation(_ string: String) { key += "%@" }
        }
    }
}

/// [LocalizedStringResource](https://developer.apple.com/documentation/foundation/localizedstringresource):
/// a localizable string looked up later, possibly in another process.
@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
public struct LocalizedStringResource: Equatable, Hashable, Codable, ExpressibleByStringInterpolation {
    public typealias StringInterpolation = String.LocalizationValue.StringInterpolation

    /// [key](https://developer.apple.com/documentation/foundation/localizedstringresource/key)
    public let key: String

    /// [LocalizedStringResource.BundleDescription](https://developer.apple.com/documentation/foundation/localizedstringresource/bundledescription)
    public enum BundleDescription {
        /// [main](https://developer.apple.com/documentation/foundation/localizedstringresource/bundledescription/main)
        case main
        /// [forClass(_:)](https://developer.apple.com/documentation/foundation/localizedstringresource/bundledescription/forclass(_:))
        case forClass(AnyClass)
        /// [atURL(_:)](https://developer.apple.com/documentation/foundation/localizedstringresource/bundledescription/aturl(_:))
        case atURL(URL)
    }

    /// [init(_:table:locale:bundle:comment:)](https://developer.apple.com/documentation/foundation/localizedstringresource/init(_:table:locale:bundle:comment:))
    public init(
        _ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: LocalizedStringResource.BundleDescription = .main, comment: StaticString? = nil
    ) { fatalError("stand-in: never runs") }
    /// [init(stringLiteral:)](https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringliteral:))
    public init(stringLiteral value: String) { key = value }
    /// [init(stringInterpolation:)](https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringinterpolation:))
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) { key = stringInterpolation.key }
}

@available(*, unavailable)
extension LocalizedStringResource: Sendable {}
