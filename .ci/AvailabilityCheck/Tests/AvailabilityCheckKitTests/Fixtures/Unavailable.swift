import Foundation

// `#unavailable` covers its `else`; `@available(X, unavailable)` and an `#if` that X never
// compiles take X out; an API unavailable on some platforms is flagged where they can run it.
func unavailableBranches(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if #unavailable(macOS 15, iOS 18, watchOS 11, tvOS 18) {
        // uncovered below: 'String.init(validating:as:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11
        return String(validating: bytes, as: UTF8.self)
    } else {
        return String(validating: bytes, as: UTF8.self)
    }
}

func unavailableGuard(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard #unavailable(macOS 15, iOS 18, watchOS 11, tvOS 18) else {
        return String(validating: bytes, as: UTF8.self)
    }
    // uncovered below: 'String.init(validating:as:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11
    return String(validating: bytes, as: UTF8.self)
}

@available(macOS 15, iOS 18, tvOS 18, *)
@available(watchOS, unavailable)
func notOnWatch(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    String(validating: bytes, as: UTF8.self)
}

func home() -> URL {
    // uncovered below: 'FileManager.homeDirectoryForCurrentUser' is unavailable on iOS, tvOS, watchOS
    FileManager.default.homeDirectoryForCurrentUser
}

@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
func macHome() -> URL {
    FileManager.default.homeDirectoryForCurrentUser
}

func callsMacOnly() -> URL {
    // uncovered below: 'macHome()' is unavailable on iOS, tvOS, watchOS
    macHome()
}

#if !os(iOS) && !os(tvOS) && !os(watchOS)
    func desktopHome() -> URL {
        FileManager.default.homeDirectoryForCurrentUser
    }
#endif

#if canImport(Glibc)
    func linuxOnly(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }
#elseif os(macOS)
    func neverOnLinux() {}
#endif
