// `if #available`: a condition that covers every platform, one that leaves some uncovered, the
// `else` branch, closures and nested functions inside a covered branch.
func validate(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, *) {
        let eager = String(validating: bytes, as: UTF8.self)
        let later = { String(validating: bytes, as: UTF8.self) }
        func nested() -> String? { String(validating: bytes, as: UTF8.self) }
        return eager ?? later() ?? nested()
    } else {
        // uncovered below: 'String.init(validating:as:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11
        return String(validating: bytes, as: UTF8.self)
    }
}

func onlyIOS(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if #available(iOS 18, *) {
        // uncovered below: 'String.init(validating:as:)' needs macOS 15, tvOS 18, watchOS 11
        return String(validating: bytes, as: UTF8.self)
    }
    return nil
}

func laterConditions(_ bytes: UnsafeBufferPointer<UInt8>, _ flag: Bool) -> String? {
    if flag, #available(macOS 15, iOS 18, watchOS 11, tvOS 18, *), let text = String(validating: bytes, as: UTF8.self) {
        return text
    }
    while #available(macOS 15, iOS 18, watchOS 11, tvOS 18, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    return nil
}
