// The two uses of Sources/RecurringAlarms/JSON/JSONParser.swift (lines 280 and 300 when this was
// written), in their context there: `String(validating:as:)` is macOS 15, iOS 18, watchOS 11 and
// tvOS 18, and neither use is guarded.
struct Failure: Error {
    let message: String
    let offset: Int
}

struct StringParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var scratch: [UInt8] = []

    mutating func parseString(end: Int, isASCII: Bool) throws(Failure) -> String {
        let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
        let text: String
        if isASCII {
            text = String(decoding: run, as: UTF8.self)
        } else {
            // uncovered below: 'String.init(validating:as:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11
            guard let valid = String(validating: run, as: UTF8.self) else {
                throw Failure(message: "string is not valid UTF-8", offset: index)
            }
            text = valid
        }
        index = end + 1
        return text
    }

    mutating func parseEscapedString() throws(Failure) -> String {
        var runStart = index
        func flushRun(_ end: Int) throws(Failure) {
            guard runStart < end else { return }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
            // uncovered below: 'String.init(validating:as:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11
            guard String(validating: run, as: UTF8.self) != nil else {
                throw Failure(message: "string is not valid UTF-8", offset: runStart)
            }
            scratch.append(contentsOf: run)
        }
        try flushRun(bytes.count)
        runStart = bytes.count
        return String(decoding: scratch, as: UTF8.self)
    }
}
