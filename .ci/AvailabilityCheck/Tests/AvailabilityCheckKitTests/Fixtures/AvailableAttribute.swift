// `@available` on a function, a type, an extension (short and long forms), a stored property's
// initial value; and the package's own `@available` declarations used from uncovered code.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, *)
func newer(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    String(validating: bytes, as: UTF8.self)
}

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, *)
struct NewerDecoder {
    static let empty = String(validating: UnsafeBufferPointer<UInt8>(start: nil, count: 0), as: UTF8.self)

    func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }
}

@available(macOS, introduced: 15.0)
@available(iOS, introduced: 18.0)
@available(watchOS 11, tvOS 18, *)
extension UnsafeBufferPointer where Element == UInt8 {
    var validated: String? { String(validating: self, as: UTF8.self) }
}

struct Holder {
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, *)
    static let validated = String(validating: UnsafeBufferPointer<UInt8>(start: nil, count: 0), as: UTF8.self)
}

@available(iOS 18, *)
func onlyIOS(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    // uncovered below: 'String.init(validating:as:)' needs macOS 15, tvOS 18, watchOS 11
    String(validating: bytes, as: UTF8.self)
}

func caller(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    // uncovered below: 'newer(_:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11
    newer(bytes)
}
