/// What one platform asks of the code that uses a declaration.
public enum Need: Hashable, Sendable {
    /// Usable from this OS version on.
    case introduced(Version)
    /// Never usable on this platform (`@available(iOS, unavailable)`).
    case unavailable
}

/// What a declaration needs, platform by platform; a platform it does not mention needs nothing
/// (`@available(iOS 18, *)` leaves macOS at the deployment target, as the `*` says).
public struct Requirement: Hashable, Sendable {
    public var needs: [Platform: Need]

    public init(_ needs: [Platform: Need] = [:]) {
        self.needs = needs
    }

    public var isEmpty: Bool { needs.isEmpty }

    /// Both requirements at once: a member of an `@available(macOS 15, *)` extension needs macOS 15
    /// even when it says only `@available(iOS 18, *)` itself.
    public func combined(with other: Requirement) -> Requirement {
        var result = self
        for (platform, need) in other.needs {
            switch (result.needs[platform], need) {
            case (nil, _), (.introduced, .unavailable): result.needs[platform] = need
            case (.introduced(let mine), .introduced(let theirs)): result.needs[platform] = .introduced(max(mine, theirs))
            case (.unavailable, _): break
            }
        }
        return result
    }

    /// Whichever of the two asks less on each platform: a protocol requirement added in a later OS
    /// that a default implementation available everywhere can stand in for needs nothing.
    public func loosened(by other: Requirement) -> Requirement {
        var result = Requirement()
        for platform in Set(needs.keys).intersection(other.needs.keys) {
            switch (needs[platform]!, other.needs[platform]!) {
            case (.unavailable, let need), (let need, .unavailable): result.needs[platform] = need
            case (.introduced(let mine), .introduced(let theirs)): result.needs[platform] = .introduced(min(mine, theirs))
            }
        }
        return result
    }
}

/// What a place in the code guarantees about the OS it runs on, platform by platform: the
/// package's minimum, raised by the `#available` and `@available` around it.
public struct Coverage: Hashable, Sendable {
    public enum Guarantee: Hashable, Sendable {
        /// The code runs only on this version or later.
        case atLeast(Version)
        /// The code never runs on this platform: an `@available(watchOS, unavailable)` context, or
        /// the branch of an `#unavailable` that the platform cannot take.
        case never
    }

    /// One slot a platform, in `Platform.allCases` order (cheaper to hash than a dictionary: every
    /// use in the code carries one); `nil` for a platform the package does not declare.
    private var slots: [Guarantee?]

    /// The package's own promise: each declared platform at its minimum.
    public init(minimums: [Platform: Version]) {
        slots = Platform.allCases.map { platform in minimums[platform].map { .atLeast($0) } }
    }

    /// What the place guarantees on `platform`; `nil` when the package does not declare it.
    public subscript(platform: Platform) -> Guarantee? {
        slots[Platform.allCases.firstIndex(of: platform)!]
    }

    /// Every declared platform's guarantee.
    public var guarantees: [Platform: Guarantee] {
        Dictionary(uniqueKeysWithValues: zip(Platform.allCases, slots).compactMap { platform, slot in slot.map { (platform, $0) } })
    }

    /// Raised to `version` on `platform` (`#available(iOS 18, *)`, `@available(iOS 18, *)`); a
    /// platform the package does not declare is not checked, so it is left out.
    public func raised(_ platform: Platform, to version: Version) -> Coverage {
        guard case .atLeast(let current) = self[platform], current < version else { return self }
        var result = self
        result.slots[Platform.allCases.firstIndex(of: platform)!] = .atLeast(version)
        return result
    }

    /// Never run on `platform` (`@available(platform, unavailable)`).
    public func excluding(_ platform: Platform) -> Coverage {
        guard self[platform] != nil else { return self }
        var result = self
        result.slots[Platform.allCases.firstIndex(of: platform)!] = .never
        return result
    }

    /// The needs of `requirement` that this place does not meet, with the requirement's need on
    /// each such platform.
    public func unmet(_ requirement: Requirement) -> [Platform: Need] {
        var unmet: [Platform: Need] = [:]
        for (platform, need) in requirement.needs {
            guard case .atLeast(let guaranteed) = self[platform] else { continue }
            switch need {
            case .unavailable: unmet[platform] = need
            case .introduced(let version) where guaranteed < version: unmet[platform] = need
            case .introduced: break
            }
        }
        return unmet
    }
}
