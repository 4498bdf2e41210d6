// `guard #available` covers the statements after it in its own block, and nothing before it or
// outside that block.
func afterGuard(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    // uncovered below: 'String.init(validating:as:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11
    _ = String(validating: bytes, as: UTF8.self)
    guard #available(macOS 15, iOS 18, watchOS 11, tvOS 18, *) else { return nil }
    let text = String(validating: bytes, as: UTF8.self)
    return [1].compactMap { _ in String(validating: bytes, as: UTF8.self) }.first ?? text
}

func innerBlock(_ bytes: UnsafeBufferPointer<UInt8>, _ flag: Bool) -> String? {
    if flag {
        guard #available(macOS 15, iOS 18, watchOS 11, tvOS 18, *) else { return nil }
        _ = String(validating: bytes, as: UTF8.self)
    }
    // uncovered below: 'String.init(validating:as:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11
    return String(validating: bytes, as: UTF8.self)
}

func partialGuard(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard #available(macOS 15, iOS 18, *) else { return nil }
    // uncovered below: 'String.init(validating:as:)' needs tvOS 18, watchOS 11
    return String(validating: bytes, as: UTF8.self)
}
