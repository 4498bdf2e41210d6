/// An Apple operating system whose availability the check models: the domains of `@available`,
/// `#available` and the symbol graphs' `availability` entries.
public enum Platform: String, CaseIterable, Sendable, Comparable {
    case iOS
    case macOS
    case tvOS
    case watchOS

    /// The platform a domain name stands for, in any of the spellings the tools write
    /// (`macOS` and `OSX` in attributes and graphs, `macos` in `swift package dump-package`);
    /// `nil` for other domains (`*`, `swift`, `visionOS`, `iOSApplicationExtension`, …).
    public init?(domain: String) {
        switch domain.lowercased() {
        case "ios": self = .iOS
        case "macos", "osx": self = .macOS
        case "tvos": self = .tvOS
        case "watchos": self = .watchOS
        default: return nil
        }
    }

    /// Alphabetical, ignoring case, as messages list them: iOS, macOS, tvOS, watchOS.
    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        lhs.rawValue.lowercased() < rhs.rawValue.lowercased()
    }
}

/// An OS version such as `18`, `15.4` or `26.0.1`, compared component by component with missing
/// components as zero (`18` == `18.0`).
public struct Version: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The components without trailing zeros, so that equal versions are equal values.
    public let components: [Int]

    public init(_ components: [Int]) {
        var trimmed = components
        while let last = trimmed.last, last == 0 { trimmed.removeLast() }
        self.components = trimmed
    }

    /// `18`, `18.0`, `15.4.1`; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        self.init(parts.map { $0! })
    }

    /// `18`, `15.4`: the major version always, then every component up to the last non-zero one.
    public var description: String {
        components.isEmpty ? "0" : components.map(String.init).joined(separator: ".")
    }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }
}
